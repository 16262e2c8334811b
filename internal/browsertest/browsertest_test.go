package browsertest

import (
	"context"
	"testing"
	"time"
)

// A browser's context ends before the test's deadline, leaving time for
// the cleanups, and has no budget of its own when the test has none.
func TestWithTestDeadline(t *testing.T) {
	ctx, cancel := withTestDeadline(context.Background(), t)
	defer cancel()
	got, ok := ctx.Deadline()
	want, hasDeadline := t.Deadline()
	switch {
	case !hasDeadline && ok:
		t.Errorf("no test deadline (-timeout 0), but the context ends at %v", got)
	case hasDeadline && !ok:
		t.Errorf("the test ends at %v, the context never", want)
	case hasDeadline && (!got.Before(want) || !got.After(time.Now())):
		t.Errorf("the context ends at %v, the test at %v: want between now and the test's end", got, want)
	}
}
