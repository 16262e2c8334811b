package diagnosis_test

import (
	"reflect"
	"testing"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
)

// TestObserveModel: observeModel observes a model of faults as observe
// does, result for result, though it asks the model fewer answers: for
// each fault of the catalogue alone, and every fourth with the next, when
// they can be had together.
func TestObserveModel(t *testing.T) {
	for i, f := range faults.Catalogue {
		models := [][]*faults.Fault{{f}}
		if i%4 == 0 && i+1 < len(faults.Catalogue) && faults.Compatible(f, faults.Catalogue[i+1]) {
			models = append(models, []*faults.Fault{f, faults.Catalogue[i+1]})
		}
		for _, fs := range models {
			name := f.Name
			if len(fs) == 2 {
				name += "+" + fs[1].Name
			}
			got, want := observeModel(t, fs...), observe(t, faultstest.Model(fs...))
			for k := range want {
				if !reflect.DeepEqual(got[k], want[k]) {
					t.Errorf("%s: test %s: observed %+v, asking the model %+v", name, want[k].Test.ID, *got[k], *want[k])
					break
				}
			}
		}
	}
}
