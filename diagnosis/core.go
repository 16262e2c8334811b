package diagnosis

import (
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// A diagnosis is the work in progress.
type diagnosis struct {
	th     Thresholds
	obs    []*suite.Result
	failed []int // indexes of the failures in obs
	got    []answer
	diffs  []suite.Difference // by observation: a failure's difference
	reqs   []*protocol.Request
	models *models
	style  style
	// decoded holds, by observation, the implementation's strict decoding
	// of the code of a replay or validation that fails, where it decodes
	// it otherwise than the spec (findDecodings); nil elsewhere.
	decoded []*decoding
	// mechanisms are the mechanisms found, in the order found: each
	// reproduces, with those before it, the failures it names.
	mechanisms []*faults.Fault
	finalReads []faults.KnobSet // by test, the knobs the model of them all reads, once asked
	traits     [][]trait        // by observation: its input's traits, once asked
	causes     []Cause
	joined     map[causeKey]joining // the behaviours joined by what their inputs share (join)
}

// A decoding is a code of a replay or validation, decoded strictly by the
// implementation otherwise than by the spec: its request and answer, and
// the result of grading that answer, whose difference explains the
// replay's or validation's.
type decoding struct {
	req    *protocol.Request
	got    answer
	result *suite.Result
}

func newDiagnosis(obs []*suite.Result, th Thresholds) *diagnosis {
	d := &diagnosis{th: th, obs: obs, got: make([]answer, len(obs)), diffs: make([]suite.Difference, len(obs)),
		reqs: make([]*protocol.Request, len(obs)), decoded: make([]*decoding, len(obs)), models: newModels(), joined: map[causeKey]joining{}}
	for i, o := range obs {
		d.got[i] = observed(o)
		if o.Status == suite.Fail {
			d.failed = append(d.failed, i)
			d.diffs[i] = o.Difference()
		}
	}
	return d
}

// request returns the request of test i, made once.
func (d *diagnosis) request(i int) *protocol.Request {
	if d.reqs[i] == nil {
		d.reqs[i] = d.obs[i].Category.Request(d.obs[i].Test)
	}
	return d.reqs[i]
}

// predict returns what the model of fs answers to test i.
func (d *diagnosis) predict(fs []*faults.Fault, i int) answer {
	return d.models.answer(fs, i, d.request(i))
}

// reference returns the reference's answer to test i.
func (d *diagnosis) reference(i int) answer { return d.predict(nil, i) }

// told reports whether test i was answered, or crashed on.
func (d *diagnosis) told(i int) bool { return d.got[i].told || d.got[i].crash }

// reproduces reports whether a model's answer p reproduces the
// implementation's, got: the same, as far as its way of reporting errors
// lets answers be compared, or deciding as it at its place (agrees).
func (d *diagnosis) reproduces(p, got answer) bool {
	return d.style.same(p, got) || agrees(p, got)
}
