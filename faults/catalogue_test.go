package faults

import (
	"regexp"
	"slices"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

var slug = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Every fault has a unique slug, a way to be found and, when it is named
// by where it goes wrong, loci the diagnosis can name: fields of the
// layout, kinds of decoding error, or kinds of rule broken.
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
			if !slices.Contains(OfFlag(flag), f) {
				t.Errorf("OfFlag(%q) leaves out %s", flag, f.Name)
			}
		}
		if f.set == nil {
			t.Errorf("fault %s has no model", f.Name)
		}
		switch f.Group {
		case Known:
			if len(f.Locus) > 0 {
				t.Errorf("known fault %s has loci %v: it is named by its model", f.Name, f.Locus)
			}
		case Structural, Rules, Reporting:
			if len(f.Locus) == 0 {
				t.Errorf("fault %s (group %d) has no locus", f.Name, f.Group)
			}
		}
		for _, l := range f.Locus {
			if !isLocus(f.Group, l) {
				t.Errorf("fault %s: locus %q names no field, error kind or rule", f.Name, l)
			}
		}
	}
	if _, ok := Named("no-such-fault"); ok {
		t.Error(`Named("no-such-fault") found one`)
	}
	if fs := OfFlag("FaultPadding"); len(fs) != 2 {
		t.Errorf("OfFlag(FaultPadding) = %d faults, want the two profiles' faults", len(fs))
	}
}

func isLocus(g Group, l string) bool {
	switch g {
	case Reporting:
		return l != ""
	case Rules:
		return slices.Contains([]rules.Rule{rules.GameOver, rules.OffBoard, rules.WallBlocksMove, rules.JumpBlocked,
			rules.IllegalDiagonal, rules.NoWallsLeft, rules.WallsConflict, rules.NoPath}, rules.Rule(l))
	}
	if _, ok := spec.FieldOf(l); ok {
		return true
	}
	return slices.Contains([]ref.ErrorKind{ref.ErrInvalidCharacter, ref.ErrTruncated, ref.ErrOutOfRange,
		ref.ErrTrailingData, ref.ErrNonzeroPadding}, ref.ErrorKind(l))
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
