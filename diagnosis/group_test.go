package diagnosis_test

import (
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
)

// Failures without an answer are split by what their requests share, and
// say what was answered (issue 51, point 5): an adapter that reads
// requests into a 16 KiB buffer answers the pieces of a long line with
// id null, and one whose reader refuses bytes that are not ASCII answers
// bad_request; together, each is a cause of its own, named by the trait
// its requests share, and saying the line answered.
func TestMisbehaviourSplit(t *testing.T) {
	var obs []*suite.Result
	long, foreign := 0, 0
	for i, v := range tests() {
		input := v.cat.Input(v.test)
		var r suite.Result
		switch {
		case len(input) > 16<<10:
			long++
			r = v.cat.Failed(v.test, suite.Protocol, "an answer whose id is not the request's", []byte(`{"id":null,"error":{"kind":"bad_request","message":"unexpected end of JSON input"}}`))
		case !isASCII(input):
			foreign++
			r = v.cat.Failed(v.test, suite.Protocol, "an error of a kind the protocol does not have", []byte(`{"id":1,"error":{"kind":"bad_request","message":"not ASCII"}}`))
		default:
			r = grade(i, v, serve.Reference.Handle(v.req))
		}
		obs = append(obs, &r)
	}
	if long == 0 || foreign == 0 {
		t.Fatalf("%d long inputs, %d not ASCII: the test needs both", long, foreign)
	}
	causes := diagnosis.Diagnose(obs, nil).Causes
	named := map[string]*diagnosis.Cause{}
	for i, c := range causes {
		named[c.Name] = &causes[i]
	}
	for name, n := range map[string]int{"protocol: of more than 16 KiB": long, "protocol: with bytes that are not ASCII": foreign} {
		c := named[name]
		switch {
		case c == nil:
			t.Errorf("no cause %q: %s", name, summary(causes))
		case c.Failed != n:
			t.Errorf("%s: %d failures, want %d", name, c.Failed, n)
		case !strings.Contains(c.Observed, "it answered {"):
			t.Errorf("%s: does not say what was answered: %s", name, c.Observed)
		}
	}
	if len(causes) != 2 {
		t.Errorf("%d causes, want 2: %s", len(causes), summary(causes))
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
