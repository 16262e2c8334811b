package generative

import (
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/serve/servetest"
)

// An adapter in C that cut unknown keys to 250 bytes and kept error
// paths in a 512-byte buffer (the fake c-buffers) passed every vector and
// every case drawn when no name drawn was longer than 12 bytes. Long
// names are drawn now, a bounded share of the cases, and a run of 20,000
// cases, far fewer than a default run's (60 s, over a million against a
// quick implementation), finds it; its example shrinks to a name just
// long enough to be cut.
func TestLongNamesFound(t *testing.T) {
	t.Parallel()
	rep := mustRun(t, Options{Options: driver.Options{Command: servetest.Command("QF_FAKE=c-buffers")}, N: 20000, Seed: 1})
	var b strings.Builder
	rep.WriteText(&b, true)
	if len(rep.Causes) == 0 {
		t.Fatalf("c-buffers not found:\n%s", b.String())
	}
	for _, f := range rep.Findings() {
		input := inputOf(f.Result.Test)
		if !f.Repeatable || len(input) > 400 {
			t.Errorf("an example not repeatable, or not shrunk near 250 bytes (%d bytes, from %d):\n%s", len(input), len(f.Original), b.String())
			break
		}
	}
}
