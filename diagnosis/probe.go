package diagnosis

import (
	"hash/fnv"
	"slices"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// An Asker asks the implementation a request of the diagnosis's own and
// returns its answer, or an error when it gave none (a crash, a timeout,
// a protocol error). What it answers changes nothing already graded.
type Asker func(req *protocol.Request) (*protocol.Response, error)

// Probing, when the tests cannot tell two shapes of a fault apart: the
// diagnosis asks the implementation inputs where their models decide
// otherwise (the family's probes of package faults, then cases drawn from
// a seed of the family's name), and keeps the shape whose model decides
// as the implementation does. It is deterministic and bounded by a number
// of requests, never by time (Thresholds: ProbesPerFault, MaxProbes,
// DrawsPerFault, MaxProbeFailures).

// resolve asks the implementation, for each fault of the model whose
// shape the tests could not tell from another's, which it has.
func (s *search) resolve() {
	d := s.d
	if d.ask == nil {
		return
	}
	for k := range d.model {
		if d.probesSent >= d.th.MaxProbes || d.probeFailures >= d.th.MaxProbeFailures {
			return
		}
		f := d.model[k]
		alts := s.alternatives(k)
		if len(alts) == 0 {
			continue
		}
		if best := s.probe(k, alts); best != f {
			s.replace(k, best)
		}
	}
}

// alternatives returns the faults that can take the place of the model's
// k-th fault, and whose model with them answers every test as with it:
// the other shapes of its family, and faults of other families that the
// tests cannot tell from it (a wall count checked against 0-11, and none
// checked, where no test has a count above 11).
func (s *search) alternatives(k int) []*faults.Fault {
	d := s.d
	f := d.model[k]
	var out []*faults.Fault
	for _, g := range faults.Catalogue {
		if g == f || g.Kind == faults.Reporting || len(s.alone[g]) == 0 || g.Family != f.Family && !s.overlaps(f, g) {
			continue
		}
		other := slices.Clone(d.model)
		other[k] = g
		if !compatible(other) {
			continue
		}
		alike := true
		for _, i := range union(s.alone[f], s.alone[g]) {
			if !identical(d.answers.predict(d.model, i), d.answers.predict(other, i)) {
				alike = false
				break
			}
		}
		if alike {
			out = append(out, g)
		}
	}
	return out
}

// overlaps reports whether faults f and g, alone, change the answers of
// the same tests the same way: a quick test before the whole one.
func (s *search) overlaps(f, g *faults.Fault) bool {
	if len(s.alone[f]) != len(s.alone[g]) {
		return false
	}
	d := s.d
	for k, i := range s.alone[f] {
		if s.alone[g][k] != i || !identical(d.answers.predict([]*faults.Fault{f}, i), d.answers.predict([]*faults.Fault{g}, i)) {
			return false
		}
	}
	return true
}

// compatible reports whether the faults fs can be had together.
func compatible(fs []*faults.Fault) bool {
	for i, a := range fs {
		for _, b := range fs[i+1:] {
			if a == b || !faults.Compatible(a, b) {
				return false
			}
		}
	}
	return true
}

// union returns the tests in a or b, each once, in increasing order, as
// meet's binary search and overlaps read them.
func union(a, b []int) []int {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// probe asks the implementation inputs where the model with the k-th
// fault and the models with each alternative answer otherwise, and
// returns the shape whose model answered as the implementation most
// often (the fault itself on a tie).
func (s *search) probe(k int, alts []*faults.Fault) *faults.Fault {
	d := s.d
	f := d.model[k]
	s.probing = alts
	shapes := append([]*faults.Fault{f}, alts...)
	models := make([][]*faults.Fault, len(shapes))
	for j, g := range shapes {
		models[j] = slices.Clone(d.model)
		models[j][k] = g
	}
	score := make([]int, len(shapes))
	sent := 0
	for p := range s.candidates(f) {
		if sent >= d.th.ProbesPerFault || d.probesSent >= d.th.MaxProbes || d.probeFailures >= d.th.MaxProbeFailures {
			break
		}
		if !d.listed[p.Category] {
			continue
		}
		req, enc := p.Category.RequestOf(p.Input), encodes(p.Category)
		answers := make([]answer, len(shapes))
		differ := false
		for j := range shapes {
			answers[j] = ask(modelOf(models[j]), req, enc)
			differ = differ || !sameVerdict(answers[j], answers[0])
		}
		if !differ {
			continue
		}
		sent++
		d.probesSent++
		resp, err := d.ask(req)
		if err != nil {
			d.probeFailures++
			continue
		}
		got := newAnswer(resp, false, enc)
		probe := Probe{Category: p.Category, Input: inputText(p), Answer: words(got)}
		for j, g := range shapes {
			if sameVerdict(answers[j], got) {
				score[j]++
				probe.Matches = append(probe.Matches, g.Name)
			} else {
				probe.Refutes = append(probe.Refutes, g.Name)
			}
		}
		s.probes[f] = append(s.probes[f], probe)
	}
	best := 0
	for j := range shapes {
		if score[j] > score[best] {
			best = j
		}
	}
	return shapes[best]
}

// replace puts g in the place of the model's k-th fault, f, with its
// members, attempt and probes.
func (s *search) replace(k int, g *faults.Fault) {
	d := s.d
	f := d.model[k]
	d.model[k] = g
	s.tries[g], s.probes[g] = s.tries[f], s.probes[f]
	delete(s.tries, f)
	delete(s.probes, f)
	s.alone[g] = union(s.alone[g], s.alone[f])
	s.replaced.add(g)
}

// candidates yields the inputs to probe fault f's family with: the
// probes of its family and of its alternatives' (families), then cases
// drawn, from a seed of the family's name, in the categories where f
// shows.
func (s *search) candidates(f *faults.Fault) func(yield func(faults.Probe) bool) {
	return func(yield func(faults.Probe) bool) {
		for _, fam := range s.families(f) {
			for _, p := range faults.Probes(fam) {
				if !yield(p) {
					return
				}
			}
		}
		var cats []suite.Category
		for _, i := range s.alone[f] {
			if c := s.d.obs[i].Category; !slices.Contains(cats, c) {
				cats = append(cats, c)
			}
		}
		h := fnv.New64a()
		h.Write([]byte(f.Family))
		r := gen.NewRand(h.Sum64())
		for n := 0; n < s.d.th.DrawsPerFault && len(cats) > 0; n++ {
			c := cats[n%len(cats)]
			if !yield(faults.Probe{Category: c, Input: r.Input(c)}) {
				return
			}
		}
	}
}

// inputText returns a probe's input as the reports show it: the value,
// or the code as a JSON string.
func inputText(p faults.Probe) string {
	if encodes(p.Category) {
		return p.Input
	}
	return string(mustJSON(p.Input))
}

// words says an answer in words: its error, or its result.
func words(a answer) string {
	switch {
	case a.crash:
		return "a crash"
	case !a.told:
		return "no answer"
	case a.err != nil:
		return "error " + string(mustJSON(a.err))
	}
	return a.result
}

// families returns the families of f and of the alternatives probed
// against it, f's first.
func (s *search) families(f *faults.Fault) []string {
	out := []string{f.Family}
	for _, g := range s.probing {
		if !slices.Contains(out, g.Family) {
			out = append(out, g.Family)
		}
	}
	return out
}
