package runner_test

import (
	"fmt"
	"testing"

	"github.com/qf-format/qf-conformance/runner"
)

func TestParseRequirements(t *testing.T) {
	got, err := runner.ParseRequirements(" strict:L3, lenient:l2,encode:E ,replay:R,validate:R")
	if err != nil || fmt.Sprint(got) != "[strict:L3 lenient:L2 encode:E replay:R validate:R]" {
		t.Errorf("%v, %v", got, err)
	}
	for _, bad := range []string{"", ",", "strict", "strict:E", "encode:L3", "stric:L3", "strict:L9", "replay:"} {
		if _, err := runner.ParseRequirements(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
