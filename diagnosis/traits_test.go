package diagnosis

import (
	"slices"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
)

// unknownKey tells an unknown key from a known one, whether the path
// writes it after a dot or in brackets (a key that needs escaping), and
// whether its object is inside the value.
func TestUnknownKey(t *testing.T) {
	for _, c := range []struct {
		path         string
		inside, isIt bool
	}{
		{"state.walls.white.V", true, true},
		{"state.walls.white.v", false, false},
		{"Record", false, true},
		{"record", false, false},
		{"record.moves[0].Kind", true, true},
		{"record.moves[0].kind", false, false},
		{`record.moves[0]["ü"]`, true, true},
		{`state["\u0000"]`, true, true},
		{`["<&>"]`, false, true},
		{`["😀"]`, false, true},
		{"record.moves[0]", false, false},
		{"state.white", false, false},
		{"", false, false},
	} {
		if inside, ok := unknownKey(c.path); inside != c.inside || ok != c.isIt {
			t.Errorf("unknownKey(%q) = %v, %v, want %v, %v", c.path, inside, ok, c.inside, c.isIt)
		}
	}
}

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
