package generative

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/internal/gcpace"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/suite"
)

// Cases per second, every op and profile, with the reference in this
// process, with qf serve's loop as a child process (the fake "serve"
// runs protocol.Serve with the reference, exactly as qf serve does), with
// examples/js under node, with a fake that crashes on every fifth
// request (each of its processes answers four), with the realistic
// faults of the TypeScript package in this process; and a native program
// that crashes on one input in a hundred (by a digest of the input) beside
// the same program crash-free, and one that crashes on every code with a
// record, most of what is drawn; and native/answers, a program that looks
// the reference's answers up, precomputed, as fast as an implementation
// can be: what qf itself spends on a case shows there. Each reports qf's
// CPU a case (this process's, user and system: for an implementation in
// process, its CPU too, but never a child's), and vectors is the part of
// every run that does not grow with -n: the suite's vectors, asked first,
// in process.
//
//	go test ./generative -run '^$' -bench Fuzz -benchtime 3x
//
// The collector runs at qf fuzz's pace (package internal/gcpace), unless
// the environment sets GOGC.
func BenchmarkFuzz(b *testing.B) {
	gcpace.Relax()
	const cases = 20000
	bench := func(b *testing.B, opts Options) {
		cases := cases
		if opts.N > 0 {
			cases = opts.N
		}
		opts.N, opts.Seed = cases, 1
		var took, cpu time.Duration
		for i := 0; i < b.N; i++ {
			start, startCPU := time.Now(), measure.CPUTime()
			rep, err := Run(context.Background(), opts)
			if err != nil {
				b.Fatal(err)
			}
			took, cpu = took+time.Since(start), cpu+measure.CPUTime()-startCPU
			if rep.Total() != cases || len(rep.Problems) > 0 || opts.Command != nil && opts.Command[0] == "node" && !rep.OK() {
				b.Fatalf("%d cases, %d causes, %q", rep.Total(), len(rep.Causes), rep.Problems)
			}
		}
		b.ReportMetric(float64(b.N*cases)/took.Seconds(), "cases/s")
		b.ReportMetric(float64(cpu.Microseconds())/float64(b.N*cases), "qf-cpu-µs/case")
	}
	b.Run("in-process", func(b *testing.B) { bench(b, Options{Options: driver.Options{Handler: serve.Reference}}) })
	b.Run("vectors", func(b *testing.B) {
		bench(b, Options{Options: driver.Options{Handler: serve.Reference}, N: vectorCount(b)})
	})
	b.Run("serve", func(b *testing.B) { bench(b, Options{Options: driver.Options{Command: serveCommand(b)}}) })
	b.Run("crash-prone", func(b *testing.B) {
		b.Setenv("QF_FAKE", "crash-every-5th")
		bench(b, Options{Options: driver.Options{Command: []string{os.Args[0], "-test.run=^$"}, MaxFailuresInARow: 3}})
	})
	for _, mode := range []struct {
		name string
		n    int
	}{{"normal", 0}, {"crash-1-in-100", 0}, {"crash-records", 2000}, {"answers", 0}} {
		b.Run("native/"+mode.name, func(b *testing.B) {
			b.Setenv("QF_FAKE", mode.name)
			if mode.name == "answers" {
				b.Setenv("QF_FAKE_ANSWERS", writeAnswers(b, 1, cases))
			}
			bench(b, Options{Options: driver.Options{Command: []string{os.Args[0], "-test.run=^$"}}, N: mode.n})
		})
	}
	b.Run("typescript", func(b *testing.B) {
		m, _ := faultstest.Named("typescript")
		bench(b, Options{Options: driver.Options{Handler: m.Handler()}})
	})
	b.Run("js", func(b *testing.B) {
		if _, err := exec.LookPath("node"); err != nil {
			b.Skip("no node")
		}
		bench(b, Options{Options: driver.Options{Command: []string{"node", "../examples/js/serve.js"}}})
	})
}

// vectorCount returns the number of the suite's vectors, asked first in
// every run.
func vectorCount(b *testing.B) int {
	seeds, err := seedBatches(suite.Categories, nil, suite.L3)
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, s := range seeds {
		n += len(s.cases)
	}
	return n
}

// writeAnswers writes the reference's answers to the requests of a run of
// n cases from seed against an implementation that agrees with the
// reference, for the fake "answers", and returns the file's name.
func writeAnswers(b *testing.B, seed uint64, n int) string {
	seeds, err := seedBatches(suite.Categories, nil, suite.L3)
	if err != nil {
		b.Fatal(err)
	}
	var reqs []*protocol.Request
	for _, s := range seeds {
		reqs = append(reqs, s.reqs...)
	}
	r := gen.NewRand(seed).WithLongInputs() // as the run draws
	for len(reqs) < n {
		reqs = append(reqs, draw(r, suite.Categories, min(batchSize, n-len(reqs)), nil).reqs...)
	}
	name := filepath.Join(b.TempDir(), "answers")
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	if err := errors.Join(servetest.WriteAnswers(f, reqs), f.Close()); err != nil {
		b.Fatal(err)
	}
	return name
}

// BenchmarkCase measures, per category, what a case of qf fuzz costs
// besides the implementation: drawing its input, and the reference's
// expectation; and the reference answering it, which is the
// implementation's share when qf fuzz checks the reference.
//
//	go test ./generative -run '^$' -bench Case -benchmem
func BenchmarkCase(b *testing.B) {
	for _, c := range suite.Categories {
		r := gen.NewRand(1).WithLongInputs() // as qf fuzz draws
		inputs := make([]fcase, 1000)
		for i := range inputs {
			inputs[i] = fcase{c, r.Input(c)}
		}
		b.Run("draw/"+c.Name(), func(b *testing.B) {
			r := gen.NewRand(1).WithLongInputs()
			for i := 0; i < b.N; i++ {
				r.Input(c)
			}
		})
		b.Run("expect/"+c.Name(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				inputs[i%1000].expect()
			}
		})
		b.Run("reference/"+c.Name(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				serve.Reference.Handle(inputs[i%1000].request())
			}
		})
	}
}
