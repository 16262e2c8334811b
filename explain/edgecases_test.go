package explain_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// The edge cases a code touches: its characters, its end, its value's
// corners, the rules its record meets.
func TestEdgeCases(t *testing.T) {
	for _, c := range []struct {
		input   string
		lenient bool
		want    []string // each among them
		not     []string
	}{
		{"gkwAAAAQ=", false, []string{"EC-1"}, []string{"EC-2", "EC-16"}},
		{"gkwAAAAQ=", true, []string{"EC-1", "EC-5", "EC-16", "EC-20"}, nil},
		{"B", false, []string{"EC-8"}, []string{"EC-9"}},
		{"B", true, []string{"EC-8", "EC-9", "EC-25"}, nil},
		{"QA", false, []string{"EC-10", "EC-18"}, []string{"EC-9"}},
		{"A", false, []string{"EC-9", "EC-25"}, nil},
		{"gkw AAAQ", false, []string{"EC-2"}, []string{"EC-1"}},
		{"gkw-AAAQ", false, []string{"EC-3"}, nil},
		{"gkwéAAAQ", false, []string{"EC-4"}, nil},
		{"gkwAAAA", false, []string{"EC-6"}, nil},
		{"gkwAAAAQA", false, []string{"EC-7"}, nil},
		{"gkwAAAAQA", true, []string{"EC-7", "EC-16"}, nil},
		{"qIAAAAAA", false, []string{"EC-11"}, nil},
		{"j7oklAHMe1ICg", false, []string{"EC-25"}, []string{"EC-21", "EC-19"}},
		{"QBQ", false, []string{"EC-21", "EC-24"}, nil},
		{strings.Repeat("A", 2000), true, []string{"EC-22", "EC-7", "EC-9"}, nil},
	} {
		p := ref.Strict
		if c.lenient {
			p = ref.Lenient
		}
		got := explain.Code(c.input, p).EdgeCases()
		for _, id := range c.want {
			if !slices.Contains(got, id) {
				t.Errorf("%q (%s): %v, want %s among them", c.input, p, got, id)
			}
		}
		for _, id := range c.not {
			if slices.Contains(got, id) {
				t.Errorf("%q (%s): %v, without %s", c.input, p, got, id)
			}
		}
		for _, id := range got {
			if spec.EdgeCaseText(id) == "" {
				t.Errorf("%q: %s is no edge case of spec/qf.md", c.input, id)
			}
		}
	}
}
