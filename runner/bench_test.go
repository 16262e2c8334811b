package runner

import (
	"context"
	"os"
	"regexp"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/serve"
)

// Speed of a whole run, in vectors per second:
//
//	go test ./runner -run '^$' -bench Suite -benchtime 5x
//
// builtin: the reference served in-process through the protocol;
// process: the reference served by a child process (this test binary in
// its fake mode "plain", which misbehaves in no way), as any implementation
// is; oneshot: a child process per strict vector.
func BenchmarkSuite(b *testing.B) {
	self := []string{os.Args[0], "-test.run=^$"}
	for _, c := range []struct {
		name string
		opts Options
	}{
		{"builtin", Options{Options: driver.Options{Handler: serve.Reference}}},
		{"process", Options{Options: driver.Options{Command: self}}},
		{"oneshot", Options{Options: driver.Options{Command: self}, Mode: Oneshot, Run: regexp.MustCompile(`^strict/`)}},
	} {
		b.Run(c.name, func(b *testing.B) {
			mode := "normal"
			if c.opts.Mode == Oneshot {
				mode = "oneshot-ok"
			}
			b.Setenv("QF_FAKE", mode)
			ran := 0
			for i := 0; i < b.N; i++ {
				rep, err := Run(context.Background(), c.opts)
				if err != nil || !rep.OK() {
					b.Fatalf("%v %+v", err, rep.Summaries)
				}
				ran = 0
				for _, s := range rep.Summaries {
					ran += s.Passed
				}
			}
			b.ReportMetric(float64(ran)*float64(b.N)/b.Elapsed().Seconds(), "vectors/s")
		})
	}
}
