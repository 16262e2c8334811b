package runner

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"time"

	"github.com/qf-format/qf-conformance/protocol"
)

// A server is one running implementation that speaks the protocol: a
// process started from a command, or the built-in reference.
type server interface {
	// roundTrip writes one request line and waits at most timeout for one
	// response line. Its error is a *failure when the implementation
	// crashed, hung or closed its output.
	roundTrip(req []byte, timeout time.Duration) ([]byte, error)
	// stderr returns the end of what the implementation wrote to its
	// standard error since the last call, at most stderrLimit bytes.
	stderr() string
	// stop ends the implementation.
	stop()
}

// stderrLimit bounds the standard error kept for one test.
const stderrLimit = 4 << 10

// maxResponse bounds a response line; a longer one is a protocol failure.
const maxResponse = 16 << 20

// A failure is why a test could not be graded: the implementation crashed,
// timed out, or broke the protocol.
type failure struct {
	reason string // reasonCrash, reasonTimeout or reasonProtocol
	detail string
}

func (f *failure) Error() string { return f.reason + ": " + f.detail }

// Reasons a test fails.
const (
	ReasonMismatch    = "mismatch"    // an answer, but not the expected one
	ReasonCrash       = "crash"       // the implementation exited or closed its output
	ReasonTimeout     = "timeout"     // no answer within the timeout
	ReasonProtocol    = "protocol"    // an answer that is not a response to the request
	ReasonUnsupported = "unsupported" // "unsupported" for an op or profile the implementation listed
)

// process is a server run as a child process.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte // response lines; closed at the end of stdout
	done   chan struct{}
	err    error // the process's exit error, set before done is closed
	errBuf *ringBuffer
}

// startProcess starts argv. Its error is the exec error when the command
// cannot be started.
func startProcess(argv []string) (*process, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.WaitDelay = time.Second // a grandchild holding stdout must not hold up Wait
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &process{cmd: cmd, stdin: stdin, lines: make(chan []byte, 1), done: make(chan struct{}), errBuf: newRingBuffer(stderrLimit)}
	cmd.Stderr = p.errBuf
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go p.readLines(stdout)
	return p, nil
}

func (p *process) readLines(stdout io.Reader) {
	r := bufio.NewReaderSize(stdout, 64<<10)
	for {
		line, err := readResponse(r)
		if err != nil {
			break
		}
		p.lines <- line
	}
	close(p.lines)
	p.err = p.cmd.Wait()
	close(p.done)
}

// readResponse reads a response line. A line longer than maxResponse is
// skipped and replaced by a text that is not JSON, which fails its test as
// a protocol error.
func readResponse(r *bufio.Reader) ([]byte, error) {
	line, err := protocol.ReadLine(r, maxResponse)
	if errors.Is(err, protocol.ErrLineTooLong) {
		return []byte(fmt.Sprintf("(a response line longer than %d bytes)", maxResponse)), nil
	}
	return line, err
}

func (p *process) roundTrip(req []byte, timeout time.Duration) ([]byte, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	// A hung implementation may not read its input: write aside. A write
	// that fails shows as the end of the output, below.
	go p.stdin.Write(append(req, '\n'))
	select {
	case line, ok := <-p.lines:
		if !ok {
			return nil, p.exitFailure()
		}
		return line, nil
	case <-timer.C:
		return nil, &failure{ReasonTimeout, fmt.Sprintf("no answer within %v", timeout)}
	}
}

// exitFailure describes the end of the process's output.
func (p *process) exitFailure() *failure {
	select {
	case <-p.done:
	case <-time.After(time.Second):
		return &failure{ReasonCrash, "closed its standard output"}
	}
	if p.err != nil {
		return &failure{ReasonCrash, p.err.Error()}
	}
	return &failure{ReasonCrash, "exited with status 0 before answering"}
}

func (p *process) stderr() string { return p.errBuf.take() }

func (p *process) stop() {
	p.stdin.Close()
	select {
	case <-p.done:
		return
	case <-time.After(200 * time.Millisecond):
	}
	p.cmd.Process.Kill()
	select {
	case <-p.done:
	case <-time.After(2 * time.Second):
	}
}

// builtin is a Handler, the reference or one given in Options, served in
// this process over pipes, so that it is checked through the same protocol
// as any implementation. A panic in the handler ends its output, which the
// runner sees as a crash.
type builtin struct {
	in  *io.PipeWriter
	out *bufio.Reader
}

func startBuiltin(h protocol.Handler) *builtin {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		defer func() {
			if r := recover(); r != nil {
				inR.CloseWithError(fmt.Errorf("panic: %v", r))
				outW.CloseWithError(fmt.Errorf("panic: %v", r))
			}
		}()
		err := protocol.Serve(inR, outW, h)
		outW.CloseWithError(err)
	}()
	return &builtin{in: inW, out: bufio.NewReaderSize(outR, 64<<10)}
}

func (b *builtin) roundTrip(req []byte, timeout time.Duration) ([]byte, error) {
	if _, err := b.in.Write(append(req, '\n')); err != nil {
		return nil, &failure{ReasonCrash, err.Error()}
	}
	line, err := readResponse(b.out)
	if err != nil {
		return nil, &failure{ReasonCrash, err.Error()}
	}
	return line, nil
}

func (b *builtin) stderr() string { return "" }

func (b *builtin) stop() { b.in.Close() }

// ringBuffer keeps the last bytes written to it, at most its size, so that
// an implementation flooding its standard error neither blocks nor fills
// memory.
type ringBuffer struct {
	mu   sync.Mutex
	buf  []byte
	size int
	lost int // bytes dropped since the last take
}

func newRingBuffer(size int) *ringBuffer { return &ringBuffer{size: size} }

func (r *ringBuffer) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buf = append(r.buf, p...)
	if over := len(r.buf) - r.size; over > 0 {
		r.lost += over
		r.buf = append(r.buf[:0], r.buf[over:]...)
	}
	return len(p), nil
}

// take returns what was written since the last take, noting how much was
// dropped, and empties the buffer.
func (r *ringBuffer) take() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := string(r.buf)
	if r.lost > 0 {
		s = fmt.Sprintf("[%d bytes before these dropped]\n%s", r.lost, s)
	}
	r.buf, r.lost = r.buf[:0], 0
	return s
}
