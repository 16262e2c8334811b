package diagnosis

import (
	"fmt"
	"slices"

	"github.com/qf-format/qf-conformance/internal/faults"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// The faults of the catalogue: greedily, each time the fault that,
// added to the model of the faults confirmed so far, explains the most
// failures not yet explained, provided the implementation answers as the
// model with the fault does on at least three in four of the tests where
// the fault shows and the answers tell (where the implementation answers
// as the model with the fault, or as the model without it). Faults
// compose: an answer that two faults make together is explained by the
// second one confirmed. A known fault is named as such; a fault of the
// layout by its field, and one of the rules by its rule, as what it is
// like: so is one the catalogue lacks, found where answers go wrong.

// minShare is the least share of the telling tests on which the answers
// match a fault, for the fault to be confirmed.
const minShare = 0.75

// An attempt is a fault tried against the model so far.
type attempt struct {
	fault            *faults.Fault
	match, against   int   // telling tests answered with the fault, and without it
	gain             []int // failures not yet explained that it explains
	otherwise, shows int   // tests where it shows that answer neither way, and all where it shows
}

// A search is the state of the search for known faults.
type search struct {
	d       *diagnosis
	alone   map[*faults.Fault][]int // the tests where each fault alone changes the reference's answer
	inModel []bool                  // the tests where the model so far changes it
	key     string                  // the model's key
}

func (d *diagnosis) knownFaults() {
	s := &search{d: d, alone: map[*faults.Fault][]int{}, inModel: make([]bool, len(d.obs))}
	var candidates []*faults.Fault
	for _, f := range faults.Catalogue {
		if f.Group == faults.Reporting {
			continue // the style
		}
		for i := range d.obs {
			if d.answers.told(i) && !d.style.same(d.answers.predict(f.Name, []*faults.Fault{f}, i), d.answers.predict("", nil, i)) {
				s.alone[f] = append(s.alone[f], i)
			}
		}
		if len(s.alone[f]) > 0 {
			candidates = append(candidates, f)
		}
	}
	for {
		var tried []*attempt
		for _, f := range candidates {
			if !slices.Contains(d.model, f) {
				a := s.try(f)
				tried = append(tried, a)
			}
		}
		slices.SortStableFunc(tried, func(a, b *attempt) int {
			if len(a.gain) != len(b.gain) {
				return len(b.gain) - len(a.gain)
			}
			return a.against - b.against
		})
		var best *attempt
		for i, a := range tried {
			if a.confirms(i == 0) {
				best = a
				break
			}
		}
		if best == nil {
			return
		}
		s.confirm(best)
	}
}

// confirms reports whether the answers prove the fault: it explains a
// failure, and the implementation answers with the fault on three in four
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
		if d.style.same(without, withF) {
			continue // the model shows the fault already
		}
		a.shows++
		switch got := d.answers.observed[i]; {
		case d.style.same(withF, got):
			a.match++
			if _, done := d.explained[i]; !done && d.obs[i].Status == suite.Fail {
				a.gain = append(a.gain, i)
			}
		case d.style.same(without, got):
			a.against++
		default:
			a.otherwise++
		}
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
		if _, done := d.explained[i]; len(d.model) > 0 && !done && d.obs[i].Status == suite.Fail && tried < sample {
			tried++
			if d.style.same(d.answers.predict(withKey, with, i), got) {
				return true
			}
		}
	}
	return false
}

// confirm adds the fault of a to the model, and its cause: the failures
// it explains where it shows alone, and those it explains together with
// the faults before it.
func (s *search) confirm(a *attempt) {
	d := s.d
	f := a.fault
	d.model = append(d.model, f)
	s.key = key(d.model)
	members := a.gain
	encodes := slices.ContainsFunc(s.alone[f], func(i int) bool { return d.obs[i].Category.Reads() == suite.Value })
	decodes := slices.ContainsFunc(s.alone[f], func(i int) bool { return d.obs[i].Category.Reads() != suite.Value })
	for _, i := range d.unexplainedFailures() {
		if s.inModel[i] && !slices.Contains(members, i) && (d.obs[i].Category.Reads() == suite.Value && encodes || d.obs[i].Category.Reads() != suite.Value && decodes) &&
			d.style.same(d.answers.predict(s.key, d.model, i), d.answers.observed[i]) {
			members = append(members, i)
		}
	}
	for _, i := range s.alone[f] {
		s.inModel[i] = true
	}
	if d.add(faultCause(a), members) {
		d.byFault[f] = len(d.causes) - 1
	}
}

// faultCause returns the cause of a confirmed fault: a known fault by its
// name, one of the layout by its field and one of the rules by its rule.
func faultCause(a *attempt) Cause {
	f := a.fault
	c := Cause{Kind: Fault, Name: f.Name, Title: f.What, Fix: f.Fix}
	switch f.Group {
	case faults.Structural:
		c.Kind, c.Name, c.Like, c.Refs = Field, f.Locus[0], []string{f.Name}, []string{"Layout"}
	case faults.Rules:
		c.Kind, c.Name, c.Like, c.Refs = Rule, f.Locus[0]+": "+f.What, []string{f.Name}, []string{"Replay and validation"}
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
	c.Evidence = fmt.Sprintf("answers match the fault on %d of %d tests where it shows", a.match, a.match+a.against)
	if a.otherwise > 0 {
		c.Evidence += fmt.Sprintf(" (%d more answered otherwise)", a.otherwise)
	}
	if f.Seen > 0 {
		c.Evidence += fmt.Sprintf("; seen in public implementations (fault %d)", f.Seen)
	}
	return c
}
