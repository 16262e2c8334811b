package diagnosis

import (
	"slices"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// Predicts reports whether the faults found make the implementation
// answer req, a request of category c, otherwise than the reference does:
// whether the causes found explain the case already, before it is asked.
func (x *Diagnosis) Predicts(c suite.Category, req *protocol.Request) bool {
	d := x.d
	if len(d.model) == 0 {
		return false
	}
	enc := encodes(c)
	return !identical(ask(modelOf(d.model), req, enc), ask(modelOf(nil), req, enc))
}

// Shows reports whether cause k, a fault of the catalogue, shows in o
// alone: whether the model of one of its faults alone answers o's test
// otherwise than the reference. A case where it shows alone is an example
// of the fault that no other fault is needed for. It is true for the
// other kinds of cause.
func (x *Diagnosis) Shows(k int, o *suite.Result) bool {
	showing, modelled := x.Showing(k, o)
	return !modelled || len(showing) > 0
}

// Showing returns the faults of cause k that show in o alone (see Shows),
// by name, in the order of the model; and whether cause k is one of
// faults of the catalogue at all.
func (x *Diagnosis) Showing(k int, o *suite.Result) ([]string, bool) {
	d := x.d
	c := x.Causes[k]
	if !c.Kind.Modelled() || c.Kind == faults.Reporting {
		return nil, false
	}
	var out []string
	req, enc := o.Category.Request(o.Test), encodes(o.Category)
	for _, f := range d.model {
		if f.Family == c.Name && !slices.Contains(out, f.Name) &&
			!identical(ask(modelOf([]*faults.Fault{f}), req, enc), ask(modelOf(nil), req, enc)) {
			out = append(out, f.Name)
		}
	}
	return out, true
}
