package driver_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/serve/servetest"
)

// TestMain runs the fake implementation of package servetest that QF_FAKE
// names, if any, and the tests otherwise, four to a CPU: most wait for
// fakes.
func TestMain(m *testing.M) {
	servetest.Main()
	servetest.Parallel(4 * runtime.GOMAXPROCS(0))
	os.Exit(m.Run())
}

// fake returns the command line of this test binary as the fake that
// QF_FAKE=mode names, with more of its environment in vars (NAME=value).
func fake(mode string, vars ...string) []string {
	return servetest.Command(append([]string{"QF_FAKE=" + mode}, vars...)...)
}

func TestTail(t *testing.T) {
	tail := driver.NewTail(8)
	tail.Write([]byte("0123"))
	tail.Write([]byte("456789"))
	if got := tail.Take(); got != "[2 bytes before these dropped]\n23456789" {
		t.Errorf("got %q", got)
	}
	if got := tail.Take(); got != "" {
		t.Errorf("after Take: %q", got)
	}
	tail.Write([]byte(strings.Repeat("x", 100) + "end"))
	if got := tail.Take(); got != "[95 bytes before these dropped]\nxxxxxend" {
		t.Errorf("got %q", got)
	}
}

func TestDial(t *testing.T) {
	t.Parallel()
	c, err := driver.Dial(context.Background(), driver.Options{Command: fake("normal")})
	if err != nil {
		t.Fatal(err)
	}
	if h := c.Hello(); h.Name == "" || len(h.Ops) != 4 {
		t.Errorf("hello %+v", h)
	}
	code := "QA"
	resp, line, err := c.Call(&protocol.Request{Op: protocol.Decode, Code: &code})
	if err != nil || string(resp.Value) != `{"state":null,"record":{"moves":[]}}` || !strings.HasPrefix(string(line), `{"id":2,`) {
		t.Errorf("%v %s %s", err, resp.Value, line)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}

	_, err = driver.Dial(context.Background(), driver.Options{Command: []string{"/nonexistent/impl"}})
	var start *driver.StartError
	if !errors.As(err, &start) {
		t.Errorf("got %v, want a StartError", err)
	}

	dir := t.TempDir()
	began := time.Now()
	c, err = driver.Dial(context.Background(), driver.Options{Command: fake("silent", "QF_FAKE_DIR="+dir), StartTimeout: 200 * time.Millisecond})
	var f *driver.Failure
	if !errors.As(err, &f) || f.Reason != driver.ReasonTimeout || c != nil || time.Since(began) > measure.Allowance(20*time.Second) {
		t.Errorf("silent: %v after %v, client %v", err, time.Since(began), c)
	}
	servetest.NoSurvivors(t, dir, 1)

	// The last words of an implementation that dies before its hello are
	// in the failure, every time.
	for i := 0; i < 20; i++ {
		_, err = driver.Dial(context.Background(), driver.Options{Command: []string{"sh", "-c", "echo boom >&2; exit 3"}})
		if !errors.As(err, &f) || f.Reason != driver.ReasonCrash || !strings.Contains(f.Stderr, "boom") || !strings.Contains(f.Detail, "status 3") {
			t.Fatalf("run %d: %v, stderr %q", i, err, f.Stderr)
		}
	}
	if _, err := driver.Dial(context.Background(), driver.Options{}); err != driver.ErrNoImplementation {
		t.Errorf("no implementation: %v", err)
	}
}

// A handler in this process that panics is a crash, and the client
// restarts it.
func TestHandlerPanics(t *testing.T) {
	t.Parallel()
	c, err := driver.Dial(context.Background(), driver.Options{Handler: panicky{}})
	if err != nil {
		t.Fatal(err)
	}
	code := "A"
	_, _, err = c.Call(&protocol.Request{Op: protocol.Decode, Code: &code})
	var f *driver.Failure
	if !errors.As(err, &f) || f.Reason != driver.ReasonCrash || c.Restarts() != 1 {
		t.Errorf("%v, %d restarts", err, c.Restarts())
	}
	c.Close()
}

type panicky struct{}

func (panicky) Handle(req *protocol.Request) *protocol.Response {
	if req.Op == protocol.Hello {
		return serve.Reference.Handle(req)
	}
	panic("a bug")
}

func TestRunOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	self := fake("oneshot-ok")
	o, err := driver.RunOnce(ctx, self, []byte("QA"), 5*time.Second, 1<<10)
	if err != nil || o.Status != 0 || strings.TrimSpace(string(o.Stdout)) != `{"state":null,"record":{"moves":[]}}` {
		t.Errorf("ok: %v %+v", err, o)
	}
	o, err = driver.RunOnce(ctx, self, []byte("Q="), 5*time.Second, 1<<10)
	if err != nil || o.Status != 1 || !strings.Contains(o.Stderr, "invalid character") {
		t.Errorf("rejected: %v %+v", err, o)
	}
	o, err = driver.RunOnce(ctx, self, []byte("QA"), 5*time.Second, 10)
	if err != nil || len(o.Stdout) != 10 {
		t.Errorf("limit: %v %q", err, o.Stdout)
	}
	if o, err := driver.RunOnce(ctx, fake("oneshot-crash"), nil, 5*time.Second, 10); err != nil || o.Status != 7 {
		t.Errorf("crash: %v %+v", err, o)
	}
	busy := fake("oneshot-busy")
	began := time.Now()
	_, err = driver.RunOnce(ctx, busy, nil, 200*time.Millisecond, 10)
	var f *driver.Failure
	if !errors.As(err, &f) || f.Reason != driver.ReasonTimeout || time.Since(began) > measure.Allowance(3*time.Second) {
		t.Errorf("busy: %v after %v", err, time.Since(began))
	}
	ctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	began = time.Now()
	if _, err = driver.RunOnce(ctx, busy, nil, time.Minute, 10); !errors.As(err, &f) || f.Detail != "interrupted" || time.Since(began) > measure.Allowance(3*time.Second) {
		t.Errorf("cancelled: %v after %v", err, time.Since(began))
	}
}

// decodes returns n decode requests of the codes "QA", "A", ... in turn.
func decodes(n int) []*protocol.Request {
	codes := []string{"QA", "A", "gkwAAAAQ", "QEBA"}
	reqs := make([]*protocol.Request, n)
	for i := range reqs {
		code := codes[i%len(codes)]
		reqs[i] = &protocol.Request{Op: protocol.Decode, Code: &code}
	}
	return reqs
}

func TestBatch(t *testing.T) {
	t.Parallel()
	c, err := driver.Dial(context.Background(), driver.Options{Command: fake("normal")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, window := range []int{1, 7, 64, 1000} {
		reqs := decodes(500)
		answers, k, _, err := c.Batch(reqs, nil, window)
		if err != nil || k != 500 || len(answers) != 500 {
			t.Fatalf("window %d: %d answers, k %d, %v", window, len(answers), k, err)
		}
		for i, a := range answers {
			want := serve.Reference.Handle(reqs[i])
			if string(a.Value) != string(want.Value) || (a.Error == nil) != (want.Error == nil) {
				t.Fatalf("window %d: answer %d is %s, want %s", window, i, a.Value, want.Value)
			}
		}
	}
}

// An implementation that writes each answer as it makes it, a write a
// line, as most do, has its answers read many at a time while many are
// in flight: a reader that waits for each line is woken for each, at a
// cost in CPU that was as much again as the rest of what qf spends on a
// case (issue 51). The reads are counted, not timed: /proc/self/io's
// syscr, every read of this process, while no other test runs. The bound
// holds while the fake takes less than about 30 µs an answer (a pacer
// sleeps 2 ms at most, for a quarter of 256 in flight); it takes 5-10 µs
// on a loaded 2-core machine.
func TestBatchReadsManyAnswersAtOnce(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads are counted in /proc/self/io")
	}
	c, err := driver.Dial(context.Background(), driver.Options{Command: fake("normal")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	reqs := decodes(4096)
	before := readCalls(t)
	_, k, _, err := c.Batch(reqs, nil, 256)
	reads := readCalls(t) - before
	if err != nil || k != len(reqs) {
		t.Fatalf("%d answers, %v", k, err)
	}
	t.Logf("%d answers in %d reads", k, reads)
	if reads > k/4 {
		t.Errorf("%d answers, one a line, took %d reads, more than one for every four answers", k, reads)
	}
}

// readCalls returns how many read system calls this process has made.
func readCalls(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/io")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if n, ok := strings.CutPrefix(line, "syscr: "); ok {
			c, err := strconv.Atoi(n)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
	}
	t.Skip("no syscr in /proc/self/io")
	return 0
}

// A request that cannot be written ends a batch at it, after the answers
// before it, with the error of writing it; the requests after it are not
// sent, and the client goes on.
func TestBatchUnwritable(t *testing.T) {
	t.Parallel()
	for _, opts := range []driver.Options{{Handler: serve.Reference}, {Command: fake("normal")}} {
		opts.Timeout, opts.MaxFailuresInARow = 100*time.Millisecond, 2
		c, err := driver.Dial(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, at := range []int{0, 5, 37} {
			reqs := decodes(40)
			reqs[at] = &protocol.Request{Op: protocol.Encode, Value: json.RawMessage(`{"white": `)}
			answers, k, _, err := c.Batch(reqs, nil, 8)
			var failure *driver.Failure
			if k != at || len(answers) != at || err == nil || errors.As(err, &failure) || !strings.Contains(err.Error(), "unexpected end of JSON input") {
				t.Errorf("request %d not JSON: %d answers, k %d, %v", at, len(answers), k, err)
			}
			if _, k, _, err := c.Batch(decodes(20), nil, 8); k != 20 || err != nil {
				t.Errorf("after request %d not JSON: %d answers, %v", at, k, err)
			}
		}
		// Not the implementation's failure: it is neither restarted nor
		// given up on.
		if c.Restarts() != 0 || c.GaveUp() != nil {
			t.Errorf("%d restarts, gave up: %v", c.Restarts(), c.GaveUp())
		}
		c.Close()
	}
}

// An answer that is the line expected, byte for byte, is not parsed: its
// answer is nil. Any other is parsed, an expectation it misses included;
// and an expected answer does not hide an answer to another request.
func TestBatchExpected(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"normal", "wrong-id-2nd"} {
		c, err := driver.Dial(context.Background(), driver.Options{Command: fake(mode)})
		if err != nil {
			t.Fatal(err)
		}
		reqs := decodes(40)
		expected := make([][]byte, len(reqs))
		for i := range reqs {
			switch {
			case i == 3:
				expected[i] = []byte(`,"value":null}`) // not what the reference answers
			case i%2 == 0 || mode != "normal":
				expected[i], _ = serve.Reference.Handle(reqs[i]).AppendAnswer(nil)
			}
		}
		answers, k, _, err := c.Batch(reqs, expected, 8)
		c.Close()
		if mode != "normal" {
			if k != 1 || err == nil {
				t.Errorf("%s: %d answers, %v; want a failure at request 1", mode, k, err)
			}
			continue
		}
		if err != nil || k != len(reqs) {
			t.Fatalf("%d answers, %v", k, err)
		}
		for i, a := range answers {
			want := serve.Reference.Handle(reqs[i])
			switch {
			case i%2 == 0 && i != 3 && a != nil:
				t.Errorf("answer %d parsed, though expected", i)
			case (i%2 != 0 || i == 3) && (a == nil || string(a.Value) != string(want.Value)):
				t.Errorf("answer %d is %v, want %s", i, a, want.Value)
			}
		}
	}
}

// A failure in a batch is reported at its request, after the answers
// before it, and the client restarts the implementation for the next.
func TestBatchFailures(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		mode   string
		k      int
		reason driver.Reason
	}{
		{"crash-4th", 3, driver.ReasonCrash},
		{"hang-5th", 4, driver.ReasonTimeout},
		{"garbage-3rd", 2, driver.ReasonProtocol},
		{"wrong-id-2nd", 1, driver.ReasonProtocol},
		{"answer-twice", 0, driver.ReasonProtocol},
		{"deaf", 1, driver.ReasonTimeout},
	} {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			cl, err := driver.Dial(context.Background(), driver.Options{Command: fake(c.mode, "QF_FAKE_DIR="+t.TempDir()), Timeout: measure.Allowance(300 * time.Millisecond)})
			if err != nil {
				t.Fatal(err)
			}
			defer cl.Close()
			answers, k, _, err := cl.Batch(decodes(50), nil, 16)
			var f *driver.Failure
			if !errors.As(err, &f) || f.Reason != c.reason || k != c.k || len(answers) != c.k {
				t.Fatalf("k %d, %d answers, %v; want k %d, %s", k, len(answers), err, c.k, c.reason)
			}
			if cl.Restarts() != 1 || cl.GaveUp() != nil {
				t.Errorf("%d restarts, gave up: %v", cl.Restarts(), cl.GaveUp())
			}
			// The restarted implementation answers the next batch, as far
			// as its fault lets it.
			answers, k, _, _ = cl.Batch(decodes(c.k), nil, 16)
			if c.mode != "answer-twice" && k != c.k {
				t.Errorf("after the restart: %d of %d answered", k, c.k)
			}
		})
	}
}

// A process that has answered few requests is sent few: one more than it
// has answered, and one more with each answer (a slow start), so that
// little is written in vain to a process that crashes soon after it
// starts. This one crashes on its fourth request: at most 1, then 3,
// then 5, then 7 were written by the time it does, not the window's 16.
func TestBatchSlowStart(t *testing.T) {
	t.Parallel()
	c, err := driver.Dial(context.Background(), driver.Options{Command: fake("crash-4th")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, k, _, err := c.Batch(decodes(50), nil, 16)
	if k != 3 || err == nil || c.Written() < 4 || c.Written() > 7 {
		t.Errorf("%d answers, %v; %d requests written, want 4 to 7", k, err, c.Written())
	}
}

// An implementation that dies on every fifth request is restarted from
// spare processes, started and greeted ahead of need: every answer it
// gives is right, and none of its processes, spares included, outlives
// Close or the context's end.
func TestSpares(t *testing.T) {
	t.Parallel()
	for _, end := range []string{"close", "cancel"} {
		t.Run(end, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			c, err := driver.Dial(ctx, driver.Options{Command: fake("crash-every-5th", "QF_FAKE_DIR="+dir), MaxFailuresInARow: 3})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 20; i++ {
				reqs := decodes(5)
				answers, k, _, err := c.Batch(reqs, nil, 8)
				var f *driver.Failure
				if k != 4 || !errors.As(err, &f) || f.Reason != driver.ReasonCrash || c.GaveUp() != nil {
					t.Fatalf("batch %d: %d answered, %v, gave up: %v", i, k, err, c.GaveUp())
				}
				for j, a := range answers {
					if want := serve.Reference.Handle(reqs[j]); string(a.Value) != string(want.Value) {
						t.Fatalf("batch %d: answer %d is %s, want %s", i, j, a.Value, want.Value)
					}
				}
			}
			if c.Restarts() != 20 {
				t.Errorf("%d restarts, want 20", c.Restarts())
			}
			if end == "close" {
				c.Close()
			} else {
				cancel()
				if _, _, err := c.Call(decodes(1)[0]); err == nil {
					t.Error("a call after the context's end was answered")
				}
			}
			// The 21 processes that served, and the spares that got going.
			servetest.NoSurvivors(t, dir, 21)
		})
	}
}

// Ids are compared as JSON values: an implementation that echoes 7 as
// 7.0e0 is in step.
func TestIDsAsValues(t *testing.T) {
	t.Parallel()
	c, err := driver.Dial(context.Background(), driver.Options{Command: fake("float-ids")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, k, _, err := c.Batch(decodes(20), nil, 8); k != 20 || err != nil {
		t.Errorf("%d answered, %v", k, err)
	}
	if _, _, err := c.Call(decodes(1)[0]); err != nil {
		t.Error(err)
	}
}

// A process that gives no answer in time and exits a moment later, as a
// panic printing its stack does, crashed: its failure is a crash with its
// exit status, not a timeout; one that gives no answer and lives on timed
// out. The moment grows with the timeout (TestCrashGrace).
func TestSlowCrashIsACrash(t *testing.T) {
	t.Parallel()
	timeout := measure.Allowance(200 * time.Millisecond)
	delay := "QF_FAKE_DELAY=" + (timeout + 50*time.Millisecond).String()
	for _, c := range []struct {
		mode   string
		reason driver.Reason
	}{{"slow-crash-3rd", driver.ReasonCrash}, {"hang-5th", driver.ReasonTimeout}} {
		cl, err := driver.Dial(context.Background(), driver.Options{Command: fake(c.mode, delay), Timeout: timeout})
		if err != nil {
			t.Fatal(err)
		}
		var f *driver.Failure
		for i := 0; i < 5 && f == nil; i++ {
			code := "QA"
			_, _, err := cl.Call(&protocol.Request{Op: protocol.Decode, Code: &code})
			errors.As(err, &f)
		}
		if f == nil || f.Reason != c.reason || c.reason == driver.ReasonCrash && !strings.Contains(f.Detail, "status 3") {
			t.Errorf("%s: %v, want a failure of reason %s", c.mode, f, c.reason)
		}
		cl.Close()
	}
}

// How long after the timeout a process that gave no answer may exit and
// still have crashed: a quarter of the timeout, half a second at least,
// so that a longer timeout, given on a loaded machine, allows a slow
// crash longer too; 2 s at most, which a hang costs beside its timeout.
func TestCrashGrace(t *testing.T) {
	for _, c := range []struct{ timeout, want time.Duration }{
		{200 * time.Millisecond, 500 * time.Millisecond},
		{2 * time.Second, 500 * time.Millisecond},
		{2800 * time.Millisecond, 700 * time.Millisecond},
		{6 * time.Second, 1500 * time.Millisecond},
		{time.Minute, 2 * time.Second},
	} {
		if got := driver.CrashGrace(c.timeout); got != c.want {
			t.Errorf("after a timeout of %v: %v, want %v", c.timeout, got, c.want)
		}
	}
}

// The wait for an answer is the timeout, with crashGrace after it, until
// HangsBeforeShorter requests of its op got no answer within it; then a
// shorter one, SlowerThanSeen times the slowest answer seen, a tenth of
// the timeout at least, with a quarter of it after it, and a reason that
// says so. Requests of other ops are not concerned, and a shorter wait
// that runs out does not count as a hang.
func TestWaitAfterHangs(t *testing.T) {
	const timeout = 2 * time.Second
	enc, dec := protocol.Encode, protocol.Decode
	three := []protocol.Op{enc, dec, enc, enc}
	for _, c := range []struct {
		slowest     time.Duration
		op          protocol.Op
		hung        []protocol.Op
		wait, grace time.Duration
	}{
		{0, enc, nil, timeout, driver.CrashGrace(timeout)},
		{0, enc, []protocol.Op{enc, enc, dec}, timeout, driver.CrashGrace(timeout)},
		{0, enc, three, 200 * time.Millisecond, 50 * time.Millisecond},
		{0, dec, three, timeout, driver.CrashGrace(timeout)},
		{0, enc, append(three, enc, enc), 200 * time.Millisecond, 50 * time.Millisecond},  // the shorter waits that ran out are no hangs of the whole timeout
		{3 * time.Millisecond, enc, three, 200 * time.Millisecond, 50 * time.Millisecond}, // a tenth of the timeout at least
		{50 * time.Millisecond, enc, three, 500 * time.Millisecond, 125 * time.Millisecond},
		{73754 * time.Microsecond, enc, three, 738 * time.Millisecond, 184500 * time.Microsecond}, // rounded up to the millisecond
		{300 * time.Millisecond, enc, three, timeout, driver.CrashGrace(timeout)},                 // the timeout at most
	} {
		wait, grace, why := driver.WaitAfter(timeout, c.slowest, c.op, c.hung...)
		if wait != c.wait || grace != c.grace || (why != "") != (wait < timeout) {
			t.Errorf("%s after hangs of %s, the slowest answer %v: a wait of %v, grace %v (%q); want %v, grace %v",
				c.op, c.hung, c.slowest, wait, grace, why, c.wait, c.grace)
		}
		if why != "" && !strings.Contains(why, fmt.Sprintf("given once %d %s requests got no answer within it", driver.HangsBeforeShorter, c.op)) {
			t.Errorf("why: %q", why)
		}
	}
}

// The grace after a timeout is crashGrace's, in Receive: with its least
// made small, a process that exits within a quarter of the timeout after
// it crashed, and one that exits later timed out, however soon after (a
// fixed half second would call it a crash). The test runs alone, the
// least being shared. The crash comes a sixteenth of the timeout after
// it, three sixteenths inside the grace: room for a stalled machine
// (an eighth failed once at a load of 20).
func TestCrashGraceUsed(t *testing.T) {
	defer driver.SetMinCrashGrace(10 * time.Millisecond)()
	timeout := measure.Allowance(600 * time.Millisecond)
	for _, c := range []struct {
		late time.Duration // from the timeout to the exit
		want driver.Reason
	}{
		{timeout / 16, driver.ReasonCrash},
		{timeout/4 + 200*time.Millisecond, driver.ReasonTimeout},
	} {
		cl, err := driver.Dial(context.Background(), driver.Options{Command: fake("slow-crash-3rd", "QF_FAKE_DELAY="+(timeout+c.late).String()), Timeout: timeout})
		if err != nil {
			t.Fatal(err)
		}
		var f *driver.Failure
		for i := 0; i < 5 && f == nil; i++ {
			code := "QA"
			_, _, err := cl.Call(&protocol.Request{Op: protocol.Decode, Code: &code})
			errors.As(err, &f)
		}
		if f == nil || f.Reason != c.want {
			t.Errorf("an exit %v after a timeout of %v: %v, want %s", c.late, timeout, f, c.want)
		}
		cl.Close()
	}
}

// A client that persists restarts an implementation that fails to answer
// however many times in a row; it gives up only when restarts fail: one
// that crashes on every request is still asked, one that cannot start
// again ends the run.
func TestPersist(t *testing.T) {
	t.Parallel()
	c, err := driver.Dial(context.Background(), driver.Options{Command: fake("always-crash"), Persist: true, MaxFailuresInARow: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 12; i++ {
		if _, _, err := c.Call(decodes(1)[0]); err == nil || c.GaveUp() != nil {
			t.Fatalf("call %d: %v, gave up: %v", i, err, c.GaveUp())
		}
	}
	if c.Restarts() != 12 {
		t.Errorf("%d restarts, want 12", c.Restarts())
	}
	c.Close()

	c, err = driver.Dial(context.Background(), driver.Options{Command: fake("starts-once", "QF_FAKE_DIR="+t.TempDir()), Persist: true, MaxFailuresInARow: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Batch(decodes(5), nil, 8)
	if err := c.GaveUp(); err == nil || !strings.Contains(err.Error(), "failed 3 times in a row; the last time: no hello after a restart") {
		t.Errorf("gave up: %v", err)
	}
}

// A restarted process's hello is checked as the first's was, a spare's
// too: one that answers hello with an error, where the first answered
// it, is no hello, however like the first's its line begins.
func TestRestartHelloChecked(t *testing.T) {
	t.Parallel()
	c, err := driver.Dial(context.Background(), driver.Options{Command: fake("hello-error-after-first", "QF_FAKE_DIR="+t.TempDir()), Persist: true, MaxFailuresInARow: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Batch(decodes(5), nil, 8)
	if err := c.GaveUp(); err == nil || !strings.Contains(err.Error(), "failed 5 times in a row; the last time: no hello after a restart") || !strings.Contains(err.Error(), "error") {
		t.Errorf("gave up: %v", err)
	}
}

// Alone asks a request as the first of a fresh process: the current one
// while it has answered nothing, else a new one in its place, without a
// restart counted; an implementation that crashes on its fourth request
// is never asked a fourth.
func TestAlone(t *testing.T) {
	t.Parallel()
	c, err := driver.Dial(context.Background(), driver.Options{Command: fake("crash-4th", "QF_FAKE_DIR="+t.TempDir())})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	pid := c.PID()
	if _, _, err := c.Alone(decodes(1)[0]); err != nil || c.PID() != pid || c.Fresh() != 0 || c.Answered() != 1 {
		t.Fatalf("the first request: %v; pid %d (was %d), %d fresh, %d answered", err, c.PID(), pid, c.Fresh(), c.Answered())
	}
	for i := 0; i < 10; i++ {
		c.Call(decodes(1)[0])
		c.Call(decodes(1)[0])
		if _, _, err := c.Alone(decodes(1)[0]); err != nil || c.Answered() != 1 {
			t.Fatalf("alone %d: %v, %d answered", i, err, c.Answered())
		}
	}
	if c.Fresh() != 10 || c.Restarts() != 0 {
		t.Errorf("%d fresh processes, %d restarts; want 10 and 0", c.Fresh(), c.Restarts())
	}
}

// The part of an answer after its id is kept only when the id is written
// as it was sent: then another line that is the same after its own id is
// the same answer.
func TestAnswerTail(t *testing.T) {
	for _, c := range []struct{ line, id, want string }{
		{`{"id":7,"name":"x"}`, "7", `,"name":"x"}`},
		{`{"id":7}`, "7", `}`},
		{`{"id":7.0,"name":"x"}`, "7", ""},
		{`{"id":70,"name":"x"}`, "7", ""},
		{`{"id": 7,"name":"x"}`, "7", ""},
		{`{"name":"x","id":7}`, "7", ""},
		{`{"id":7`, "7", ""},
	} {
		got := driver.AnswerTail([]byte(c.line), c.id)
		if string(got) != c.want || (got == nil) != (c.want == "") {
			t.Errorf("answerTail(%s, %s) = %q, want %q", c.line, c.id, got, c.want)
		}
	}
}

// Line sends a line as it is, its id the caller's, and returns the line
// that answers it unparsed; a crash is a *Failure, after which the
// implementation has been restarted and answers the next line.
func TestLine(t *testing.T) {
	t.Parallel()
	c, err := driver.Dial(context.Background(), driver.Options{Command: fake("crash-4th", "QF_FAKE_DIR="+t.TempDir())})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for i := 1; i <= 3; i++ {
		got, err := c.Line([]byte(`{"id":"own","op":"decode","code":"QA"}`))
		if err != nil || !strings.HasPrefix(string(got), `{"id":"own",`) {
			t.Fatalf("line %d: %q, %v", i, got, err)
		}
	}
	var f *driver.Failure
	if _, err := c.Line([]byte(`{"id":4,"op":"decode","code":"QA"}`)); !errors.As(err, &f) || f.Reason != driver.ReasonCrash {
		t.Fatalf("the fourth line: %v; want a crash", err)
	}
	if got, err := c.Line([]byte(`{"id":[5],"op":"decode","code":"QA"}`)); err != nil || !strings.HasPrefix(string(got), `{"id":[5],`) || c.Restarts() != 1 {
		t.Errorf("after the crash: %q, %v, %d restarts", got, err, c.Restarts())
	}
}
