package diagnosis_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults"
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
