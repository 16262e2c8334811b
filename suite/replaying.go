package suite

import (
	"encoding/json"
	"slices"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/vectors"
)

// replaying is the op of replaying a record under the rules (spec/qf.md,
// "Replay and validation"): a test gives a code and expects the squares
// after each move and the first violation, or the error of a code that
// does not decode strictly (ruling.go), graded at one level, R.
type replaying struct{ ruling }

// expect makes the reference's answer to input the test's: the squares
// and the first violation, or the error of a code that does not decode.
func (r replaying) expect(_ *category, input string, resp *protocol.Response) (vectors.Test, error) {
	t := vectors.Test{Code: &input}
	if r.expectError(&t, resp) {
		return t, nil
	}
	t.Result, t.Squares = vectors.Valid, resp.Squares
	if err := json.Unmarshal(resp.Violation, &t.Violation); err != nil {
		return t, err
	}
	return t, nil
}

func (r replaying) grade(t *vectors.Test, resp *protocol.Response) (Level, Way) {
	if level, way, decided := r.gradeError(t, resp); decided {
		return level, way
	}
	if sameJSON(mustJSON(resp.Squares), mustJSON(t.Squares)) && sameJSON(resp.Violation, mustJSON(t.Violation)) {
		return R, ""
	}
	way, _ := replayWay(t.Violation, resp.Violation)
	return None, way
}

// replayWay returns how a replay whose first violation is got parts from
// the spec's, want, and the rule of the violation missed or reported
// where there is none: the earlier of the two violations decides (a
// violation reported before the spec's is false; one the spec finds
// before the answer's is missed); of two at the same move, the one the
// spec checks first (rules.Rules); where they are the same, the squares.
func replayWay(want *rules.Violation, got json.RawMessage) (Way, rules.Rule) {
	var gv *rules.Violation
	if len(got) > 0 && string(got) != "null" {
		gv = new(rules.Violation)
		if json.Unmarshal(got, gv) != nil {
			return ViolationFalse, ""
		}
	}
	switch {
	case gv != nil && (want == nil || gv.Move < want.Move):
		return ViolationFalse, gv.Kind
	case want != nil && (gv == nil || gv.Move > want.Move):
		return ViolationMissed, want.Kind
	case want != nil && want.Kind != gv.Kind && precedes(gv.Kind, want.Kind):
		return ViolationFalse, gv.Kind // the spec checks it first, and found the move keeps it
	case want != nil && want.Kind != gv.Kind:
		return ViolationOther, want.Kind // the spec's, reported otherwise
	}
	return OtherSquares, ""
}

// precedes reports whether the spec checks rule a before rule b, for a
// move that breaks both (rules.Rules lists them in that order).
func precedes(a, b rules.Rule) bool {
	i, j := slices.Index(rules.Rules, a), slices.Index(rules.Rules, b)
	return i >= 0 && j >= 0 && i < j
}

func (r replaying) want(t *vectors.Test) json.RawMessage {
	if want, ok := r.wantError(t); ok {
		return want
	}
	return replayJSON(*t.Squares, mustJSON(t.Violation))
}

// facets tells the chunks of the code, and for a replay of one move who
// makes it and which.
func (r replaying) facets(c *category, t *vectors.Test) []Facet {
	facets := r.ruling.facets(c, t)
	v, err := ref.Decode(*t.Code)
	if err != nil || v.Record == nil || len(v.Record.Moves) != 1 {
		return facets
	}
	facets = append(facets, Facet("mover:"+rules.Start(v).ToMove.String()))
	if m := v.Record.Moves[0]; m.Kind == ref.Wall {
		facets = append(facets, "move:wall")
	} else {
		facets = append(facets, Facet("move:"+rules.DirectionWords[m.Dir]))
	}
	return facets
}

func (r replaying) flags(_ string, t *vectors.Test) []string {
	flags, decodes := r.ruling.flags(t)
	if decodes && t.Violation != nil {
		flags = append(flags, vectors.KindFlag(string(t.Violation.Kind)))
	}
	return tidy(flags)
}
