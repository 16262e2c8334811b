package measure

import (
	"runtime"
	"testing"
	"time"
)

// CPUTime grows with the work this process does, on Unix.
func TestCPUTime(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" || runtime.GOOS == "plan9" {
		t.Skip("CPUTime is 0 here")
	}
	before := CPUTime()
	for start := time.Now(); time.Since(start) < 20*time.Millisecond; {
	}
	if after := CPUTime(); after <= before {
		t.Errorf("CPUTime %v after 20 ms of work, %v before", after, before)
	}
}
