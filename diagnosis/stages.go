package diagnosis

import (
	"fmt"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/suite"
)

// A stage is one step of the diagnosis: what it learns from the failures
// left to it (find), which of its causes explains a failure (explain),
// and a cause in words from its failures (cause). Diagnose runs the
// stages in order, each failure going to the first stage that explains
// it; Explain asks the same stages, in the same order, of a failure seen
// later, so that the two agree by construction.
type stage struct {
	find    func(d *diagnosis, left []int) // nil for a stage that learns nothing from them
	explain func(d *diagnosis, f *failure) (causeID, bool)
	cause   func(d *diagnosis, id causeID, members []int) Cause
}

// A causeID names a cause among those of a run: its kind and name.
type causeID struct {
	kind faults.Kind
	name string
}

// stages are the stages, in the order they explain failures. The faults
// of the catalogue and the way of reporting errors are found before any
// of them (run).
var stages = []stage{
	{nil, (*diagnosis).explainStyle, (*diagnosis).styleCause},
	{nil, (*diagnosis).explainFault, (*diagnosis).faultCause},
	{nil, (*diagnosis).explainMisbehaviour, (*diagnosis).misbehaviourCause},
	{(*diagnosis).findFacets, (*diagnosis).explainFacet, (*diagnosis).facetCause},
	{(*diagnosis).findBehaviours, (*diagnosis).explainBehaviour, (*diagnosis).behaviourCause},
}

// A failure is a failed result as the stages see it: what the
// implementation answered (as if it counted offsets as the reference
// does, when its way of reporting errors shifts them all), and the answer
// of the model of any faults to its test.
type failure struct {
	i       int // its place among the observations; -1 for one seen later
	r       *suite.Result
	got     answer
	predict func(fs []*faults.Fault) answer
}

// failureOf returns failure i of the observations, its models' answers
// remembered.
func (d *diagnosis) failureOf(i int) *failure {
	return &failure{i: i, r: d.obs[i], got: d.answers.observed[i], predict: func(fs []*faults.Fault) answer { return d.answers.predict(fs, i) }}
}

// failureOfNew returns a failure that was not among the observations.
func (d *diagnosis) failureOfNew(o *suite.Result) *failure {
	got := observed(o)
	if s := d.style.shift; s != [2]int{} && got.err != nil {
		got.err = shift(got.err, -s[0], -s[1])
	}
	req, enc := o.Category.Request(o.Test), encodes(o.Category)
	memo := map[set]answer{}
	return &failure{i: -1, r: o, got: got, predict: func(fs []*faults.Fault) answer {
		k := setOf(fs)
		if a, ok := memo[k]; ok {
			return a
		}
		a := ask(modelOf(fs), req, enc)
		memo[k] = a
		return a
	}}
}

// run finds the faults of the catalogue and the way of reporting errors,
// then puts each failure under the first stage that explains it, and
// what none explains under the unexplained.
func (d *diagnosis) run() {
	d.findFaults()
	d.findStyle()
	left := d.failed
	for _, s := range stages {
		if s.find != nil {
			s.find(d, left)
		}
		groups := map[causeID][]int{}
		var order []causeID
		var rest []int
		for _, i := range left {
			id, ok := s.explain(d, d.failureOf(i))
			if !ok {
				rest = append(rest, i)
				continue
			}
			if groups[id] == nil {
				order = append(order, id)
			}
			groups[id] = append(groups[id], i)
		}
		for _, id := range order {
			c := s.cause(d, id, groups[id])
			c.Kind, c.Name = id.kind, id.name
			d.add(c, groups[id])
		}
		left = rest
	}
	if len(left) > 0 {
		d.add(Cause{Kind: faults.Unexplained, Name: "unexplained", Title: "failures no cause explains",
			Observed: d.describe(left), Evidence: fmt.Sprintf("%d %s", len(left), term.Plural(len(left), "failure"))}, left)
	}
}

// Explain returns the place in Causes of the cause that explains failure
// o, a test that was not among those diagnosed, as it would have been
// explained among them: the first stage that explains it, as Diagnose
// asks them. It returns false when o passed, when no stage explains it,
// or when the stage that does would make a cause this diagnosis has not.
func (x *Diagnosis) Explain(o *suite.Result) (int, bool) {
	d := x.d
	if o.Status != suite.Fail || len(x.Causes) == 0 {
		return -1, false
	}
	f := d.failureOfNew(o)
	for _, s := range stages {
		if id, ok := s.explain(d, f); ok {
			return x.find(id)
		}
	}
	return -1, false
}

// find returns the place in Causes of the cause id names.
func (x *Diagnosis) find(id causeID) (int, bool) {
	for i, c := range x.Causes {
		if c.Kind == id.kind && c.Name == id.name {
			return i, true
		}
	}
	return -1, false
}
