package diagnosis

import (
	"slices"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
)

// Where a code ends is a trait of the code as given: a code the strict
// decoder refuses for its padding bits ends as one it decodes.
func TestCodeTraitsWhereTheCodeEnds(t *testing.T) {
	const holdsAOne = "whose last character holds padding bits and a 1"
	for _, c := range []struct {
		code string
		p    ref.Profile
		want string
		not  string
	}{
		{"QBE", ref.Strict, holdsAOne, ""},
		{"B", ref.Strict, holdsAOne, ""},   // nonzero padding bits: refused strictly
		{"QBF", ref.Strict, holdsAOne, ""}, // a 1 before them and in them
		{"D", ref.Lenient, holdsAOne, ""},
		{"QBA", ref.Strict, "whose last character holds padding bits", holdsAOne},
		{"A", ref.Strict, "whose last character holds padding bits", holdsAOne},
		{"AA", ref.Strict, "with characters after its last field's", holdsAOne},
		{"j7oklAHMe1ICg", ref.Strict, "whose last character holds padding bits", ""},
	} {
		got := codeTraits(c.code, c.p)
		if !slices.Contains(got, c.want) {
			t.Errorf("codeTraits(%q, %s) = %q, want %q among them", c.code, c.p, got, c.want)
		}
		if c.not != "" && slices.Contains(got, c.not) {
			t.Errorf("codeTraits(%q, %s) = %q, want no %q", c.code, c.p, got, c.not)
		}
	}
}
