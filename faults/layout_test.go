package faults

import (
	"testing"
)

// Each deviation of the layout changes some vector's answer, on the side
// it is had on and no other, under a name of its own; and the deviations
// that are faults of the catalogue too answer every vector as those do.
func TestDeviations(t *testing.T) {
	reqs := vectorRequests(t)
	none := Model()
	names := map[string]bool{}
	for _, f := range allDeviations() {
		if names[f.Name] || f.Name == "" || f.What == "" || f.Fix == "" || len(f.Fields) == 0 || f.Kind != Layout {
			t.Errorf("deviation %q: want a name of its own, words, a fix, a field and the kind Layout", f.Name)
		}
		names[f.Name] = true
		m := Model(f)
		changed := map[string]bool{}
		for _, req := range reqs {
			if answerOf(m, req) != answerOf(none, req) {
				changed[string(req.Op)] = true
			}
		}
		dec, enc := f.knobs.DecodeLayout != layout{}, f.knobs.EncodeLayout != layout{}
		if dec && !changed["decode"] || enc && !changed["encode"] || !enc && changed["encode"] || !dec && changed["decode"] {
			t.Errorf("%s: changes the answers of %v", f.Name, changed)
		}
	}
	for dev, cat := range catalogued {
		f, g := deviationNamed(t, dev), mustNamed(t, cat)
		for _, req := range reqs {
			if a, b := answerOf(Model(f), req), answerOf(Model(g), req); a != b {
				t.Errorf("%s and %s answer %v otherwise: %s, %s", dev, cat, req, a, b)
				break
			}
		}
	}
}

func deviationNamed(t *testing.T, name string) *Fault {
	for _, f := range allDeviations() {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no deviation %s", name)
	return nil
}

func mustNamed(t *testing.T, name string) *Fault {
	f, ok := Named(name)
	if !ok {
		t.Fatalf("no fault %s", name)
	}
	return f
}
