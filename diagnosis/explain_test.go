package diagnosis_test

import (
	"slices"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/suite"
)

// Explain tells, of a failure not among those diagnosed, the cause that
// would have explained it: diagnosed on half the vectors, it puts the
// failures of the other half under the causes that a diagnosis of all
// of them puts them under.
func TestExplain(t *testing.T) {
	for _, m := range append(slices.Clone(faultstest.Realistic), faultstest.Fansite) {
		obs := observe(t, m.Handler())
		all := diagnosis.Diagnose(obs, nil)
		causeOf := map[string]string{}
		for _, c := range all.Causes {
			for _, id := range c.IDs {
				causeOf[id] = string(c.Kind) + " " + c.Name
			}
		}
		var half, rest []*suite.Result
		for i, o := range obs {
			if i%2 == 0 {
				half = append(half, o)
			} else {
				rest = append(rest, o)
			}
		}
		x := diagnosis.Diagnose(half, nil)
		agree, failed := 0, 0
		for i := range rest {
			o := rest[i]
			if o.Status != suite.Fail {
				if _, ok := x.Explain(o); ok {
					t.Errorf("%s: %s passed, yet is explained", m.Name, o.Test.ID)
				}
				continue
			}
			failed++
			k, ok := x.Explain(o)
			if ok && string(x.Causes[k].Kind)+" "+x.Causes[k].Name == causeOf[o.Test.ID] {
				agree++
			} else if testing.Verbose() {
				got := "nothing"
				if ok {
					got = string(x.Causes[k].Kind) + " " + x.Causes[k].Name
				}
				t.Logf("%s: %s: %s, want %s", m.Name, o.Test.ID, got, causeOf[o.Test.ID])
			}
		}
		t.Logf("%s: %d of %d agree", m.Name, agree, failed)
		if 20*agree < 19*failed {
			t.Errorf("%s: Explain agrees with the whole diagnosis on %d of %d failures", m.Name, agree, failed)
		}
	}
}
