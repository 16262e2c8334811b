package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/qf-format/qf-conformance/protocol"
)

// Options say how to run an implementation and how long to wait for it:
// a program (Command), or a Handler served in this process through the
// same pipes (StartHandler), so that it is checked exactly like one.
type Options struct {
	Command           []string         // the program and its arguments
	Handler           protocol.Handler // or, when Command is empty, a handler served in this process
	StartTimeout      time.Duration    // for the first answer of each process, its hello; 0 means 30 s
	Timeout           time.Duration    // for every later answer; 0 means 2 s
	ExitTimeout       time.Duration    // for exiting at the end of its input; 0 means 5 s
	MaxFailuresInARow int              // failures in a row, failed restarts included, before giving up; 0 means 10
	// Persist restarts the implementation after every failure to answer a
	// request, however many come in a row: only the restarts that fail
	// (a process that cannot be started, or does not answer hello) count
	// toward MaxFailuresInARow. qf fuzz persists: a crash is a finding,
	// not the end of a run.
	Persist bool
	// Waiting, when set, is told in words what Dial waits for, as each
	// wait begins: the first process's hello, then, when it does not come
	// within StartTimeout, each wait that helps say why. Those waits can be
	// long (twice StartTimeout and more): someone watching can be told.
	Waiting func(what string)
}

// ErrNoImplementation is Dial's error for Options with neither a Command
// nor a Handler.
var ErrNoImplementation = errors.New("driver: no implementation: neither a command nor a handler")

func (o *Options) setDefaults() {
	if o.StartTimeout == 0 {
		o.StartTimeout = DefaultStartTimeout
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	if o.ExitTimeout == 0 {
		o.ExitTimeout = DefaultExitTimeout
	}
	if o.MaxFailuresInARow == 0 {
		o.MaxFailuresInARow = DefaultMaxFailuresInARow
	}
}

// A Client talks to one implementation through the protocol, one request
// at a time. It says hello to every process it starts, and restarts the
// implementation after every failure to answer (a crash, a timeout, an
// answer that breaks the protocol or answers another request); after
// MaxFailuresInARow failures in a row, failed restarts included, it gives
// up.
type Client struct {
	opts      Options
	mu        sync.Mutex // guards proc, spare and cancelled against the context's cancellation
	proc      *Process
	spares    []*spare        // processes started ahead of need, the oldest first; none until the second restart
	done      <-chan struct{} // the Done channel of the context given to Dial
	hello     *protocol.Response
	helloTail []byte         // the first process's answer to hello after its id (protocol.AppendAnswer's part), when it wrote the id as sent
	ids       int            // the last request id used; ids are never reused
	answered  int            // requests the current process has answered since its hello
	fresh     int            // processes started by Alone, in place of one that had answered
	ops       [2]protocol.Op // the ops of the last two requests, the last first
	inARow    int            // failures in a row
	restarts  int            // processes started after the first
	lost      time.Duration  // spent on requests that got no usable answer (Lost)
	waits     waits          // how long to wait for each answer (wait.go)
	gaveUp    error          // why the client stopped; nil while it goes on
	pending   *Tail          // standard error of processes ended since the last Stderr
	sent      []byte         // the lines of send's last write, end to end: its buffer, reused
	written   int            // requests Batch has written
	stop      func() bool
}

// Dial starts the implementation and says hello. Its error is a
// *StartError when the command cannot be started, ErrNoImplementation, or
// a *Failure, with the implementation's standard error, when it does not
// answer hello with a hello within the start-up allowance; then nothing
// it started is left running and the client is nil. When ctx is done, the
// implementation is ended and every later call fails.
func Dial(ctx context.Context, opts Options) (*Client, error) {
	if len(opts.Command) == 0 && opts.Handler == nil {
		return nil, ErrNoImplementation
	}
	opts.setDefaults()
	c := &Client{opts: opts, pending: NewTail(StderrLimit), done: ctx.Done(), waits: waits{timeout: opts.Timeout}}
	p, err := c.start()
	if err != nil {
		return nil, err
	}
	c.proc = p
	c.stop = context.AfterFunc(ctx, func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.proc.Kill()
		for _, s := range c.spares {
			if s.proc != nil {
				s.proc.Kill()
			}
		}
	})
	c.waiting(fmt.Sprintf("waiting up to %v for the implementation's hello, its answer to the first request", opts.StartTimeout))
	c.hello, err = c.sayHello()
	if err == nil {
		c.proc.reuse(nil)
	}
	if err != nil {
		c.stop()
		if f, ok := err.(*Failure); ok && f.Reason == ReasonTimeout && len(opts.Command) > 0 {
			f.Detail += helloHint(c.proc, opts.StartTimeout, c.waiting)
		}
		c.proc.Kill()
		f, ok := err.(*Failure)
		if !ok {
			f = &Failure{Reason: ReasonProtocol, Detail: err.Error()}
		}
		f.Stderr = c.pending.Take() + c.proc.Stderr()
		return nil, f
	}
	return c, nil
}

func (c *Client) start() (*Process, error) {
	if len(c.opts.Command) == 0 {
		return StartHandler(c.opts.Handler), nil
	}
	p, err := Start(c.opts.Command)
	if err != nil {
		return nil, &StartError{err}
	}
	return p, nil
}

// helloHint says what a program that did not answer hello within the
// start-up allowance did after it, each hint true of what was seen: it
// answered later, its input still open (it starts slowly); it answered
// only once its input ended (it reads all its input before answering, or
// its output is buffered: the two look alike from outside); or it
// answered nothing at all, with what can cause that, said as
// possibilities. It waits as long again as the allowance, 3 s
// at least, then a second with the input closed, telling waiting as each
// wait begins.
func helloHint(p *Process, allowance time.Duration, waiting func(string)) string {
	began := time.Now()
	wait := max(allowance, 3*time.Second)
	waiting(fmt.Sprintf("no hello within %v: waiting up to %v more, to see whether it comes late", allowance, wait))
	if _, err := p.Receive(wait); err == nil {
		return fmt.Sprintf("; it answered %.1f s later, %.1f s after it started: it starts slowly. Raise -start-timeout (now %v) above that",
			time.Since(began).Seconds(), (allowance + time.Since(began)).Seconds(), allowance)
	}
	p.EndInput()
	waiting(fmt.Sprintf("no hello within %v and %v more: its input closed, waiting up to 1s to see whether it answers then", allowance, wait))
	if _, err := p.Receive(time.Second); err == nil {
		return "; it answered only when its input ended: it reads all its input before it answers, or its output is buffered. " +
			"Answer each request as soon as its line is read, and flush standard output after each answer " +
			"(Python: print(..., flush=True); C: fflush(stdout); Java: System.out.flush())"
	}
	return fmt.Sprintf("; it wrote no answer, not in %v more nor once its input ended. "+
		"What can cause this (possibilities, none of them seen): its answers held in an output buffer, "+
		"flushed neither after each line nor when its input ends "+
		"(flush after each answer: Python: print(..., flush=True); node: process.stdout.write, with no buffer of your own; Java: System.out.flush()); "+
		"a start slower than -start-timeout (now %v) and %v more; "+
		"a program that waits for something else than a line on its standard input",
		wait, allowance, wait)
}

// Hello returns the first process's answer to hello.
func (c *Client) Hello() *protocol.Response { return c.hello }

// Restarts returns how many times the implementation was restarted.
func (c *Client) Restarts() int { return c.restarts }

// Lost returns the time spent on requests that got no usable answer:
// waiting for the answer that never came (while the process died, or
// until the timeout), then ending the process and starting, or waiting
// for, the next one. What a failure costs is Lost over the failures.
func (c *Client) Lost() time.Duration { return c.lost }

// GaveUp returns why the client stopped calling the implementation: too
// many failures in a row, a restart that could not start, or ctx done;
// nil while it goes on.
func (c *Client) GaveUp() error { return c.gaveUp }

// Stderr returns the tail of what the implementation wrote to its
// standard error since the last call, that of processes ended meanwhile
// first.
func (c *Client) Stderr() string {
	return c.pending.Take() + c.proc.Stderr()
}

// Call sends req with a fresh id and returns the parsed answer
// (protocol.ParseResponse) and the line it came in, valid until the next
// call. When there is no usable answer, err is a *Failure, line is the
// offending line if there was one, and Call has restarted the
// implementation (or given up: see GaveUp) before it returns.
func (c *Client) Call(req *protocol.Request) (resp *protocol.Response, line []byte, err error) {
	if err := c.ready(); err != nil {
		return nil, nil, err
	}
	asked := time.Now()
	wt := c.waits.of(req.Op)
	resp, line, err = c.exchange(req, wt, nil)
	if err = c.noted(wt, asked, err); err != nil {
		c.failed(err, asked)
		return nil, line, err
	}
	c.succeeded()
	return resp, line, nil
}

// Line sends line as it is, followed by a newline: a line the caller
// wrote, which need not be a request the protocol defines (the corners of
// spec/protocol.md are such lines), with its own id or none. It returns
// the next line the implementation writes, without its line end, neither
// parsed nor checked, valid until the next call. When no line comes (a
// crash, a timeout), err is a *Failure and Line has restarted the
// implementation (or given up: see GaveUp) before it returns, as Call
// does.
func (c *Client) Line(line []byte) ([]byte, error) {
	if err := c.ready(); err != nil {
		return nil, err
	}
	asked := time.Now()
	wt := c.waits.of("")
	err := c.proc.Send(wt.d, line)
	var answer []byte
	if err == nil {
		answer, err = c.proc.receive(wt.d, wt.grace)
	}
	if err = c.noted(wt, asked, c.interrupted(err)); err != nil {
		c.failed(err, asked)
		return nil, err
	}
	c.succeeded()
	return answer, nil
}

// ready returns, as a *Failure, why the client cannot be called: it gave
// up, or its context is done; nil when it can.
func (c *Client) ready() error {
	if c.cancelled() && c.gaveUp == nil {
		c.gaveUp = errors.New("interrupted")
	}
	if c.gaveUp != nil {
		return &Failure{Reason: ReasonCrash, Detail: c.gaveUp.Error()}
	}
	return nil
}

// failed restarts the implementation after a call asked at asked got no
// usable answer, err.
func (c *Client) failed(err error, asked time.Time) {
	c.restart(err)
	c.lost += time.Since(asked)
}

// noted notes what a wait wt for an answer to a request asked at asked
// gave, err: an answer when it is nil, or a failure; it returns err, a
// timeout after a shorter wait explained.
func (c *Client) noted(wt wait, asked time.Time, err error) error {
	var f *Failure
	switch {
	case err == nil:
		c.waits.answered(time.Since(asked))
	case errors.As(err, &f) && f.Reason == ReasonTimeout:
		c.waits.timedOut(wt)
		return wt.explain(err)
	}
	return err
}

// succeeded counts an answer.
func (c *Client) succeeded() {
	c.inARow = 0
	c.answered++
}

// Alone sends req as the first request of a fresh process, and returns as
// Call does: the current process, when it has answered nothing since its
// hello, or else a new one (a spare, when there is one) in place of the
// current, which is ended. What it answers then depends on req alone, not
// on the requests before it. Fresh returns how many processes Alone
// started so.
func (c *Client) Alone(req *protocol.Request) (resp *protocol.Response, line []byte, err error) {
	if c.gaveUp == nil && c.answered > 0 && !c.cancelled() {
		c.endProcess()
		ended := c.proc
		p, err := c.next()
		var start *StartError
		switch {
		case errors.As(err, &start):
			c.gaveUp = fmt.Errorf("cannot restart the implementation: %v", start.Err)
			c.dropSpares()
		case err != nil:
			c.setProc(p, ended)
			if c.opts.Persist {
				c.inARow++ // restart counts failed restarts only from its second try
			}
			c.restart(fmt.Errorf("no hello after a restart: %w", err))
		default:
			c.setProc(p, ended)
			c.fresh++
		}
	}
	return c.Call(req)
}

// Answered returns how many requests the current process has answered
// since its hello: 0 for a process just started.
func (c *Client) Answered() int { return c.answered }

// Fresh returns how many processes Alone started in place of one that had
// answered requests: processes started to ask a request alone, not after
// a failure (Restarts counts those).
func (c *Client) Fresh() int { return c.fresh }

// setProc makes p, started in place of ended, the current process.
func (c *Client) setProc(p, ended *Process) {
	c.mu.Lock()
	c.proc = p
	c.mu.Unlock()
	p.reuse(ended)
	c.answered = 0
}

// exchange sends req and reads its answer, without restarting anything.
// When known is not nil, it is an answer accepted before to a request
// like req, after its id: an answer that is the same after req's id is
// not parsed, and its resp is nil.
func (c *Client) exchange(req *protocol.Request, wt wait, known []byte) (*protocol.Response, []byte, error) {
	c.ids++
	c.ops[0], c.ops[1] = req.Op, c.ops[0]
	id := strconv.Itoa(c.ids)
	req.ID = json.RawMessage(id)
	resp, line, err := roundTrip(c.proc, req, wt, known)
	if err != nil {
		return nil, line, c.interrupted(err)
	}
	if resp == nil {
		return nil, line, nil
	}
	if err := check(resp, req, id, func() string { return c.strayAnswer(resp.ID, id, id) }); err != nil {
		return nil, line, err
	}
	return resp, line, nil
}

// roundTrip sends req, whose id is set, to p and reads and parses its
// answer, checked for req's op but not for its id; an answer that is
// known after req's id (protocol.IsAnswer) is not parsed, and its resp is
// nil.
func roundTrip(p *Process, req *protocol.Request, wt wait, known []byte) (*protocol.Response, []byte, error) {
	msg, err := req.AppendJSON(nil)
	if err != nil {
		return nil, nil, err
	}
	if err := p.Send(wt.d, msg); err != nil {
		return nil, nil, err
	}
	line, err := p.receive(wt.d, wt.grace)
	if err != nil {
		return nil, nil, err
	}
	if known != nil && protocol.IsAnswer(line, req.ID, known) {
		return nil, line, nil
	}
	resp, err := protocol.ParseResponse(line)
	if err != nil {
		return nil, line, &Failure{Reason: ReasonProtocol, Detail: notAnAnswer(err, line)}
	}
	return resp, line, nil
}

// notAnAnswer says why line is no answer, and shows it, quoted and
// clipped; a line that is not even a JSON object is most often a stray
// print, which standard output has no room for.
func notAnAnswer(err error, line []byte) string {
	shown := strconv.Quote(string(line))
	if len(line) > 200 {
		shown = strconv.Quote(string(line[:200])) + fmt.Sprintf("... (%d bytes)", len(line))
	}
	d := fmt.Sprintf("%v: %s", err, shown)
	if len(bytes.TrimSpace(line)) == 0 || bytes.TrimSpace(line)[0] != '{' {
		d += " (standard output is for answers alone, a line of JSON each: write anything else to standard error)"
	}
	return d
}

// check checks an answer to req, whose id is id: an answer to another
// request is described by stray.
func check(resp *protocol.Response, req *protocol.Request, id string, stray func() string) error {
	if !sameID(resp.ID, id) {
		return &Failure{Reason: ReasonProtocol, Detail: stray()}
	}
	if err := resp.Check(req.Op); err != nil {
		return &Failure{Reason: ReasonProtocol, Detail: err.Error()}
	}
	return nil
}

// sameID reports whether got, an id echoed, is the integer id want as a
// JSON value: 7, 7.0 and 7e0 are the same id, "7" is not.
func sameID(got json.RawMessage, want string) bool {
	if string(got) == want {
		return true
	}
	g, err1 := strconv.ParseFloat(string(got), 64)
	w, err2 := strconv.ParseFloat(want, 64)
	return err1 == nil && err2 == nil && g == w && len(got) > 0 && (got[0] == '-' || '0' <= got[0] && got[0] <= '9')
}

// strayAnswer describes an answer whose id is not want, the request's;
// the requests from first on were sent in one go.
func (c *Client) strayAnswer(got json.RawMessage, want, first string) string {
	f, _ := strconv.Atoi(first)
	if n, err := strconv.Atoi(string(got)); err == nil && n > 0 && n < f {
		what := ""
		if w, _ := strconv.Atoi(want); n == w-1 && c.ops[1] != "" {
			what = " (" + string(c.ops[1]) + ")"
		}
		return fmt.Sprintf("a line not asked for: a second answer to request %d%s, read as the answer to request %s (%s)", n, what, want, c.ops[0])
	}
	if got == nil {
		return fmt.Sprintf(`an answer without "id" to request %s`, want)
	}
	return fmt.Sprintf("an answer with id %.40s to request %s", got, want)
}

// waiting tells Options.Waiting, when set, what the client waits for.
func (c *Client) waiting(what string) {
	if c.opts.Waiting != nil {
		c.opts.Waiting(what)
	}
}

// cancelled reports whether the context given to Dial is done.
func (c *Client) cancelled() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// interrupted returns err, or an interruption when ctx is done: the
// failure then is the caller's doing.
func (c *Client) interrupted(err error) error {
	if c.cancelled() {
		return &Failure{Reason: ReasonCrash, Detail: "interrupted"}
	}
	return err
}

func (c *Client) sayHello() (*protocol.Response, error) {
	resp, line, err := c.exchange(&protocol.Request{Op: protocol.Hello}, whole(c.opts.StartTimeout), c.helloTail)
	if err == nil && resp != nil && resp.Error != nil {
		err = helloError(line)
	}
	if err != nil {
		return nil, err
	}
	if c.helloTail == nil {
		c.helloTail = answerTail(line, strconv.Itoa(c.ids))
	}
	return resp, nil
}

// answerTail returns what follows the id in line, an answer accepted to
// the request whose id is id, when line begins `{"id":`, then that id as
// it was sent, then a comma or the closing brace; else nil. A later line
// that is the same after its own id is the same answer
// (protocol.IsAnswer), and need not be parsed again.
func answerTail(line []byte, id string) []byte {
	head := `{"id":` + id
	if !bytes.HasPrefix(line, []byte(head)) || len(line) == len(head) || line[len(head)] != ',' && line[len(head)] != '}' {
		return nil
	}
	return bytes.Clone(line[len(head):])
}

// greet says hello to p, a spare, with the request hello; an answer that
// is known after hello's id (the first process's, accepted) is not parsed.
func greet(p *Process, hello *protocol.Request, timeout time.Duration, known []byte) error {
	resp, line, err := roundTrip(p, hello, whole(timeout), known)
	if err != nil || resp == nil {
		return err
	}
	id := string(hello.ID)
	if err := check(resp, hello, id, func() string { return fmt.Sprintf("an answer with id %.40s to request %s (hello)", resp.ID, id) }); err != nil {
		return err
	}
	if resp.Error != nil {
		return helloError(line)
	}
	return nil
}

func helloError(line []byte) error {
	return &Failure{Reason: ReasonProtocol, Detail: fmt.Sprintf("answered hello with an error: %.200s", line)}
}

// restart ends the current process after the failure why and starts
// another, saying hello to it, until one answers hello or there have been
// MaxFailuresInARow failures in a row. From the second restart on, the
// next process is started and greeted ahead of need (a spare), so that an
// implementation that crashes often costs little more than its answers.
func (c *Client) restart(why error) {
	c.endProcess()
	ended := c.proc
	c.answered = 0
	counted := !c.opts.Persist // whether the failure to answer counts toward giving up
	for {
		if counted {
			c.inARow++
		}
		counted = true
		switch {
		case c.cancelled():
			c.gaveUp = errors.New("interrupted")
		case c.inARow >= c.opts.MaxFailuresInARow:
			c.gaveUp = fmt.Errorf("the implementation failed %d times in a row; the last time: %v", c.inARow, why)
		}
		if c.gaveUp != nil {
			c.dropSpares()
			return
		}
		p, err := c.next()
		var start *StartError
		if errors.As(err, &start) {
			c.gaveUp = fmt.Errorf("cannot restart the implementation: %v", start.Err)
			c.dropSpares()
			return
		}
		c.restarts++
		c.setProc(p, ended)
		if err == nil {
			if c.opts.Persist {
				c.inARow = 0 // it answered hello: only failed restarts count in a row
			}
			for c.restarts >= 2 && len(c.spares) < spares {
				c.startSpare()
			}
			return
		}
		why = fmt.Errorf("no hello after a restart: %w", err)
		c.endProcess()
	}
}

// next returns the next process, greeted: the oldest spare when there is
// one, another spare started in its place; else one started now. Its
// error is a *StartError when no process could be started, or why the
// process returned did not answer hello.
func (c *Client) next() (*Process, error) {
	if len(c.spares) > 0 {
		s := c.spares[0]
		<-s.ready
		c.mu.Lock()
		c.spares = c.spares[1:]
		c.mu.Unlock()
		if s.proc == nil {
			return nil, s.err
		}
		c.startSpare()
		return s.proc, s.err
	}
	p, err := c.start()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.proc = p
	cancelled := c.cancelled()
	c.mu.Unlock()
	if cancelled { // cancelled before the new process was seen
		p.Kill()
	}
	_, err = c.sayHello()
	return p, err
}

// A spare is a process started, and greeted, ahead of need.
type spare struct {
	ready chan struct{} // closed when proc and err are set
	proc  *Process      // nil when it could not be started
	err   error         // why it cannot serve: it could not start, or did not answer hello
}

// startSpare starts a spare in the background.
func (c *Client) startSpare() {
	c.ids++
	hello := &protocol.Request{Op: protocol.Hello, ID: json.RawMessage(strconv.Itoa(c.ids))}
	known := c.helloTail
	s := &spare{ready: make(chan struct{})}
	c.mu.Lock()
	c.spares = append(c.spares, s)
	c.mu.Unlock()
	go func() {
		defer close(s.ready)
		p, err := c.start()
		if err != nil {
			s.err = err
			return
		}
		c.mu.Lock()
		s.proc = p
		cancelled := c.cancelled()
		c.mu.Unlock()
		if cancelled {
			p.Kill()
		}
		s.err = greet(p, hello, c.opts.StartTimeout, known)
	}()
}

// dropSpares ends the spares.
func (c *Client) dropSpares() {
	c.mu.Lock()
	spares := c.spares
	c.spares = nil
	c.mu.Unlock()
	for _, s := range spares {
		<-s.ready
		if s.proc != nil {
			s.proc.Kill()
		}
	}
}

// endProcess kills the current process, keeping its standard error.
func (c *Client) endProcess() {
	c.proc.Kill()
	c.pending.Write([]byte(c.proc.Stderr()))
}

// Close ends the implementation at the end of a run: it closes the
// input of the current process and waits for it to exit, then ends its
// whole process group. It returns nil when the process exited with status
// 0, and otherwise an error saying how it did not; nil when the client
// had given up, the process being gone already.
func (c *Client) Close() error {
	c.stop()
	c.dropSpares()
	if c.gaveUp != nil {
		c.proc.Kill()
		return nil
	}
	err := c.proc.Close(c.opts.ExitTimeout)
	c.pending.Write([]byte(c.proc.Stderr()))
	return err
}

// Finish ends the implementation at the end of a run, as Close does, and
// returns what a report says of the end: why the client gave up, and how
// the implementation did not exit with status 0, with the tail of its
// standard error. It returns nil when the run ended well, or was ended by
// its context.
func (c *Client) Finish() []string {
	if c.cancelled() {
		c.Close() // ended by the caller: how the implementation went is no fault of its
		return nil
	}
	var problems []string
	if c.gaveUp != nil {
		problems = append(problems, "the run ended early: "+c.gaveUp.Error())
	}
	if err := c.Close(); err != nil {
		problem := "the implementation " + err.Error() + " (spec/protocol.md: it exits with status 0 at the end of its input)"
		if s := c.Stderr(); s != "" {
			problem += "\nstderr:\n" + s
		}
		problems = append(problems, problem)
	}
	return problems
}

// Batch sends reqs, each with a fresh id, keeping at most window of them
// in flight (sent, not yet answered), and reads their answers, parsed for
// each request's op: many requests at once, rather than a round trip
// each. It returns the answers in order. When expected is not nil, it
// holds for each request the answer the caller expects, as
// protocol.AppendAnswer writes it (nil for none): a line that is that
// answer after the request's id, byte for byte or but for what the
// protocol does not grade (protocol.SameAnswer: spacing, an error's
// message), is not parsed, and its answer in answers is nil, the
// expected one; the request's ID then says which line it was. An expected answer must be one that Check
// accepts for its request's op. When the implementation fails to
// answer request k (a crash, a timeout, an answer that breaks the
// protocol or answers another request), answers[:k] are set, err is a
// *Failure and line the offending line if any, and Batch has restarted the
// implementation (or given up) before it returns; the requests after k
// were not answered. A timeout counts from the previous answer, for
// answers only: requests wait to be read as long as they must. A request
// that cannot be written (protocol.Request.AppendJSON's error: a Value
// that is not JSON) is not sent, and the batch ends there, once the
// answer timeout has passed, with AppendJSON's error: the implementation,
// which answered every request before it, is neither restarted nor
// charged with a failure.
//
// A process that has answered few requests gets few in flight, one more
// than it has answered, and one more with each answer up to window (a
// slow start): most of what is sent to a process that crashes soon after
// it starts is never read, and a request is written only when it is sent.
func (c *Client) Batch(reqs []*protocol.Request, expected [][]byte, window int) (answers []*protocol.Response, k int, line []byte, err error) {
	if c.cancelled() && c.gaveUp == nil {
		c.gaveUp = errors.New("interrupted")
	}
	if c.gaveUp != nil {
		return nil, 0, nil, &Failure{Reason: ReasonCrash, Detail: c.gaveUp.Error()}
	}
	window = max(window, 1)
	c.number(reqs)
	// A slot in flight is taken by sending to credit, and freed by
	// receiving from it; the slots beyond the slow start's are taken
	// already, and freed one an answer.
	credit := make(chan struct{}, window)
	closed := window - min(window, c.answered+1)
	for range closed {
		credit <- struct{}{}
	}
	stop := make(chan struct{})
	written := make(chan error, 1)
	var sent atomic.Int64 // the requests of reqs written
	go func() { written <- c.send(reqs, credit, stop, &sent) }()
	answers = make([]*protocol.Response, len(reqs))
	var pace pacer
	for k = range reqs {
		pace.linger(c.proc, k, int(sent.Load())-k)
		waited := time.Now()
		wt := c.waits.of(reqs[k].Op)
		line, err = c.proc.receive(wt.d, wt.grace)
		if err == nil {
			c.noted(wt, waited, nil)
		}
		var resp *protocol.Response
		switch {
		case err != nil:
			line = nil
		case k < len(expected) && expected[k] != nil && protocol.SameAnswer(line, reqs[k].ID, expected[k]):
			// as expected: nothing to parse
		default:
			resp, err = protocol.ParseResponse(line)
			switch {
			case err != nil:
				err = &Failure{Reason: ReasonProtocol, Detail: notAnAnswer(err, line)}
			case !sameID(resp.ID, string(reqs[k].ID)):
				c.ops[0], c.ops[1] = reqs[k].Op, ""
				if k > 0 {
					c.ops[1] = reqs[k-1].Op
				}
				err = &Failure{Reason: ReasonProtocol, Detail: c.strayAnswer(resp.ID, string(reqs[k].ID), string(reqs[0].ID))}
			default:
				if cerr := resp.Check(reqs[k].Op); cerr != nil {
					err = &Failure{Reason: ReasonProtocol, Detail: cerr.Error()}
				}
			}
		}
		if err != nil {
			close(stop)
			if uerr := unsent(written, k, err); uerr != nil {
				// Request k was never sent, and every one before it was
				// answered: the implementation is as it was, and not at
				// fault.
				if k > 0 {
					c.inARow = 0
				}
				c.answered += k
				c.lost += time.Since(waited)
				return answers[:k], k, nil, uerr
			}
			err = c.noted(wt, waited, err)
			c.proc.Kill() // a writer blocked on a full pipe returns
			<-written
			if k > 0 {
				c.inARow = 0 // this process answered some: not a failure in a row
			}
			c.restart(c.interrupted(err))
			c.lost += time.Since(waited)
			return answers[:k], k, line, c.interrupted(err)
		}
		answers[k] = resp
		<-credit
		if closed > 0 {
			<-credit
			closed--
		}
	}
	close(stop)
	if werr := <-written; werr != nil { // every answer came, yet a write failed: cannot be, but say so
		c.restart(werr)
		return answers, len(reqs), nil, werr
	}
	c.inARow = 0
	c.answered += len(reqs)
	return answers, len(reqs), nil, nil
}

// number gives each request a fresh id, written into one buffer of their
// own, so that a batch allocates next to nothing a request.
func (c *Client) number(reqs []*protocol.Request) {
	ids := make([]byte, 0, 8*len(reqs))
	for _, req := range reqs {
		c.ids++
		start := len(ids)
		ids = strconv.AppendInt(ids, int64(c.ids), 10)
		req.ID = json.RawMessage(ids[start:len(ids):len(ids)])
	}
}

// unsent returns AppendJSON's error when the answer to request k timed
// out because send could not write it (an *unwritable for k, already on
// written), and nil otherwise, leaving written as it was.
func unsent(written chan error, k int, err error) error {
	var f *Failure
	if !errors.As(err, &f) || f.Reason != ReasonTimeout {
		return nil
	}
	select {
	case werr := <-written:
		var u *unwritable
		if errors.As(werr, &u) && u.k == k {
			return u.err
		}
		written <- werr
	default:
	}
	return nil
}

// unwritable is the error of a request that cannot be written, request k
// of a batch: what AppendJSON said.
type unwritable struct {
	k   int
	err error
}

func (u *unwritable) Error() string { return u.err.Error() }

// send writes reqs to the current process as slots in flight are free,
// each as it is sent, every request the window has room for in one write,
// until all are sent or stop is closed. It returns the error of a write
// that failed, or an *unwritable for a request that cannot be written,
// once the requests before it are sent. The lines are written into
// c.sent, reused.
func (c *Client) send(reqs []*protocol.Request, credit chan<- struct{}, stop <-chan struct{}, written *atomic.Int64) error {
	for sent := 0; sent < len(reqs); {
		select {
		case credit <- struct{}{}:
		case <-stop:
			return nil
		}
		n := 1
	more:
		for sent+n < len(reqs) {
			select {
			case credit <- struct{}{}:
				n++
			default:
				break more
			}
		}
		c.sent = c.sent[:0]
		var bad error
		for i, req := range reqs[sent : sent+n] {
			var err error
			if c.sent, err = req.AppendJSON(c.sent); err != nil {
				bad, n = &unwritable{sent + i, err}, i
				break
			}
			c.sent = append(c.sent, '\n')
		}
		// No limit: an implementation that reads slowly, or not at all,
		// is timed by its answers, which kill it when late.
		if len(c.sent) > 0 {
			if err := c.proc.write(0, c.sent); err != nil {
				return err
			}
		}
		c.written += n
		written.Add(int64(n))
		if bad != nil {
			return bad
		}
		sent += n
	}
	return nil
}

// spares is how many processes a Client keeps started ahead of need once
// an implementation has been restarted twice.
var spares = 2

// A pacer lets the answers to a batch gather while none is waiting to be
// read and many are in flight: most implementations write each answer as
// it is made, a write a line, and a reader that waits for each line is
// woken for each, at a cost in CPU (system time, and the scheduler's)
// that was as much again as all the rest qf spends on a case (issue 51).
// Sleeping instead, for as long as a quarter of the answers in flight
// take at the rate they have come so far, reads many lines a wake-up;
// the implementation has the rest of its requests before it meanwhile.
// (When nothing else of qf runs, a sleep lasts a millisecond at least:
// the runtime's timers then wait in its poller, to the millisecond.) It
// sleeps only for a pipe read outside the runtime's poller (rawPipe, on
// Linux): every line written to one in the poller wakes it all the same.
type pacer struct {
	start time.Time // when the first answer was asked for
	from  int       // the answers read before it
}

// The least a pacer sleeps, and the most: a shorter sleep gathers too
// few answers to be worth a wake-up, a longer one delays a failure.
const (
	minLinger = 50 * time.Microsecond
	maxLinger = 2 * time.Millisecond
)

// linger sleeps, when p has no answer read and waiting and inFlight
// answers are to come, 8 at least, for as long as a quarter of them take
// at the rate of those read since the first call, answered of them in
// all.
func (pc *pacer) linger(p *Process, answered, inFlight int) {
	switch {
	case pc.start.IsZero():
		pc.start, pc.from = time.Now(), answered
		return
	case answered == pc.from || inFlight < 8 || p.lineBuffered() || !outsidePoller(p.stdout):
		return
	}
	per := time.Since(pc.start) / time.Duration(answered-pc.from)
	if d := min(per*time.Duration(inFlight/4), maxLinger); d >= minLinger {
		time.Sleep(d)
	}
}
