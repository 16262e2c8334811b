package diagnosis

import (
	"testing"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/spec"
)

// TestSetHoldsTheCatalogue: a set has a bit for every fault of the
// catalogue, and two sets are equal exactly when they hold the same
// faults.
func TestSetHoldsTheCatalogue(t *testing.T) {
	if n, max := len(faults.Catalogue), 64*len(set{}); n > max {
		t.Fatalf("the catalogue has %d faults; a set holds %d: widen set", n, max)
	}
	all := setOf(faults.Catalogue)
	seen := map[set]bool{}
	for _, f := range faults.Catalogue {
		one := setOf([]*faults.Fault{f})
		if seen[one] || one == (set{}) {
			t.Fatalf("%s: its set is another's, or empty", f.Name)
		}
		seen[one] = true
		for i := range one {
			if one[i]&^all[i] != 0 {
				t.Fatalf("%s: not in the set of all", f.Name)
			}
		}
	}
}

// TestSameVerdict: answers decide alike when both crash, both refuse, or
// both answer the same result; an answer that tells nothing decides
// nothing.
func TestSameVerdict(t *testing.T) {
	result := func(r string) answer { a := answer{told: true, result: r}; a.sum = hashOf(r); return a }
	refused := answer{told: true, err: &spec.ErrorObject{Kind: "truncated"}}
	refusedOtherwise := answer{told: true, err: &spec.ErrorObject{Kind: "out_of_range"}}
	crash, none := answer{crash: true}, answer{}
	for _, c := range []struct {
		a, b answer
		want bool
	}{
		{crash, crash, true}, {crash, refused, false}, {refused, crash, false},
		{refused, refusedOtherwise, true}, {refused, result("code A"), false},
		{result("code A"), result("code A"), true}, {result("code A"), result("code B"), false},
		{none, none, false}, {none, refused, false}, {result("code A"), none, false},
	} {
		if got := sameVerdict(c.a, c.b); got != c.want || got != (c.a.verdict() != "" && c.a.verdict() == c.b.verdict()) {
			t.Errorf("sameVerdict(%q, %q) = %v, want %v", c.a.verdict(), c.b.verdict(), got, c.want)
		}
	}
}

// TestAppendSquares: a replay's squares are written as json.Marshal
// writes them.
func TestAppendSquares(t *testing.T) {
	for _, list := range [][][2]int{nil, {}, {{4, 76}}, {{4, 76}, {13, -1}, {80, 1 << 40}}} {
		if got, want := string(appendSquares(nil, list)), string(mustJSON(list)); got != want {
			t.Errorf("appendSquares(%v) = %s, want %s", list, got, want)
		}
	}
}
