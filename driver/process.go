package driver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/qf-format/qf-conformance/protocol"
)

// A Process is one running implementation that speaks the protocol: a
// program in its own process group (Start), or a Handler served in this
// process over pipes (StartHandler). Its methods are not safe for
// concurrent use, except that one goroutine may Send while another
// Receives.
type Process struct {
	cmd    *exec.Cmd // nil for a Handler
	stdin  *os.File  // our end of its standard input
	stdout output    // our end of its standard output
	in     *bufio.Reader
	line   []byte // the buffer of the last line read, reused
	out    []byte // the buffer of the last line sent, reused
	stderr *Tail
	// stderrRead is closed when all of standard error has been read into
	// stderr: the pipe's end, once every holder of it is gone.
	stderrRead chan struct{}

	exited  chan struct{} // closed when the process has exited and been reaped
	exitErr error         // its exit status, set before exited is closed

	stopOnce sync.Once
}

// Start starts argv in its own process group, its standard input, output
// and error connected to pipes. Its error is the exec error when the
// program cannot be started.
func Start(argv []string) (*Process, error) {
	if len(argv) == 0 {
		return nil, errors.New("no command")
	}
	var files []*os.File // every pipe end, closed on failure
	pipe := func(ours bool) (r, w *os.File, err error) {
		r, w, err = childPipe(ours)
		files = append(files, r, w)
		return r, w, err
	}
	closeAll := func() {
		for _, f := range files {
			if f != nil {
				f.Close()
			}
		}
	}
	inR, inW, err1 := pipe(false)
	outR, outW, err2 := outputPipe()
	files = append(files, outW)
	errR, errW, err3 := pipe(true)
	if err := errors.Join(err1, err2, err3); err != nil {
		closeAll()
		if outR != nil {
			outR.Close()
		}
		return nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		closeAll()
		outR.Close()
		return nil, err
	}
	// The child has its ends; ours are the others.
	inR.Close()
	outW.Close()
	errW.Close()
	p := newProcess(cmd, inW, outR)
	go func() {
		// Until the end of every holder of the pipe: the tail stays
		// bounded whatever comes.
		p.stderr.readAll(errR)
		errR.Close()
		close(p.stderrRead)
	}()
	go func() {
		p.exitErr = cmd.Wait()
		close(p.exited)
		// What it wrote is in the pipe already; a read now waits only for
		// what a child it left behind might write.
		p.stdout.SetReadDeadline(time.Now().Add(afterExit))
	}()
	return p, nil
}

// An output is this process's end of a pipe that a process writes its
// answers to: an *os.File, or on Linux a rawPipe (outputPipe).
type output interface {
	io.ReadCloser
	SetReadDeadline(t time.Time) error
}

// newProcess returns a Process writing to stdin and reading stdout: cmd's,
// or a Handler's when cmd is nil.
func newProcess(cmd *exec.Cmd, stdin *os.File, stdout output) *Process {
	return &Process{
		cmd:        cmd,
		stdin:      stdin,
		stdout:     stdout,
		in:         bufio.NewReaderSize(stdout, startReader),
		stderr:     NewTail(StderrLimit),
		stderrRead: make(chan struct{}),
		exited:     make(chan struct{}),
	}
}

// StartHandler serves h in this process, through the same pipes and
// protocol.Serve as a program, so that it is checked exactly like one. A
// panic in h ends its output, which the caller sees as a crash.
func StartHandler(h protocol.Handler) *Process {
	inR, inW, err1 := os.Pipe()
	outR, outW, err2 := os.Pipe()
	if err := errors.Join(err1, err2); err != nil {
		panic(err) // out of descriptors: nothing sensible to go on with
	}
	p := newProcess(nil, inW, outR)
	close(p.stderrRead) // a Handler has no standard error of its own
	go func() {
		defer func() {
			if r := recover(); r != nil {
				p.exitErr = fmt.Errorf("panic: %v", r)
			}
			inR.Close()
			outW.Close()
			close(p.exited)
		}()
		p.exitErr = protocol.Serve(inR, outW, h)
	}()
	return p
}

// Send writes lines, each followed by a newline, to the process's
// standard input in one write, waiting at most timeout for them to be
// read, or with no limit when timeout is 0. Its error is a *Failure.
func (p *Process) Send(timeout time.Duration, lines ...[]byte) error {
	p.out = p.out[:0]
	for _, line := range lines {
		p.out = append(append(p.out, line...), '\n')
	}
	return p.write(timeout, p.out)
}

// write writes b, whole lines, to the process's standard input, as Send
// does.
func (p *Process) write(timeout time.Duration, b []byte) error {
	deadline := time.Time{}
	if timeout > 0 {
		deadline = time.Now().Add(timeout)
	}
	p.stdin.SetWriteDeadline(deadline)
	if _, err := p.stdin.Write(b); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return timeoutDetail("did not read its input", timeout)
		}
		return p.crash()
	}
	return nil
}

// Receive reads one line of the process's standard output, waiting at
// most timeout, and returns it without its line end; the line is valid
// until the next Receive. Its error is a *Failure: a timeout, a crash (the
// output closed), or a protocol failure for a line longer than
// protocol.MaxLine (read past, so that the next line is the next answer).
//
// Once the process has exited, Receive waits at most a moment longer, for
// what a child it left behind might write, and then reports a crash. A
// process that exits soon after the timeout (crashGrace) crashed too.
func (p *Process) Receive(timeout time.Duration) ([]byte, error) {
	return p.receive(timeout, crashGrace(timeout))
}

// receive is Receive, with grace for the process to exit after the
// timeout and have crashed.
func (p *Process) receive(timeout, grace time.Duration) ([]byte, error) {
	if !p.lineBuffered() {
		// A line already read is taken without reading, and needs no
		// deadline: most of a batch's answers come so.
		deadline := time.Now().Add(timeout)
		if p.hasExited() {
			deadline = time.Now().Add(afterExit)
		}
		p.stdout.SetReadDeadline(deadline)
	}
	line, err := protocol.ReadLine(p.in, p.line, protocol.MaxLine)
	p.line = line[:0]
	switch {
	case err == nil:
		return line, nil
	case errors.Is(err, protocol.ErrLineTooLong):
		return nil, &Failure{Reason: ReasonProtocol, Detail: fmt.Sprintf("an answer line longer than %d bytes", protocol.MaxLine)}
	case errors.Is(err, os.ErrDeadlineExceeded) && !p.exitsWithin(grace):
		return nil, timeoutDetail("no answer", timeout)
	}
	return nil, p.crash()
}

// lineBuffered reports whether a whole line of standard output has been
// read already, and waits in the buffer.
func (p *Process) lineBuffered() bool {
	b, _ := p.in.Peek(p.in.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}

// exitsWithin reports whether the process has exited, or exits within d:
// a process that gave no answer in time and exits a moment later crashed
// (a panic that takes its time to print its stack), and is no timeout.
func (p *Process) exitsWithin(d time.Duration) bool {
	if p.cmd == nil {
		return false // a handler in this process never exits
	}
	select {
	case <-p.exited:
		return true
	case <-time.After(d):
		return false
	}
}

// reuse gives p, a process that takes the place of ended (nil for none),
// the buffers of a process that answers many requests: the line buffer of
// ended when it is the larger, and its reader of standard output, or a
// new one, when p has nothing buffered. An implementation restarted over
// and over, each process answering hello and then crashing, keeps one
// reader and one line buffer, not one per process.
func (p *Process) reuse(ended *Process) {
	if ended != nil && cap(ended.line) > cap(p.line) {
		p.line, ended.line = ended.line[:0], nil
	}
	if p.in.Size() >= readerSize || p.in.Buffered() > 0 {
		return
	}
	if ended != nil && ended.in != nil && ended.in.Size() >= readerSize {
		p.in, ended.in = ended.in, nil
		p.in.Reset(p.stdout)
		return
	}
	p.in = bufio.NewReaderSize(p.stdout, readerSize)
}

// The sizes of a process's reader of standard output: a process starts
// with a small one, enough for its hello, and a Client gives the one it
// talks to a large one (reuse), which holds many answers a read.
const (
	startReader = 4 << 10
	readerSize  = 64 << 10
)

// afterExit is how long a read waits once the process has exited.
const afterExit = 500 * time.Millisecond

// crashGrace is how long a process that gave no answer within timeout may
// take to exit and still have crashed rather than timed out: a quarter of
// the timeout, minCrashGrace at least and maxCrashGrace at most (a hang,
// a process that never exits, costs the timeout and the grace). A panic printing a long stack takes
// its time, more of it on a loaded machine, where a longer timeout is
// given.
func crashGrace(timeout time.Duration) time.Duration {
	return max(minCrashGrace, min(timeout/4, maxCrashGrace))
}

// minCrashGrace is crashGrace's least, afterExit; a variable for a test
// of the grace's use alone.
var minCrashGrace = afterExit

const maxCrashGrace = 2 * time.Second

func (p *Process) hasExited() bool {
	select {
	case <-p.exited:
		return p.cmd != nil
	default:
		return false
	}
}

// crash describes the end of the process's output: its exit status when
// it exits within a second.
func (p *Process) crash() *Failure {
	select {
	case <-p.exited:
	case <-time.After(time.Second):
		return &Failure{Reason: ReasonCrash, Detail: "closed its standard output"}
	}
	if p.exitErr != nil {
		return &Failure{Reason: ReasonCrash, Detail: describeExit(p.exitErr)}
	}
	return &Failure{Reason: ReasonCrash, Detail: "exited with status 0 before answering"}
}

// Stderr returns the tail of what the process wrote to its standard error
// since the last call, at most StderrLimit bytes and a note of what was
// dropped.
func (p *Process) Stderr() string { return p.stderr.Take() }

// Kill ends the process now: SIGTERM to its whole process group, SIGKILL
// after a short grace, then it reaps the process and closes the pipes. A
// Handler's pipes are closed, which ends it unless it is stuck. Kill may
// be called more than once.
func (p *Process) Kill() {
	p.stopOnce.Do(func() {
		if p.cmd != nil {
			signalGroup(p.cmd, sigTerm)
			select {
			case <-p.exited:
			case <-time.After(grace):
			}
			// The leader may be gone while others of its group live on.
			signalGroup(p.cmd, sigKill)
		}
		p.stdin.Close()
		p.stdout.Close()
		select {
		case <-p.exited:
		case <-time.After(5 * time.Second): // only a process stuck in the kernel gets here
		}
		// What the group wrote to standard error before it ended is in
		// the pipe: read it all, so that Stderr has the last words of a
		// crash. Only a process that left the group can hold the pipe
		// open longer.
		select {
		case <-p.stderrRead:
		case <-time.After(time.Second):
		}
	})
}

// EndInput closes the process's standard input: it has been asked all
// there is to ask.
func (p *Process) EndInput() { p.stdin.Close() }

// Close ends the process at the end of a run as spec/protocol.md says it
// ends: it closes its standard input and waits at most wait for it to exit
// by itself; then it ends its whole process group like Kill. It returns
// nil when the process exited with status 0, and otherwise an error
// saying how it did not.
func (p *Process) Close(wait time.Duration) error {
	p.stdin.Close()
	var err error
	select {
	case <-p.exited:
		if p.exitErr != nil {
			err = errors.New(describeExit(p.exitErr) + " at the end of its input")
		}
	case <-time.After(wait):
		err = fmt.Errorf("did not exit within %v of the end of its input", wait)
	}
	p.Kill()
	return err
}

// describeExit says how a process ended, from exec's error.
func describeExit(err error) string {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if code := exit.ExitCode(); code >= 0 {
			return fmt.Sprintf("exited with status %d", code)
		}
		return "was killed by " + exitSignal(exit)
	}
	return err.Error()
}

// Tail is an io.Writer that keeps the last bytes written to it, at most
// its size, so that an implementation flooding its standard error neither
// blocks nor fills memory. It is safe for concurrent use.
type Tail struct {
	mu   sync.Mutex
	buf  []byte
	size int
	lost int // bytes dropped since the last Take
}

// NewTail returns a Tail that keeps size bytes.
func NewTail(size int) *Tail { return &Tail{size: size} }

func (t *Tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if len(p) > t.size {
		t.lost += len(p) - t.size
		p = p[len(p)-t.size:]
	}
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.size; over > 0 {
		t.lost += over
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return n, nil
}

// readAll writes to t what r holds, to its end or an error, a little at a
// time: a process's standard error is most often empty, and a Tail keeps
// little of it.
func (t *Tail) readAll(r io.Reader) {
	buf := make([]byte, min(t.size, 4<<10))
	for {
		n, err := r.Read(buf)
		t.Write(buf[:n])
		if err != nil {
			return
		}
	}
}

// Take returns what was kept since the last Take, with a note of how much
// was dropped before it, and empties the Tail.
func (t *Tail) Take() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := string(t.buf)
	if t.lost > 0 {
		s = fmt.Sprintf("[%d bytes before these dropped]\n%s", t.lost, s)
	}
	t.buf, t.lost = t.buf[:0], 0
	return s
}
