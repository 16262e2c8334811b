// Package faultstest is test support: deliberately faulty
// implementations ("mutants") that the suite must catch, each the model
// (package faults) of the faults it has: each fault of the catalogue
// alone, the fansite's own scripts, and the faults of four real public
// implementations together. Its tests run the whole vector suite against
// each mutant through the runner that `qf check` uses, and keep the table
// of mutants in CONTRIBUTING.md.
package faultstest

import (
	"slices"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
)

// A Mutant is a faulty implementation: the model of its faults.
type Mutant struct {
	Name   string // a slug, such as "junk-as-zeros"
	Faults []*faults.Fault
}

// Handler returns the mutant as a protocol handler.
func (m *Mutant) Handler() protocol.Handler { return Model(m.Faults...) }

// Model returns the model of the faults fs (faults.ModelReading) as a
// handler of the protocol.
func Model(fs ...*faults.Fault) protocol.Handler {
	r := faults.ModelReading(fs...)
	return handlerFunc(func(req *protocol.Request) *protocol.Response {
		var read faults.KnobSet
		return r.Answer(req, &read)
	})
}

// A handlerFunc is a function as a handler of the protocol.
type handlerFunc func(*protocol.Request) *protocol.Response

func (f handlerFunc) Handle(req *protocol.Request) *protocol.Response { return f(req) }

// Families lists the names of the catalogue's families, in its order.
func Families() []string {
	var out []string
	for _, f := range faults.Catalogue {
		if len(out) == 0 || out[len(out)-1] != f.Family {
			out = append(out, f.Family)
		}
	}
	return out
}

// Variants returns the faults of a family, in the catalogue's order.
func Variants(family string) []*faults.Fault {
	return slices.DeleteFunc(slices.Clone(faults.Catalogue), func(f *faults.Fault) bool { return f.Family != family })
}

// Catalogue lists a mutant of each fault of faults.Catalogue alone, then
// the fansite's scripts.
var Catalogue = func() []*Mutant {
	var ms []*Mutant
	for _, f := range faults.Catalogue {
		ms = append(ms, &Mutant{Name: f.Name, Faults: []*faults.Fault{f}})
	}
	return append(ms, Fansite)
}()

// Fansite has the faults of the fansite's own scripts (EC-5, EC-6, EC-24):
// one decoder, with no notion of profiles (trailing data and padding
// ignored in the strict profile too), characters outside the alphabet as
// six-bit holes, missing bits as zeros, no range checks, values masked
// when written, pawn moves as square arithmetic.
var Fansite = of("fansite-scripts", "junk-as-zeros", "zero-fill", "strict-read-leniently", "no-range-checks", "encoder-mask", "square-arithmetic")

// Realistic lists mutants with the faults of real public implementations
// together, as they were seen in late 2026, each wrapped in an adapter of
// the protocol: a TypeScript package, a Rust crate (records only; it
// panics on any code that ends inside a field), a Kotlin app, and the
// fansite's 2014 viewer.
var Realistic = []*Mutant{
	of("typescript", "junk-as-zeros", "trailing-ignored", "strict-accepts-equals", "mask-and-spill", "no-positions"),
	of("rust", "state-rejected", "crash-on-short-input", "neither-chunk-rejected", "lenient-rejects-equals", "square-arithmetic", "one-error-kind"),
	of("kotlin", "one-error-kind", "rules-applied", "walls-sorted", "walls-sorted-encoding", "player-from-parity", "extra-character", "empty-record-lost", "first-mover-from-parity"),
	of("kotlin-codec", "zero-fill", "trailing-ignored", "encoder-mask", "anchors-dropped", "last-move-wall-error", "place-after-pawn"),
	of("fansite-viewer", "junk-as-zeros", "zero-fill", "no-range-checks", "square-arithmetic"),
}

// Named returns the mutant of that name, of Catalogue or Realistic.
func Named(name string) (*Mutant, bool) {
	for _, m := range slices.Concat(Catalogue, Realistic) {
		if m.Name == name {
			return m, true
		}
	}
	return nil, false
}

// of returns the mutant of the faults named.
func of(name string, faultNames ...string) *Mutant {
	m := &Mutant{Name: name}
	for _, n := range faultNames {
		f, ok := faults.Named(n)
		if !ok {
			panic("faultstest: no fault " + n)
		}
		m.Faults = append(m.Faults, f)
	}
	return m
}
