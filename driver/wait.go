package driver

import (
	"fmt"
	"time"

	"github.com/qf-format/qf-conformance/protocol"
)

// Waits after hangs. An implementation that hangs on every request of
// some kind (every encode, say) would cost the timeout, the crash grace
// and a restart for each: 2.5 s at the defaults, many minutes for a few
// hundred requests. So once HangsBeforeShorter requests of one op have
// got no answer within the whole timeout, each in a process of its own,
// the later requests of that op are given a shorter wait: SlowerThanSeen
// times the slowest answer the client has seen, the timeout over
// LeastShare at least, the timeout at most; and then a quarter of that
// wait for the process to exit, rather than the crash grace. An
// implementation that answers slowly has its answers seen, and its wait
// grows with them: what it has shown is the measure, not the machine qf
// runs on. A failure after a shorter wait says the wait it was given and
// why (Failure.Detail).
const (
	// HangsBeforeShorter is how many requests of one op get no answer
	// within the whole timeout before later ones get a shorter wait.
	HangsBeforeShorter = 3
	// SlowerThanSeen is the shorter wait over the slowest answer seen.
	SlowerThanSeen = 10
	// LeastShare is the timeout over the least shorter wait.
	LeastShare = 10
)

// A waits chooses how long a Client waits for each answer, from what it
// has seen of the implementation: the slowest answer, and the requests
// of each op that got no answer within the whole timeout.
type waits struct {
	timeout time.Duration
	slowest time.Duration       // the longest wait for an answer that came
	hangs   map[protocol.Op]int // requests that got no answer within timeout, by op
}

// A wait is how long to wait for an answer to a request of op: d, then
// grace for the process to exit (a crash that takes its time, not a
// hang); shorter says why d is shorter than the timeout, or is "".
type wait struct {
	op      protocol.Op
	d       time.Duration
	grace   time.Duration
	shorter string
}

// whole returns the wait of d, the whole of a timeout, for any request.
func whole(d time.Duration) wait { return wait{d: d, grace: crashGrace(d)} }

// of returns the wait for an answer to a request of op.
func (w *waits) of(op protocol.Op) wait {
	n := w.hangs[op]
	d := shorterWait(w.timeout, w.slowest)
	if n < HangsBeforeShorter || d >= w.timeout {
		wt := whole(w.timeout)
		wt.op = op
		return wt
	}
	measure := fmt.Sprintf("%d times the slowest answer seen, %v, and %v at least", SlowerThanSeen, w.slowest.Round(time.Microsecond), w.timeout/LeastShare)
	if w.slowest == 0 {
		measure = fmt.Sprintf("the least such wait, the timeout over %d, no answer having been seen to scale it by", LeastShare)
	}
	return wait{op: op, d: d, grace: d / 4, shorter: fmt.Sprintf("a wait shorter than the timeout, %v, given once %d %s got no answer within it, each in a process of its own: %s",
		w.timeout, n, opName(op), measure)}
}

// shorterWait is the wait for an answer to a request of an op that has
// hung HangsBeforeShorter times: SlowerThanSeen times slowest, the
// slowest answer seen, timeout/LeastShare at least and timeout at most,
// rounded up to the millisecond.
func shorterWait(timeout, slowest time.Duration) time.Duration {
	d := max(timeout/LeastShare, SlowerThanSeen*slowest)
	if d > time.Millisecond {
		d = (d + time.Millisecond - 1).Truncate(time.Millisecond) // rounded up, to be read
	}
	return min(timeout, d)
}

// answered notes an answer that came after a wait of d.
func (w *waits) answered(d time.Duration) { w.slowest = max(w.slowest, d) }

// timedOut notes that a request got no answer within wt.
func (w *waits) timedOut(wt wait) {
	if wt.shorter != "" {
		return
	}
	if w.hangs == nil {
		w.hangs = map[protocol.Op]int{}
	}
	w.hangs[wt.op]++
}

// explain adds to err, when it is a timeout after a shorter wait, why the
// wait was shorter.
func (wt wait) explain(err error) error {
	if f, ok := err.(*Failure); ok && f.Reason == ReasonTimeout && wt.shorter != "" {
		f.Detail += " (" + wt.shorter + ")"
	}
	return err
}

// opName names the requests of op in words: the lines of Client.Line
// have no op.
func opName(op protocol.Op) string {
	if op == "" {
		return "lines sent as they are"
	}
	return string(op) + " requests"
}
