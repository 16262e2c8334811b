package generative

import (
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest/outsider"
)

// A decoder that reads the last character's bits at its low end (the
// outsider's padding-low) answers every op otherwise on the codes whose
// last character holds padding bits and a 1: it refuses some (as
// truncated, at fields the spec never reaches), misreads others, replays
// other moves. qf fuzz names what those codes share, once for decoding
// and the replays that follow from it, and once for encoding.
func TestFuzzTracesCascades(t *testing.T) {
	t.Parallel()
	rep := mustRun(t, Options{Options: driver.Options{Handler: outsider.New("padding-low")}, N: 12000, Seed: 7})
	const trait = "last character holds padding bits and a 1"
	var traced, all int
	for _, c := range rep.Causes {
		all += c.Failed
		switch {
		case c.Kind.Family():
			t.Errorf("a fault of the catalogue it does not have: %s: %s (%d): %s", c.Name, c.Title, c.Failed, c.Evidence)
		case strings.HasSuffix(c.Name, trait):
			traced += c.Failed
		}
		t.Logf("%s: %s: %d", c.Name, c.Title, c.Failed)
	}
	// The rest are lenient codes whose last character is not their
	// fields' (characters after the last field's, or '='): misread, but
	// not of the trait.
	if 10*traced < 9*all {
		t.Errorf("%d of the %d disagreements diagnosed under a cause of inputs whose %s, want nine in ten", traced, all, trait)
	}
}
