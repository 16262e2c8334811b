//go:build !linux

package driver

import "os"

// childPipe returns a pipe, r its reading end and w its writing end, of
// which this process keeps one, read or written with deadlines, and a
// child inherits the other; this process reads r when ours is true.
func childPipe(ours bool) (r, w *os.File, err error) { return os.Pipe() }

// outputPipe returns a pipe for a child's standard output: r, this
// process's end, and w, the child's.
func outputPipe() (r output, w *os.File, err error) { return childPipe(true) }

// outsidePoller reports whether o is read outside the runtime's poller:
// never here.
func outsidePoller(o output) bool { return false }
