package driver

import (
	"time"

	"github.com/qf-format/qf-conformance/protocol"
)

// Spares is how many spare processes a Client keeps, for the benchmark's
// baseline of none.
var Spares = &spares

// Written returns how many requests Batch has written.
func (c *Client) Written() int { return c.written }

// AnswerTail is answerTail, for its test.
var AnswerTail = answerTail

// CrashGrace is crashGrace, for its test.
var CrashGrace = crashGrace

// SetMinCrashGrace sets crashGrace's least to d and returns a function
// that sets it back. Only a test that runs alone (no t.Parallel) may call
// it.
func SetMinCrashGrace(d time.Duration) (restore func()) {
	old := minCrashGrace
	minCrashGrace = d
	return func() { minCrashGrace = old }
}

// PID returns the current process's id, 0 for a Handler.
func (c *Client) PID() int { return c.proc.PID() }

// PID returns the process's id, which is also its process group's, or 0
// for a Handler.
func (p *Process) PID() int {
	if p.cmd == nil {
		return 0
	}
	return p.cmd.Process.Pid
}

// WaitAfter returns the wait a Client gives a request of op after the
// requests of ops, in turn, got no answer within the wait each was given,
// the slowest answer seen having taken slowest: how long, the grace after
// it, and why it is shorter than timeout ("" when it is not).
func WaitAfter(timeout, slowest time.Duration, op protocol.Op, hung ...protocol.Op) (d, grace time.Duration, why string) {
	w := waits{timeout: timeout}
	w.answered(slowest)
	for _, h := range hung {
		w.timedOut(w.of(h))
	}
	wt := w.of(op)
	return wt.d, wt.grace, wt.shorter
}
