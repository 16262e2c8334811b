package diagnosis

import (
	"slices"
	"sync"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// Mechanisms: the catalogue's faults (but the ways of reporting errors,
// the style's) and the deviations of the layout and of the board are one
// list, searched in rounds: each takes the mechanism whose model, with
// those taken, explains the most failures none explains yet, the first on
// a tie, where no test it bears on (whose answer reads its knobs) refutes
// it (refuted) and a failure shows it (shown); or two at once (pair),
// where one refuted alone explained more: two faults that meet on the
// same inputs, one masking the other on a passing test. The search ends
// when none explains one more; then those the others make redundant go.

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
	defer d.dropRedundant(pending)
	reproduced := make([]bool, len(d.obs))
	reads := d.reads(nil)
	refuted := map[*faults.Fault]refutation{} // the mechanisms refuted this round
	beaten := 0                               // the most one of them explained
	for len(d.mechanisms) < d.th.Mechanisms {
		f, n := d.best(pending, reproduced, reads, refuted)
		var with []*faults.Fault
		if f != nil {
			with = append(slices.Clone(d.mechanisms), f)
			if by, no := d.refuted(with, f, reads, reproduced); no || !d.shown(with, pending, reproduced) {
				refuted[f], beaten = refutation{n, by}, max(beaten, n)
				continue
			}
		}
		if beaten > n {
			if two, m := d.pair(pending, reproduced, reads, refuted); m > n {
				with = two
			}
		}
		if with == nil {
			return
		}
		d.mechanisms, beaten = with, 0
		clear(refuted)
		reads = d.reads(d.mechanisms)
		for _, i := range pending {
			reproduced[i] = reproduced[i] || d.explains(d.mechanisms, i)
		}
	}
}

// A refutation is what a mechanism refuted alone explained, and the
// passing test that refuted it, -1 for none (it refuted itself otherwise).
type refutation struct{ explained, by int }

// best returns the mechanism not refuted whose model, with those taken,
// explains the most failures pending that none explains yet, the first
// on a tie; nil when none explains one. A mechanism is given up on once
// the failures left to count cannot lift it above the best so far.
func (d *diagnosis) best(pending []int, reproduced []bool, reads []faults.KnobSet, refuted map[*faults.Fault]refutation) (*faults.Fault, int) {
	var best *faults.Fault
	most := 0
	for _, f := range candidates() {
		if _, ok := refuted[f]; ok || slices.Contains(d.mechanisms, f) || !fits(d.mechanisms, f) {
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
	return best, most
}

// pair returns the mechanisms taken with two more, and how many failures
// left they explain: of the PairOf refuted alone that explained the most,
// each with another refuted or with a mechanism whose model, with it,
// answers the passing test that refuted it as the implementation; the
// two that explain the most, neither refuted; nil when no two explain
// one.
func (d *diagnosis) pair(pending []int, reproduced []bool, reads []faults.KnobSet, refuted map[*faults.Fault]refutation) ([]*faults.Fault, int) {
	var cs []*faults.Fault
	for f := range refuted {
		cs = append(cs, f)
	}
	order := func(f *faults.Fault) int { return slices.Index(candidates(), f) }
	slices.SortFunc(cs, func(a, b *faults.Fault) int {
		if x, y := refuted[a].explained, refuted[b].explained; x != y {
			return y - x
		}
		return order(a) - order(b)
	})
	cs = cs[:min(len(cs), d.th.PairOf)]
	var best []*faults.Fault
	most := 0
	tried := map[[2]*faults.Fault]bool{}
	for _, a := range cs {
		for _, b := range d.partners(a, refuted[a].by, cs) {
			k := [2]*faults.Fault{a, b}
			if order(a) > order(b) {
				k = [2]*faults.Fault{b, a}
			}
			if tried[k] {
				continue
			}
			tried[k] = true
			with := append(slices.Clone(d.mechanisms), a, b)
			n := d.newly(with, pending, reproduced)
			if n > most && !d.refutes(with, a, reads, reproduced) && !d.refutes(with, b, reads, reproduced) && d.shown(with, pending, reproduced) {
				best, most = with, n
			}
		}
	}
	if k := len(best) - 2; best != nil {
		a, b := append(slices.Clone(d.mechanisms), best[k]), append(slices.Clone(d.mechanisms), best[k+1])
		if d.newly(a, pending, reproduced) > d.newly(b, pending, reproduced) {
			best[k], best[k+1] = best[k+1], best[k] // the failures only both explain go to the later, which explains more alone
		}
	}
	return best, most
}

// newly returns how many failures pending, not yet reproduced, the model
// of fs explains.
func (d *diagnosis) newly(fs []*faults.Fault, pending []int, reproduced []bool) int {
	m, n := d.models.of(fs), 0
	for _, i := range pending {
		if !reproduced[i] && d.explainedBy(m, i) {
			n++
		}
	}
	return n
}

// partners returns the mechanisms tried with a: the others of cs, and
// those whose model, with a and the mechanisms taken, answers test by
// (that refuted a, -1 for none) as the implementation.
func (d *diagnosis) partners(a *faults.Fault, by int, cs []*faults.Fault) []*faults.Fault {
	fits := func(b *faults.Fault) bool {
		return b != a && !slices.Contains(d.mechanisms, b) && faults.Compatible(a, b) && fits(d.mechanisms, b)
	}
	out := slices.DeleteFunc(slices.Clone(cs), func(b *faults.Fault) bool { return !fits(b) })
	if by < 0 {
		return out
	}
	with := append(slices.Clone(d.mechanisms), a)
	for _, b := range candidates() {
		if fits(b) && !slices.Contains(out, b) && d.reproduces(d.predict(append(with, b), by), d.got[by]) {
			out = append(out, b)
		}
	}
	return out
}

// sample returns the first few failures pending of each way and place.
func (d *diagnosis) sample(pending []int) []int {
	seen := map[string]int{}
	var out []int
	for _, i := range pending {
		diff := d.diffs[i]
		k := string(d.obs[i].Category.Op()) + " " + string(diff.Way) + " " + diff.Place.Field
		if seen[k] < samplePerPlace {
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
	return slices.ContainsFunc(d.sample(bears), func(i int) bool { return d.explainedBy(m, i) })
}

const samplePerPlace = 3 // the failures of each way and place sample takes

// dropRedundant drops each mechanism, the first first, without which the
// others explain every failure pending that they all explain: one a pair
// taken later made redundant (the encoder's squares in the other order,
// beside a fault that has them in both).
func (d *diagnosis) dropRedundant(pending []int) {
	for k := 0; k < len(d.mechanisms); k++ {
		without := slices.Delete(slices.Clone(d.mechanisms), k, k+1)
		if !slices.ContainsFunc(pending, func(i int) bool { return d.explains(d.mechanisms, i) && !d.explains(without, i) }) {
			d.mechanisms = without
			k--
		}
	}
}

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
// one that crashes on truncated records, does not). by is the passing
// test answered otherwise, -1 for none.
func (d *diagnosis) refuted(with []*faults.Fault, f *faults.Fault, reads []faults.KnobSet, reproduced []bool) (by int, no bool) {
	explained, against := 0, 0
	for i, o := range d.obs {
		if reads[i]&f.Knobs() == 0 || !d.told(i) {
			continue
		}
		p := d.predict(with, i)
		switch {
		case reproduced[i] && !d.explains(with, i):
			return -1, true
		case o.Status == suite.Pass && !d.reproduces(p, d.got[i]):
			return i, true
		case o.Status == suite.Pass:
		case !reproduced[i] && d.explains(with, i):
			explained++
		case d.reproduces(d.reference(i), d.got[i]) && !d.reproduces(p, d.got[i]):
			against++
		}
	}
	return -1, against*d.th.Refutes > explained+against
}

// refutes reports whether the tests f bears on refute the model with.
func (d *diagnosis) refutes(with []*faults.Fault, f *faults.Fault, reads []faults.KnobSet, reproduced []bool) bool {
	_, no := d.refuted(with, f, reads, reproduced)
	return no
}

// shown reports whether the model with shows in a failure pending that
// none taken explains: its very result, a crash, a refusal at a place the
// implementation says, or one where the spec answers a result (where the
// implementation passes a test at all); a refusal of no place shows none.
func (d *diagnosis) shown(with []*faults.Fault, pending []int, reproduced []bool) bool {
	confirmed := slices.ContainsFunc(d.obs, func(o *suite.Result) bool { return o.Status == suite.Pass })
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
