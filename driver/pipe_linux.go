package driver

import (
	"io"
	"os"
	"sync"
	"syscall"
	"time"
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

// outputPipe returns a pipe for a child's standard output: r, this
// process's end, read outside the runtime's poller (a rawPipe), and w,
// the child's.
func outputPipe() (r output, w *os.File, err error) {
	var fds [2]int
	if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	if err := syscall.SetNonblock(fds[0], true); err != nil {
		syscall.Close(fds[0])
		syscall.Close(fds[1])
		return nil, nil, os.NewSyscallError("fcntl", err)
	}
	return &rawPipe{fd: fds[0]}, os.NewFile(uintptr(fds[1]), "|1"), nil
}

// A rawPipe is the reading end of a pipe, non-blocking and unknown to the
// runtime's poller but while a Read waits for it: then a duplicate of its
// descriptor is, for that wait alone. So what the writer writes while the
// reader does something else, or sleeps (a pacer, Client.Batch), wakes
// no thread of this process: every line an implementation writes on its
// own, as most do, would otherwise wake the poller's thread, whether a
// goroutine waits for the pipe or not. One goroutine may Read while
// others set the deadline or Close.
type rawPipe struct {
	fd       int
	mu       sync.Mutex
	deadline time.Time
	waiter   *os.File // the duplicate a Read waits on, nil when none does
	reading  bool     // a Read is under way: Close leaves closing fd to it
	closed   bool
}

func (p *rawPipe) Read(b []byte) (int, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return 0, os.ErrClosed
	}
	p.reading = true
	p.mu.Unlock()
	defer p.leave()
	for {
		n, err := syscall.Read(p.fd, b)
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN:
			return p.wait(b)
		case err != nil:
			return 0, os.NewSyscallError("read", err)
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// wait reads b through a duplicate of fd that the runtime's poller knows,
// with the deadline, waiting for the pipe as an *os.File waits, then
// closes the duplicate, which the poller forgets.
func (p *rawPipe) wait(b []byte) (int, error) {
	dup, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(p.fd), syscall.F_DUPFD_CLOEXEC, 0)
	if errno != 0 {
		return 0, os.NewSyscallError("fcntl", errno)
	}
	f := os.NewFile(dup, "|0") // non-blocking, as fd is: in the poller
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		f.Close()
		return 0, os.ErrClosed
	}
	p.waiter = f
	f.SetReadDeadline(p.deadline)
	p.mu.Unlock()
	n, err := f.Read(b)
	p.mu.Lock()
	p.waiter = nil
	closed := p.closed
	p.mu.Unlock()
	f.Close()
	if closed && n == 0 {
		return 0, os.ErrClosed
	}
	return n, err
}

// leave ends a Read, closing fd when Close came meanwhile.
func (p *rawPipe) leave() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.reading = false
	if p.closed {
		syscall.Close(p.fd)
	}
}

// SetReadDeadline sets the time after which a Read that finds nothing
// fails with os.ErrDeadlineExceeded; the zero time for none.
func (p *rawPipe) SetReadDeadline(t time.Time) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.deadline = t
	if p.waiter != nil {
		p.waiter.SetReadDeadline(t)
	}
	return nil
}

// Close closes the pipe: a Read under way returns, and fd is closed as
// it does, never while a Read may use it.
func (p *rawPipe) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return os.ErrClosed
	}
	p.closed = true
	if p.waiter != nil {
		p.waiter.SetReadDeadline(time.Now()) // wakes the Read, which closes it
	}
	if !p.reading {
		return syscall.Close(p.fd)
	}
	return nil
}

// outsidePoller reports whether o is read outside the runtime's poller,
// so that a pacer's sleep wakes nothing.
func outsidePoller(o output) bool {
	_, ok := o.(*rawPipe)
	return ok
}
