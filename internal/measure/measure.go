// Package measure takes measures of this process for tests: the most heap
// in use while a function runs, and the open file descriptors, so that a
// test can bound the memory an input costs and see that nothing leaks;
// and the machine's load, by which a test scales the time it allows.
package measure

import (
	"fmt"
	"os"
	"runtime"
	"time"
)

// HeapPeak returns the most heap in use, sampled every millisecond, while
// f runs, after a collection before it.
func HeapPeak(f func()) uint64 {
	runtime.GC()
	done := make(chan struct{})
	result := make(chan uint64)
	go func() {
		var peak uint64
		var m runtime.MemStats
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-done:
				result <- peak
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(done)
	return <-result
}

// OpenFDs returns the number of this process's open file descriptors,
// after a collection (which closes what finalizers would), and false where
// the system does not say (no /proc/self/fd).
func OpenFDs() (int, bool) {
	runtime.GC()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return 0, false
	}
	return len(entries), true
}

// Allowance returns d, a test's allowance of time that a loaded machine
// must not break (an implementation's answer, a run's duration), scaled
// to the machine's load: times the 1-minute load average per CPU, from 1
// to 10. Where the load cannot be read (not Linux), d times 3. An
// allowance meant to run out (a fake that never answers) needs no
// scaling.
func Allowance(d time.Duration) time.Duration {
	return time.Duration(float64(d) * loadFactor())
}

func loadFactor() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 3
	}
	var load float64
	if _, err := fmt.Sscan(string(data), &load); err != nil {
		return 3
	}
	return min(max(load/float64(runtime.NumCPU()), 1), 10)
}
