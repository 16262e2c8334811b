package generative

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
)

// A seed and a count repeat a run: two runs give the same report, but for
// its times, the second while every core is kept busy. The draws, what
// the pool keeps, the diagnoses, the shrinks and the processes started
// depend on the cases and the answers, never on the machine's speed.
func TestSameReportUnderLoad(t *testing.T) {
	kotlin, _ := faultstest.Named("kotlin")
	for _, c := range []struct {
		name string
		opts func() driver.Options
		n    int
	}{
		{"kotlin", func() driver.Options { return driver.Options{Handler: kotlin.Handler()} }, 4000},
		{"crash-1-in-100 as a program", func() driver.Options {
			t.Setenv("QF_FAKE", "crash-1-in-100")
			return driver.Options{Command: []string{os.Args[0], "-test.run=^$"}}
		}, 4000},
	} {
		run := func() (text, js string) {
			rep := mustRun(t, Options{Options: c.opts(), N: c.n, Seed: 11})
			var b, j bytes.Buffer
			rep.WriteText(&b, true)
			if err := rep.WriteJSON(&j); err != nil {
				t.Fatal(err)
			}
			return withoutTimes(b.String()), withoutTimesJSON(t, j.Bytes())
		}
		text1, js1 := run()
		stop := busy()
		text2, js2 := run()
		stop()
		if text1 != text2 {
			t.Errorf("%s: two runs from one seed:\n%s\n----\n%s", c.name, text1, text2)
		}
		if js1 != js2 {
			t.Errorf("%s: two JSON reports from one seed differ", c.name)
		}
	}
}

// busy keeps every core busy until the function it returns is called.
func busy() (stop func()) {
	var done atomic.Bool
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := 0; !done.Load(); x++ {
				_ = x * x
			}
		}()
	}
	return func() { done.Store(true); wg.Wait() }
}

var times = regexp.MustCompile(`\d+(\.\d+)? s\b|\d+/s|\(\d+%\)`)

// withoutTimes returns a text report with its times and rates as "T".
func withoutTimes(s string) string { return times.ReplaceAllString(s, "T") }

// withoutTimesJSON returns a JSON report with its times and rates as 0.
func withoutTimesJSON(t *testing.T, b []byte) string {
	var rep map[string]any
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"duration", "diagnosing", "cases_per_second", "lost"} {
		rep[k] = 0
	}
	for _, c := range rep["causes"].([]any) {
		for _, e := range c.(map[string]any)["examples"].([]any) {
			ex := e.(map[string]any)
			ex["elapsed"] = 0
			ex["result"].(map[string]any)["duration"] = 0
		}
	}
	out, _ := json.Marshal(rep)
	return string(out)
}
