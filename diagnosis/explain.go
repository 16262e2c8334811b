package diagnosis

import (
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// Explain returns the place in Causes of the cause that explains failure
// o, a test that was not among those diagnosed, as it would have been
// explained among them: by the way of reporting errors, the first
// mechanism whose model reproduces it, the mechanism whose model decodes
// its code otherwise (for a replay or a validation), the reason it gave
// no answer, or its part, way and place. It returns false when o passed,
// or when the cause that would explain it is not one of this diagnosis.
func (x *Diagnosis) Explain(o *suite.Result) (int, bool) {
	d := x.d
	if o.Status != suite.Fail || len(x.Causes) == 0 {
		return -1, false
	}
	k := d.keyOfNew(o)
	for i := range x.Causes {
		if x.Causes[i].key == k {
			return i, true
		}
	}
	return -1, false
}

// keyOfNew returns the key of the cause of a failure seen later, as
// keyOf returns one of the failures diagnosed.
func (d *diagnosis) keyOfNew(o *suite.Result) causeKey {
	got := observed(o)
	if s := d.style.shift; s != [2]int{} && got.err != nil {
		got.err = shift(got.err, -s[0], -s[1])
	}
	req := o.Category.Request(o.Test)
	ref := d.models.answer(nil, -1, req)
	if d.style.any() && d.style.same(ref, got) {
		return causeKey{kind: faults.Reporting, part: Errors, place: d.style.name()}
	}
	if k, ok := d.firstMechanism(req, -1, got); ok {
		return d.mechanismKey(k)
	}
	diff := o.Difference()
	if o.Category.Rules() && o.Test.Error == nil && diff.Way.Rules() {
		dec := suite.Strict.RequestOf(*o.Test.Code)
		ref := d.models.answer(nil, -1, dec)
		for k := range d.mechanisms {
			if !identical(d.models.answer(d.mechanisms[:k+1], -1, dec), ref) {
				return d.mechanismKey(k)
			}
		}
	}
	if _, ok := suite.Misbehaviours[o.Reason]; ok {
		return d.misbehaviourKey(o)
	}
	k := observationKey(o, diff)
	if j, ok := d.joined[k]; ok && slices.Contains(inputTraits(o), j.trait) {
		return j.key
	}
	return k
}

// misbehaviourKey returns the key of failure o without an answer: that of
// the first cause of its reason split off by a trait o has, or its reason's.
func (d *diagnosis) misbehaviourKey(o *suite.Result) causeKey {
	k := causeKey{kind: faults.Misbehaviour, part: Protocol, place: string(o.Reason)}
	traits := inputTraits(o)
	for _, c := range d.causes {
		words, ok := strings.CutPrefix(c.key.place, k.place+": ")
		if c.key.kind == k.kind && ok && slices.Contains(traits, trait{words, true}) {
			return c.key
		}
	}
	return k
}

// Predicts reports whether the mechanisms found make the implementation
// answer req, a request of category c, otherwise than the reference does:
// whether the causes found explain the case already, before it is asked.
func (x *Diagnosis) Predicts(c suite.Category, req *protocol.Request) bool {
	d := x.d
	if len(d.mechanisms) == 0 {
		return false
	}
	return !identical(d.models.answer(d.mechanisms, -1, req), d.models.answer(nil, -1, req))
}

// Shows reports whether cause k, a mechanism's, shows in o alone: whether
// the model of its mechanism alone answers o's test otherwise than the
// reference. A case where it shows alone is an example of the mechanism
// that no other is needed for. It is true for the other kinds of cause.
func (x *Diagnosis) Shows(k int, o *suite.Result) bool {
	f := x.Causes[k].key.fault
	if f == nil {
		return true
	}
	req := o.Category.Request(o.Test)
	return !identical(x.d.models.answer([]*faults.Fault{f}, -1, req), x.d.models.answer(nil, -1, req))
}
