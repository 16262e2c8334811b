package diagnosis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// The faults of the catalogue: greedily, each time the fault that, added
// to the model of the faults confirmed so far, explains the most failures
// not yet explained, provided the implementation answers as the model
// with the fault does on nine in ten of the tests where the fault shows
// and the answers tell (where the implementation answers as the model
// with the fault, or as the model without it). A fault is one shape of
// its family (junk read as zeros one hole per UTF-16 unit); the shapes of
// one family that exclude each other compete, and the one whose model
// reproduces the answers wins. Where the tests cannot tell two shapes
// apart, the diagnosis asks the implementation (probe.go). Faults
// compose: an answer that two faults make together is explained by the
// second one confirmed. A known fault is named as such, a fault of the
// layout by its field and one of the rules by its rule.

// minShare is the least share of the telling tests on which the answers
// match a fault, for the fault to be confirmed: the rest answer as
// without it.
const minShare = 0.9

// An attempt is a fault tried against the model so far.
type attempt struct {
	fault            *faults.Fault
	with             *faults.Fault // the fault it was confirmed together with, if any
	match, against   int           // telling tests answered with the fault, and without it
	gain             []int         // failures not yet explained that it explains
	otherwise, shows int           // tests where it shows that answer neither way, and all where it shows
}

// A search is the state of the search for known faults.
type search struct {
	d       *diagnosis
	alone   map[*faults.Fault][]int // the tests where each fault alone changes the reference's answer
	inModel []bool                  // the tests where the model so far changes it
	key     string                  // the model's key
	taken   map[int]bool            // the failures the model explains
	members map[*faults.Fault][]int // the failures each fault of the model explains
	tries   map[*faults.Fault]*attempt
	probes  map[*faults.Fault][]Probe // what probing showed of each fault of the model
}

func (d *diagnosis) knownFaults() {
	alone := map[*faults.Fault][]int{}
	var candidates []*faults.Fault
	for _, f := range faults.Catalogue {
		if f.Group == faults.Reporting {
			continue // the style
		}
		for i := range d.obs {
			if d.answers.told(i) && !d.style.same(d.answers.predict(f.Name, []*faults.Fault{f}, i), d.answers.predict("", nil, i)) {
				alone[f] = append(alone[f], i)
			}
		}
		if len(alone[f]) > 0 {
			candidates = append(candidates, f)
		}
	}
	// The search again without the faults that the others explain away:
	// a fault confirmed early whose failures a later one explains too.
	var s *search
	for range 4 {
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
	s.addCauses()
}

func newSearch(d *diagnosis, alone map[*faults.Fault][]int) *search {
	d.model = nil
	return &search{d: d, alone: alone, inModel: make([]bool, len(d.obs)), taken: map[int]bool{},
		members: map[*faults.Fault][]int{}, tries: map[*faults.Fault]*attempt{}, probes: map[*faults.Fault][]Probe{}}
}

// redundant returns the faults of the model without which the model
// answers as the implementation on as many of the tests where they show.
func (s *search) redundant() []*faults.Fault {
	d := s.d
	var out []*faults.Fault
	for k, f := range d.model {
		others := slices.Delete(slices.Clone(d.model), k, k+1)
		with, without := 0, 0
		for _, i := range s.alone[f] {
			got := d.answers.observed[i]
			if d.style.same(d.answers.predict(s.key, d.model, i), got) {
				with++
			}
			if d.style.same(d.answers.predict(key(others), others, i), got) {
				without++
			}
		}
		if without >= with {
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
		if len(a.gain) != len(b.gain) {
			return len(b.gain) - len(a.gain)
		}
		return a.against - b.against
	})
	for i, a := range tried {
		if a.confirms(i == 0) {
			return a
		}
	}
	return nil
}

// pairOf is how many candidates, those whose models alone come nearest the
// answers, are tried two at a time when no fault is proven alone.
const pairOf = 8

// nextPair returns two faults to confirm together, or nil: two faults
// each of which shows where the other changes the answers too (a field
// read with the wrong width, and trailing data ignored), so that neither
// is proven alone; the pair is, when the implementation answers as their
// models together where they show.
func (s *search) nextPair(candidates []*faults.Fault) []*attempt {
	d := s.d
	if len(d.unexplainedFailures()) == 0 || len(s.taken) >= len(d.failed) {
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

	nearest = nearest[:min(pairOf, len(nearest))]
	var best []*attempt
	gain := 0
	for i, x := range nearest {
		for _, y := range nearest[i+1:] {
			if !faults.Compatible(x.f, y.f) || x.f.Family == y.f.Family {
				continue
			}
			a := s.tryPair(x.f, y.f)
			if !a.confirms(false) || len(a.gain) <= gain {
				continue
			}
			// Each failure to the fault that shows there alone, the first
			// when both do.
			ax := &attempt{fault: x.f, with: y.f, match: a.match, against: a.against, otherwise: a.otherwise, shows: a.shows}
			ay := &attempt{fault: y.f, with: x.f, match: a.match, against: a.against, otherwise: a.otherwise, shows: a.shows}
			for _, i := range a.gain {
				if slices.Contains(s.alone[y.f], i) && !slices.Contains(s.alone[x.f], i) {
					ay.gain = append(ay.gain, i)
				} else {
					ax.gain = append(ax.gain, i)
				}
			}
			best, gain = []*attempt{ax, ay}, len(a.gain)
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
	return a
}

// score counts test i in a: whether the answer the implementation gave is
// the one predicted with the fault tried or the one predicted without,
// where the two differ (where they do not, the fault does not show).
func (s *search) score(a *attempt, i int, without, with answer) {
	d := s.d
	if d.style.same(without, with) {
		return
	}
	a.shows++
	switch got := d.answers.observed[i]; {
	case d.style.same(with, got):
		a.match++
		if !s.taken[i] && d.obs[i].Status == suite.Fail {
			a.gain = append(a.gain, i)
		}
	case d.style.same(without, got):
		a.against++
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
// failure, and the implementation answers with the fault on nine in ten
// of the telling tests; and either on half of all the tests where the
// fault shows, or, the most telling fault of its turn, on many (a fault
// whose other answers wait for a fault not yet found). So coincidences,
// among answers wrong for other reasons, do not name a fault.
func (a *attempt) confirms(most bool) bool {
	if len(a.gain) == 0 || float64(a.match) < minShare*float64(a.match+a.against) {
		return false
	}
	return 2*a.match >= a.shows || most && len(a.gain) >= manyGain
}

// manyGain is how many failures the most telling fault of its turn must
// explain to be confirmed when it matches fewer than half of the tests
// where it shows.
const manyGain = 20

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
	return a
}

// sample is how many failures where a fault shows are tried with the
// faults so far, to tell whether to try it in full.
const sample = 16

// promising reports whether fault f is worth trying in full.
func (s *search) promising(f *faults.Fault, with []*faults.Fault, withKey string) bool {
	d := s.d
	tried := 0
	for _, i := range s.alone[f] {
		got := d.answers.observed[i]
		if d.style.same(d.answers.predict(f.Name, []*faults.Fault{f}, i), got) {
			return true
		}
		if len(d.model) > 0 && !s.taken[i] && d.obs[i].Status == suite.Fail && tried < sample {
			tried++
			if d.style.same(d.answers.predict(withKey, with, i), got) {
				return true
			}
		}
	}
	return false
}

// confirm adds the fault of a to the model, and takes the failures it
// explains: those where it shows alone, and those it explains together
// with the faults before it, of the same direction (decoding, encoding).
func (s *search) confirm(a *attempt) {
	d := s.d
	f := a.fault
	d.model = append(d.model, f)
	s.key = key(d.model)
	s.tries[f] = a
	members := a.gain
	encodes := slices.ContainsFunc(s.alone[f], func(i int) bool { return d.answers.observed[i].enc })
	decodes := slices.ContainsFunc(s.alone[f], func(i int) bool { return !d.answers.observed[i].enc })
	for _, i := range d.failed {
		enc := d.answers.observed[i].enc
		if !s.taken[i] && s.inModel[i] && !slices.Contains(members, i) && (enc && encodes || !enc && decodes) &&
			d.style.same(d.answers.predict(s.key, d.model, i), d.answers.observed[i]) {
			members = append(members, i)
		}
	}
	for _, i := range s.alone[f] {
		s.inModel[i] = true
	}
	for _, i := range members {
		s.taken[i] = true
	}
	s.members[f] = members
}

// addCauses adds a cause for each family of the model: a known fault by
// its family, one of the layout by its field and one of the rules by its
// rule, each with the shapes found.
func (s *search) addCauses() {
	d := s.d
	done := map[string]bool{}
	for _, f := range d.model {
		key := f.Family
		if f.Group != faults.Known {
			key = f.Name // named by where it goes wrong: each apart
		}
		if done[key] {
			continue
		}
		done[key] = true
		var fs []*faults.Fault
		var members []int
		for _, g := range d.model {
			if g == f || f.Group == faults.Known && g.Family == f.Family {
				fs = append(fs, g)
				members = append(members, s.members[g]...)
			}
		}
		if d.add(s.cause(fs), members) {
			for _, g := range fs {
				d.byFault[g] = len(d.causes) - 1
			}
		}
	}
}

// cause returns the cause of the faults fs of one family, confirmed.
func (s *search) cause(fs []*faults.Fault) Cause {
	f := fs[0]
	c := Cause{Kind: Fault, Name: f.Family, Title: f.What, Fix: f.Fix}
	var shapes, fixes []string
	for _, g := range fs {
		c.Variants = append(c.Variants, g.Name)
		if g.Shape != "" {
			shapes = append(shapes, g.Shape)
		}
		fixes = append(fixes, g.Fix)
		c.Probes = append(c.Probes, s.probes[g]...)
	}
	c.Variant = strings.Join(shapes, "; ")
	c.Fix = strings.Join(slices.Compact(fixes), "; ")
	switch f.Group {
	case faults.Structural:
		c.Kind, c.Name, c.Like, c.Refs = Field, f.Locus[0], []string{f.Name}, []string{"Layout"}
	case faults.Rules:
		c.Kind, c.Name, c.Like, c.Refs = Rule, f.Locus[0]+": "+f.What, []string{f.Name}, []string{"Replay and validation"}
		c.Title = "the rules"
	}
	if c.Kind != Fault {
		c.Variant, c.Variants = "", nil
	}
	switch len(f.Flags) {
	case 0:
	case 1:
		c.Flag = f.Flags[0]
	default:
		c.Flags = f.Flags
	}
	for _, flag := range f.Flags {
		for _, r := range vectors.Notes[flag].Refs {
			if !slices.Contains(c.Refs, r) {
				c.Refs = append(c.Refs, r)
			}
		}
	}
	c.Evidence = s.evidence(fs, f)
	return c
}

// evidence says what proves the faults fs: the tests where they show and
// the answers match them, and the probes.
func (s *search) evidence(fs []*faults.Fault, f *faults.Fault) string {
	match, told, otherwise := 0, 0, 0
	var with []string
	for _, g := range fs {
		if a := s.tries[g]; a != nil {
			match, told, otherwise = match+a.match, told+a.match+a.against, otherwise+a.otherwise
			if a.with != nil {
				with = append(with, a.with.Name)
			}
		}
	}
	e := fmt.Sprintf("answers match the fault on %d of %d tests where it shows", match, told)
	if len(with) > 0 {
		e = fmt.Sprintf("answers match the fault together with %s on %d of %d tests where they show", strings.Join(with, ", "), match, told)
	}
	if otherwise > 0 {
		e += fmt.Sprintf(" (%d more answered otherwise)", otherwise)
	}
	probes := 0
	for _, g := range fs {
		probes += len(s.probes[g])
	}
	if probes > 0 {
		e += fmt.Sprintf("; %d %s of its own told its shape", probes, term.Plural(probes, "request"))
	}
	if f.Seen > 0 {
		e += fmt.Sprintf("; seen in public implementations (fault %d)", f.Seen)
	}
	return e
}
