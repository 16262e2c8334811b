//go:build !linux

package driver

import "os"

// childPipe returns a pipe, r its reading end and w its writing end, of
// which this process keeps one, read or written with deadlines, and a
// child inherits the other; this process reads r when ours is true.
func childPipe(ours bool) (r, w *os.File, err error) { return os.Pipe() }
