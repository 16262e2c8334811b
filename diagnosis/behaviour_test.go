package diagnosis_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults/faultstest"
)

// A lenient decoder that refuses valid codes is sent to section Lenient
// decoding, not to the layout or Strict decoding, which do not decide
// them.
func TestRefusedLenientCodes(t *testing.T) {
	h := faultstest.RefusesLateJunk
	obs := observe(t, h)
	causes := diagnosis.Diagnose(obs, askerOf(h)).Causes
	check(t, "refuses-late-junk", nil, nil, obs, causes)
	i := slices.IndexFunc(causes, func(c diagnosis.Cause) bool { return strings.HasPrefix(c.Name, "decoding refuses") })
	if i < 0 {
		t.Fatalf("no cause of valid codes refused: %s", summary(causes))
	}
	c := causes[i]
	if !slices.Equal(c.Refs, []string{"Lenient decoding"}) || !strings.Contains(c.Fix, "Lenient decoding") || strings.Contains(c.Fix, "layout") {
		t.Errorf("cause %q: refs %q, fix %q; want Lenient decoding alone", c.Name, c.Refs, c.Fix)
	}
}
