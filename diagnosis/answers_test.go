package diagnosis

import (
	"encoding/json"
	"testing"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/rules"
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

// A violation taken as written already (written) is the one the slow
// way, read and written again, makes of it; and the violations the models
// write are taken so.
func TestWrittenViolations(t *testing.T) {
	for _, text := range []string{
		`null`, `{"move":0,"kind":"wall_blocks_move"}`, `{"move":12,"kind":"x"}`, `{"move":123456789,"kind":"a_b"}`,
		`{"move":012,"kind":"x"}`, `{"move":-1,"kind":"x"}`, `{"move":1.0,"kind":"x"}`, `{"kind":"x","move":1}`,
		`{"move":1,"kind":"X"}`, `{"move":1,"kind":""}`, `{"move":1234567890,"kind":"a"}`, `{"move":1 ,"kind":"a"}`,
		``, `nul`, `NULL`, `{"move":1,"kind":"a"}x`, `{"move":1,"kind":"a\"}`, `{"move":1,"kind":"a\u005f"}`,
		`{"move":1,"Kind":"a"}`, `{"move":1,"kind":"a","move":2}`, `{"move":99999999999999999999,"kind":"a"}`,
	} {
		var v *rules.Violation
		slow := []byte(text)
		if json.Unmarshal(slow, &v) == nil {
			slow = mustJSON(v)
		}
		if written([]byte(text)) && string(slow) != text {
			t.Errorf("%s taken as written, but written it is %s", text, slow)
		}
	}
	for _, kind := range []rules.Rule{rules.GameOver, rules.OffBoard, rules.WallBlocksMove, rules.JumpBlocked, rules.IllegalDiagonal, rules.NoWallsLeft, rules.WallsConflict, rules.NoPath} {
		for _, move := range []int{0, 7, 40} {
			b := mustJSON(&rules.Violation{Move: move, Kind: kind})
			if !written(b) {
				t.Errorf("%s: the models write it so, yet it is not taken as written", b)
			}
		}
	}
}
