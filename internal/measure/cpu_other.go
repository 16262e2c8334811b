//go:build !unix

package measure

import "time"

// CPUTime returns the CPU time this process has used, user and system;
// not its children's. Where the system does not say (not Unix), it is 0.
func CPUTime() time.Duration { return 0 }

// CPUTimeWithChildren returns the CPU time this process and its children
// that it waited for have used, user and system. Where the system does
// not say (not Unix), it is 0.
func CPUTimeWithChildren() time.Duration { return 0 }
