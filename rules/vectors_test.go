package rules_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// The rules agree with every replay and validate vector (see ref's
// TestVectors).
func TestVectors(t *testing.T) {
	for _, name := range []string{suite.Replay.File(), suite.Validate.File()} {
		f, err := vectors.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range f.Tests {
			if diff := cmp.Diff(test, judgeAgain(test, f.Op)); diff != "" {
				t.Errorf("%s (-file +rules):\n%s", test.ID, diff)
			}
		}
	}
}

// judgeAgain returns a replay or validate test with its expectation
// replaced by package rules'.
func judgeAgain(test vectors.Test, op string) vectors.Test {
	got := vectors.Test{ID: test.ID, Comment: test.Comment, Flags: test.Flags, Code: test.Code}
	v, err := ref.Decode(*test.Code)
	if err != nil {
		got.Result, got.Error = vectors.Invalid, errorObject(err)
		return got
	}
	got.Result = vectors.Valid
	if op == "replay" {
		positions, violation := rules.Replay(v)
		squares := [][2]int{}
		for _, p := range positions {
			squares = append(squares, [2]int{p.White, p.Black})
		}
		got.Squares, got.Violation = &squares, violation
		return got
	}
	kinds := []string{}
	if v.State != nil {
		for _, k := range rules.Validate(v.State) {
			kinds = append(kinds, string(k))
		}
	}
	got.Violations = &kinds
	return got
}

func errorObject(err error) *spec.ErrorObject {
	obj := err.(*ref.Error).Object()
	obj.Message = ""
	return obj
}
