package generative

import (
	"fmt"
	"strings"

	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/vectors"
)

// expectation says in words what the reference expects of a test.
func expectation(t *vectors.Test) string {
	switch {
	case t.Error != nil:
		return t.Error.String()
	case t.Squares != nil:
		if t.Violation != nil {
			return fmt.Sprintf("%s is %s", rules.MoveLabel(t.Violation.Move), t.Violation.Kind)
		}
		return fmt.Sprintf("%d legal moves", len(*t.Squares))
	case t.Violations != nil:
		if len(*t.Violations) == 0 {
			return "no violations"
		}
		return strings.Join(*t.Violations, ", ")
	case t.Code != nil && t.Value != nil && t.Canonical == "":
		return "the code " + *t.Code
	}
	return "a valid code"
}

// comment describes a found vector: what the reference expects, and how
// the implementation disagreed when it was last asked (its signature).
func comment(t *vectors.Test, signature string, seed uint64) string {
	return fmt.Sprintf("The reference: %s. Found by qf fuzz (seed %d): %s.", expectation(t), seed, strings.TrimPrefix(signature, t.ID[:strings.IndexByte(t.ID, '/')]+": "))
}
