package diagnosis_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
)

// everyFault is as many faults of the catalogue as can be had at once:
// each, in the catalogue's order, that can be had with those before it.
func everyFault() []*faults.Fault {
	var set []*faults.Fault
	for _, f := range faults.Catalogue {
		if !slices.ContainsFunc(set, func(g *faults.Fault) bool { return !faults.Compatible(f, g) }) {
			set = append(set, f)
		}
	}
	return set
}

// An implementation with every fault at once still gets a diagnosis on
// one screen, that charges it with no fault it lacks.
func TestEveryFaultAtOnce(t *testing.T) {
	set := everyFault()
	h := faultstest.Model(set...)
	obs := observe(t, h)
	causes := diagnosis.Diagnose(obs, askerOf(h)).Causes
	for _, c := range causes {
		if c.Kind.Family() && !slices.ContainsFunc(set, func(f *faults.Fault) bool { return f.Family == c.Name }) {
			t.Errorf("charged %s, a fault it lacks: %s", c.Name, c.Evidence)
		}
	}
	var text bytes.Buffer
	diagnosis.WriteText(&text, causes, diagnosis.Text{Lines: screen})
	if n := strings.Count(text.String(), "\n"); n > screen {
		t.Errorf("%d lines:\n%s", n, text.String())
	}
	t.Logf("%d faults at once: %d causes\n%s", len(set), len(causes), text.String())
}

// The diagnosis of an implementation with every fault at once, after a
// run of every vector: what qf check takes between the run's end and its
// report.
//
//	go test ./diagnosis -run '^$' -bench EveryFault -benchtime 5x
func BenchmarkDiagnoseEveryFault(b *testing.B) {
	set := everyFault()
	h := faultstest.Model(set...)
	obs := observe(b, h)
	for range b.N {
		diagnosis.Diagnose(obs, askerOf(h))
	}
}
