package diagnosis

import (
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/suite"
)

// findDecodings finds, for each replay and validation that fails by the
// rules, the implementation's strict decoding of its code where it
// differs from the spec's, from the run or asked of ask (at most th.Asks
// requests, none after th.AskFailures went unanswered): a replay sees the
// position its decoding gives, and its failure follows from it where the
// spec's rules answer that position so (follows).
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
		if !o.Category.Rules() || o.Test.Error != nil || !d.diffs[i].Way.Rules() {
			continue
		}
		code := *o.Test.Code
		if dec, ok := seen[code]; ok {
			if dec != nil && d.follows(i, dec) {
				d.decoded[i] = dec
			}
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
			if seen[code] = dec; d.follows(i, dec) {
				d.decoded[i] = dec
			}
		}
	}
}

// follows reports whether failure i, of a code the implementation decodes
// as dec says, is the spec's answer to the value it decodes: the rules
// applied right to what was read otherwise.
func (d *diagnosis) follows(i int, dec *decoding) bool {
	var v ref.Value
	if dec.got.resp == nil || dec.got.resp.Value == nil || v.UnmarshalJSON(dec.got.resp.Value) != nil {
		return false
	}
	code, err := ref.Encode(&v)
	return err == nil && identical(d.models.answer(nil, -1, d.obs[i].Category.RequestOf(code)), d.got[i])
}
