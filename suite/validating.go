package suite

import (
	"encoding/json"
	"iter"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/vectors"
)

// validating is the op of validating a code's State under the rules
// (spec/qf.md, "Replay and validation"): a test gives a code and expects
// the kinds of the rules its State breaks, or the error of a code that
// does not decode strictly, graded at one level, R.
type validating struct{}

func (validating) protocolOp() protocol.Op { return protocol.Validate }
func (validating) profile() ref.Profile    { return ref.Strict }
func (validating) levels() []Level         { return []Level{R} }
func (validating) reads() Form             { return Code }
func (validating) writes() Form            { return Violations }

func (validating) request(input string) *protocol.Request {
	code := onTheWire(input)
	return &protocol.Request{Op: protocol.Validate, Code: &code}
}

func (validating) input(t *vectors.Test) string { return *t.Code }

// expect asks the reference to validate input's State: the kinds of the
// rules it breaks, or the error of a code that does not decode strictly.
func (validating) expect(input string) (vectors.Test, error) {
	t := vectors.Test{Code: &input}
	resp := reference(&protocol.Request{Op: protocol.Validate, Code: &input})
	if resp.Error != nil {
		t.Result, t.Error = vectors.Invalid, resp.Error
		return t, nil
	}
	t.Result, t.Violations = vectors.Valid, resp.Violations
	return t, nil
}

func (validating) grade(t *vectors.Test, resp *protocol.Response) (Level, Way) {
	switch {
	case t.Error != nil:
		return gradeUndecodable(t, resp)
	case resp.Error != nil:
		return None, ErrorForValid
	case !sameJSON(mustJSON(resp.Violations), mustJSON(t.Violations)):
		return None, OtherViolations
	}
	return R, ""
}

func (validating) want(t *vectors.Test) json.RawMessage {
	if t.Error != nil {
		return mustJSON(t.Error)
	}
	return mustJSON(*t.Violations)
}

func (validating) code(t *vectors.Test) string { return *t.Code }

func (validating) facets(t *vectors.Test) []Facet {
	if f, ok := chunksOf(*t.Code, ref.Strict); ok {
		return []Facet{f}
	}
	return nil
}

func (validating) flags(input string, t *vectors.Test) []string {
	flags := []string{FuzzFlag}
	switch {
	case t.Error != nil:
		flags = append(flags, "NotACode")
	case t.Violations != nil:
		for _, k := range *t.Violations {
			flags = append(flags, vectors.KindFlag(k))
		}
	}
	return tidy(flags)
}

// draw draws a State that breaks rules now and then, and now and then a
// code that may not decode, or has no State.
func (validating) draw(r *gen.Rand) string {
	code, _ := ref.Encode(&ref.Value{State: r.ValidateState()})
	if r.Intn(10) == 0 {
		code = r.Code()
	}
	return code
}

func (validating) simpler(input string) iter.Seq[string] { return gen.SimplerCodes(input, ref.Strict) }

func (validating) smaller(a, b string) bool { return gen.CodeLess(a, b) }
