package generative

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/internal/gcpace"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

func TestMain(m *testing.M) {
	servetest.Main(slices.Concat(faultstest.Implementations(), outsiders, benchPrograms)...)
	spin()         // the child of TestSameReportUnderLoad that keeps the cores busy
	gcpace.Relax() // the collector's pace of qf check and qf fuzz
	// Two tests to a CPU: the tests of fakes (TestHostile) mostly wait
	// for them, the others keep a CPU busy.
	servetest.Parallel(2 * runtime.GOMAXPROCS(0))
	// The crash-prone fakes start thousands of times: as a program of
	// their own, not as this test binary, which starts on more CPU.
	os.Exit(servetest.WithProgram(m.Run))
}

// serveCommand is the command of the fake that runs protocol.Serve with the
// reference: what qf serve runs. It sets QF_FAKE in the environment of
// the test or benchmark, which cannot then run in parallel.
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

// An answer that comes as the reference's, byte for byte, counts as a
// pass without being graded: so the reference's answer to every case
// drawn, graded against the expectation made of it, passes.
func TestReferenceAnswerPasses(t *testing.T) {
	t.Parallel()
	r := gen.NewRand(44).WithLongInputs()
	for i := 0; i < 60; i++ {
		b := draw(r, suite.Categories, batchSize, nil)
		for k, c := range b.cases {
			if b.answers[k] == nil {
				continue // asked as any other
			}
			b.reqs[k].ID = json.RawMessage("7")
			if resp := b.answer(k); !c.cat.Passes(b.test(k), resp, suite.L3) {
				t.Fatalf("%s %q: the reference's answer %s fails", c.cat, c.input, b.answers[k])
			}
		}
	}
}

// The reference agrees with itself, in this process and as a child
// process; so does examples/js, written from the spec.
func TestReferenceAgrees(t *testing.T) {
	t.Parallel()
	for _, opts := range []Options{
		{Options: driver.Options{Handler: serve.Reference}, N: 20000, Seed: 7},
		{Options: driver.Options{Command: servetest.Command("QF_FAKE=serve")}, N: 10000, Seed: 8},
	} {
		rep := mustRun(t, opts)
		if !rep.OK() || rep.Total() != opts.N || len(rep.Cases) != 5 || len(rep.Causes) != 0 || rep.Skipped != 0 {
			t.Errorf("%d cases %v, problems %q, %d causes, %d skipped", rep.Total(), rep.Cases, rep.Problems, len(rep.Causes), rep.Skipped)
			for _, f := range rep.Findings() {
				t.Errorf("%s: %s", f.Signature, inputOf(f.Result.Test))
			}
		}
	}
}

func TestExamplesJSAgrees(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node: examples/js was not fuzzed")
	}
	rep := mustRun(t, Options{Options: driver.Options{Command: []string{"node", "../examples/js/serve.js"}}, N: 5000, Seed: 9})
	if !rep.OK() {
		var b strings.Builder
		rep.WriteText(&b, true)
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

// Against each mutant, fuzzing from a fixed seed finds its fault and
// shrinks an example to a small case that still disagrees: named as the
// diagnosis of the vectors names it, a known fault by its name.
func TestMutantsFound(t *testing.T) {
	t.Parallel()
	for _, m := range faultstest.Catalogue {
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			mutantFound(t, m)
		})
	}
}

// mutantFound is TestMutantsFound on one mutant.
func mutantFound(t *testing.T, m *faultstest.Mutant) {
	rep := mustRun(t, Options{Options: driver.Options{Handler: m.Handler()}, N: 4000, Seed: 1, Examples: 1})
	if len(rep.Causes) == 0 || len(rep.Causes[0].Findings) == 0 {
		t.Errorf("mutant %s: nothing found in %d cases", m.Name, rep.Total())
		return
	}
	c := rep.Causes[0]
	for _, x := range rep.Causes {
		if x.Kind.Family() && !slices.ContainsFunc(m.Faults, func(f *faults.Fault) bool { return f.Family == x.Name }) {
			t.Errorf("mutant %s: names %s, a fault it does not have: %s", m.Name, x.Name, x.Evidence)
		}
		if x.Kind.Family() && x.Name == m.Faults[0].Family {
			c = x
		}
	}
	f := c.Findings[0]
	in := inputOf(f.Result.Test)
	t.Logf("%-31s %d causes; after %6d cases, %4d tries: %s %s: %q", m.Name, len(rep.Causes), f.Cases, f.Tries, c.Kind, c.Name, clipQ(in))
	if m.Faults[0].Kind.Family() && len(m.Faults) == 1 && (!c.Kind.Family() || c.Name != m.Faults[0].Family || !slices.Contains(c.Variants, m.Name)) {
		t.Errorf("mutant %s: not named in its shape; the first cause is %s %s (%s)", m.Name, c.Kind, c.Name, c.Variant)
	}
	if limit := sizeLimit(m.Name, f.Result.Category); len(in) > limit {
		t.Errorf("mutant %s: the shrunk case has %d bytes, more than %d: %q", m.Name, len(in), limit, in)
	}
	if len(in) > len(f.Original) || f.Repeatable && !f.Minimal {
		t.Errorf("mutant %s: the shrunk case is longer than the one found, or not a minimum (%d tries)", m.Name, f.Tries)
	}
	// The shrunk case still disagrees.
	cs := fcase{f.Result.Category, in}
	resp, crashed := handle(m.Handler(), cs.request())
	test := cs.test()
	if !crashed && judge(cs, &test, resp, nil, suite.L3).signature == "" {
		t.Errorf("mutant %s: the shrunk case %q agrees", m.Name, in)
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

// A run repeats exactly from its seed and budget.
func TestSeedRepeats(t *testing.T) {
	t.Parallel()
	m, _ := faultstest.Named("kotlin")
	run := func() string {
		rep := mustRun(t, Options{Options: driver.Options{Handler: m.Handler()}, N: 6000, Seed: 42})
		var b strings.Builder
		for _, c := range rep.Causes {
			fmt.Fprintf(&b, "%s %s %d:", c.Kind, c.Name, c.Failed)
			for _, f := range c.Findings {
				b.WriteString(" " + f.Signature + " " + inputOf(f.Result.Test))
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	first, second := run(), run()
	if first != second || strings.Count(first, "\n") < 5 {
		t.Errorf("two runs from seed 42:\n%s\n%s", first, second)
	}
}

// The findings become vectors that qf check runs: they fail for the
// mutant and pass for the reference; written again, they are not
// repeated.
func TestWriteVectors(t *testing.T) {
	t.Parallel()
	m := faultstest.Fansite
	rep := mustRun(t, Options{Options: driver.Options{Handler: m.Handler()}, N: 3000, Seed: 42})
	dir := t.TempDir()
	paths, err := rep.WriteVectors(dir)
	if err != nil || len(paths) == 0 {
		t.Fatalf("%v %v", paths, err)
	}
	extra, err := vectors.LoadDir(dir)
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
	if n != len(rep.Findings()) || n == 0 {
		t.Errorf("%d vectors for %d findings", n, len(rep.Findings()))
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
	t.Parallel()
	rep := mustRun(t, Options{Options: driver.Options{Handler: highWhite{}}, N: 5000, Seed: 3, Categories: []suite.Category{suite.Strict}, Examples: 1})
	if len(rep.Findings()) != 1 {
		t.Fatalf("%d findings", len(rep.Findings()))
	}
	in := inputOf(rep.Findings()[0].Result.Test)
	v, err := ref.Decode(in)
	if err != nil || v.State == nil || v.Record != nil || v.State.Walls.Count() != 0 || v.State.White != 45 || v.State.Turn != 0 || len(in) != 8 {
		t.Errorf("shrunk to %q: %+v %v", in, v, err)
	}
	if f := rep.Findings()[0]; f.Steps == 0 || len(f.Original) < len(in) || !f.Minimal {
		t.Errorf("%d steps, from %q, minimal %v", f.Steps, f.Original, f.Minimal)
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

// On a terminal, a progress line: what the run waits for while the
// implementation starts (package session), then the cases, their rate,
// the causes and the disagreements, rewritten in place and cleared at
// the end.
func TestProgress(t *testing.T) {
	t.Parallel()
	var buf strings.Builder
	mustRun(t, Options{Options: driver.Options{Handler: serve.Reference}, N: 600, Seed: 2, Progress: &buf})
	out := buf.String()
	if !regexp.MustCompile(`^\r\x1b\[Kwaiting up to 30s for the implementation's hello[^\r]*(\r\x1b\[K)+\d+ cases, \d+/s, 0 causes, 0 disagreements`).MatchString(out) || !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("progress %q", out)
	}
}

// failing returns the ids of the tests of files that h fails, a crash
// counting.
func failing(h protocol.Handler, files []*vectors.File) map[string]bool {
	out := map[string]bool{}
	for _, f := range files {
		cat, _ := suite.Of(f)
		for i := range f.Tests {
			test := &f.Tests[i]
			resp, crashed := handle(h, cat.Request(test))
			if crashed || !cat.Passes(test, resp, suite.L3) {
				out[test.ID] = true
			}
		}
	}
	return out
}

func names(rep *Report) string {
	var s []string
	for _, c := range rep.Causes {
		s = append(s, fmt.Sprintf("%s %s (%d, %d examples)", c.Kind, c.Name, c.Failed, len(c.Findings)))
	}
	return strings.Join(s, "; ")
}

// An implementation that dies on every fifth request is searched all the
// same: every case drawn is asked, the crashes are one cause, not
// repeatable, and the cases between them are graded.
func TestCrashProne(t *testing.T) {
	t.Parallel()
	rep := mustRun(t, Options{Options: driver.Options{Command: servetest.Command("QF_FAKE=crash-every-5th"), MaxFailuresInARow: 3}, N: 2000, Seed: 1})
	if rep.Total() != 2000 || rep.Restarts < 390 || len(rep.Causes) != 1 || rep.Causes[0].Kind != faults.Misbehaviour || rep.Causes[0].Name != "crash" {
		t.Fatalf("%d cases, %d restarts, causes %s, problems %q", rep.Total(), rep.Restarts, names(rep), rep.Problems)
	}
	for _, f := range rep.Causes[0].Findings {
		if f.Repeatable {
			t.Errorf("%s is repeatable", f.Result.Test.ID)
		}
	}
}

// An input that disagrees in both profiles counts once, as an example
// that says so.
func TestOneInputCountsOnce(t *testing.T) {
	t.Parallel()
	f, _ := faults.Named("zero-fill")
	rep := mustRun(t, Options{Options: driver.Options{Handler: faultstest.Model(f)}, N: 5000, Seed: 1, Categories: []suite.Category{suite.Strict, suite.Lenient}})
	inputs := map[string]bool{}
	also := 0
	for _, fd := range rep.Findings() {
		in := inputOf(fd.Result.Test)
		if inputs[in] {
			t.Errorf("%q is an example twice", in)
		}
		inputs[in] = true
		also += len(fd.Also)
	}
	if also == 0 {
		t.Errorf("no example found in both profiles: %s", names(rep))
	}
}

// An input that a JSON value cannot hold, such as a repeated key, is
// written by -o as the text it was (value_text, flagged RawValue): read
// back, the vector sends what was asked, and fails the implementation
// that keeps the last of repeated keys as it failed in the run.
func TestWriteVectorsRawText(t *testing.T) {
	t.Parallel()
	rep := mustRun(t, Options{Options: driver.Options{Handler: lastKeyWins{}}, N: 6000, Seed: 4, Categories: []suite.Category{suite.Encode}})
	dir := t.TempDir()
	if _, err := rep.WriteVectors(dir); err != nil {
		t.Fatal(err)
	}
	extra, err := vectors.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	raw := 0
	for _, f := range extra {
		for _, test := range f.Tests {
			if test.ValueText != "" {
				raw++
				if test.Value != nil || !slices.Contains(test.Flags, "RawValue") {
					t.Errorf("%s: value %s, flags %v", test.ID, test.Value, test.Flags)
				}
			}
		}
	}
	if raw == 0 {
		t.Fatalf("no vector written as text; the causes: %s", names(rep))
	}
	for _, c := range []struct {
		h    protocol.Handler
		fail bool
	}{{lastKeyWins{}, true}, {serve.Reference, false}} {
		run, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: c.h}, Extra: extra, Run: regexp.MustCompile(`/fuzz-`)})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range run.Results {
			if (r.Status == suite.Fail) != c.fail {
				t.Errorf("%s: %s, want failing %v", r.ID, r.Status, c.fail)
			}
		}
	}
}

// lastKeyWins answers as the reference, but reads the value to encode as
// JSON.parse does: the last of repeated keys kept, the others dropped.
type lastKeyWins struct{}

func (lastKeyWins) Handle(req *protocol.Request) *protocol.Response {
	if req.Op == protocol.Encode {
		var v any
		if json.Unmarshal(req.Value, &v) == nil {
			own := *req
			own.Value, _ = json.Marshal(v)
			return serve.Reference.Handle(&own)
		}
	}
	return serve.Reference.Handle(req)
}
