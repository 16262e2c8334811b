package faults

import (
	"regexp"
	"slices"
	"testing"

	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

var slug = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Every fault has a unique slug, a way to be found, a model that does
// something (knobs set), and what its kind needs: a fault of the layout
// its fields, one of the rules its rule; the others neither.
func TestCatalogueIsWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range Catalogue {
		if !slug.MatchString(f.Name) || seen[f.Name] {
			t.Errorf("fault %q: not a slug, or twice", f.Name)
		}
		seen[f.Name] = true
		if g, ok := Named(f.Name); !ok || g != f {
			t.Errorf("Named(%q) = %v, %v", f.Name, g, ok)
		}
		for _, flag := range f.Flags {
			if _, ok := vectors.Notes[flag]; !ok {
				t.Errorf("fault %s: flag %s has no note", f.Name, flag)
			}
		}
		if f.knobs == (knobs{}) {
			t.Errorf("fault %s has no model: no knob set", f.Name)
		}
		if !f.Kind.Modelled() {
			t.Errorf("fault %s: kind %q", f.Name, f.Kind)
		}
		if (f.Kind == Layout) != (len(f.Fields) > 0) || (f.Kind == Rule) != (f.Rule != "") {
			t.Errorf("fault %s (%s): fields %v, rule %q", f.Name, f.Kind, f.Fields, f.Rule)
		}
		for _, field := range f.Fields {
			if _, ok := spec.FieldOf(field.Path(0)); !ok {
				t.Errorf("fault %s: field %s is not of the layout", f.Name, field.Name)
			}
		}
	}
	if _, ok := Named("no-such-fault"); ok {
		t.Error(`Named("no-such-fault") found one`)
	}
	padding := 0
	for _, f := range Catalogue {
		if slices.Contains(f.Flags, "FaultPadding") {
			padding++
		}
	}
	if padding != 2 {
		t.Errorf("FaultPadding flags %d faults, want the two profiles' faults", padding)
	}
}

func TestCompatible(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"junk-as-zeros", "zero-fill", true},
		{"one-error-kind", "no-positions", true},
		{"state-rejected", "crash-on-empty-input", true},
		{"square-max-79", "square-max-81", false}, // one range check of the squares
		{"no-range-checks", "wall-count-max-9", false},
		{"junk-as-zeros", "junk-as-zeros", true},
	} {
		a, _ := Named(c.a)
		b, _ := Named(c.b)
		if got, back := Compatible(a, b), Compatible(b, a); got != c.want || back != got {
			t.Errorf("Compatible(%s, %s) = %v, reversed %v, want %v", c.a, c.b, got, back, c.want)
		}
	}
}
