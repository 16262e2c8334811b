package diagnosis

import (
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// Explain returns the place in Causes of the cause that explains failure
// o, a test that was not among those diagnosed, as it would have been
// explained among them: by the way of reporting errors, a known fault
// with those confirmed before it, a misbehaviour, a facet, or the field
// or rule where it goes wrong. It returns false when o passed, or when no
// cause but the unexplained one would take it.
func (x *Diagnosis) Explain(o *suite.Result) (int, bool) {
	d := x.d
	if o.Status != suite.Fail || len(x.Causes) == 0 {
		return -1, false
	}
	got := observed(o)
	if s := d.style.shift; s != [2]int{} && got.err != nil {
		got.err = shift(got.err, -s[0], -s[1])
	}
	req, enc := o.Category.Request(o.Test), encodes(o.Category)
	if d.style.any() && d.style.same(ask(modelOf("", nil), req, enc), got) {
		return x.find(Reporting, "")
	}
	for k := 1; k <= len(d.model); k++ {
		fs := d.model[:k]
		if i, ok := d.byFault[fs[k-1]]; ok && d.style.same(ask(modelOf(key(fs), fs), req, enc), got) {
			return x.index[i], true
		}
	}
	if r := o.Reason; r != suite.Mismatch && r != "" {
		if i, ok := x.find(Misbehaviour, string(r)); ok {
			return i, true
		}
	}
	for i, c := range x.Causes {
		if c.Kind == Facet && hasFacet(o, c.Name) {
			return i, true
		}
	}
	l, ok := d.locusOf(o)
	if !ok {
		return -1, false
	}
	l.how = 0
	for _, r := range d.roots {
		if before(r, l) && reaches(r, l) && holds(o, r.field) {
			return x.index[d.byLocus[r]], true
		}
	}
	if i, ok := d.byLocus[l]; ok {
		return x.index[i], true
	}
	return -1, false
}

// find returns the place of the first cause of kind k named name (any
// name when name is "").
func (x *Diagnosis) find(k Kind, name string) (int, bool) {
	for i, c := range x.Causes {
		if c.Kind == k && (name == "" || c.Name == name) {
			return i, true
		}
	}
	return -1, false
}

// Predicts reports whether the known faults found make the implementation
// answer req, a request of category c, otherwise than the reference does,
// as far as its way of reporting errors tells: whether the causes found
// explain the case already, before it is asked.
func (x *Diagnosis) Predicts(c suite.Category, req *protocol.Request) bool {
	d := x.d
	if len(d.model) == 0 {
		return false
	}
	enc := encodes(c)
	return !d.style.same(ask(modelOf(key(d.model), d.model), req, enc), ask(modelOf("", nil), req, enc))
}

// Level returns the decoding level that the implementation's way of
// reporting errors lets it reach: L1 when every error has one kind; L2
// when it gives no offsets, or gives them in another unit or from
// another origin, or names fields otherwise; L3 when it reports errors as
// spec/qf.md says.
func (x *Diagnosis) Level() suite.Level {
	s := &x.d.style
	switch {
	case s.oneKind != [2]string{}:
		return suite.L1
	case s.any():
		return suite.L2
	}
	return suite.L3
}

// Shows reports whether cause k, a known fault, shows in o alone: whether
// the model of one of its faults alone answers o's test otherwise than the
// reference, as far as the implementation's way of reporting errors
// tells. A case where it shows alone is an example of the fault that no
// other fault is needed for. It is true for the other kinds of cause.
func (x *Diagnosis) Shows(k int, o *suite.Result) bool {
	showing, known := x.Showing(k, o)
	return !known || len(showing) > 0
}

// Showing returns the faults of cause k that show in o alone (see
// Shows), by name, in the order of the catalogue; and whether cause k is
// one of known faults at all.
func (x *Diagnosis) Showing(k int, o *suite.Result) ([]string, bool) {
	d := x.d
	var out []string
	known := false
	req, enc := o.Category.Request(o.Test), encodes(o.Category)
	for _, f := range faults.Catalogue {
		if i, ok := d.byFault[f]; ok && x.index[i] == k {
			known = true
			if !d.style.same(ask(modelOf(f.Name, []*faults.Fault{f}), req, enc), ask(modelOf("", nil), req, enc)) {
				out = append(out, f.Name)
			}
		}
	}
	return out, known
}
