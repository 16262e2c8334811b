package fuzzer

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/serve"
)

// Cases per second, every op and profile, with the reference in this
// process, with qf serve's loop as a child process (the fake "serve"
// runs protocol.Serve with the reference, exactly as qf serve does), and
// with examples/js under node:
//
//	go test ./fuzzer -run '^$' -bench Fuzz -benchtime 3x
func BenchmarkFuzz(b *testing.B) {
	const cases = 20000
	bench := func(b *testing.B, opts Options) {
		opts.N, opts.Seed = cases, 1
		var took time.Duration
		for i := 0; i < b.N; i++ {
			start := time.Now()
			rep, err := Run(context.Background(), opts)
			if err != nil {
				b.Fatal(err)
			}
			took += time.Since(start)
			if !rep.OK() {
				b.Fatalf("%d findings, %q", len(rep.Findings), rep.Problems)
			}
		}
		b.ReportMetric(float64(b.N*cases)/took.Seconds(), "cases/s")
	}
	b.Run("in-process", func(b *testing.B) { bench(b, Options{Options: driver.Options{Handler: serve.Reference}}) })
	b.Run("serve", func(b *testing.B) { bench(b, Options{Options: driver.Options{Command: serveCommand(b)}}) })
	b.Run("js", func(b *testing.B) {
		if _, err := exec.LookPath("node"); err != nil {
			b.Skip("no node")
		}
		bench(b, Options{Options: driver.Options{Command: []string{"node", "../examples/js/serve.js"}}})
	})
}
