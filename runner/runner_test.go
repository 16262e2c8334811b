package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/internal/gcpace"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// TestMain runs the test implementation that QF_FAKE names (a fake of
// package servetest, or one of package faultstest), if any, and the tests otherwise, at the collector's pace of qf
// check, four to a CPU: most wait for fakes.
func TestMain(m *testing.M) {
	servetest.Main(faultstest.Implementations()...)
	gcpace.Relax()
	servetest.Parallel(4 * runtime.GOMAXPROCS(0))
	os.Exit(m.Run())
}

// corpus selects the 9 strict corpus vectors, in file order.
var corpus = regexp.MustCompile(`^strict/corpus-`)

// runFake runs the fake mode with opts, directly or, when opts.Command is
// set, through it (the fake's command line is then "$0"). The fake's
// directory, QF_FAKE_DIR, is a new temporary directory; env holds more
// of the fake's environment (QF_FAKE_DELAY=700ms), set on its command
// line, not in the test's, so that the test may run in parallel. The
// start-up allowance is 5 s unless opts says otherwise.
func runFake(t *testing.T, mode string, opts Options, env ...string) *Report {
	t.Helper()
	rep, _ := runFakeIn(t, mode, opts, env...)
	return rep
}

// runFakeIn is runFake, and also returns the fake's directory.
func runFakeIn(t *testing.T, mode string, opts Options, env ...string) (*Report, string) {
	t.Helper()
	dir := t.TempDir()
	return runFakeUntil(t, context.Background(), mode, dir, opts, env...), dir
}

// runFakeUntil is runFakeIn with the fake's directory given, ended when
// ctx is done.
func runFakeUntil(t *testing.T, ctx context.Context, mode, dir string, opts Options, env ...string) *Report {
	t.Helper()
	vars := append([]string{"QF_FAKE=" + mode, "QF_FAKE_DIR=" + dir}, env...)
	if opts.Command == nil {
		opts.Command = servetest.Command(vars...)
	} else { // env(1), then the command, then "$0"
		opts.Command = slices.Concat([]string{"env"}, vars, opts.Command, []string{os.Args[0]})
	}
	if opts.StartTimeout == 0 {
		opts.StartTimeout = 5 * time.Second
	}
	rep, err := Run(ctx, opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	accounted(t, rep)
	return rep
}

// accounted checks that every result is counted once in the summary, and
// that the JSON report holds them all.
func accounted(t *testing.T, rep *Report) {
	t.Helper()
	n := 0
	for _, s := range rep.Summaries {
		if s.Passed+s.Failed+s.XFailed+s.Skipped+s.NotRun != s.Total {
			t.Errorf("summary %+v does not add up", s)
		}
		n += s.Total
	}
	if n != len(rep.Results) {
		t.Errorf("the summary counts %d vectors, the results are %d", n, len(rep.Results))
	}
	var b bytes.Buffer
	if err := rep.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || len(back.Results) != len(rep.Results) {
		t.Errorf("the JSON report holds %d results of %d (%v)", len(back.Results), len(rep.Results), err)
	}
	validReport(t, b.Bytes())
}

// statuses returns the results as "status/reason" strings.
func statuses(rep *Report) []string {
	var s []string
	for _, r := range rep.Results {
		s = append(s, string(r.Status)+"/"+string(r.Reason))
	}
	return s
}

func summary(rep *Report, category suite.Category) Summary {
	for _, s := range rep.Summaries {
		if s.Category == category {
			return s
		}
	}
	return Summary{}
}

func TestReferencePasses(t *testing.T) {
	t.Parallel()
	rep, err := Run(context.Background(), Options{Options: driver.Options{Handler: serve.Reference}})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || len(rep.Results) < 700 {
		t.Fatalf("the reference: OK %v, %d results", rep.OK(), len(rep.Results))
	}
	for _, s := range rep.Summaries {
		if s.Passed != s.Total || s.Level != s.Category.Top() {
			t.Errorf("%+v", s)
		}
	}
}

func TestFakeMisbehaviour(t *testing.T) {
	t.Parallel()
	ok, crash, timeout, protocolErr := "pass/", "fail/crash", "fail/timeout", "fail/protocol"
	cases := []struct {
		mode string
		want []string
	}{
		// Every 4th request crashes its process; the runner restarts it.
		{"crash-4th", []string{ok, ok, ok, crash, ok, ok, ok, crash, ok}},
		{"hang-5th", []string{ok, ok, ok, ok, timeout, ok, ok, ok, ok}},
		{"garbage-3rd", []string{ok, ok, protocolErr, ok, ok, protocolErr, ok, ok, protocolErr}},
		{"wrong-id-2nd", []string{ok, protocolErr, ok, protocolErr, ok, protocolErr, ok, protocolErr, ok}},
		{"exit-after-6", []string{ok, ok, ok, ok, ok, ok, crash, ok, ok}},
		{"flood-stderr", []string{ok, ok, ok, ok, ok, ok, ok, ok, ok}},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			rep := runFake(t, c.mode, Options{Options: driver.Options{Timeout: measure.Allowance(500 * time.Millisecond)}, Run: corpus})
			if rep.Restarts != strings.Count(strings.Join(statuses(rep), " "), "fail/") {
				t.Errorf("%d restarts for %v", rep.Restarts, statuses(rep))
			}
			if got := statuses(rep); strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("got  %v\nwant %v", got, c.want)
			}
			if c.mode == "flood-stderr" {
				if s := rep.Results[0].Stderr; len(s) > driver.StderrLimit+100 || !strings.Contains(s, "dropped") {
					t.Errorf("stderr of %d bytes kept, want at most %d with a note of what was dropped", len(s), driver.StderrLimit)
				}
			}
			if c.mode == "crash-4th" && !strings.Contains(rep.Results[3].Stderr, "fake: crashing on request 4") {
				t.Errorf("the crash's stderr was not kept: %q", rep.Results[3].Stderr)
			}
			if rep.OK() != (c.mode == "flood-stderr") {
				t.Errorf("OK = %v", rep.OK())
			}
		})
	}
}

func TestFakeNeverAnswers(t *testing.T) {
	t.Parallel()
	start := time.Now()
	rep := runFake(t, "silent", Options{Options: driver.Options{StartTimeout: 200 * time.Millisecond}, Run: corpus})
	if rep.OK() || !strings.Contains(strings.Join(rep.Problems, "\n"), "never answered hello") {
		t.Errorf("problems %q", rep.Problems)
	}
	for _, r := range rep.Results {
		if r.Status != suite.NotRun {
			t.Errorf("%s: %s, want notrun", r.ID, r.Status)
		}
	}
	if s := summary(rep, suite.Strict); s.NotRun != 9 || s.Total != 9 {
		t.Errorf("%+v", s)
	}
	if d := time.Since(start); d > measure.Allowance(5*time.Second) {
		t.Errorf("took %v", d)
	}
}

// An implementation that crashes on every request after hello is
// restarted after each crash, however many come in a row: every vector
// is run, and fails. The run ends early only when restarts get no hello:
// MaxFailuresInARow of them in a row.
func TestFakeKeepsDying(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "always-crash", Options{Options: driver.Options{MaxFailuresInARow: 3}, Run: corpus})
	s := summary(rep, suite.Strict)
	if rep.OK() || len(rep.Problems) != 0 || s.Failed != s.Total || s.Total == 0 || rep.Restarts != s.Total {
		t.Errorf("always-crash: problems %q, %+v, %d restarts", rep.Problems, s, rep.Restarts)
	}
	rep = runFake(t, "starts-once", Options{Options: driver.Options{MaxFailuresInARow: 3}, Run: corpus})
	want := "pass/ pass/ fail/crash notrun/run ended notrun/run ended notrun/run ended notrun/run ended notrun/run ended notrun/run ended"
	if got := strings.Join(statuses(rep), " "); got != want {
		t.Errorf("starts-once: got  %s\nwant %s", got, want)
	}
	if p := strings.Join(rep.Problems, "\n"); !strings.Contains(p, "the run ended early: the implementation failed 3 times in a row; the last time: no hello after a restart") {
		t.Errorf("starts-once: problems %q", rep.Problems)
	}
}

func TestFakeWrongAnswers(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "wrong-answers", Options{Run: regexp.MustCompile(`^strict/`)})
	s := summary(rep, suite.Strict)
	if s.Failed == 0 || s.Level != suite.L2 {
		t.Errorf("%+v, want failures and level suite.L2", s)
	}
	var failed *suite.Entry
	for i := range rep.Results {
		if rep.Results[i].Status == suite.Fail {
			failed = &rep.Results[i]
			break
		}
	}
	if failed == nil || failed.Reason != suite.Mismatch || failed.Way != suite.RefusedLater {
		t.Fatalf("first failure %+v", failed)
	}
	// Graded at suite.L2, the same answers pass.
	rep = runFake(t, "wrong-answers", Options{Run: regexp.MustCompile(`^strict/`), Level: suite.L2})
	if !rep.OK() {
		t.Errorf("at suite.L2: %+v", rep.Summaries)
	}
	// The text report names the way of reporting errors as the cause, and
	// shows input, want, got and reason of each failure with -v.
	rep = runFake(t, "wrong-answers", Options{Run: regexp.MustCompile(`^strict/`)})
	var text bytes.Buffer
	rep.WriteText(&text, true)
	for _, want := range []string{
		"failures, 1 cause (qf check -v lists every failing vector):",
		"bit offsets +1: every error reported with bit offsets 1 too far",
		"evidence: every bit offset +1 from the reference's",
		"FAIL strict/square-81-white: White on square 81, one past the board.",
		"flags:  Boundary, ErrorPosition, FaultNoRangeCheck, SquareRange",
		"reason: mismatch (refused after the spec's error: ref: bit 2: white square 81 out of range 0-80)",
		`input:  "qMwAAAAQ"`,
		`want:   {"kind":"out_of_range","bit":2,"field":"state.white"}`,
		`got:    {"kind":"out_of_range","bit":3,"field":"state.white"}`,
		"why:    want out_of_range at bit 2 (state.white), got out_of_range at bit 3 (state.white)",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, text.String())
		}
	}
}

func TestReplayGrading(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "wrong-replay", Options{Run: regexp.MustCompile(`^(replay|validate)/`)})
	r, v := summary(rep, suite.Replay), summary(rep, suite.Validate)
	if r.Failed == 0 || r.Level != suite.None || v.Failed != 0 || v.Level != suite.R {
		t.Errorf("replay %+v, validate %+v", r, v)
	}
	for _, res := range rep.Results {
		if res.Status == suite.Fail && (res.Reason != suite.Mismatch || res.Way != suite.OtherSquares) {
			t.Errorf("%s: %s %s", res.ID, res.Reason, res.Way)
		}
	}
}

func TestUnlistedOpsAreSkipped(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "strict-only", Options{Run: regexp.MustCompile(`corpus-`)})
	if s := summary(rep, suite.Strict); s.Passed != 9 || s.Level != suite.L3 {
		t.Errorf("strict %+v", s)
	}
	for _, c := range []suite.Category{suite.Lenient, suite.Encode, suite.Replay, suite.Validate} {
		if s := summary(rep, c); s.Skipped != 9 || s.Passed != 0 || s.LevelText() != "not checked" {
			t.Errorf("%s %+v", c, s)
		}
	}
	if !rep.OK() {
		t.Error("skips made the run fail")
	}
}

// Names in a hello that are no op or profile ("Encode", "replays",
// "Lenient") are a problem of the run, named; what they meant is not
// checked. Requirements not met are problems too.
func TestMisspelledHelloAndRequirements(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "misspelled", Options{Run: regexp.MustCompile(`corpus-`)})
	p := strings.Join(rep.Problems, "\n")
	if rep.OK() || !strings.Contains(p, `the hello lists op "Encode", op "replays", profile "Lenient"`) {
		t.Errorf("OK %v, problems %q", rep.OK(), rep.Problems)
	}
	req, err := ParseRequirements("strict:L3,lenient:L1,encode:E")
	if err != nil {
		t.Fatal(err)
	}
	rep = runFake(t, "wrong-answers", Options{Run: regexp.MustCompile(`^(strict|lenient)/`), Require: req})
	p = strings.Join(rep.Problems, "\n")
	for _, want := range []string{"required strict:L3, reached L2", "required encode:E, not checked: no vector of it was selected"} {
		if !strings.Contains(p, want) {
			t.Errorf("problems %q, want %q", rep.Problems, want)
		}
	}
	if strings.Contains(p, "lenient:L1") {
		t.Errorf("a requirement met is a problem: %q", rep.Problems)
	}
}

func TestOneshot(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "oneshot-ok", Options{Mode: Oneshot, Run: regexp.MustCompile(`^(strict|encode)/(corpus-|square-8|empty)`)})
	s := summary(rep, suite.Strict)
	if !rep.OK() || s.Failed != 0 || s.Passed != s.Total || s.Level != suite.L1 || len(rep.Notes) == 0 {
		t.Errorf("oneshot-ok: %+v, notes %v", s, rep.Notes)
	}
	if e := summary(rep, suite.Encode); e.Skipped != e.Total || e.Total == 0 {
		t.Errorf("encode in oneshot mode: %+v", e)
	}
	rep = runFake(t, "oneshot-crash", Options{Options: driver.Options{MaxFailuresInARow: 4}, Mode: Oneshot, Parallel: 1, Run: corpus})
	if got := strings.Join(statuses(rep), " "); got != "fail/crash fail/crash fail/crash fail/crash notrun/run ended notrun/run ended notrun/run ended notrun/run ended notrun/run ended" {
		t.Errorf("oneshot-crash: %s", got)
	}
	if p := strings.Join(rep.Problems, "\n"); !strings.Contains(p, "the run ended early: the implementation failed the first 4 times it was run, answering none") {
		t.Errorf("oneshot-crash: problems %q", rep.Problems)
	}
	rep = runFake(t, "oneshot-garbage", Options{Mode: Oneshot, Run: corpus})
	if rep.Results[0].Reason != suite.Protocol {
		t.Errorf("oneshot-garbage: %+v", rep.Results[0])
	}
	// A hang whose child keeps the output open still ends at the timeout.
	start := time.Now()
	rep = runFake(t, "oneshot-grandchild", Options{Options: driver.Options{StartTimeout: 200 * time.Millisecond}, Mode: Oneshot, Run: regexp.MustCompile(`^strict/corpus-viewer`)})
	if got := strings.Join(statuses(rep), " "); got != "fail/timeout fail/timeout" || time.Since(start) > measure.Allowance(10*time.Second) {
		t.Errorf("oneshot-grandchild: %s after %v", got, time.Since(start))
	}
}

func TestStartError(t *testing.T) {
	t.Parallel()
	_, err := Run(context.Background(), Options{Options: driver.Options{Command: []string{"/nonexistent/qf-impl"}}})
	var se *driver.StartError
	if !errors.As(err, &se) {
		t.Errorf("got %v, want a StartError", err)
	}
}

func TestExpectations(t *testing.T) {
	t.Parallel()
	list, err := ParseExpectations(strings.NewReader(`# comment
strict/corpus-viewer-position   crashes on it, issue 12
strict/corpus-sidewall          walls
strict/no-such-test             gone
strict/corpus-initial-board     passes now
`))
	if err != nil {
		t.Fatal(err)
	}
	// crash-4th fails the 4th and 8th corpus vectors: the sidewall and
	// black's answer to it.
	rep := runFake(t, "crash-4th", Options{Run: corpus, Expect: list})
	var xfail, fail []string
	for _, r := range rep.Results {
		switch r.Status {
		case suite.XFail:
			xfail = append(xfail, r.ID+" ("+r.Expected+")")
		case suite.Fail:
			fail = append(fail, r.ID)
		}
	}
	if strings.Join(xfail, ",") != "strict/corpus-sidewall (walls)" {
		t.Errorf("expected failures %v", xfail)
	}
	if strings.Join(fail, ",") != "strict/corpus-sidewall-black-answer" {
		t.Errorf("failures %v", fail)
	}
	want := []string{
		"line 2: strict/corpus-viewer-position is expected to fail, but passes",
		"line 4: strict/no-such-test matches no vector",
		"line 5: strict/corpus-initial-board is expected to fail, but passes",
	}
	if strings.Join(rep.Stale, "\n") != strings.Join(want, "\n") {
		t.Errorf("stale:\n%s", strings.Join(rep.Stale, "\n"))
	}
	// The list of current failures reads back as expectations that match.
	var buf bytes.Buffer
	if err := FormatExpectations(&buf, rep.Results); err != nil {
		t.Fatal(err)
	}
	again, err := ParseExpectations(&buf)
	if err != nil || len(again) != 2 {
		t.Fatalf("written list: %v, %v", again, err)
	}
	rep = runFake(t, "crash-4th", Options{Run: corpus, Expect: again})
	if !rep.OK() {
		t.Errorf("with the written list: stale %v, %+v", rep.Stale, rep.Summaries)
	}
	for _, bad := range []string{"strict/x", "[ reason"} {
		if _, err := ParseExpectations(strings.NewReader(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestReports(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "crash-4th", Options{Run: corpus, Flags: []string{"Corpus"}})
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Digest == "" || back.Implementation == nil || len(back.Results) != 9 || back.Results[3].Reason != suite.Crash {
		t.Errorf("JSON report: %+v", back)
	}
	var x bytes.Buffer
	if err := rep.WriteJUnit(&x); err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Tests    int     `xml:"tests,attr"`
		Failures int     `xml:"failures,attr"`
		Time     float64 `xml:"time,attr"`
		Suites   []struct {
			Name  string  `xml:"name,attr"`
			Time  float64 `xml:"time,attr"`
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Time    float64   `xml:"time,attr"`
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(x.Bytes(), &suites); err != nil {
		t.Fatal(err)
	}
	if suites.Tests != 9 || suites.Failures != 2 || len(suites.Suites) != 1 || suites.Suites[0].Cases[3].Failure == nil {
		t.Errorf("JUnit: %+v", suites)
	}
	if c := suites.Suites[0].Cases[0]; c.Time <= 0 || suites.Suites[0].Time < c.Time || suites.Time < suites.Suites[0].Time {
		t.Errorf("JUnit times: run %v, suite %v, first case %v", suites.Time, suites.Suites[0].Time, c.Time)
	}
	if back.Duration <= 0 || back.Results[0].Duration <= 0 || len(back.Results[0].Flags) == 0 || back.FlagNotes["Corpus"].Description == "" {
		t.Errorf("JSON report: duration %v, first result %+v", back.Duration, back.Results[0])
	}
	if rep.Deselected == 0 {
		t.Error("no vector deselected")
	}
}

// Extra vector files run beside the suite's, and an id that the suite has
// already is an error.
func TestExtraVectors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	test, _ := suite.Strict.Expect("QEBA", serve.Reference.Handle(suite.Strict.RequestOf("QEBA")), "strict/extra-1", "A truncated record.", "Truncated")
	f := vectors.File{Format: "qf", FormatVersion: spec.Version, SuiteVersion: "fuzz", Schema: "decode_strict.schema.json", Op: "decode", Profile: "strict",
		Notes: map[string]vectors.Note{"Truncated": vectors.Notes["Truncated"]},
		Tests: []vectors.Test{test}}
	if err := os.WriteFile(filepath.Join(dir, "found.json"), f.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	extra, err := vectors.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep := runFake(t, "normal", Options{Extra: extra, Run: regexp.MustCompile(`^strict/(extra-|corpus-)`)})
	if s := summary(rep, suite.Strict); s.Total != 10 || s.Passed != 10 || rep.Results[len(rep.Results)-1].ID != "strict/extra-1" {
		t.Errorf("%+v", s)
	}
	if !slices.Contains(rep.Notes, "1 strict vector from an extra file, beside the suite's") {
		t.Errorf("notes %q", rep.Notes)
	}
	f.Tests[0].ID = "strict/corpus-viewer-position"
	os.WriteFile(filepath.Join(dir, "found.json"), f.Bytes(), 0o644)
	extra, _ = vectors.LoadDir(dir)
	if _, err := Run(context.Background(), Options{Options: driver.Options{Handler: serve.Reference}, Extra: extra}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a repeated id: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "found.json"), []byte(`{"format":"qf"}`), 0o644)
	if _, err := vectors.LoadDir(dir); err == nil {
		t.Error("a file that is not a vector file was loaded")
	}
}

// However broken the implementation, the default text report takes one
// screen, and names every known fault its diagnosis finds.
func TestReportFitsOnAScreen(t *testing.T) {
	t.Parallel()
	type impl struct {
		name string
		opts Options
	}
	var impls []impl
	for _, m := range append(append([]*faultstest.Mutant{}, faultstest.Realistic...), faultstest.Fansite) {
		impls = append(impls, impl{m.Name, Options{Options: driver.Options{Handler: m.Handler(), MaxFailuresInARow: 1 << 20}}})
	}
	for _, mode := range []string{"escapes", "wrong-answers", "crash-4th"} {
		impls = append(impls, impl{mode, Options{Options: driver.Options{Timeout: 5 * time.Second}}})
	}
	for _, c := range impls {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			opts := c.opts
			if opts.Handler == nil {
				opts.Command = servetest.Command("QF_FAKE="+c.name, "QF_FAKE_DIR="+t.TempDir())
			}
			rep, err := Run(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			var text bytes.Buffer
			rep.WriteText(&text, false)
			if n := strings.Count(text.String(), "\n"); n > Screen {
				t.Errorf("the report takes %d lines, more than %d:\n%s", n, Screen, text.String())
			}
			for _, c := range rep.Causes {
				if c.Kind.Family() && !strings.Contains(text.String(), c.Name) {
					t.Errorf("the fault %s is a cause, but the text does not name it:\n%s", c.Name, text.String())
				}
			}
			if len(rep.Causes) == 0 {
				t.Error("no cause")
			}
		})
	}
}

// The protocol's common mistakes are named, each by what was seen: a
// line on standard output that is no answer is shown, with where such
// lines go; a hello that came late, after the start-up allowance, says to
// raise it; answers that came only once the input ended say that the
// implementation reads all its input first or buffers its output (the
// two look alike from outside), with how to flush; no answer at all says
// so, and no more. qf fuzz starts its implementation the same way.
func TestCommonMistakesNamed(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		mode    string
		start   time.Duration // the start-up allowance: scaled to the load unless it is meant to run out
		says    []string
		saysNot []string
	}{
		{"stray-print", measure.Allowance(time.Second), []string{`"starting up, reading stdin"`, "write anything else to standard error"}, nil},
		{"slow-start", 200 * time.Millisecond, []string{"s later", "it starts slowly. Raise -start-timeout (now 200ms)"}, []string{"flush", "buffered"}},
		{"buffered", time.Second, []string{"it answered only when its input ended: it reads all its input before it answers, or its output is buffered", "flush standard output after each answer"}, []string{"start-timeout"}},
		{"reads-all", time.Second, []string{"it answered only when its input ended: it reads all its input before it answers", "Answer each request as soon as its line is read"}, []string{"start-timeout"}},
		{"silent", 200 * time.Millisecond, []string{"it wrote no answer, not in 3s more nor once its input ended. What can cause this (possibilities, none of them seen): its answers held in an output buffer", "print(..., flush=True)", "System.out.flush()", "slower than -start-timeout (now 200ms) and 3s more"}, []string{"it starts slowly", "it reads all its input"}},
	} {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			// slow-start: longer than its allowance, 200ms
			rep := runFake(t, c.mode, Options{Options: driver.Options{StartTimeout: c.start}, Run: corpus}, "QF_FAKE_DELAY=700ms")
			problems := strings.Join(rep.Problems, "\n")
			for _, s := range c.says {
				if !strings.Contains(problems, s) {
					t.Errorf("the problems do not say %q:\n%s", s, problems)
				}
			}
			for _, s := range c.saysNot {
				if strings.Contains(problems, s) {
					t.Errorf("the problems say %q, untrue of %s:\n%s", s, c.mode, problems)
				}
			}
		})
	}
}

// A run that fails for a reason of the run, not of a vector (an unmet
// requirement, nothing checked), has a failing JUnit test case saying
// why: a dashboard counting failures shows the run failed.
func TestJUnitRunFailures(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		opts Options
		says string
	}{
		{Options{Options: driver.Options{Handler: serve.Reference}, Run: corpus, Require: []Requirement{{suite.Encode, suite.E}}}, "required encode:E"},
		{Options{Options: driver.Options{Handler: serve.Reference}, Run: regexp.MustCompile("no such vector")}, "nothing was checked"},
	} {
		rep, err := Run(context.Background(), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		var x bytes.Buffer
		if err := rep.WriteJUnit(&x); err != nil {
			t.Fatal(err)
		}
		var suites struct {
			Failures int `xml:"failures,attr"`
			Suites   []struct {
				Name  string `xml:"name,attr"`
				Cases []struct {
					Failure *struct {
						Message string `xml:"message,attr"`
					} `xml:"failure"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		if err := xml.Unmarshal(x.Bytes(), &suites); err != nil {
			t.Fatal(err)
		}
		last := suites.Suites[len(suites.Suites)-1]
		if rep.OK() || suites.Failures == 0 || last.Name != "run" || last.Cases[0].Failure == nil || !strings.Contains(last.Cases[0].Failure.Message, c.says) {
			t.Errorf("%s: JUnit failures %d:\n%s", c.says, suites.Failures, x.String())
		}
	}
}

// NoDiagnosis leaves the causes out and nothing else: the results are
// those of a run that diagnoses.
func TestNoDiagnosis(t *testing.T) {
	t.Parallel()
	m, _ := faultstest.Named("rust")
	run := func(no bool) *Report {
		rep, err := Run(context.Background(), Options{Options: driver.Options{Handler: m.Handler(), MaxFailuresInARow: 1 << 20}, NoDiagnosis: no})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	with, without := run(false), run(true)
	if len(with.Causes) == 0 || len(without.Causes) != 0 {
		t.Errorf("%d causes with the diagnosis, %d without", len(with.Causes), len(without.Causes))
	}
	if len(with.Results) != len(without.Results) {
		t.Fatalf("%d results with the diagnosis, %d without", len(with.Results), len(without.Results))
	}
	for i := range with.Results {
		a, b := with.Results[i], without.Results[i]
		a.Duration, b.Duration = 0, 0
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: %+v with the diagnosis, %+v without", a.ID, a, b)
		}
	}
}
