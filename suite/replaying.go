package suite

import (
	"encoding/json"
	"iter"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/vectors"
)

// replaying is the op of replaying a record under the rules (spec/qf.md,
// "Replay and validation"): a test gives a code and expects the squares
// after each move and the first violation, or the error of a code that
// does not decode strictly, graded at one level, R.
type replaying struct{}

func (replaying) protocolOp() protocol.Op { return protocol.Replay }
func (replaying) profile() ref.Profile    { return ref.Strict }
func (replaying) levels() []Level         { return []Level{R} }
func (replaying) reads() Form             { return Code }
func (replaying) writes() Form            { return Squares }

func (replaying) request(input string) *protocol.Request {
	code := onTheWire(input)
	return &protocol.Request{Op: protocol.Replay, Code: &code}
}

func (replaying) input(t *vectors.Test) string { return *t.Code }

// expect asks the reference to replay input: the squares and the first
// violation, or the error of a code that does not decode strictly.
func (replaying) expect(input string) (vectors.Test, error) {
	t := vectors.Test{Code: &input}
	resp := reference(&protocol.Request{Op: protocol.Replay, Code: &input})
	if resp.Error != nil {
		t.Result, t.Error = vectors.Invalid, resp.Error
		return t, nil
	}
	t.Result, t.Squares = vectors.Valid, resp.Squares
	if err := json.Unmarshal(resp.Violation, &t.Violation); err != nil {
		return t, err
	}
	return t, nil
}

func (replaying) grade(t *vectors.Test, resp *protocol.Response) (Level, Way) {
	switch {
	case t.Error != nil:
		return gradeUndecodable(t, resp)
	case resp.Error != nil:
		return None, ErrorForValid
	case !sameJSON(mustJSON(resp.Squares), mustJSON(t.Squares)):
		return None, OtherSquares
	case !sameJSON(resp.Violation, mustJSON(t.Violation)):
		return None, OtherViolation
	}
	return R, ""
}

func (replaying) want(t *vectors.Test) json.RawMessage {
	if t.Error != nil {
		return mustJSON(t.Error)
	}
	return replayJSON(*t.Squares, mustJSON(t.Violation))
}

func (replaying) code(t *vectors.Test) string { return *t.Code }

// facets tells the chunks of the code, and for a replay of one move who
// makes it and which.
func (replaying) facets(t *vectors.Test) []Facet {
	var facets []Facet
	if f, ok := chunksOf(*t.Code, ref.Strict); ok {
		facets = append(facets, f)
	}
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

func (replaying) flags(input string, t *vectors.Test) []string {
	flags := []string{FuzzFlag}
	switch {
	case t.Error != nil:
		flags = append(flags, "NotACode")
	case t.Violation != nil:
		flags = append(flags, vectors.KindFlag(string(t.Violation.Kind)))
	}
	return tidy(flags)
}

func (replaying) draw(r *gen.Rand) string {
	code, _ := ref.Encode(r.ReplayValue())
	return code
}

func (replaying) simpler(input string) iter.Seq[string] { return gen.SimplerGames(input) }

func (replaying) smaller(a, b string) bool { return gen.CodeLess(a, b) }
