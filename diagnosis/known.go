package diagnosis

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// The faults of the catalogue, by one rule: the model (the faults
// charged) is the set of faults whose models decide as the implementation
// does, scored over the tests where a fault changes the reference's
// decision (its telling tests). Deciding is crashing, refusing, or
// answering a result: where a model turns a refusal into a result, any
// result decides as it does (another fault may change the value); where
// it changes a result, that result; a refusal decides as the model's
// where the implementation refuses at the model's place, as far as it
// says where (errorsAgree). On each telling test the implementation
// scores +1 when it decides as the model with the fault; -Against when
// it decides as without it, as the spec does, but -1 where two faults of
// the model change the answer (where faults meet, how their models
// compose is in doubt, not each fault); and -Otherwise when it decides
// neither so nor as the spec, unless one more fault of the catalogue
// with the model's faults that alone change that test decides as it does
// (the implementation has that fault too). A fault that changes no decision, only where an error is, scores
// where the implementation answers at one place or the other.
//
// The search adds, each time, the move that raises the score most, or
// that answers more tests exactly (the same result, or an error of the
// same kind at the model's place) at no cost in score: a fault, one shape
// of a family for another, or, when no fault alone does, two at once;
// a move is made only where it decides a failure the model does not, or
// answers exactly one the model decides but answers otherwise.
// Ties go to the move that answers more tests exactly, then decides more
// failures, then changes fewer tests, then the catalogue's first. When no
// move is left, it drops the faults the others make redundant (without
// them the score is as high, and as many tests are answered exactly) and
// searches again, Rounds times at most. Last, a fault is dropped whose
// tests score it no more than 0 where only the faults charged may
// complete the model (refuted). So a fault is charged where nine
// in ten of the decisions it changes are the implementation's (Against is
// 9), and more of them than not: coincidences among answers wrong for
// other reasons name no fault.
//
// A fault is one shape of its family (junk read as zeros one hole per
// UTF-16 unit); the shapes of one family that exclude each other compete,
// and the one that scores best wins. Where the tests cannot tell two
// shapes apart, the diagnosis asks the implementation (probe.go). A
// failure goes to the first fault of the model that alone reproduces its
// answer; else to the first whose model, with the faults charged before
// it, does (a fault that shows only beside another); a fault's cause
// holds no failure its model does not reproduce. How the implementation
// reports its refusals is another cause (style.go).

// An attempt is a move of the search: a fault added to the model, or put
// in the place of one of its family (replaces), or two added (with), and
// how the answers fare where it changes them.
type attempt struct {
	fault    *faults.Fault
	with     *faults.Fault // the fault added together with it, if any
	replaces *faults.Fault // the fault of the model it takes the place of, if any
	delta    int           // how much it raises the score (at most, while tests are pending)
	exacter  int           // how many more tests it answers exactly as the implementation
	// match, against and otherwise count the tests where the fault changes
	// a decision of the model without it, decided as the model with it,
	// as without it, and neither; exact and exactAgainst the tests where it
	// changes only an error's details, answered exactly as with it and as
	// without it.
	match, against, otherwise int
	exact, exactAgainst       int
	// exactly counts the tests it changes that the implementation answers
	// exactly as the model with it (its errors' kinds and places apart):
	// of two shapes that decide alike, the one that also answers alike.
	exactly int
	gain    []int // failures not decided before that it decides
	// pending holds the tests whose scores under the move's model, scored,
	// rest on whether one more fault completes the model there
	// (completes), left out of delta until settled: until then, delta is
	// as high as it can be.
	pending []int
	scored  *scored
	// rest holds the tests left untallied where the move was found unable
	// to be made before all were tallied (tallyMove); nil once all are.
	rest []int
}

// raises reports whether the move raises the score, or answers more
// tests exactly at no cost in score.
func (a *attempt) raises() bool {
	return a.delta > 0 || a.delta == 0 && a.exacter > 0
}

// telling returns how many tests the attempt changes.
func (a *attempt) telling() int {
	return a.match + a.against + a.otherwise + a.exact + a.exactAgainst
}

// A search is the state of the search for faults of the catalogue.
type search struct {
	d       *diagnosis
	alone   map[*faults.Fault][]int // the tests where each fault alone changes the reference's answer
	taken   map[int]bool            // the failures the model decides
	tries   map[*faults.Fault]*attempt
	probes  map[*faults.Fault][]Probe // what probing showed of each fault of the model
	probing []*faults.Fault           // the alternatives of the fault being probed

	// changing holds, by test, the faults that alone change its answer
	// (alone) as the search began; replaced, the faults whose tests
	// alone holds more of since (replace).
	changing []set
	replaced set
	scored   map[set]*scored // the models scored, by set
}

// A scored is a model the search scores: its faults, their predictions,
// and its score on each test, by observation, unscored until scored.
type scored struct {
	model  []*faults.Fault
	p      *predictions
	scores []int32
}

// unscored marks a test not scored yet in scored.scores.
const unscored = math.MinInt32

// scoredOf returns the scores of model.
func (s *search) scoredOf(model []*faults.Fault) *scored {
	k := setOf(model)
	m := s.scored[k]
	if m == nil {
		m = &scored{model: slices.Clone(model), p: s.d.answers.of(model), scores: make([]int32, len(s.d.obs))}
		for i := range m.scores {
			m.scores[i] = unscored
		}
		s.scored[k] = m
	}
	return m
}

// score returns the score of model m on test i, to which it answers p.
func (s *search) score(m *scored, i int, p answer) int {
	if m.scores[i] == unscored {
		m.scores[i] = int32(s.scoreOf(m.model, i, p))
	}
	return int(m.scores[i])
}

// findFaults finds the model: the faults of the catalogue the answers
// prove, but the ways of reporting errors, which the style finds.
func (d *diagnosis) findFaults() {
	byIndex := make([][]int, len(faults.Catalogue)) // alone's, by the fault's index
	for i := range d.obs {
		if !d.answers.told(i) {
			continue
		}
		d.answers.row(i)
		for w, word := range d.answers.changes[i].and(searched()) {
			for ; word != 0; word &= word - 1 {
				k := 64*w + bits.TrailingZeros64(word)
				byIndex[k] = append(byIndex[k], i)
			}
		}
	}
	alone := map[*faults.Fault][]int{}
	var candidates []*faults.Fault
	for k, tests := range byIndex {
		if len(tests) > 0 {
			f := faults.Catalogue[k]
			alone[f] = tests
			candidates = append(candidates, f)
		}
	}
	var s *search
	for range d.th.Rounds {
		s = newSearch(d, alone)
		for moves := 0; moves < 2*len(candidates) && s.add(candidates); moves++ {
		}
		redundant := s.redundant()
		if len(redundant) == 0 {
			break
		}
		candidates = slices.DeleteFunc(candidates, func(f *faults.Fault) bool { return slices.Contains(redundant, f) })
	}
	for f := s.refuted(); f != nil; f = s.refuted() {
		d.model = slices.DeleteFunc(d.model, func(g *faults.Fault) bool { return g == f })
	}
	s.resolve()
	d.found = s
}

// searched holds the faults the search looks for: those of the catalogue
// but the ways of reporting errors, which are the style's.
var searched = sync.OnceValue(func() (out set) {
	for _, f := range faults.Catalogue {
		if f.Kind != faults.Reporting {
			out.add(f)
		}
	}
	return out
})

func newSearch(d *diagnosis, alone map[*faults.Fault][]int) *search {
	d.model = nil
	s := &search{d: d, alone: alone, taken: map[int]bool{}, tries: map[*faults.Fault]*attempt{}, probes: map[*faults.Fault][]Probe{},
		changing: make([]set, len(d.obs)), scored: map[set]*scored{}}
	for f, tests := range alone {
		for _, i := range tests {
			s.changing[i].add(f)
		}
	}
	return s
}

// scoreOn returns the score of model over the tests: on each where the
// model decides otherwise than the reference, +1 when the implementation
// decides as the model, -Otherwise when it decides neither so nor as the
// reference, and -Against when it decides as the reference, but -1 where
// two faults of the model change the answer (where faults meet, how their
// models compose is in doubt, not each fault); where the model changes
// only where an error is, the same when it answers there or at the
// reference's place.
func (s *search) scoreOn(model []*faults.Fault, tests []int) int {
	m := s.scoredOf(model)
	score := 0
	for _, i := range tests {
		if m.scores[i] == unscored {
			s.score(m, i, s.d.answers.answer(m.p, i))
		}
		score += int(m.scores[i])
	}
	return score
}

// scoreOf returns the score of model on test i, to which it answers p.
func (s *search) scoreOf(model []*faults.Fault, i int, p answer) int {
	score, pending := s.scoreBefore(model, i, p)
	if pending && !s.completes(model, i) {
		return -s.d.th.Otherwise
	}
	return score
}

// scoreBefore returns the score of model on test i, to which it answers
// p, as far as it is known before asking whether one more fault
// completes the model there (completes); pending when it rests on that:
// the score is then 0 if one does, -Otherwise if none does.
func (s *search) scoreBefore(model []*faults.Fault, i int, p answer) (score int, pending bool) {
	d := s.d
	ref, got := d.answers.reference(i), d.answers.observed[i]
	against := d.th.Against
	if s.meet(model, i) {
		against = 1
	}
	switch {
	case identical(ref, p) || sameVerdict(ref, p) && samePosition(ref, p):
	case sameVerdict(ref, p) && samePosition(p, got):
		return 1, false
	case sameVerdict(ref, p) && samePosition(ref, got):
		return -against, false
	case sameVerdict(ref, p):
	case decidesAs(ref, p, got):
		return 1, false
	case answersAs(ref, got):
		return -against, false
	default:
		return 0, true
	}
	return 0, false
}

// completes reports whether one more fault of the catalogue, with those
// of model that alone change test i, decides it as the
// implementation does: where model decides it neither so nor as the
// spec, the fault that completes it is one the implementation has beside
// model's (an encoder that writes the last mover from the turn's parity
// and sorts the walls), and the test tells nothing against model's. The
// faults of model that alone leave the test as the spec answers it are
// taken to leave it so beside the others too (predictChanging), so that
// each such set is asked once, however many models hold it.
func (s *search) completes(model []*faults.Fault, i int) bool {
	d := s.d
	ref, got := d.answers.reference(i), d.answers.observed[i]
	changing := setOf(model).and(d.answers.changes[i])
	for g := range s.changing[i].all() {
		if !s.fits(model, g) {
			continue
		}
		with := changing
		with.add(g)
		if decidesAs(ref, d.answers.predictChanging(with, i), got) {
			return true
		}
	}
	return false
}

// fits reports whether fault g can be had with the faults of model, and
// is not one of them.
func (s *search) fits(model []*faults.Fault, g *faults.Fault) bool {
	for _, f := range model {
		if f == g || !faults.Compatible(f, g) {
			return false
		}
	}
	return true
}

// meet reports whether two faults of model, each alone, change the
// reference's answer to test i: i is among the tests of each in alone,
// as binary search finds it there for a fault that replaced another
// (replace: its tests and the other's).
func (s *search) meet(model []*faults.Fault, i int) bool {
	n := 0
	for _, f := range model {
		if s.replaced.has(f) {
			if _, ok := slices.BinarySearch(s.alone[f], i); ok {
				n++
			}
		} else if s.changing[i].has(f) {
			n++
		}
	}
	return n >= 2
}

// add makes the move that raises the score most (then the one that
// decides more failures, then the one that changes fewer tests, then
// the catalogue's first): a fault added, or put in the place of the
// fault of the model it cannot be had with; or else two faults added
// together. It reports whether it made one.
//
// The moves are tried from the most they can raise the score down
// (bound), and a move's score settled only where it can still beat the
// best found: once no move left can score as high as the best, they need
// not be tried, for none of them can be made. When none can be made, every
// move was tried.
func (s *search) add(candidates []*faults.Fault) bool {
	var moves []*move
	for _, f := range candidates {
		if !s.mayGain(f) {
			continue
		}
		if m := s.plan(f); m != nil {
			moves = append(moves, m)
		}
	}
	order := slices.Clone(moves)
	slices.SortStableFunc(order, func(m, n *move) int { return n.bound - m.bound })
	var best *attempt
	for _, m := range order {
		if best != nil && m.bound < best.delta {
			break
		}
		least := 0 // what a move must raise the score by, at least, to be made
		if best != nil {
			least = best.delta
		}
		a := m.attempt
		s.tallyMove(a, m.model, m.tests, m.bound, least)
		if a.rest != nil || !a.raises() || len(a.gain) == 0 && a.replaces == nil || best != nil && a.delta < best.delta {
			continue
		}
		s.settle(a)
		if a.raises() && (best == nil || chargedBefore(a, best)) {
			best = a
		}
	}
	if best == nil {
		var tried []*attempt
		for _, m := range moves {
			if m.attempt.replaces == nil {
				tried = append(tried, m.attempt)
			}
		}
		best = s.pair(tried)
	}
	if best == nil {
		return false
	}
	s.confirm(best)
	return true
}

// mayGain reports whether the move of fault f can be made: it replaces a
// fault of the model, or changes a failure the model does not decide yet,
// or does not answer exactly. A move that does none of these is never
// made (add), and is not tried.
func (s *search) mayGain(f *faults.Fault) bool {
	d := s.d
	if !s.fits(d.model, f) {
		return true
	}
	pm := d.answers.of(d.model)
	return slices.ContainsFunc(s.alone[f], func(i int) bool {
		return d.obs[i].Status == suite.Fail && (!s.taken[i] || exactly(d.answers.answer(pm, i), d.answers.observed[i]) == 0)
	})
}

// chargedBefore reports whether attempt a is to be made before b: a
// higher score, then more tests answered exactly as its model, then more
// failures decided, then fewer tests changed, then the catalogue's first.
func chargedBefore(a, b *attempt) bool {
	switch {
	case a.delta != b.delta:
		return a.delta > b.delta
	case a.exactly != b.exactly:
		return a.exactly > b.exactly
	case len(a.gain) != len(b.gain):
		return len(a.gain) > len(b.gain)
	case a.telling() != b.telling():
		return a.telling() < b.telling()
	}
	return a.fault.Index() < b.fault.Index()
}

// A move is a move of the search planned, not yet tallied: its attempt,
// the model it makes, the tests it may change, and the most it can raise
// the score (bound).
type move struct {
	attempt *attempt
	model   []*faults.Fault
	tests   []int
	bound   int
}

// plan returns the move of fault f: f added to the model, or put in the
// place of the one fault of the model it cannot be had with; nil when f
// is in the model, or cannot be had with two of its faults.
func (s *search) plan(f *faults.Fault) *move {
	d := s.d
	model := slices.Clone(d.model)
	a := &attempt{fault: f}
	for k, g := range d.model {
		switch {
		case g == f:
			return nil
		case faults.Compatible(f, g):
		case a.replaces != nil:
			return nil
		default:
			a.replaces = g
			model[k] = f
		}
	}
	tests := s.alone[f]
	if a.replaces == nil {
		model = append(model, f)
	} else {
		tests = union(tests, s.alone[a.replaces])
	}
	return &move{attempt: a, model: model, tests: tests, bound: s.bound(tests)}
}

// bound returns the most a move over the tests can raise the score, its
// model's answers unasked: on each, the model with the move scores at
// most most(i), less the model's score without it.
func (s *search) bound(tests []int) int {
	d := s.d
	without := s.scoredOf(d.model)
	n := 0
	for _, i := range tests {
		if without.scores[i] == unscored {
			s.score(without, i, d.answers.answer(without.p, i))
		}
		n += s.most(i) - int(without.scores[i])
	}
	return n
}

// most returns the most a model scores on test i: 1, and 0 where the
// implementation answers as the reference does to the last detail
// (whatever the model answers there, scoreBefore then gives 0, -Against,
// or pending, and scoreOf 0 or -Otherwise).
func (s *search) most(i int) int {
	if identical(s.d.answers.observed[i], s.d.answers.reference(i)) {
		return 0
	}
	return 1
}

// pair returns the move of two faults added together, or nil: of the
// attempts tried, the PairOf that decide the most failures, two of which
// together raise the score (a field read with the wrong width, and
// trailing data ignored: neither decides as the implementation without
// the other).
func (s *search) pair(tried []*attempt) *attempt {
	d := s.d
	if len(s.taken) >= len(d.failed) {
		return nil
	}
	s.tallyNear(tried, d.th.PairOf)
	near := slices.DeleteFunc(slices.Clone(tried), func(a *attempt) bool { return a.match == 0 })
	slices.SortStableFunc(near, func(a, b *attempt) int { return b.match - a.match })
	near = near[:min(d.th.PairOf, len(near))]
	var best *attempt
	for i, x := range near {
		for _, y := range near[i+1:] {
			if !faults.Compatible(x.fault, y.fault) || x.fault.Family == y.fault.Family {
				continue
			}
			a := &attempt{fault: x.fault, with: y.fault}
			s.tallyMove(a, append(slices.Clone(d.model), x.fault, y.fault), union(s.alone[x.fault], s.alone[y.fault]), 0, math.MinInt)
			s.settle(a)
			if a.delta > 0 && len(a.gain) > 0 && (best == nil || a.delta > best.delta) {
				best = a
			}
		}
	}
	return best
}

// tallyNear tallies whole, of the attempts tried, those that may be
// among the n that decide the most tests as their models do (match), as
// pair reads them; the others are left as they are. An attempt whose
// matches, those tallied and those that may be among the tests left
// (mayMatch), fall short of 1, or of the n-th most matches tallied so
// far, is not among them: it matches none, which pair drops, or n
// attempts match more, each tallied whole here. Pair picks the same n as
// it would from attempts all tallied whole.
func (s *search) tallyNear(tried []*attempt, n int) {
	least := 1 // an attempt that matches none is not read
	if n <= len(tried) {
		matches := make([]int, len(tried))
		for k, a := range tried {
			matches[k] = a.match
		}
		slices.Sort(matches)
		least = max(least, matches[len(matches)-n])
	}
	for _, a := range tried {
		if a.rest != nil && a.match+s.mayMatch(a.rest) >= least {
			s.tallyRest(a)
		}
	}
}

// mayMatch returns how many of the tests a move may decide as its model
// does where the model without it decides otherwise (attempt.match), its
// model's answers unasked: those where the implementation crashed or
// answered, and not as the model without the move (decidesAs then cannot
// hold).
func (s *search) mayMatch(tests []int) int {
	d := s.d
	without := s.scoredOf(d.model)
	n := 0
	for _, i := range tests {
		got := d.answers.observed[i]
		if (got.told || got.crash) && !answersAs(d.answers.answer(without.p, i), got) {
			n++
		}
	}
	return n
}

// tallyMove sets the attempt's score and tallies, of the move from the
// model to model over the tests it may change. Its score is not settled:
// the tests whose scores rest on completes are pending (settle).
//
// bound is the most the move can raise the score (search.bound of the
// tests). Once the score tallied so far, and the most the tests left can
// add to it, fall short of least, the move cannot be made (add): the
// tests left are kept in a.rest, untallied, for tallyRest to tally when
// the attempt's tallies are wanted whole (pair).
func (s *search) tallyMove(a *attempt, model []*faults.Fault, tests []int, bound, least int) {
	a.scored = s.scoredOf(model)
	s.tallyTests(a, tests, bound, least)
}

// tallyRest tallies the tests tallyMove left untallied, if any.
func (s *search) tallyRest(a *attempt) {
	if a.rest != nil {
		s.tallyTests(a, a.rest, 0, math.MinInt)
	}
}

// tallyTests tallies the tests in a, as tallyMove does.
func (s *search) tallyTests(a *attempt, tests []int, bound, least int) {
	d := s.d
	without, with := s.scoredOf(d.model), a.scored
	a.rest = nil
	for k, i := range tests {
		if a.delta+bound < least {
			a.rest = tests[k:]
			return
		}
		w, m, got := d.answers.answer(without.p, i), d.answers.answer(with.p, i), d.answers.observed[i]
		before := s.score(without, i, w)
		a.delta -= before
		bound -= s.most(i) - before
		if with.scores[i] != unscored {
			a.delta += int(with.scores[i])
		} else if score, pending := s.scoreBefore(with.model, i, m); pending {
			a.pending = append(a.pending, i)
		} else {
			with.scores[i] = int32(score)
			a.delta += score
		}
		a.exacter += exactly(m, got) - exactly(w, got)
		s.tally(a, i, w, m)
	}
}

// settle makes the attempt's score exact: it scores the tests pending.
func (s *search) settle(a *attempt) {
	for _, i := range a.pending {
		a.delta += s.score(a.scored, i, s.d.answers.answer(a.scored.p, i))
	}
	a.pending = nil
}

// tally counts test i in a, where the model without the move answers
// without, and with it with.
func (s *search) tally(a *attempt, i int, without, with answer) {
	d := s.d
	got := d.answers.observed[i]
	switch {
	case identical(without, with) || sameVerdict(without, with) && samePosition(without, with):
		return // the same, or errors of other kinds alone: how errors are reported is the style's
	case sameVerdict(without, with):
		// Only where an error is changes: it tells, answered there.
		switch {
		case samePosition(with, got):
			a.exact++
			if !s.taken[i] && d.obs[i].Status == suite.Fail {
				a.gain = append(a.gain, i)
			}
		case samePosition(without, got):
			a.exactAgainst++
		}
	case decidesAs(without, with, got):
		a.match++
		if sameVerdict(with, got) {
			a.exactly++
		}
		// A failure decided already is gained where the move answers it
		// exactly and the model without it does not: an encoder that
		// drops anchors of 64 and masks other values decides as the
		// masking model (a code for a value out of range), as the one
		// that also drops them answers.
		if d.obs[i].Status == suite.Fail && (!s.taken[i] || exactly(with, got) > exactly(without, got)) {
			a.gain = append(a.gain, i)
		}
	case answersAs(without, got):
		a.against++
	default:
		a.otherwise++
	}
}

// decidesAs reports whether got decides as with, where with decides
// otherwise than without: both crash; both refuse, got where with does as
// far as got says where; both answer a result, got with's where with
// changes a result, any where with turns a refusal or a crash into one.
func decidesAs(without, with, got answer) bool {
	switch {
	case !got.told && !got.crash:
		return false
	case with.crash || got.crash:
		return with.crash == got.crash
	case with.err != nil:
		return got.err != nil && errorsAgree(with.err, got.err)
	case got.err != nil:
		return false
	case without.err != nil || without.crash:
		return true
	}
	return with.sameResult(got)
}

// samePosition reports whether two answers are the same, or refusals at
// the same place, whatever their kinds: at the same offset (a character's
// is the place of its six bits) and field, as far as both say; of two
// that say nothing of where, none is.
func samePosition(a, b answer) bool {
	if a.err == nil || b.err == nil {
		return identical(a, b)
	}
	e, f := a.err, b.err
	switch {
	case e.HasOffset() && f.HasOffset():
		return samePlace(e, f) && (e.Field == "" || f.Field == "" || within(e.Field, f.Field))
	case e.HasOffset() || f.HasOffset():
		return false
	}
	return e.Field != "" && f.Field != "" && within(e.Field, f.Field)
}

// answersAs reports whether got decides exactly as want: both crash;
// both refuse, got at want's place as far as got says where; or both
// answer the same result.
func answersAs(want, got answer) bool {
	switch {
	case want.crash || got.crash:
		return want.crash == got.crash
	case !got.told:
		return false
	case want.err != nil:
		return got.err != nil && errorsAgree(want.err, got.err)
	}
	return got.err == nil && got.sameResult(want)
}

// confirm makes the move of a, and takes the failures it decides.
func (s *search) confirm(a *attempt) {
	d := s.d
	if a.replaces != nil {
		k := slices.Index(d.model, a.replaces)
		d.model = slices.Delete(d.model, k, k+1)
		delete(s.tries, a.replaces)
	}
	d.model = append(d.model, a.fault)
	s.tries[a.fault] = a
	if a.with != nil {
		d.model = append(d.model, a.with)
		b := *a
		b.fault, b.with = a.with, a.fault
		s.tries[a.with] = &b
	}
	for _, i := range a.gain {
		s.taken[i] = true
	}
}

// refuted returns the first fault of the model that scores no more than
// 0 over the tests it changes when only the faults charged may complete
// the model: while searching, a test the implementation decides neither
// as the model nor as the spec costs a fault nothing where one more fault
// of the catalogue would decide it so (completes), taken to be one the
// implementation has too; a fault charged only so, with that fault never
// charged, is refuted by those tests. It returns nil when none is.
func (s *search) refuted() *faults.Fault {
	d := s.d
	pm := d.answers.of(d.model)
	for _, f := range d.model {
		score := 0
		for _, i := range s.alone[f] {
			sc, pending := s.scoreBefore(d.model, i, d.answers.answer(pm, i))
			if pending {
				sc = -d.th.Otherwise
			}
			score += sc
		}
		if score <= 0 {
			return f
		}
	}
	return nil
}

// redundant returns the faults of the model without which it scores as
// high, and answers as many tests exactly, over the tests where the fault
// changes the answers.
func (s *search) redundant() []*faults.Fault {
	d := s.d
	var out []*faults.Fault
	for k, f := range d.model {
		others := slices.Delete(slices.Clone(d.model), k, k+1)
		tests := s.alone[f]
		if s.scoreOn(others, tests) >= s.scoreOn(d.model, tests) && s.exactOn(others, tests) >= s.exactOn(d.model, tests) {
			out = append(out, f)
		}
	}
	return out
}

// exactOn returns how many of the tests the implementation answers
// exactly as model: the same result, or an error of the same kind at the
// model's place as far as the implementation says where.
func (s *search) exactOn(model []*faults.Fault, tests []int) int {
	d := s.d
	n := 0
	pm := d.answers.of(model)
	for _, i := range tests {
		n += exactly(d.answers.answer(pm, i), d.answers.observed[i])
	}
	return n
}

// exactly returns 1 when the implementation's answer got is a model's
// answer p exactly: the same result, or an error of the same kind at its
// place as far as got says where; 0 otherwise.
func exactly(p, got answer) int {
	if sameVerdict(p, got) && (p.err == nil || p.err.Kind == got.err.Kind && errorsAgree(p.err, got.err)) {
		return 1
	}
	return 0
}

// errorsAgree reports whether the implementation's error got says what a
// model's error e says, as far as both say anything: at the same place
// when both give an offset (a character's offset is the place of its six
// bits), and in the same field (or one within the other, a move and its
// direction) when both name one; else of the same kind.
func errorsAgree(e, got *spec.ErrorObject) bool {
	switch {
	case e.HasOffset() && got.HasOffset():
		return samePlace(e, got) && (e.Field == "" || got.Field == "" || within(e.Field, got.Field))
	case e.Field != "" && got.Field != "":
		return within(e.Field, got.Field)
	}
	return got.Kind == e.Kind
}

// within reports whether two fields' paths are one, or one holds the
// other: "record.moves[0]" and "record.moves[0].dir".
func within(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return a == b || strings.HasPrefix(b, a) && (b[len(a)] == '.' || b[len(a)] == '[')
}

// samePlace reports whether two errors of a code are at the same place:
// the same offsets, or a bit within the character the other's char is.
func samePlace(a, b *spec.ErrorObject) bool {
	switch {
	case a.SameOffset(b):
		return true
	case a.Bit != nil && b.Char != nil:
		return *a.Bit/6 == *b.Char
	case a.Char != nil && b.Bit != nil:
		return *b.Bit/6 == *a.Char
	}
	return false
}

// explainFault explains a failure by the faults of the model: by the
// first fault that, with those before it, reproduces the answer (to the
// details its way of reporting errors lets compare, or in its verdict
// where the fault changes the verdict). A failure that a fault changes
// but no fault reproduces is not a fault's: its answer refutes the model
// there, and the stages after tell what it shares with others.
func (d *diagnosis) explainFault(f *failure) (causeID, bool) {
	if k, reproduced, ok := d.faultOf(f); ok && reproduced {
		g := d.model[k]
		return causeID{g.Kind, g.Family}, true
	}
	return causeID{}, false
}

// faultOf returns the place in the model of the fault that explains
// failure f, and whether its model reproduces the answer: the first fault
// of the model that alone reproduces it; else the first whose model, with
// the faults before it, reproduces it (a fault that shows only beside
// another); else the first that changes it.
func (d *diagnosis) faultOf(f *failure) (k int, reproduced, ok bool) {
	ref := f.predict(nil)
	for k, g := range d.model {
		if alone := f.predict([]*faults.Fault{g}); !identical(alone, ref) && d.reproduces(ref, alone, f.got) {
			return k, true, true
		}
	}
	shows := -1
	before := ref
	for k := range d.model {
		with := f.predict(d.model[:k+1])
		if identical(with, before) {
			continue
		}
		if d.reproduces(before, with, f.got) {
			return k, true, true
		}
		if shows < 0 {
			shows = k
		}
		before = with
	}
	return shows, false, shows >= 0
}

// reproduces reports whether a model's answer with reproduces the
// implementation's, got, where the model without the fault answers
// before: the same as far as its way of reporting errors lets answers be
// compared; or, where the fault changes the decision, the same decision
// (a refusal at the model's place); or, where it changes only where an
// error is, an error there.
func (d *diagnosis) reproduces(before, with, got answer) bool {
	switch {
	case d.style.same(with, got):
		return true
	case !sameVerdict(with, before):
		return sameVerdict(with, got) && (with.err == nil || errorsAgree(with.err, got.err))
	}
	return !samePosition(with, before) && samePosition(with, got)
}

// faultCause returns the cause of the failures of one family of the
// model: its mechanism, the shapes found, what was observed, and how many
// answers its model reproduces.
func (d *diagnosis) faultCause(id causeID, members []int) Cause {
	var fs []*faults.Fault
	for _, g := range d.model {
		if g.Family == id.name {
			fs = append(fs, g)
		}
	}
	f := fs[0]
	c := Cause{Title: f.What, Rule: string(f.Rule)}
	if len(f.Fields) > 0 {
		c.Field = f.Fields[0].Name
	}
	var shapes, fixes []string
	for _, g := range fs {
		c.Variants = append(c.Variants, g.Name)
		if g.Shape != "" {
			shapes = append(shapes, g.Shape)
		}
		fixes = append(fixes, g.Fix)
		c.Probes = append(c.Probes, d.found.probes[g]...)
	}
	c.Variant = strings.Join(shapes, "; ")
	c.Fix = strings.Join(slices.Compact(fixes), "; ")
	switch len(f.Flags) {
	case 0:
	case 1:
		c.Flag = f.Flags[0]
	default:
		c.Flags = f.Flags
	}
	switch f.Kind {
	case faults.Layout:
		c.Refs = []string{"Layout"}
	case faults.Rule:
		c.Refs = []string{"Replay and validation"}
	}
	for _, flag := range f.Flags {
		for _, r := range vectors.Notes[flag].Refs {
			if !slices.Contains(c.Refs, r) {
				c.Refs = append(c.Refs, r)
			}
		}
	}
	for _, i := range members {
		if _, reproduced, _ := d.faultOf(d.failureOf(i)); !reproduced {
			c.Otherwise++
		}
	}
	c.Observed = d.describe(members)
	c.Evidence = d.faultEvidence(fs, f, len(members)-c.Otherwise, len(members))
	return c
}

// faultEvidence says what proves the faults fs of a family: how many
// failures their models reproduce, the telling tests, and the probes.
func (d *diagnosis) faultEvidence(fs []*faults.Fault, f *faults.Fault, reproduced, failures int) string {
	match, told, otherwise, exact := 0, 0, 0, 0
	var with []string
	for _, g := range fs {
		if a := d.found.tries[g]; a != nil {
			match, told, otherwise = match+a.match, told+a.match+a.against, otherwise+a.otherwise
			exact += a.exact
			if a.with != nil {
				with = append(with, a.with.Name)
			}
		}
	}
	model := "its model"
	if len(with) > 0 {
		model = "its model with " + strings.Join(with, ", ")
	}
	e := fmt.Sprintf("%s reproduces %d of its %d failures; where the fault changes the verdict, %d of %d answers decide as the model", model, reproduced, failures, match, told)
	if told == 0 {
		e = fmt.Sprintf("%s reproduces %d of its %d failures, answered exactly as the model on %d tests where it changes only how an error is reported", model, reproduced, failures, exact)
	}
	if otherwise > 0 {
		e += fmt.Sprintf(" (%d more neither as the model nor as without it)", otherwise)
	}
	probes := 0
	for _, g := range fs {
		probes += len(d.found.probes[g])
	}
	if probes > 0 {
		e += fmt.Sprintf("; %d %s of its own told its shape", probes, term.Plural(probes, "request"))
	}
	if f.Seen > 0 {
		e += fmt.Sprintf("; seen in public implementations (fault %d)", f.Seen)
	}
	return e
}
