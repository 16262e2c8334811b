//go:build unix

package measure

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time this process has used, user and system;
// not its children's. Where the system does not say (not Unix), it is 0.
func CPUTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
