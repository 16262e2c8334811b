package term

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// A Progress writes a line of progress to a terminal, rewriting it in
// place at most ten times a second. A nil *Progress writes nothing. It is
// safe for concurrent use.
type Progress struct {
	mu   sync.Mutex
	w    io.Writer
	last time.Time
}

// NewProgress returns a Progress writing to w, or nil when w is nil.
func NewProgress(w io.Writer) *Progress {
	if w == nil {
		return nil
	}
	return &Progress{w: w}
}

// Show writes the line, unless one was written less than 100 ms ago.
func (p *Progress) Show(format string, args ...any) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if now := time.Now(); now.Sub(p.last) >= 100*time.Millisecond {
		p.last = now
		fmt.Fprintf(p.w, "\r\033[K"+format, args...)
	}
}

// ShowNow writes the line at once, however recent the last: a new stage
// of the work begins.
func (p *Progress) ShowNow(format string, args ...any) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last = time.Now()
	fmt.Fprintf(p.w, "\r\033[K"+format, args...)
}

// Clear clears the line.
func (p *Progress) Clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r\033[K")
}
