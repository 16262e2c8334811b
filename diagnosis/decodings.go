package diagnosis

import (
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// Cascades: a replay or a validation decodes its code strictly before it
// applies the rules, so that where the implementation decodes the code
// otherwise than the spec, its replay and its validation see another
// position, and their failures follow from that decoding. The diagnosis
// finds the implementation's decoding of each such code in the run (a
// strict decoding test of the same code), or asks it, and puts the
// failures under the cause of the decoding's first difference.

// findDecodings finds, for each replay and validation that fails by the
// rules, the implementation's strict decoding of its code where it
// differs from the spec's: from the run, or asked of ask (at most
// th.Asks requests, none after th.AskFailures got no answer; none when
// ask is nil).
func (d *diagnosis) findDecodings(ask Asker) {
	inRun := map[string]int{}
	for i, o := range d.obs {
		if o.Category == suite.Strict && d.got[i].told {
			inRun[o.Category.Input(o.Test)] = i
		}
	}
	seen := map[string]*decoding{}
	asked, unanswered := 0, 0
	for _, i := range d.failed {
		o := d.obs[i]
		if o.Category.Op() != protocol.Replay && o.Category.Op() != protocol.Validate || o.Test.Error != nil || !d.diffs[i].Way.Rules() {
			continue
		}
		code := *o.Test.Code
		if dec, ok := seen[code]; ok {
			d.decoded[i] = dec
			continue
		}
		req := suite.Strict.RequestOf(code)
		var resp *protocol.Response
		if j, ok := inRun[code]; ok {
			resp = d.obs[j].Answer
		} else if ask != nil && asked < d.th.Asks && unanswered < d.th.AskFailures {
			asked++
			if r, err := ask(req); err == nil {
				resp = r
			} else {
				unanswered++
			}
		}
		seen[code] = nil
		if resp == nil {
			continue
		}
		ref := d.models.answer(nil, -1, req)
		t, err := suite.Strict.Expect(code, ref.resp, o.Test.ID+" decoded", "")
		if err != nil {
			continue
		}
		r := suite.Strict.Grade(&t, resp, suite.L3)
		if r.Status == suite.Fail {
			dec := &decoding{req: req, got: newAnswer(resp, false, false), result: &r}
			seen[code], d.decoded[i] = dec, dec
		}
	}
}

// decodingOf returns the mechanism that reproduces the decoding dec,
// with those found before it, and whether one does.
func (d *diagnosis) decodingOf(dec *decoding) (int, bool) {
	ref := d.models.answer(nil, -1, dec.req)
	for k := range d.mechanisms {
		p := d.models.answer(d.mechanisms[:k+1], -1, dec.req)
		if !identical(p, ref) && d.reproduces(p, dec.got) {
			return k, true
		}
	}
	return 0, false
}
