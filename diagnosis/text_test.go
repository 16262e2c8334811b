package diagnosis_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/serve"
)

// A cause whose failures are a sample of those drawn says so, with both
// counts; one that is not a sample does not. What a cause observed is
// shown whole, however long: folded, never cut.
func TestWriteTextSamplesAndFolds(t *testing.T) {
	long := strings.Repeat("codes with a State and a Record, ", 20) + "the end"
	causes := []diagnosis.Cause{
		{Kind: faults.Behaviour, Name: "sampled", Title: "decoding answers otherwise", Failed: 16, Drawn: 29644, Observed: long},
		{Kind: faults.Behaviour, Name: "whole", Title: "encoding refuses", Failed: 5},
	}
	var b bytes.Buffer
	diagnosis.WriteText(&b, causes, diagnosis.Text{Lines: 100})
	out := b.String()
	if !strings.Contains(out, "16 failures (a sample: 16 of the 29644 drawn that disagree in the same ways)") {
		t.Errorf("the sample is not said as a sample:\n%s", out)
	}
	if strings.Count(out, "a sample") != 1 {
		t.Errorf("a cause that is not a sample is said to be one:\n%s", out)
	}
	var joined []string
	for _, l := range strings.Split(out, "\n") {
		joined = append(joined, strings.TrimSpace(l))
	}
	if !strings.Contains(strings.Join(joined, " "), "observed: "+long) {
		t.Errorf("what was observed is not shown whole:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n") {
		if len(l) > 120 {
			t.Errorf("a line of %d bytes, not folded: %q", len(l), l)
		}
	}
}

// The headline of a rule's violation not reported says the rule once:
// its name ("too_many_walls: not reported") and its title
// ("too_many_walls not reported where ...") both begin with it.
func TestHeadlineSaysTheRuleOnce(t *testing.T) {
	h := handlerFunc(func(req *protocol.Request) *protocol.Response {
		resp := *serve.Reference.Handle(req)
		if resp.Violations != nil {
			kept := slices.DeleteFunc(slices.Clone(*resp.Violations), func(v string) bool { return v == string(rules.TooManyWalls) })
			resp.Violations = &kept
		}
		return &resp
	})
	causes := diagnosis.Diagnose(observe(t, h), askerOf(h)).Causes
	i := slices.IndexFunc(causes, func(c diagnosis.Cause) bool { return c.Name == "too_many_walls: not reported" })
	if i < 0 {
		t.Fatalf("no cause too_many_walls: not reported: %s", summary(causes))
	}
	var b bytes.Buffer
	diagnosis.WriteText(&b, causes[i:i+1], diagnosis.Text{Lines: 100})
	_, headline, _ := strings.Cut(b.String(), "1. ")
	headline, _, _ = strings.Cut(headline, "\n")
	if n := strings.Count(headline, "too_many_walls"); n != 1 {
		t.Errorf("the headline says the rule %d times: %s", n, headline)
	}
	if !strings.Contains(headline, "not reported where spec/qf.md's rules find it") {
		t.Errorf("the headline does not say what was not reported, and where: %s", headline)
	}
}
