// Package driver starts, talks to and ends the implementations that the
// conformance suite checks: programs that speak the protocol of
// spec/protocol.md on their standard input and output (Client, Process),
// handlers of package protocol served in this process the same way
// (StartHandler), and programs run once per input (RunOnce). It is the one
// place where implementations are started, restarted and ended, for
// `qf check` (package runner) and `qf fuzz`.
//
// Nothing an implementation does may hang the caller, exhaust its memory
// or outlive it:
//
//   - each program runs in its own process group, and is ended as a whole
//     (a polite SIGTERM, then SIGKILL after a short grace) and reaped, its
//     children and grandchildren with it, whatever else it started;
//   - every read and write has a deadline: the first answer of a process
//     gets the start-up allowance, every later one the answer timeout, or
//     a shorter wait once requests of its op have hung again and again
//     (HangsBeforeShorter);
//   - a response line is read into one reused buffer of at most
//     protocol.MaxLine bytes, and standard error is kept as a bounded tail;
//   - a Client says hello to every process it starts, restarts included,
//     restarts the implementation when it crashes, hangs or falls out of
//     step, and gives up after a number of failures in a row.
package driver

import (
	"fmt"
	"time"
)

// A Reason is why an implementation gave no usable answer.
type Reason string

// The reasons.
const (
	ReasonCrash    Reason = "crash"    // it exited or closed its output
	ReasonTimeout  Reason = "timeout"  // no answer in time, or its input not read
	ReasonProtocol Reason = "protocol" // an answer that breaks spec/protocol.md
)

// A Failure is why a request got no usable answer: a Reason and, in
// words, what happened. A Failure that ends Dial also has the tail of
// what the implementation wrote to its standard error, often what says
// why it failed.
type Failure struct {
	Reason Reason
	Detail string
	Stderr string
}

func (f *Failure) Error() string { return string(f.Reason) + ": " + f.Detail }

// A StartError is a command that could not be started at all.
type StartError struct{ Err error }

func (e *StartError) Error() string { return "cannot start the implementation: " + e.Err.Error() }
func (e *StartError) Unwrap() error { return e.Err }

// Defaults of Options.
const (
	DefaultStartTimeout      = 30 * time.Second
	DefaultTimeout           = 2 * time.Second
	DefaultExitTimeout       = 5 * time.Second
	DefaultMaxFailuresInARow = 10
)

// Limits of what is kept of an implementation's output.
const (
	// StderrLimit bounds the standard error kept between two calls of
	// Stderr: the last bytes, with a note of how many were dropped.
	StderrLimit = 4 << 10
	// grace is how long a process group has to end after SIGTERM before
	// SIGKILL.
	grace = 200 * time.Millisecond
)

func timeoutDetail(what string, d time.Duration) *Failure {
	return &Failure{Reason: ReasonTimeout, Detail: fmt.Sprintf("%s within %v", what, d)}
}
