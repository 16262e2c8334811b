package generative

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/serve/servetest"
)

// A seed and a count repeat a run: two runs give the same report, but for
// its times, the second while every core is kept busy. The draws, what
// the pool keeps, the diagnoses, the shrinks and the processes started
// depend on the cases and the answers, never on the machine's speed.
func TestSameReportUnderLoad(t *testing.T) {
	t.Parallel()
	kotlin, _ := faultstest.Named("kotlin")
	for _, c := range []struct {
		name string
		opts func() driver.Options
		n    int
	}{
		{"kotlin", func() driver.Options { return driver.Options{Handler: kotlin.Handler()} }, 4000},
		{"crash-1-in-100 as a program", func() driver.Options {
			return driver.Options{Command: servetest.Command("QF_FAKE=crash-1-in-100")}
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
		stop := busy(t)
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

// busy keeps every core busy until the function it returns is called,
// as other programs do on a loaded machine: it starts this test binary
// as a child that spins on every core (spin) until its input ends. A
// child, not goroutines of this process: they would hold this
// process's Ps, as other programs never do, and starve the tests that
// run beside this one.
func busy(t *testing.T) (stop func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "QF_BUSY=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := out.Read(make([]byte, 1)); err != nil { // spinning on every core
		t.Fatalf("the busy child: %v", err)
	}
	return func() {
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("the busy child: %v", err)
		}
	}
}

// spin is the busy child's work, when QF_BUSY is set: a goroutine
// spinning on each core, then a byte written to say so, until standard
// input ends; then it exits.
func spin() {
	if os.Getenv("QF_BUSY") == "" {
		return
	}
	runtime.GOMAXPROCS(runtime.NumCPU())
	for range runtime.NumCPU() {
		go func() {
			for x := 0; ; x++ {
				_ = x * x
			}
		}()
	}
	os.Stdout.Write([]byte{1})
	io.Copy(io.Discard, os.Stdin)
	os.Exit(0)
}

var (
	times = regexp.MustCompile(`\d+(\.\d+)? s\b|\d+/s|\(\d+%\)`)
	// mostOfTheRun is the sentence the report adds when the restarts took
	// more than half of the run's time.
	mostOfTheRun = regexp.MustCompile(`\. Most of the run went to them: [^\n]*`)
)

// withoutTimes returns a text report with its times and rates as "T",
// and without the sentence that says the restarts took most of the run,
// which a slower machine may add.
func withoutTimes(s string) string {
	return times.ReplaceAllString(mostOfTheRun.ReplaceAllString(s, ""), "T")
}

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
