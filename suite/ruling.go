package suite

import (
	"encoding/json"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/vectors"
)

// ruling is what replaying and validating share (spec/qf.md, "Replay and
// validation"): a test gives a code, which the implementation decodes
// strictly before it applies the rules; a code that does not decode
// expects the reference's error, met when the kind and offset are the
// same. Each op embeds it, and adds what it expects of a code that
// decodes.
type ruling struct{}

// expectError makes the reference's error, when it answered one, the
// test's, and reports whether it did.
func (ruling) expectError(t *vectors.Test, resp *protocol.Response) bool {
	if resp.Error == nil {
		return false
	}
	t.Result, t.Error = vectors.Invalid, withoutMessage(resp.Error)
	return true
}

// gradeError grades an answer to a test of a code that does not decode,
// or an error answered for one that does; decided is false when neither,
// and the op grades the answer.
func (ruling) gradeError(t *vectors.Test, resp *protocol.Response) (level Level, way Way, decided bool) {
	switch {
	case t.Error == nil && resp.Error == nil:
		return None, "", false
	case t.Error == nil:
		return None, ErrorForValid, true
	case resp.Error == nil:
		return None, AnsweredInvalid, true
	case resp.Error.Kind != t.Error.Kind:
		return None, kindWay(resp.Error, t.Error, false), true
	case offsetWay(resp.Error, t.Error) != "":
		return None, offsetWay(resp.Error, t.Error), true
	}
	return R, "", true
}

func (ruling) code(t *vectors.Test) string { return *t.Code }

// facets tells the chunks of the code.
func (ruling) facets(c *category, t *vectors.Test) []Facet {
	if f, ok := chunksOf(*t.Code, c.profile); ok {
		return []Facet{f}
	}
	return nil
}

// flags returns the flags of a generated case that do not depend on the
// op: Fuzz, and NotACode for a code that does not decode; decodes is
// false then.
func (ruling) flags(t *vectors.Test) (flags []string, decodes bool) {
	if t.Error != nil {
		return []string{FuzzFlag, "NotACode"}, false
	}
	return []string{FuzzFlag}, true
}

// wantError returns what a test of a code that does not decode expects,
// and false for one that decodes.
func (ruling) wantError(t *vectors.Test) (json.RawMessage, bool) {
	if t.Error != nil {
		return mustJSON(t.Error), true
	}
	return nil, false
}
