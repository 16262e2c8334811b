package driver

import "time"

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
