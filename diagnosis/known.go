package diagnosis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// The faults of the catalogue: greedily, each time the fault that, added
// to the model of the faults confirmed so far, explains the most failures
// not yet explained, provided the implementation decides as the model
// with the fault does (it crashes, refuses, or answers the same result)
// on nine in ten of the tests where the fault changes the verdict. The
// kinds and positions of its refusals are not compared: an implementation
// that refuses what the fault's model refuses has the fault, whatever it
// reports; how it reports them is another cause (style.go, reported.go).
//
// A fault is one shape of its family (junk read as zeros one hole per
// UTF-16 unit); the shapes of one family that exclude each other compete,
// and the one whose model reproduces the answers wins. Where the tests
// cannot tell two shapes apart, the diagnosis asks the implementation
// (probe.go). Faults compose: an answer that two faults make together is
// explained by the second one confirmed.

// An attempt is a fault tried against the model so far, over the tests
// where its model and the model without it decide otherwise (telling
// tests).
type attempt struct {
	fault *faults.Fault
	with  *faults.Fault // the fault it was confirmed together with, if any
	// match and against count the telling tests answered as with the
	// fault and as without it; strong the matches that are a result the
	// reference does not give; on, the same by the kind of input
	// (inputKind).
	match, against, strong int
	on                     map[string]*onKind
	gain                   []int // failures not yet explained that it explains
	otherwise, shows       int   // telling tests answered neither way, and all telling tests
	// exact counts the tests where the fault changes the answer at all,
	// verdict or details, and the implementation answers exactly as its
	// model, exactAgainst those it answers exactly as without it: what
	// tells apart shapes that refuse alike but report otherwise, when the
	// implementation reports as the spec says, and what proves a fault
	// that changes the details of errors alone.
	exact, exactAgainst int
	// bounds and quiet count the telling tests against the fault that do
	// not count against it, found by confirms: refusals where the model
	// writes a result, on a kind of input where the implementation
	// answers the model's results (values refused at bounds of its own);
	// and answers exactly the reference's, on kinds of input where the
	// fault never shows (a fault of some inputs only).
	bounds, quiet int
	// beyond counts the failures the model leaves as the reference
	// answers them, on the kinds of input where it matches (search.beyond).
	beyond int
	// loose holds the telling tests where the implementation refuses as
	// the model does, but with an error at another position: weak
	// evidence, counted as matches only when they are all one error of
	// the implementation's own for these inputs (search.settle).
	loose []int
}

// onKind counts an attempt's telling tests of one kind of input.
type onKind struct {
	match, strong, against int
	refused                int // against, refused where the model writes a result
	exact                  int // against, answered exactly as the reference
}

// kind returns the tallies of the kind of test i's input.
func (a *attempt) kind(d *diagnosis, i int) *onKind {
	if a.on == nil {
		a.on = map[string]*onKind{}
	}
	k := d.inputKind(i)
	if a.on[k] == nil {
		a.on[k] = &onKind{}
	}
	return a.on[k]
}

// A search is the state of the search for faults of the catalogue.
type search struct {
	d       *diagnosis
	alone   map[*faults.Fault][]int // the tests where each fault alone changes the reference's answer
	inModel []bool                  // the tests where the model so far changes it
	key     string                  // the model's key
	taken   map[int]bool            // the failures the model explains
	tries   map[*faults.Fault]*attempt
	probes  map[*faults.Fault][]Probe // what probing showed of each fault of the model
	probing []*faults.Fault           // the alternatives of the fault being probed
}

// findFaults finds the model: the faults of the catalogue the answers
// prove, but the ways of reporting errors, which the style finds.
func (d *diagnosis) findFaults() {
	alone := map[*faults.Fault][]int{}
	for i := range d.obs {
		if !d.answers.told(i) {
			continue
		}
		row := d.answers.row(i)
		for k, f := range faults.Catalogue {
			if f.Kind != faults.Reporting && !identical(row[1+k], row[0]) { // the ways of reporting are the style's
				alone[f] = append(alone[f], i)
			}
		}
	}
	var candidates []*faults.Fault
	for _, f := range faults.Catalogue {
		if len(alone[f]) > 0 {
			candidates = append(candidates, f)
		}
	}
	// The search again without the faults that the others explain away:
	// a fault confirmed early whose failures a later one explains too.
	var s *search
	for range d.th.Rounds {
		s = newSearch(d, alone)
		for {
			if best := s.next(candidates); best != nil {
				s.confirm(best)
				continue
			}
			pair := s.nextPair(candidates)
			if pair == nil {
				break
			}
			s.confirm(pair[0])
			s.confirm(pair[1])
		}
		redundant := s.redundant()
		if len(redundant) == 0 {
			break
		}
		candidates = slices.DeleteFunc(candidates, func(f *faults.Fault) bool { return slices.Contains(redundant, f) })
	}
	s.resolve()
	d.found = s
}

func newSearch(d *diagnosis, alone map[*faults.Fault][]int) *search {
	d.model = nil
	return &search{d: d, alone: alone, inModel: make([]bool, len(d.obs)), taken: map[int]bool{},
		tries: map[*faults.Fault]*attempt{}, probes: map[*faults.Fault][]Probe{}}
}

// redundant returns the faults of the model without which the model
// answers as the implementation on as many of the tests where they show:
// decides as it, where the fault changes the verdict; or, for a fault
// that changes only the details of errors, answers exactly as it.
func (s *search) redundant() []*faults.Fault {
	d := s.d
	var out []*faults.Fault
	for k, f := range d.model {
		others := slices.Delete(slices.Clone(d.model), k, k+1)
		var with, without [2]int // where the verdicts differ, and where only the details do
		for _, i := range s.alone[f] {
			got := d.answers.observed[i]
			w, wo := d.answers.predict(s.key, d.model, i), d.answers.predict(key(others), others, i)
			same, at := sameVerdict, 0
			if sameVerdict(w, wo) {
				same, at = identical, 1
			}
			if same(w, got) {
				with[at]++
			}
			if same(wo, got) {
				without[at]++
			}
		}
		at := 0 // the verdicts tell, when there are any: details are erased by a way of reporting errors
		if with[0]+without[0] == 0 {
			at = 1
		}
		if without[at] >= with[at] {
			out = append(out, f)
		}
	}
	return out
}

// next returns the attempt to confirm next, or nil when no fault left is
// proven by the answers.
func (s *search) next(candidates []*faults.Fault) *attempt {
	var tried []*attempt
	for _, f := range candidates {
		if s.fits(f) {
			tried = append(tried, s.try(f))
		}
	}
	slices.SortStableFunc(tried, func(a, b *attempt) int {
		switch {
		case len(a.gain) != len(b.gain):
			return len(b.gain) - len(a.gain)
		case a.exact-a.exactAgainst != b.exact-b.exactAgainst:
			return (b.exact - b.exactAgainst) - (a.exact - a.exactAgainst)
		}
		return a.against - b.against
	})
	// The faults that the answers prove as their models stand first, then
	// those proven with bounds of their own, or on some inputs only: a
	// fault that explains the answers as it is comes before one that
	// explains more with allowances (a range of 0-81 before no range).
	for _, allow := range []bool{false, true} {
		for i, a := range tried {
			if a.confirms(i == 0, allow, &s.d.th) {
				return a
			}
		}
	}
	return nil
}

// nextPair returns two faults to confirm together, or nil: two faults
// each of which shows where the other changes the answers too (a field
// read with the wrong width, and trailing data ignored), so that neither
// is proven alone; the pair is, when the implementation decides as their
// models together where they show.
func (s *search) nextPair(candidates []*faults.Fault) []*attempt {
	d := s.d
	if len(s.taken) >= len(d.failed) {
		return nil
	}
	type near struct {
		f     *faults.Fault
		score int
	}
	var nearest []near
	for _, f := range candidates {
		if !s.fits(f) {
			continue
		}
		a := s.try(f)
		if a.match+a.otherwise > 0 && 4*a.match >= 3*(a.match+a.against) {
			nearest = append(nearest, near{f, a.match + a.otherwise})
		}
	}
	slices.SortStableFunc(nearest, func(a, b near) int { return b.score - a.score })

	nearest = nearest[:min(d.th.PairOf, len(nearest))]
	var best []*attempt
	gain := 0
	for i, x := range nearest {
		for _, y := range nearest[i+1:] {
			if !faults.Compatible(x.f, y.f) || x.f.Family == y.f.Family {
				continue
			}
			a := s.tryPair(x.f, y.f)
			if !a.confirms(false, false, &d.th) || len(a.gain) <= gain {
				continue
			}
			ax, ay := *a, *a
			ax.fault, ax.with, ay.fault, ay.with = x.f, y.f, y.f, x.f
			best, gain = []*attempt{&ax, &ay}, len(a.gain)
		}
	}
	return best
}

// tryPair returns how the answers fare where f or g alone show, with
// both added to the model.
func (s *search) tryPair(f, g *faults.Fault) *attempt {
	d := s.d
	a := &attempt{}
	with := append(slices.Clone(d.model), f, g)
	withKey := key(with)
	for _, i := range union(s.alone[f], s.alone[g]) {
		s.score(a, i, d.answers.predict(s.key, d.model, i), d.answers.predict(withKey, with, i))
	}
	a.shows -= len(a.loose) // unsettled: a pair rests on positions
	a.loose = nil
	return a
}

// score counts test i in a, where the model with the fault tried and the
// model without it decide otherwise: whether the implementation decided
// as the one or the other.
func (s *search) score(a *attempt, i int, without, with answer) {
	d := s.d
	got := d.answers.observed[i]
	changes := !identical(without, with)
	switch {
	case changes && identical(with, got):
		a.exact++
		if sameVerdict(without, with) && !s.taken[i] && d.obs[i].Status == suite.Fail {
			a.gain = append(a.gain, i) // reproduced to its errors' details, where the verdict does not tell
		}
	case changes && identical(without, got):
		a.exactAgainst++
	}
	if sameVerdict(without, with) || with.verdict() == "" {
		return
	}
	a.shows++
	switch {
	case sameVerdict(with, got) && with.err != nil && !errorsAgree(with.err, got.err):
		a.loose = append(a.loose, i)
	case sameVerdict(with, got):
		a.match++
		on := a.kind(d, i)
		on.match++
		if with.err == nil && !with.crash {
			a.strong++
			on.strong++
		}
		if !s.taken[i] && d.obs[i].Status == suite.Fail {
			a.gain = append(a.gain, i)
		}
	case sameVerdict(without, got):
		a.against++
		on := a.kind(d, i)
		on.against++
		if got.err != nil && with.err == nil && !with.crash {
			on.refused++
		}
		if identical(got, d.answers.predict("", nil, i)) {
			on.exact++
		}
	default:
		a.otherwise++
	}
}

// fits reports whether f can join the model: it is not in it, and can be
// had together with every fault in it.
func (s *search) fits(f *faults.Fault) bool {
	for _, g := range s.d.model {
		if g == f || !faults.Compatible(f, g) {
			return false
		}
	}
	return true
}

// confirms reports whether the answers prove the fault: it explains a
// failure, and the implementation decides as its model on nine in ten of
// the telling tests (and, unless allow is set, of those where it answers
// exactly as without the fault, whose error the fault would change); and either on half of all of them, or, the most
// telling fault of its turn, on many (a fault whose other answers wait
// for a fault not yet found). Where the implementation answers the
// model's very results on MinStrong tests or more, its refusals where
// the model writes a result are bounds of its own (values refused at
// other limits) and do not count against the fault. So coincidences,
// among answers wrong for other reasons, do not name a fault.
func (a *attempt) confirms(most, allow bool, th *Thresholds) bool {
	a.bounds, a.quiet = 0, 0
	if allow && a.strong >= th.MinStrong {
		for _, on := range a.on {
			switch {
			case on.strong > 0:
				a.bounds += on.refused
			case on.match == 0 && on.exact == on.against:
				a.quiet += on.against
			}
		}
	}
	if len(a.gain) == 0 {
		return false
	}
	if a.shows == 0 { // the fault changes errors alone: proven where answered exactly as its model
		return a.exact >= th.MinStrong && float64(a.exact) >= th.MinShare*float64(a.exact+a.exactAgainst)
	}
	against, shows := a.against-a.bounds-a.quiet, a.shows-a.bounds-a.quiet
	if !allow {
		against += a.exactAgainst // answered exactly as without the fault, where it changes an error
	}
	if float64(a.match) < th.MinShare*float64(a.match+against+a.beyond) {
		return false
	}
	return 2*a.match >= shows || most && len(a.gain) >= th.ManyGain
}

// try returns how the answers fare where fault f alone shows, with f
// added to the model. Models composed cost time: a fault is tried in full
// only when an answer matches its model alone, or its model with the
// faults so far on one of the first failures where it shows.
func (s *search) try(f *faults.Fault) *attempt {
	d := s.d
	a := &attempt{fault: f}
	with := append(slices.Clone(d.model), f)
	withKey := key(with)
	if !s.promising(f, with, withKey) {
		return a
	}
	for _, i := range s.alone[f] {
		without, withF := d.answers.predict("", nil, i), d.answers.predict(f.Name, []*faults.Fault{f}, i)
		if len(d.model) > 0 {
			withF = d.answers.predict(withKey, with, i)
		}
		if s.inModel[i] {
			without = d.answers.predict(s.key, d.model, i)
		}
		s.score(a, i, without, withF) // nothing where the model shows the fault already
	}
	s.settle(a)
	s.beyond(a)
	return a
}

// promising reports whether fault f is worth trying in full.
func (s *search) promising(f *faults.Fault, with []*faults.Fault, withKey string) bool {
	d := s.d
	tried := 0
	for _, i := range s.alone[f] {
		got := d.answers.observed[i]
		alone, ref := d.answers.predict(f.Name, []*faults.Fault{f}, i), d.answers.predict("", nil, i)
		if sameVerdict(alone, got) && !sameVerdict(alone, ref) || identical(alone, got) {
			return true // as the model alone decides, or answers to the last detail
		}
		if len(d.model) > 0 && !s.taken[i] && d.obs[i].Status == suite.Fail && tried < d.th.Sample {
			tried++
			if sameVerdict(d.answers.predict(withKey, with, i), got) {
				return true
			}
		}
	}
	return false
}

// confirm adds the fault of a to the model, and takes the failures it
// explains.
func (s *search) confirm(a *attempt) {
	d := s.d
	f := a.fault
	d.model = append(d.model, f)
	s.key = key(d.model)
	s.tries[f] = a
	for _, i := range s.alone[f] {
		s.inModel[i] = true
	}
	for _, i := range a.gain {
		s.taken[i] = true
	}
}

// errorsAgree reports whether the implementation's error got says what a
// model's error e says, as far as it says anything: at the same offset
// (and field, when both name one) when it gives an offset; else in the
// same field when both name one; else of the same kind.
func errorsAgree(e, got *spec.ErrorObject) bool {
	switch {
	case got.Bit != nil || got.Char != nil:
		return e.SameOffset(got) && (e.Field == "" || got.Field == "" || e.Field == got.Field)
	case got.Field != "" && e.Field != "":
		return got.Field == e.Field
	}
	return got.Kind == e.Kind
}

// settle counts an attempt's loose tests, where the implementation
// refuses as the model does with an error at another position, as
// matches when they are at least MinStrong and all one error, the
// implementation's own for these inputs: an error it answers, where the
// fault does not change the answer, only where the reference answers it
// too (a decoder that refuses every State as invalid_character at char
// 0). Otherwise they count as neither
// way: an implementation that refuses for reasons of its own matches a
// model that refuses everything by chance.
func (s *search) settle(a *attempt) {
	d := s.d
	defer func() { a.loose = nil }()
	if len(a.loose) < d.th.MinStrong {
		a.otherwise += len(a.loose)
		return
	}
	sig := describeError(d.answers.observed[a.loose[0]].err)
	for _, i := range a.loose {
		if describeError(d.answers.observed[i].err) != sig {
			a.otherwise += len(a.loose)
			return
		}
	}
	in := map[int]bool{} // the fault's tests: where it changes the answer
	for _, i := range s.alone[a.fault] {
		in[i] = true
	}
	for i, got := range d.answers.observed {
		if got.err != nil && !in[i] && describeError(got.err) == sig && !identical(got, d.answers.predict("", nil, i)) {
			a.otherwise += len(a.loose) // its way of reporting other errors too
			return
		}
	}
	for _, i := range a.loose {
		a.match++
		a.kind(d, i).match++
		if !s.taken[i] && d.obs[i].Status == suite.Fail {
			a.gain = append(a.gain, i)
		}
	}
}

// hasBounds reports whether a test's input is of a kind where a fault can
// set bounds of its own: a value out of range, a move or a State that
// breaks a rule.
func hasBounds(o *suite.Result) bool {
	t := o.Test
	return t.Error != nil && t.Error.Kind == string(ref.ErrOutOfRange) || t.Error == nil && (t.Violation != nil || t.Violations != nil && len(*t.Violations) > 0)
}

// inputKind names the kind of test i's input: its category, and what
// the reference answers of it: the error and its field ("encode
// out_of_range state.white"), the violation of a replay, the violations
// of a validation, or "valid".
func (d *diagnosis) inputKind(i int) string {
	if d.kinds == nil {
		d.kinds = make([]string, len(d.obs))
	}
	if d.kinds[i] == "" {
		d.kinds[i] = inputKind(d.obs[i])
	}
	return d.kinds[i]
}

func inputKind(o *suite.Result) string {
	t := o.Test
	switch {
	case t.Error != nil:
		return o.Category.Name() + " " + t.Error.Kind + " " + nameOf(t.Error.Field)
	case t.Violation != nil:
		return o.Category.Name() + " " + string(t.Violation.Kind)
	case t.Violations != nil && len(*t.Violations) > 0:
		return o.Category.Name() + " " + strings.Join(*t.Violations, " ")
	}
	return o.Category.Name() + " valid"
}

// beyond counts the failures the fault's model leaves as they are, of the
// kinds of input with bounds (hasBounds) where the implementation answers
// the model's very results: where the model decides as the reference and the
// implementation decides otherwise, and no fault found so far changes
// the answer (a square of 81 accepted as the model's range 0-81 says, and
// 100 too, which the model refuses). They are the fault's bounds, other
// than the model's.
func (s *search) beyond(a *attempt) {
	d := s.d
	if a.strong == 0 {
		return
	}
	shows := map[int]bool{}
	for _, i := range s.alone[a.fault] {
		shows[i] = true
	}
	for _, i := range d.failed {
		kind := d.inputKind(i)
		if shows[i] || s.taken[i] || s.inModel[i] || !hasBounds(d.obs[i]) {
			continue // the fault's, the model's so far, or an input of no range
		}
		if on := a.on[kind]; on != nil && on.strong > 0 && !sameVerdict(d.answers.predict("", nil, i), d.answers.observed[i]) {
			a.beyond++
		}
	}
}

// explainFault explains a failure by the faults of the model: by the
// first fault that, with those before it, reproduces the answer (to the
// details its way of reporting errors lets compare, or in its verdict
// where the fault changes the verdict); else by the first fault that
// changes the answer there, answered otherwise.
func (d *diagnosis) explainFault(f *failure) (causeID, bool) {
	if k, _, ok := d.faultOf(f); ok {
		g := d.model[k]
		return causeID{g.Kind, g.Family}, true
	}
	return causeID{}, false
}

// faultOf returns the place in the model of the fault that explains
// failure f, and whether its model reproduces the answer.
func (d *diagnosis) faultOf(f *failure) (k int, reproduced, ok bool) {
	shows := -1
	before := f.predict(nil)
	for k := range d.model {
		with := f.predict(d.model[:k+1])
		if identical(with, before) {
			continue
		}
		if d.style.same(with, f.got) || !sameVerdict(with, before) && sameVerdict(with, f.got) {
			return k, true, true
		}
		if shows < 0 {
			shows = k
		}
		before = with
	}
	return shows, false, shows >= 0
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
	match, told, otherwise, bounds, quiet := 0, 0, 0, 0, 0
	var with []string
	for _, g := range fs {
		if a := d.found.tries[g]; a != nil {
			match, told, otherwise = match+a.match, told+a.match+a.against, otherwise+a.otherwise
			bounds, quiet = bounds+a.bounds, quiet+a.quiet
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
	if bounds > 0 {
		e += fmt.Sprintf(" (%d refused where the model writes a result: bounds of its own)", bounds)
	}
	if quiet > 0 {
		e += fmt.Sprintf(" (%d answered as the spec says, of inputs of kinds where the fault never shows)", quiet)
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
