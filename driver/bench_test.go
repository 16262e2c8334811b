package driver_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/measure"
)

// BenchmarkRestart measures what a crash costs: each op is a batch of
// five requests to an implementation that dies on every fifth, so four
// answers, the crash, and a restart; with no spare process (the
// baseline) and with the spares a Client keeps. Beside the rate it
// reports this process's CPU a restart (user and system, getrusage: never
// a child's), which load changes far less.
func BenchmarkRestart(b *testing.B) {
	kept := *driver.Spares
	defer func() { *driver.Spares = kept }()
	for _, n := range []int{0, kept} {
		b.Run(fmt.Sprintf("spares=%d", n), func(b *testing.B) {
			*driver.Spares = n
			c, err := driver.Dial(context.Background(), driver.Options{Command: fake("crash-every-5th"), MaxFailuresInARow: 1 << 30})
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			b.ResetTimer()
			cpu := measure.CPUTime()
			for i := 0; i < b.N; i++ {
				if _, k, _, err := c.Batch(decodes(5), nil, 8); k != 4 || err == nil {
					b.Fatalf("batch %d: %d answers, %v", i, k, err)
				}
			}
			b.ReportMetric(5*float64(b.N)/b.Elapsed().Seconds(), "requests/s")
			b.ReportMetric(float64((measure.CPUTime()-cpu).Microseconds())/float64(b.N), "qf-cpu-µs/restart")
		})
	}
}
