package diagnosis

import (
	"slices"
	"sync"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// Mechanisms: the faults of the catalogue (but the ways of reporting
// errors, which the style finds) and the deviations of the layout
// (faults.Deviations) are searched as one list, the catalogue's first.
// Each round takes the mechanism whose model, with those taken before
// it, reproduces the most failures that no model taken reproduces yet,
// and that no test refutes (refuted): every test it bears on (whose
// answer reads its knobs) that the implementation passes, or that the
// mechanisms taken reproduce, it still answers as the implementation;
// and one failure shows it (an answer that is not a refusal without a
// place). Ties go to the first in the list. Where no one mechanism
// explains a failure more, two at once are tried (pair). The search ends
// when none reproduces one more failure.

// candidates lists the mechanisms searched, in order.
var candidates = sync.OnceValue(func() []*faults.Fault {
	var out []*faults.Fault
	for _, f := range faults.Catalogue {
		if f.Kind != faults.Reporting {
			out = append(out, f)
		}
	}
	return append(out, faults.Deviations()...)
})

// explains reports whether the model of fs explains failure i: it
// answers otherwise than the reference, and reproduces the answer.
func (d *diagnosis) explains(fs []*faults.Fault, i int) bool {
	return d.explainedBy(d.models.of(fs), i)
}

// explainedBy is explains, of a model made.
func (d *diagnosis) explainedBy(m *model, i int) bool {
	p := m.answer(d.models, i, d.request(i))
	return !identical(p, d.reference(i)) && d.reproduces(p, d.got[i])
}

// findMechanisms finds the mechanisms, by the rule above.
func (d *diagnosis) findMechanisms() {
	var pending []int
	for _, i := range d.failed {
		if d.told(i) && !d.byStyle(i) && d.decoded[i] == nil { // a replay that follows from a decoding tells nothing of the rules
			pending = append(pending, i)
		}
	}
	if len(pending) == 0 {
		return
	}
	reproduced := make([]bool, len(d.obs))
	reads := d.reads(nil)
	refuted := map[*faults.Fault]bool{}
	for len(d.mechanisms) < d.th.Mechanisms {
		var with []*faults.Fault
		if f := d.best(pending, reproduced, reads, refuted); f != nil {
			with = append(slices.Clone(d.mechanisms), f)
			if d.refuted(with, f, reads, reproduced) || !d.shown(with, pending, reproduced) {
				refuted[f] = true
				continue
			}
		} else if with = d.pair(pending, reproduced, reads); with == nil {
			return
		}
		d.mechanisms = with
		clear(refuted)
		reads = d.reads(d.mechanisms)
		for _, i := range pending {
			reproduced[i] = reproduced[i] || d.explains(d.mechanisms, i)
		}
	}
}

// best returns the mechanism not refuted whose model, with those taken,
// explains the most failures pending that none explains yet, the first
// on a tie; nil when none explains one. A mechanism is given up on once
// the failures left to count cannot lift it above the best so far.
func (d *diagnosis) best(pending []int, reproduced []bool, reads []faults.KnobSet, refuted map[*faults.Fault]bool) *faults.Fault {
	var best *faults.Fault
	most := 0
	for _, f := range candidates() {
		if refuted[f] || slices.Contains(d.mechanisms, f) || !fits(d.mechanisms, f) {
			continue
		}
		var bears []int
		for _, i := range pending {
			if !reproduced[i] && reads[i]&f.Knobs() != 0 {
				bears = append(bears, i)
			}
		}
		if len(bears) <= most {
			continue
		}
		m := d.models.of(append(slices.Clone(d.mechanisms), f))
		if !d.explainsSome(m, bears) {
			continue
		}
		n := 0
		for k, i := range bears {
			if n+len(bears)-k <= most {
				break
			}
			if d.explainedBy(m, i) {
				n++
			}
		}
		if n > most {
			best, most = f, n
		}
	}
	return best
}

// pair returns the mechanisms taken with two more, where no one more
// explains a failure (two that meet on the same inputs): of the PairOf
// that change the most of a sample of the failures pending, the two whose
// model explains the most, neither refuted; nil when no two explain one.
func (d *diagnosis) pair(pending []int, reproduced []bool, reads []faults.KnobSet) []*faults.Fault {
	sample := d.sample(pending, reproduced)
	base := d.models.of(d.mechanisms)
	type changing struct {
		f *faults.Fault
		n int
	}
	var cs []changing
	for _, f := range candidates() {
		if slices.Contains(d.mechanisms, f) || !fits(d.mechanisms, f) {
			continue
		}
		m, n := d.models.of(append(slices.Clone(d.mechanisms), f)), 0
		for _, i := range sample {
			if reads[i]&f.Knobs() != 0 && !identical(m.answer(d.models, i, d.request(i)), base.answer(d.models, i, d.request(i))) {
				n++
			}
		}
		if n > 0 {
			cs = append(cs, changing{f, n})
		}
	}
	slices.SortStableFunc(cs, func(a, b changing) int { return b.n - a.n })
	cs = cs[:min(len(cs), d.th.PairOf)]
	var best []*faults.Fault
	most := 0
	for x, a := range cs {
		for _, b := range cs[x+1:] {
			if !faults.Compatible(a.f, b.f) {
				continue
			}
			with := append(slices.Clone(d.mechanisms), a.f, b.f)
			m, n := d.models.of(with), 0
			for _, i := range pending {
				if !reproduced[i] && d.explainedBy(m, i) {
					n++
				}
			}
			if n > most && !d.refuted(with, a.f, reads, reproduced) && !d.refuted(with, b.f, reads, reproduced) && d.shown(with, pending, reproduced) {
				best, most = with, n
			}
		}
	}
	return best
}

// sample returns the first few failures pending of each way and place
// that no mechanism taken explains (any, when reproduced is nil).
func (d *diagnosis) sample(pending []int, reproduced []bool) []int {
	seen := map[string]int{}
	var out []int
	for _, i := range pending {
		diff := d.diffs[i]
		k := string(d.obs[i].Category.Op()) + " " + string(diff.Way) + " " + diff.Place.Field
		if (reproduced == nil || !reproduced[i]) && seen[k] < samplePerPlace {
			seen[k]++
			out = append(out, i)
		}
	}
	return out
}

// explainsSome reports whether model m explains one of the first few
// failures of each way and place among bears (sample): one that explains
// none is not counted over them all.
func (d *diagnosis) explainsSome(m *model, bears []int) bool {
	return slices.ContainsFunc(d.sample(bears, nil), func(i int) bool { return d.explainedBy(m, i) })
}

// samplePerPlace is how many failures of each way and place explainsSome
// tries.
const samplePerPlace = 3

// reads returns, by test, the knobs the model of fs reads to answer it.
func (d *diagnosis) reads(fs []*faults.Fault) []faults.KnobSet {
	r := faults.ModelReading(fs...)
	out := make([]faults.KnobSet, len(d.obs))
	for i := range d.obs {
		_, out[i] = ask(r, d.request(i))
	}
	return out
}

// refuted reports whether the tests f bears on refute the model with (the
// mechanisms taken and f): one that passes, or that the mechanisms taken
// reproduce, answered otherwise; or, of the failures it explains and those
// the implementation decides as the spec where the model does not, more
// than one in Refutes of the second kind (an encoder that masks values
// but refuses squares 81-127 holds; a crash on every truncated field, of
// one that crashes on truncated records, does not).
func (d *diagnosis) refuted(with []*faults.Fault, f *faults.Fault, reads []faults.KnobSet, reproduced []bool) bool {
	explained, against := 0, 0
	for i, o := range d.obs {
		if reads[i]&f.Knobs() == 0 || !d.told(i) {
			continue
		}
		p := d.predict(with, i)
		switch {
		case reproduced[i] && !d.explains(with, i):
			return true
		case o.Status == suite.Pass && !d.reproduces(p, d.got[i]):
			return true
		case o.Status == suite.Pass:
		case !reproduced[i] && d.explains(with, i):
			explained++
		case d.reproduces(d.reference(i), d.got[i]) && !d.reproduces(p, d.got[i]):
			against++
		}
	}
	return against*d.th.Refutes > explained+against
}

// shown reports whether the model with shows in a failure pending that
// no mechanism taken explains: it crashes as the implementation does, or
// answers its very result, or refuses where it does as far as it says
// where, or refuses where the spec answers a result (where a passing test
// it bears on confirms it). A refusal of an implementation that says
// nothing of where (no offset, no field) matches any, and shows nothing
// more.
func (d *diagnosis) shown(with []*faults.Fault, pending []int, reproduced []bool) bool {
	f := with[len(with)-1]
	if d.refReads == nil {
		d.refReads = d.reads(nil)
	}
	confirmed := false // a passing test it bears on, answered as the implementation
	for i, o := range d.obs {
		if o.Status == suite.Pass && d.refReads[i]&f.Knobs() != 0 {
			confirmed = true
			break
		}
	}
	for _, i := range pending {
		if reproduced[i] || !d.explains(with, i) {
			continue
		}
		p, got := d.predict(with, i), d.got[i]
		if got.err == nil || got.err.HasOffset() || got.err.Field != "" && errorsAgree(p.err, got.err) || confirmed && d.reference(i).err == nil {
			return true // a result, a place, or a refusal where the spec answers one
		}
	}
	return false
}

// fits reports whether f can be had with the mechanisms ms.
func fits(ms []*faults.Fault, f *faults.Fault) bool {
	for _, g := range ms {
		if !faults.Compatible(g, f) {
			return false
		}
	}
	return true
}

// firstMechanism returns the place among the mechanisms of the first
// whose model, with those before it, answers req otherwise than the
// reference and as got does; n is req's test, -1 for a request of none.
func (d *diagnosis) firstMechanism(req *protocol.Request, n int, got answer) (int, bool) {
	ref := d.models.answer(nil, n, req)
	for k := range d.mechanisms {
		if p := d.models.answer(d.mechanisms[:k+1], n, req); !identical(p, ref) && d.reproduces(p, got) {
			return k, true
		}
	}
	return 0, false
}
