package diagnosis

import (
	"hash/fnv"
	"slices"
	"time"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// An Asker asks the implementation a request of the diagnosis's own and
// returns its answer, or an error when it gave none (a crash, a timeout,
// a protocol error). What it answers changes nothing already graded.
type Asker func(req *protocol.Request) (*protocol.Response, error)

// Probing, when the tests cannot tell two shapes of a fault apart: the
// diagnosis asks the implementation inputs where their models answer
// otherwise (the family's probes of package faults, then cases drawn from
// a seed of the family's name), and keeps the shape whose model answers
// as the implementation does. It is deterministic and bounded: at most
// probesPerFault requests a fault, maxProbes in all, within probeTime,
// and none after the implementation failed to answer twice.
const (
	probesPerFault = 4
	maxProbes      = 24
	probeTime      = 3 * time.Second
	drawsPerFault  = 400
)

// resolve asks the implementation, for each fault of the model whose
// shape the tests could not tell from another's, which it has.
func (s *search) resolve() {
	d := s.d
	if d.ask == nil {
		return
	}
	began := time.Now()
	for k := range d.model {
		if d.probesSent >= maxProbes || d.probeFailures >= 2 || time.Since(began) > probeTime {
			return
		}
		f := d.model[k]
		alts := s.alternatives(k)
		if len(alts) == 0 {
			continue
		}
		if best := s.probe(k, alts, began); best != f {
			s.replace(k, best)
		}
	}
}

// alternatives returns the other shapes of the family of the model's
// k-th fault that can take its place, and whose model with them answers
// every test as with it.
func (s *search) alternatives(k int) []*faults.Fault {
	d := s.d
	f := d.model[k]
	var out []*faults.Fault
	for _, g := range faults.Variants(f.Family) {
		if g == f {
			continue
		}
		other := slices.Clone(d.model)
		other[k] = g
		if !compatible(other) {
			continue
		}
		alike := true
		for _, i := range union(s.alone[f], s.alone[g]) {
			if !d.style.same(d.answers.predict(s.key, d.model, i), d.answers.predict(key(other), other, i)) {
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

func union(a, b []int) []int {
	out := slices.Clone(a)
	for _, i := range b {
		if !slices.Contains(a, i) {
			out = append(out, i)
		}
	}
	return out
}

// probe asks the implementation inputs where the model with the k-th
// fault and the models with each alternative answer otherwise, and
// returns the shape whose model answered as the implementation most
// often (the fault itself on a tie).
func (s *search) probe(k int, alts []*faults.Fault, began time.Time) *faults.Fault {
	d := s.d
	f := d.model[k]
	shapes := append([]*faults.Fault{f}, alts...)
	models := make([][]*faults.Fault, len(shapes))
	for j, g := range shapes {
		models[j] = slices.Clone(d.model)
		models[j][k] = g
	}
	score := make([]int, len(shapes))
	sent := 0
	for p := range s.candidates(f) {
		if sent >= probesPerFault || d.probesSent >= maxProbes || d.probeFailures >= 2 || time.Since(began) > probeTime {
			break
		}
		if !d.listed[p.Category] {
			continue
		}
		req, enc := p.Category.RequestOf(p.Input), encodes(p.Category)
		answers := make([]answer, len(shapes))
		differ := false
		for j := range shapes {
			answers[j] = ask(modelOf(key(models[j]), models[j]), req, enc)
			differ = differ || !d.style.same(answers[j], answers[0])
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
		if sh := d.style.shift; sh != [2]int{} && got.err != nil {
			got.err = shift(got.err, -sh[0], -sh[1])
		}
		probe := Probe{Category: p.Category, Input: inputText(p), Answer: words(got)}
		for j, g := range shapes {
			if d.style.same(answers[j], got) {
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
	s.key = key(d.model)
	s.members[g], s.tries[g], s.probes[g] = s.members[f], s.tries[f], s.probes[f]
	delete(s.members, f)
	delete(s.tries, f)
	delete(s.probes, f)
	s.alone[g] = union(s.alone[g], s.alone[f])
}

// candidates yields the inputs to probe fault f's family with: its
// probes, then cases drawn, from a seed of the family's name, in the
// categories where f shows.
func (s *search) candidates(f *faults.Fault) func(yield func(faults.Probe) bool) {
	return func(yield func(faults.Probe) bool) {
		for _, p := range faults.Probes(f.Family) {
			if !yield(p) {
				return
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
		for n := 0; n < drawsPerFault && len(cats) > 0; n++ {
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
		return term.Clip(p.Input, 120)
	}
	return term.Clip(string(mustJSON(p.Input)), 120)
}

// words says an answer in words: its error, or its result, clipped.
func words(a answer) string {
	switch {
	case a.crash:
		return "a crash"
	case !a.told:
		return "no answer"
	case a.err != nil:
		return "error " + term.Clip(string(mustJSON(a.err)), 120)
	}
	return term.Clip(a.result, 120)
}
