package fuzzer

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/fakes"
	"github.com/qf-format/qf-conformance/internal/mutants"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

func TestMain(m *testing.M) {
	fakes.Main()
	os.Exit(m.Run())
}

// serveCommand is the command of the fake that runs protocol.Serve with the
// reference: what qf serve runs.
func serveCommand(t testing.TB) []string {
	t.Setenv("QF_FAKE", "serve")
	return []string{os.Args[0], "-test.run=^$"}
}

func mustRun(t testing.TB, opts Options) *Report {
	t.Helper()
	rep, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// The reference agrees with itself, in this process and as a child
// process; so does examples/js, written from the spec.
func TestReferenceAgrees(t *testing.T) {
	for _, opts := range []Options{
		{Options: driver.Options{Handler: serve.Reference}, N: 20000, Seed: 7},
		{Options: driver.Options{Command: serveCommand(t)}, N: 10000, Seed: 8},
	} {
		rep := mustRun(t, opts)
		if !rep.OK() || rep.Total() != opts.N || len(rep.Cases) != 5 {
			t.Errorf("%d cases %v, problems %q, findings %d", rep.Total(), rep.Cases, rep.Problems, len(rep.Findings))
			for _, f := range rep.Findings {
				t.Errorf("%s: %s", f.Signature, inputOf(&f.Test))
			}
		}
	}
}

func TestExamplesJSAgrees(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node: examples/js was not fuzzed")
	}
	rep := mustRun(t, Options{Options: driver.Options{Command: []string{"node", "../examples/js/serve.js"}}, N: 5000, Seed: 9})
	if !rep.OK() {
		var b strings.Builder
		rep.WriteText(&b)
		t.Error(b.String())
	}
}

// sizeLimit bounds the shrunk input of a mutant's first finding, by
// category. A decoder that takes 11 walls in a group differs from the
// reference only on a whole State with 11 walls, 110 bits: 19 characters;
// move-count-wraps needs a record of 1024 moves.
func sizeLimit(mutant string, category suite.Category) int {
	switch {
	case mutant == "move-count-wraps":
		return 27000
	case mutant == "rules-applied":
		return 24 // a State and a record whose move from it is illegal; dropping the State makes the move legal
	case category == suite.Encode:
		return 220
	case category == suite.Replay, category == suite.Validate:
		return 24
	}
	return 19
}

// Against each mutant, fuzzing from a fixed seed finds a disagreement
// within seconds and shrinks it to a small case that still disagrees the
// same way.
func TestMutantsFound(t *testing.T) {
	for _, m := range mutants.Catalogue {
		start := time.Now()
		rep := mustRun(t, Options{Options: driver.Options{Handler: m.Handler()}, Duration: time.Minute, Seed: 1, MaxFindings: 1})
		took := time.Since(start)
		if len(rep.Findings) == 0 {
			t.Errorf("mutant %s: nothing found in %d cases", m.Name, rep.Total())
			continue
		}
		f := rep.Findings[0]
		in := inputOf(&f.Test)
		t.Logf("%-31s %5.2fs after %6d cases, %4d tries: %q", m.Name, took.Seconds(), f.Cases, f.Tries, clipQ(in))
		if took > 20*time.Second {
			t.Errorf("mutant %s: %v to find and shrink", m.Name, took)
		}
		if limit := sizeLimit(m.Name, f.Result.Category); len(in) > limit {
			t.Errorf("mutant %s: the shrunk case has %d bytes, more than %d: %q", m.Name, len(in), limit, in)
		}
		if len(in) > len(f.Original) {
			t.Errorf("mutant %s: the shrunk case is longer than the one found", m.Name)
		}
		// The shrunk case still disagrees, the same way.
		c := fcase{f.Result.Category, in}
		resp, crashed := handle(m.Handler(), c.request())
		test := c.test()
		if crashed {
			if !strings.HasSuffix(f.Signature, ": crash") {
				t.Errorf("mutant %s: the shrunk case crashes it, the finding is %q", m.Name, f.Signature)
			}
		} else if v := judge(c, &test, resp, nil, suite.L3); v.signature != f.Signature {
			t.Errorf("mutant %s: the shrunk case's signature is %q, the finding's %q", m.Name, v.signature, f.Signature)
		}
	}
}

// handle asks h, and reports whether it panicked.
func handle(h protocol.Handler, req *protocol.Request) (resp *protocol.Response, crashed bool) {
	defer func() {
		if recover() != nil {
			crashed = true
		}
	}()
	return h.Handle(req), false
}

func clipQ(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// A run repeats exactly from its seed.
func TestSeedRepeats(t *testing.T) {
	var m *mutants.Mutant
	for _, x := range mutants.Catalogue {
		if x.Name == "fansite-scripts" {
			m = x
		}
	}
	run := func() string {
		rep := mustRun(t, Options{Options: driver.Options{Handler: m.Handler()}, N: 3000, Seed: 42, MaxFindings: 5})
		var b strings.Builder
		for _, f := range rep.Findings {
			b.WriteString(f.Signature + " " + inputOf(&f.Test) + "\n")
		}
		return b.String()
	}
	first, second := run(), run()
	if first != second || strings.Count(first, "\n") != 5 {
		t.Errorf("two runs from seed 42:\n%s\n%s", first, second)
	}
}

// The findings become vectors that qf check runs: they fail for the
// mutant and pass for the reference; written again, they are not
// repeated.
func TestWriteVectors(t *testing.T) {
	var m *mutants.Mutant
	for _, x := range mutants.Catalogue {
		if x.Name == "fansite-scripts" {
			m = x
		}
	}
	rep := mustRun(t, Options{Options: driver.Options{Handler: m.Handler()}, N: 3000, Seed: 42, MaxFindings: 6})
	dir := t.TempDir()
	paths, err := rep.WriteVectors(dir)
	if err != nil || len(paths) == 0 {
		t.Fatalf("%v %v", paths, err)
	}
	extra, err := suite.LoadVectors(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range extra {
		n += len(f.Tests)
		for _, test := range f.Tests {
			for _, flag := range test.Flags {
				if _, ok := vectors.Notes[flag]; !ok || f.Notes[flag].Description == "" {
					t.Errorf("%s: flag %s has no note", test.ID, flag)
				}
			}
		}
	}
	if n != len(rep.Findings) {
		t.Errorf("%d vectors for %d findings", n, len(rep.Findings))
	}
	only := func(id string) bool { return strings.Contains(id, "/fuzz-") }
	for _, c := range []struct {
		h     protocol.Handler
		fails int
	}{{m.Handler(), n}, {serve.Reference, 0}} {
		run, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: c.h, MaxFailuresInARow: 1 << 20}, Extra: extra})
		if err != nil {
			t.Fatal(err)
		}
		fails := 0
		for _, r := range run.Results {
			if only(r.ID) && r.Status == suite.Fail {
				fails++
			}
		}
		if fails != c.fails {
			t.Errorf("%d found vectors fail, want %d", fails, c.fails)
		}
	}
	again, err := rep.WriteVectors(dir)
	if err != nil || len(again) != 0 {
		t.Errorf("written again: %v %v", again, err)
	}
}

// The shrinker on its own: a handler that disagrees with the reference
// whenever white stands above rank 5 ends with a State alone, no walls,
// no record, white's square shrunk as far as it still disagrees.
func TestShrinkToMinimal(t *testing.T) {
	rep := mustRun(t, Options{Options: driver.Options{Handler: highWhite{}}, N: 5000, Seed: 3, Categories: []suite.Category{suite.Strict}, MaxFindings: 1})
	if len(rep.Findings) != 1 {
		t.Fatalf("%d findings", len(rep.Findings))
	}
	in := inputOf(&rep.Findings[0].Test)
	v, err := ref.Decode(in)
	if err != nil || v.State == nil || v.Record != nil || v.State.Walls.Count() != 0 || v.State.White != 45 || v.State.Turn != 0 || len(in) != 8 {
		t.Errorf("shrunk to %q: %+v %v", in, v, err)
	}
	if f := rep.Findings[0]; f.Steps == 0 || len(f.Original) < len(in) {
		t.Errorf("%d steps, from %q", f.Steps, f.Original)
	}
}

// highWhite answers as the reference, but says white is on a1 whenever it
// stands on rank 6 or above.
type highWhite struct{}

func (highWhite) Handle(req *protocol.Request) *protocol.Response {
	resp := serve.Reference.Handle(req)
	if req.Op == protocol.Decode && req.Code != nil {
		if v, err := ref.Decode(*req.Code); err == nil && v.State != nil && v.State.White >= 45 {
			v.State.White = 0
			b, _ := v.MarshalJSON()
			resp.Value = b
		}
	}
	return resp
}

// On a terminal, a progress line: the cases, their rate and the
// disagreements, rewritten in place and cleared at the end.
func TestProgress(t *testing.T) {
	var buf strings.Builder
	mustRun(t, Options{Options: driver.Options{Handler: serve.Reference}, N: 600, Seed: 2, Progress: &buf})
	out := buf.String()
	if !regexp.MustCompile(`^\r\x1b\[K\d+ cases, \d+/s, 0 disagreements`).MatchString(out) || !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("progress %q", out)
	}
}
