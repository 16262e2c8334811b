package generative

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// The time budget. Options.Duration is the whole run's: drawing and
// asking cases, then diagnosing the disagreements kept, shrinking their
// examples and asking each again alone. The drawing stops at drawShare
// of it once there is a disagreement to diagnose (at once, when the first
// comes later; at the whole of it while there is none); the diagnosis and the causes' examples have the
// rest, each cause an even share of what is left as its turn comes. Each
// stage stops once its time has come: nothing is asked after the run's
// deadline, and a diagnosis still working then is left unread. What can
// pass the deadline is what was under way as it came: requests in flight
// (each bounded by the driver's timeouts) and ending the implementation.

// drawShare is the part of Options.Duration that the drawing may take
// once a disagreement is found, in quarters.
const drawShare = 3

// A clock tells a run's time and waits on it: realClock, or a test's.
type clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// errOutOfTime is what a diagnosis is told of a request it would ask once
// its time has come.
var errOutOfTime = errors.New("generative: -duration ran out: not asked")

// setBudget sets the run's deadline and the drawing's, none without a
// Duration.
func (f *fuzzer) setBudget() {
	if d := f.opts.Duration; d > 0 {
		f.deadline = f.began.Add(d)
		f.drawEnd = f.began.Add(d / 4 * drawShare)
	}
}

// past reports whether t, a stage's end, has come; never for a zero t.
func (f *fuzzer) past(t time.Time) bool {
	return !t.IsZero() && !f.clock.Now().Before(t)
}

// since returns the time since the run began, by the run's clock.
func (f *fuzzer) since() time.Duration { return f.clock.Now().Sub(f.began) }

// share returns the end of the time of the k-th of n causes' examples:
// an even share of what is left of the run, zero when there is no
// deadline.
func (f *fuzzer) share(k, n int) time.Time {
	if f.deadline.IsZero() {
		return time.Time{}
	}
	now := f.clock.Now()
	return now.Add(f.deadline.Sub(now) / time.Duration(n-k))
}

// diagnose diagnoses results, the diagnosis asking the implementation
// requests of its own while until (zero for never) has not come, and
// returns the diagnosis; or nil when until came first. A diagnosis left so
// asks nothing more, and the goroutine it runs on ends with its work,
// unread. what names it on the progress line.
func (f *fuzzer) diagnose(ctx context.Context, results []*suite.Result, until time.Time, what string) *diagnosis.Diagnosis {
	ask := f.asker(ctx)
	var mu sync.Mutex // held while asking; closed, once the diagnosis is left
	closed, asked := false, 0
	gated := func(req *protocol.Request) (*protocol.Response, error) {
		mu.Lock()
		defer mu.Unlock()
		if closed || f.past(until) {
			return nil, errOutOfTime
		}
		asked++
		f.show("%s: %d %s of its own asked", what, asked, term.Plural(asked, "request"))
		return ask(req)
	}
	f.showNow("%s", what)
	if until.IsZero() {
		return f.diagnoseFunc(results, gated)
	}
	done := make(chan *diagnosis.Diagnosis, 1)
	go func() { done <- f.diagnoseFunc(results, gated) }()
	select {
	case x := <-done:
		return x
	case <-f.clock.After(until.Sub(f.clock.Now())):
	}
	mu.Lock()
	closed = true
	mu.Unlock()
	select {
	case x := <-done:
		return x
	default:
		return nil
	}
}

// show writes a line of progress, at most ten a second, with the time
// the run has left when it has a deadline.
func (f *fuzzer) show(format string, args ...any) {
	if f.conn.Progress != nil {
		f.conn.Progress.Show("%s", f.progressLine(format, args))
	}
}

// showNow writes a line of progress at once: a stage begins.
func (f *fuzzer) showNow(format string, args ...any) {
	if f.conn.Progress != nil {
		f.conn.Progress.ShowNow("%s", f.progressLine(format, args))
	}
}

func (f *fuzzer) progressLine(format string, args []any) string {
	s := fmt.Sprintf(format, args...)
	if !f.deadline.IsZero() {
		s += fmt.Sprintf("; %.0f s left", max(0, f.deadline.Sub(f.clock.Now()).Seconds()))
	}
	return s
}
