package driver

import (
	"os"
	"syscall"
)

// childPipe returns a pipe, r its reading end and w its writing end, of
// which this process keeps one, read or written with deadlines, and a
// child inherits the other; this process reads r when ours is true.
// Only this process's end is non-blocking and known to the runtime's
// poller: os.Pipe makes both so, and the child's end is then made
// blocking again as it is passed, which costs a process's start a dozen
// system calls more.
func childPipe(ours bool) (r, w *os.File, err error) {
	var fds [2]int
	if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	mine := fds[1]
	if ours {
		mine = fds[0]
	}
	if err := syscall.SetNonblock(mine, true); err != nil {
		syscall.Close(fds[0])
		syscall.Close(fds[1])
		return nil, nil, os.NewSyscallError("fcntl", err)
	}
	return os.NewFile(uintptr(fds[0]), "|0"), os.NewFile(uintptr(fds[1]), "|1"), nil
}
