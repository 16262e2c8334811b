package suite

import (
	"encoding/json"
	"slices"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/vectors"
)

// validating is the op of validating a code's State under the rules
// (spec/qf.md, "Replay and validation"): a test gives a code and expects
// the kinds of the rules its State breaks, or the error of a code that
// does not decode strictly (ruling.go), graded at one level, R.
type validating struct{ ruling }

// expect makes the reference's answer to input the test's: the kinds of
// the rules its State breaks, or the error of a code that does not
// decode.
func (v validating) expect(_ *category, input string, resp *protocol.Response) (vectors.Test, error) {
	t := vectors.Test{Code: &input}
	if v.expectError(&t, resp) {
		return t, nil
	}
	t.Result, t.Violations = vectors.Valid, resp.Violations
	return t, nil
}

func (v validating) grade(t *vectors.Test, resp *protocol.Response) (Level, Way) {
	if level, way, decided := v.gradeError(t, resp); decided {
		return level, way
	}
	if !sameJSON(mustJSON(resp.Violations), mustJSON(t.Violations)) {
		var got []string
		if resp.Violations != nil {
			got = *resp.Violations
		}
		way, _ := violationsWay(*t.Violations, got)
		return None, way
	}
	return R, ""
}

// violationsWay returns how the violations got part from the spec's,
// want, and the rule: the first of want's missing, else the first of
// got's the spec does not find, else another order.
func violationsWay(want, got []string) (Way, rules.Rule) {
	for _, k := range want {
		if !slices.Contains(got, k) {
			return ViolationMissed, rules.Rule(k)
		}
	}
	for _, k := range got {
		if !slices.Contains(want, k) {
			return ViolationFalse, rules.Rule(k)
		}
	}
	return ViolationOther, ""
}

func (v validating) want(t *vectors.Test) json.RawMessage {
	if want, ok := v.wantError(t); ok {
		return want
	}
	return mustJSON(*t.Violations)
}

func (v validating) flags(_ string, t *vectors.Test) []string {
	flags, decodes := v.ruling.flags(t)
	if decodes && t.Violations != nil {
		for _, k := range *t.Violations {
			flags = append(flags, vectors.KindFlag(k))
		}
	}
	return tidy(flags)
}
