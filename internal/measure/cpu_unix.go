//go:build unix

package measure

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time this process has used, user and system;
// not its children's. Where the system does not say (not Unix), it is 0.
func CPUTime() time.Duration { return rusage(syscall.RUSAGE_SELF) }

// CPUTimeWithChildren returns the CPU time this process and its children
// that it waited for have used, user and system. Where the system does
// not say (not Unix), it is 0.
func CPUTimeWithChildren() time.Duration {
	return rusage(syscall.RUSAGE_SELF) + rusage(syscall.RUSAGE_CHILDREN)
}

// rusage returns the user and system time getrusage(2) gives who.
func rusage(who int) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(who, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
