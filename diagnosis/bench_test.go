package diagnosis_test

import (
	"slices"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/suite"
)

// BenchmarkDiagnosePairs diagnoses every 40th pair of the catalogue that
// can be had together, 72 implementations of two faults each with the
// catalogue of today: what TestEveryPair spends its time on, a sample
// small enough to compare builds with. It reports cpu-s/op, the
// process's CPU time.
//
//	go test ./diagnosis -run '^$' -bench DiagnosePairs -benchtime 1x
func BenchmarkDiagnosePairs(b *testing.B) {
	type pair struct{ a, b *faults.Fault }
	var pairs []pair
	n := 0
	for i, x := range faults.Catalogue {
		for _, y := range faults.Catalogue[i+1:] {
			if n++; n%40 == 0 && faults.Compatible(x, y) {
				pairs = append(pairs, pair{x, y})
			}
		}
	}
	observed := make([][]*suite.Result, len(pairs))
	askers := make([]diagnosis.Asker, len(pairs))
	for k, p := range pairs {
		h := faultstest.Model(p.a, p.b)
		observed[k], askers[k] = observe(b, h), askerOf(h)
	}
	b.ResetTimer()
	cpu := measure.CPUTime()
	for range b.N {
		for k := range pairs {
			diagnosis.Diagnose(observed[k], askers[k])
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N*len(pairs)), "s/diagnosis")
	b.ReportMetric((measure.CPUTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkDiagnoseRealistic diagnoses each realistic set once an op, as
// qf check diagnoses a run once: the CPU of a diagnosis, each set's.
func BenchmarkDiagnoseRealistic(b *testing.B) {
	for _, m := range append(slices.Clone(faultstest.Realistic), faultstest.Fansite) {
		h := m.Handler()
		obs := observe(b, h)
		b.Run(m.Name, func(b *testing.B) {
			cpu := measure.CPUTime()
			for range b.N {
				diagnosis.Diagnose(obs, askerOf(h))
			}
			b.ReportMetric((measure.CPUTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}
