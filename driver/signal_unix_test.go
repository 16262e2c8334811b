//go:build unix

package driver_test

import "syscall"

// signalZero reports whether process pid exists (a zombie included).
func signalZero(pid int) error { return syscall.Kill(pid, 0) }
