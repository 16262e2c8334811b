package generative

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/internal/gcpace"
	"github.com/qf-format/qf-conformance/serve"
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
// record, most of what is drawn:
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
		var took time.Duration
		for i := 0; i < b.N; i++ {
			start := time.Now()
			rep, err := Run(context.Background(), opts)
			if err != nil {
				b.Fatal(err)
			}
			took += time.Since(start)
			if rep.Total() != cases || len(rep.Problems) > 0 || opts.Command != nil && opts.Command[0] == "node" && !rep.OK() {
				b.Fatalf("%d cases, %d causes, %q", rep.Total(), len(rep.Causes), rep.Problems)
			}
		}
		b.ReportMetric(float64(b.N*cases)/took.Seconds(), "cases/s")
	}
	b.Run("in-process", func(b *testing.B) { bench(b, Options{Options: driver.Options{Handler: serve.Reference}}) })
	b.Run("serve", func(b *testing.B) { bench(b, Options{Options: driver.Options{Command: serveCommand(b)}}) })
	b.Run("crash-prone", func(b *testing.B) {
		b.Setenv("QF_FAKE", "crash-every-5th")
		bench(b, Options{Options: driver.Options{Command: []string{os.Args[0], "-test.run=^$"}, MaxFailuresInARow: 3}})
	})
	for _, mode := range []struct {
		name string
		n    int
	}{{"normal", 0}, {"crash-1-in-100", 0}, {"crash-records", 2000}} {
		b.Run("native/"+mode.name, func(b *testing.B) {
			b.Setenv("QF_FAKE", mode.name)
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

// BenchmarkCase measures, per category, what a case of qf fuzz costs
// besides the implementation: drawing its input, and the reference's
// expectation; and the reference answering it, which is the
// implementation's share when qf fuzz checks the reference.
//
//	go test ./generative -run '^$' -bench Case -benchmem
func BenchmarkCase(b *testing.B) {
	for _, c := range suite.Categories {
		r := gen.NewRand(1)
		inputs := make([]fcase, 1000)
		for i := range inputs {
			inputs[i] = fcase{c, r.Input(c)}
		}
		b.Run("draw/"+c.Name(), func(b *testing.B) {
			r := gen.NewRand(1)
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
