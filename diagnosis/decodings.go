package diagnosis

import (
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// findDecodings finds, for each replay and validation that fails by the
// rules, the implementation's strict decoding of its code where it
// differs from the spec's, from the run or asked of ask (at most th.Asks
// requests, none after th.AskFailures went unanswered): a replay sees the
// position its decoding gives, and its failure follows from it.
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
