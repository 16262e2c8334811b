package driver

import (
	"context"
	"errors"
	"io"
	"os/exec"
	"time"
)

// An Outcome is how a program run once by RunOnce ended.
type Outcome struct {
	Status int    // its exit status
	Stdout []byte // the start of its standard output, at most the limit given
	Stderr string // the tail of its standard error
}

// RunOnce runs argv once in its own process group, with input on its
// standard input, and waits at most timeout for it to exit, keeping at
// most limit bytes of its standard output. Once the program has exited,
// what it started gets a second to close the output. Whatever happens,
// the whole group is ended and reaped before RunOnce returns. Its error is
// a *StartError when argv cannot be started, and a *Failure when the
// program did not exit in time (ReasonTimeout), was killed by a signal
// (ReasonCrash), or ctx was done.
func RunOnce(ctx context.Context, argv []string, input []byte, timeout time.Duration, limit int) (*Outcome, error) {
	p, err := Start(argv)
	if err != nil {
		return nil, &StartError{err}
	}
	defer p.Kill()
	deadline := time.Now().Add(timeout)
	go func() {
		p.stdin.SetWriteDeadline(deadline)
		p.stdin.Write(input)
		p.stdin.Close()
	}()
	// Once the program has exited, or ctx is done, the output has a
	// second at most, and no more than the timeout left.
	watch := make(chan struct{})
	defer close(watch)
	p.stdout.SetReadDeadline(deadline)
	go func() {
		select {
		case <-p.exited:
		case <-ctx.Done():
			p.stdout.SetReadDeadline(time.Now())
			return
		case <-watch:
			return
		}
		if soon := time.Now().Add(time.Second); soon.Before(deadline) {
			p.stdout.SetReadDeadline(soon)
		}
	}()
	out := readLimited(p.stdout, limit)
	select {
	case <-p.exited:
	case <-ctx.Done():
	case <-time.After(time.Until(deadline)):
	}
	select {
	case <-p.exited:
		// What it wrote to standard error is in the pipe: read it to its
		// end, a second at most (a child may hold the pipe open).
		select {
		case <-p.stderrRead:
		case <-time.After(time.Second):
		}
	default:
	}
	stderr := p.Stderr()
	select {
	case <-p.exited:
	default:
		if ctx.Err() != nil {
			return nil, &Failure{Reason: ReasonCrash, Detail: "interrupted"}
		}
		return &Outcome{Stdout: out, Stderr: stderr}, timeoutDetail("did not exit", timeout)
	}
	o := &Outcome{Stdout: out, Stderr: stderr}
	var exit *exec.ExitError
	switch {
	case p.exitErr == nil:
		return o, nil
	case errors.As(p.exitErr, &exit) && exit.ExitCode() >= 0:
		o.Status = exit.ExitCode()
		return o, nil
	}
	return o, &Failure{Reason: ReasonCrash, Detail: describeExit(p.exitErr)}
}

// readLimited reads r until its end or an error, keeping the first limit
// bytes and dropping the rest.
func readLimited(r io.Reader, limit int) []byte {
	var out []byte
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if room := limit - len(out); room > 0 {
			out = append(out, buf[:min(n, room)]...)
		}
		if err != nil { // the end, the deadline, or the pipe closed
			return out
		}
	}
}
