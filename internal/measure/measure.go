// Package measure takes measures of this process for tests: the most heap
// in use while a function runs, and the open file descriptors, so that a
// test can bound the memory an input costs and see that nothing leaks.
package measure

import (
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
