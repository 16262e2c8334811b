package runner

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// The hostile fakes of package servetest give correct answers, delivered
// badly. Each run must end promptly, account for every vector, fail or
// pass as stated, and leave nothing running.

var strict = regexp.MustCompile(`^strict/`)

// behindShell is a command that runs the fake behind sh -c, as a child of
// the shell rather than in its place.
var behindShell = []string{"sh", "-c", `"$0" -test.run='^$'; :`}

func TestBusyLoopBehindShell(t *testing.T) {
	t.Parallel()
	start := time.Now()
	rep, dir := runFakeIn(t, "busy-5th", Options{Options: driver.Options{Command: behindShell, Timeout: measure.Allowance(300 * time.Millisecond)}, Run: corpus})
	want := "pass/ pass/ pass/ pass/ fail/timeout pass/ pass/ pass/ pass/"
	if got := strings.Join(statuses(rep), " "); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if rep.OK() || rep.Restarts != 1 {
		t.Errorf("OK %v, %d restarts", rep.OK(), rep.Restarts)
	}
	servetest.NoSurvivors(t, dir, 2) // the first fake and its replacement
	if d := time.Since(start); d > measure.Allowance(10*time.Second) {
		t.Errorf("took %v", d)
	}
}

// Each process of a oneshot run has StartTimeout to exit, its start
// included: the shell's, then the fake's, which must note itself (its
// pid) before it is killed, so the allowance grows with the load, as
// TestBusyLoopBehindShell's does.
func TestOneshotBusyLoopBehindShell(t *testing.T) {
	t.Parallel()
	timeout := measure.Allowance(500 * time.Millisecond)
	rep, dir := runFakeIn(t, "oneshot-busy", Options{Options: driver.Options{Command: behindShell, StartTimeout: timeout}, Mode: Oneshot, Run: regexp.MustCompile(`^strict/corpus-viewer`)})
	if got := strings.Join(statuses(rep), " "); got != "fail/timeout fail/timeout" {
		t.Errorf("got %s", got)
	}
	servetest.NoSurvivors(t, dir, 2)
}

// An implementation that initialises on hello and crashes once: the
// restarted process gets hello too, so one vector fails, and only one.
func TestNeedsHelloCrashesOnce(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "needs-hello", Options{})
	var failed []string
	for _, r := range rep.Results {
		if r.Status != suite.Pass {
			failed = append(failed, r.ID+" "+string(r.Status)+"/"+string(r.Reason))
		}
	}
	if len(failed) != 1 || !strings.HasSuffix(failed[0], "fail/crash") || rep.Restarts != 1 {
		t.Errorf("%d restarts; not passed: %v", rep.Restarts, failed)
	}
	if len(rep.Results) < 900 {
		t.Errorf("%d results", len(rep.Results))
	}
}

// An implementation that answers every request twice falls out of step at
// once: the second answer to hello is a line not asked for, a protocol
// error for the vector at hand, and the implementation is restarted. Every
// process does it again, so every vector fails so, each in a process of
// its own, promptly, with no process and no descriptor left behind.
func TestAnswerTwice(t *testing.T) {
	fds := openFDs(t)
	start := time.Now()
	rep, dir := runFakeIn(t, "answer-twice", Options{Options: driver.Options{MaxFailuresInARow: 3}, Run: strict})
	got := statuses(rep)
	if got[0] != "fail/protocol" || got[len(got)-1] != "fail/protocol" {
		t.Errorf("got %v ... %v", got[:3], got[len(got)-3:])
	}
	if d := rep.Results[0].Detail; !strings.Contains(d, "a line not asked for: a second answer to request 1") {
		t.Errorf("detail %q", d)
	}
	if s := summary(rep, suite.Strict); s.Passed != 0 || s.Failed != s.Total || rep.Restarts != s.Total || rep.OK() {
		t.Errorf("%+v, %d restarts, OK %v", s, rep.Restarts, rep.OK())
	}
	if len(rep.Problems) != 0 {
		t.Errorf("problems %q", rep.Problems)
	}
	if d := time.Since(start); d > measure.Allowance(10*time.Second) {
		t.Errorf("took %v", d)
	}
	servetest.NoSurvivors(t, dir, 3)
	if after := openFDsAfter(t, fds); after > fds {
		t.Errorf("%d descriptors open before the run, %d after", fds, after)
	}
}

// Restarts leak neither descriptors nor processes: a fake that crashes on
// every 4th request, restarted over and over.
func TestRestartsLeakNothing(t *testing.T) {
	fds := openFDs(t)
	rep, dir := runFakeIn(t, "crash-4th", Options{Run: strict})
	if rep.Restarts < 50 {
		t.Errorf("%d restarts", rep.Restarts)
	}
	servetest.NoSurvivors(t, dir, rep.Restarts+1)
	if after := openFDsAfter(t, fds); after > fds {
		t.Errorf("%d descriptors open before the run, %d after %d restarts", fds, after, rep.Restarts)
	}
}

// Correct answers padded with spaces to 15 MiB each: graded all the same,
// in bounded memory, and none of the padding kept in the report.
func TestPaddedAnswers(t *testing.T) {
	var rep *Report
	peak := measure.HeapPeak(func() {
		rep = runFake(t, "padded", Options{Options: driver.Options{Timeout: 5 * time.Second}, Run: regexp.MustCompile(`^(strict|encode|replay|validate)/corpus-viewer`)},
			"QF_FAKE_PAD="+strconv.Itoa(15<<20))
	})
	t.Logf("heap peak %d MB over %d answers of 15 MiB", peak>>20, len(rep.Results))
	if !rep.OK() || len(rep.Results) != 8 {
		t.Errorf("OK %v, %v, %q", rep.OK(), statuses(rep), rep.Problems)
	}
	if peak > 150<<20 {
		t.Errorf("heap peak %d MB", peak>>20)
	}
	var b bytes.Buffer
	rep.WriteJSON(&b)
	if b.Len() > 1<<20 {
		t.Errorf("a JSON report of %d bytes", b.Len())
	}
}

// Bytes without end and without a newline: a timeout, in bounded memory.
func TestFloodStdout(t *testing.T) {
	var rep *Report
	peak := measure.HeapPeak(func() {
		rep = runFake(t, "flood-stdout", Options{Options: driver.Options{Timeout: measure.Allowance(500 * time.Millisecond)}, Run: corpus})
	})
	if got := strings.Join(statuses(rep), " "); got != "pass/ fail/timeout pass/ fail/timeout pass/ fail/timeout pass/ fail/timeout pass/" &&
		got != "pass/ fail/protocol pass/ fail/protocol pass/ fail/protocol pass/ fail/protocol pass/" {
		t.Errorf("got %s", got)
	}
	if peak > 100<<20 {
		t.Errorf("heap peak %d MB", peak>>20)
	}
}

// An implementation that stops reading its input.
func TestDeaf(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "deaf", Options{Options: driver.Options{Timeout: measure.Allowance(300 * time.Millisecond)}, Run: corpus})
	if got := strings.Join(statuses(rep), " "); got != "pass/ fail/timeout pass/ fail/timeout pass/ fail/timeout pass/ fail/timeout pass/" {
		t.Errorf("got %s", got)
	}
}

// Children that the implementation starts end with it.
func TestFork(t *testing.T) {
	t.Parallel()
	rep, dir := runFakeIn(t, "fork", Options{Run: corpus})
	if !rep.OK() {
		t.Errorf("%v %q", statuses(rep), rep.Problems)
	}
	servetest.NoSurvivors(t, dir, 4)
}

// A grandchild that keeps the output open after its parent died: the
// vector fails as a crash, promptly, and the grandchild ends with the
// group.
func TestGrandchildHoldsOutput(t *testing.T) {
	t.Parallel()
	start := time.Now()
	rep, dir := runFakeIn(t, "grandchild", Options{Run: corpus})
	want := "pass/ pass/ fail/crash pass/ pass/ fail/crash pass/ pass/ fail/crash"
	if got := strings.Join(statuses(rep), " "); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if d := time.Since(start); d > measure.Allowance(15*time.Second) {
		t.Errorf("took %v", d)
	}
	servetest.NoSurvivors(t, dir, 7)
}

// A slow start is within the start-up allowance, not the answer timeout.
func TestSlowStart(t *testing.T) {
	t.Parallel()
	delay := "QF_FAKE_DELAY=700ms"
	rep := runFake(t, "slow-start", Options{Options: driver.Options{Timeout: measure.Allowance(200 * time.Millisecond), StartTimeout: measure.Allowance(3 * time.Second)}, Run: corpus}, delay)
	if !rep.OK() {
		t.Errorf("%v %q", statuses(rep), rep.Problems)
	}
	rep = runFake(t, "slow-start", Options{Options: driver.Options{StartTimeout: 200 * time.Millisecond}, Run: corpus}, delay)
	if s := summary(rep, suite.Strict); rep.OK() || s.NotRun != 9 || !strings.Contains(strings.Join(rep.Problems, "\n"), "nothing was checked") {
		t.Errorf("%+v %q", s, rep.Problems)
	}
}

// Runs that check nothing fail, and say why.
func TestNothingChecked(t *testing.T) {
	t.Parallel()
	cases := []struct {
		mode string
		opts Options
		why  string
	}{
		{"normal", Options{Run: regexp.MustCompile(`no such vector`)}, "no vector was selected"},
		{"no-known-op", Options{}, fmt.Sprintf(`the implementation lists no op and profile of the %d selected vectors (its hello lists ops ["frobnicate"]`, vectorCount(t, ""))},
		{"strict-only", Options{Run: regexp.MustCompile(`^encode/`)}, fmt.Sprintf(`lists no op and profile of the %d selected vectors`, vectorCount(t, "encode/"))},
		{"silent", Options{Options: driver.Options{StartTimeout: 100 * time.Millisecond}, Run: corpus}, "the run ended before the first vector"},
		{"oneshot-ok", Options{Mode: Oneshot, Run: regexp.MustCompile(`^encode/`)}, "oneshot mode checks strict decoding only"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			rep := runFake(t, c.mode, c.opts)
			problems := strings.Join(rep.Problems, "\n")
			if rep.OK() || !strings.Contains(problems, "nothing was checked: "+c.why) && !strings.Contains(problems, c.why) {
				t.Errorf("OK %v, problems %q", rep.OK(), rep.Problems)
			}
			var text bytes.Buffer
			rep.WriteText(&text, false)
			if !strings.Contains(text.String(), "the run fails:\n- nothing was checked") {
				t.Errorf("the text report does not say it:\n%s", text.String())
			}
		})
	}
}

// vectorCount returns the number of vectors whose id starts with prefix.
func vectorCount(t *testing.T, prefix string) int {
	t.Helper()
	n := 0
	for _, name := range vectors.Files {
		f, err := vectors.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range f.Tests {
			if strings.HasPrefix(v.ID, prefix) {
				n++
			}
		}
	}
	return n
}

// An exit status other than 0 at the end of input fails the run.
func TestExitStatus(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "exit-3", Options{Run: corpus})
	if s := summary(rep, suite.Strict); s.Passed != 9 || rep.OK() ||
		!strings.Contains(strings.Join(rep.Problems, "\n"), "the implementation exited with status 3 at the end of its input") {
		t.Errorf("%+v, problems %q", s, rep.Problems)
	}
}

// Member names in another case, and an answer with both a result and an
// error, break the protocol, and the report says how.
func TestAnswersOfTheWrongShape(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ mode, detail string }{
		{"upper-case", `member "ID" where spec/protocol.md has "id": member names are case-sensitive`},
		{"result-and-error", `both "error" and a result ("value")`},
	} {
		rep := runFake(t, c.mode, Options{Options: driver.Options{MaxFailuresInARow: 100}, Run: corpus})
		if rep.OK() {
			t.Errorf("%s passes", c.mode)
		}
		for _, r := range rep.Results {
			if r.Status != suite.Fail || r.Reason != suite.Protocol || !strings.Contains(r.Detail, c.detail) {
				t.Errorf("%s: %s %s %q", c.mode, r.ID, r.Status, r.Detail)
				break
			}
		}
	}
}

// Terminal escapes, a forged summary line and bytes that are not UTF-8 in
// the answers and on standard error: the text report escapes them, the
// JSON report stays valid UTF-8 and valid against its schema.
func TestEscapesAndInvalidUTF8(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "escapes", Options{Run: corpus})
	if rep.OK() {
		t.Fatal("passes")
	}
	var text bytes.Buffer
	rep.WriteText(&text, true)
	out := text.String()
	for _, bad := range []string{"\x1b", "\r", "\x07", "\xff", "\xc3\x28"} {
		if strings.Contains(out, bad) {
			t.Errorf("the text report holds %q", bad)
		}
	}
	if !utf8.ValidString(out) {
		t.Error("the text report is not UTF-8")
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines[:len(lines)-1] {
		if strings.HasPrefix(l, "check:") {
			t.Errorf("a forged summary line: %q", l)
		}
	}
	if !strings.Contains(out, `\x1b[2J`) {
		t.Errorf("the escapes are not shown escaped:\n%.2000s", out)
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(js.Bytes()) {
		t.Error("the JSON report is not UTF-8")
	}
	validReport(t, js.Bytes())
	var x bytes.Buffer
	if err := rep.WriteJUnit(&x); err != nil || !utf8.Valid(x.Bytes()) || bytes.Contains(x.Bytes(), []byte("\x1b")) {
		t.Errorf("JUnit: %v, UTF-8 %v", err, utf8.Valid(x.Bytes()))
	}
}

// Cancelling the run ends the implementation at once, even one busy in
// a loop behind a shell: the run is cancelled once the fake is in it.
func TestInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	var cancelled time.Time
	go func() {
		if err := servetest.Await(dir, "busy"); err != nil {
			t.Error(err)
		}
		cancelled = time.Now()
		cancel()
	}()
	rep := runFakeUntil(t, ctx, "busy-5th", dir, Options{Options: driver.Options{Command: behindShell, Timeout: time.Hour}, Run: corpus})
	if d := time.Since(cancelled); cancelled.IsZero() || d > measure.Allowance(5*time.Second) {
		t.Errorf("the run ended %v after it was cancelled", d)
	}
	if rep.OK() || !strings.Contains(strings.Join(rep.Problems, "\n"), "interrupted") {
		t.Errorf("problems %q", rep.Problems)
	}
	servetest.NoSurvivors(t, dir, 1)
}

// validReport checks a JSON report against the report's schema, and
// that the schema refuses broken copies of it.
func validReport(t *testing.T, data []byte) {
	t.Helper()
	if err := ValidateReport(data); err != nil {
		t.Error(err)
	}
	for what, edit := range map[string][2]string{
		"an unknown member":   {`"restarts":`, `"restart":`},
		"an unknown mode":     {`"mode": "`, `"mode": "x`},
		"a negative duration": {`"duration": `, `"duration": -`},
		"a category unknown":  {`"category": "`, `"category": "x`}, // in a report that checked something
	} {
		broken := bytes.Replace(data, []byte(edit[0]), []byte(edit[1]), 1)
		if bytes.Equal(broken, data) {
			if !strings.Contains(what, "category") {
				t.Errorf("%s: the edit did not apply", what)
			}
		} else if ValidateReport(broken) == nil {
			t.Errorf("a report with %s passes its schema", what)
		}
	}
}

func openFDs(t *testing.T) int {
	t.Helper()
	n, ok := measure.OpenFDs()
	if !ok {
		t.Skip("no /proc/self/fd on this system")
	}
	return n
}

// openFDsAfter returns how many descriptors are open after a run, once
// the goroutines that end its processes are done: a process's standard
// error is drained, and its pipe closed, by a goroutine of its own, which
// a loaded machine may run after the run returns (the run waits for it a
// second at most, for a process that left its group may hold the pipe).
// It waits for the count to come down to want, as long as the machine's
// load allows for ten seconds; a descriptor leaked stays open.
func openFDsAfter(t *testing.T, want int) int {
	t.Helper()
	deadline := time.Now().Add(measure.Allowance(10 * time.Second))
	for {
		n := openFDs(t)
		if n <= want || time.Now().After(deadline) {
			return n
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// An implementation that crashes on every request of some kind, on every
// truncated code (the truncated vectors sit together) or on every encode,
// is restarted after each crash, as qf fuzz's is: every vector is run,
// each crash fails its vector alone, and every category it answers
// reaches the level it earns.
func TestCrashesOnEveryRequestOfAKind(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		mode    string
		crashes func(r *suite.Entry) bool
	}{
		{"crash-truncated", func(r *suite.Entry) bool { return strings.Contains(string(r.Want), `"kind":"truncated"`) }},
		{"crash-encode", func(r *suite.Entry) bool { return r.Category == suite.Encode }},
	} {
		start := time.Now()
		rep := runFake(t, c.mode, Options{NoDiagnosis: true})
		t.Logf("%s: %d vectors, %d restarts, %.1f s", c.mode, len(rep.Results), rep.Restarts, time.Since(start).Seconds())
		crashed := failsOnly(t, c.mode, rep, c.crashes, suite.Crash)
		if crashed < 20 || rep.Restarts != crashed || len(rep.Problems) != 0 {
			t.Errorf("%s: %d crashes, %d restarts, problems %q", c.mode, crashed, rep.Restarts, rep.Problems)
		}
		if d := time.Since(start); d > measure.Allowance(time.Minute) {
			t.Errorf("%s: took %v", c.mode, d)
		}
	}
}

// An implementation that hangs on every request of some kind, on every
// encode or on every request, has every vector run and every category it
// answers at the level it earns, and its hangs cost the whole timeout
// only HangsBeforeShorter times for each op: the later requests of the op
// get a shorter wait, which their failures say. (Asserted on the waits
// qf chose, not on the run's time.)
func TestHangsOnEveryRequestOfAKind(t *testing.T) {
	t.Parallel()
	timeout := measure.Allowance(500 * time.Millisecond)
	full := "no answer within " + timeout.String()
	for _, c := range []struct {
		mode  string
		run   *regexp.Regexp
		hangs func(r *suite.Entry) bool
		ops   int // the ops that hang
	}{
		{"hang-encode", regexp.MustCompile(`^(strict|replay|encode)/corpus-`), func(r *suite.Entry) bool { return r.Category == suite.Encode }, 1},
		{"hang-all", regexp.MustCompile(`^(strict|encode)/corpus-`), func(*suite.Entry) bool { return true }, 2},
	} {
		rep := runFake(t, c.mode, Options{Options: driver.Options{Timeout: timeout}, Run: c.run, NoDiagnosis: true})
		hung := failsOnly(t, c.mode, rep, c.hangs, suite.Timeout)
		whole, shorter := 0, 0
		for i := range rep.Results {
			r := &rep.Results[i]
			switch wait, ok := shorterWait(r.Detail); {
			case r.Detail == full:
				whole++
			case ok && wait < timeout:
				shorter++
			case r.Reason == suite.Timeout:
				t.Errorf("%s: %s: %s", c.mode, r.ID, r.Detail)
			}
		}
		t.Logf("%s: %d vectors, %d hangs: %d after the whole timeout, %d after a shorter wait", c.mode, len(rep.Results), hung, whole, shorter)
		if whole != c.ops*driver.HangsBeforeShorter || whole+shorter != hung || rep.Restarts != hung || len(rep.Problems) != 0 {
			t.Errorf("%s: %d hangs: %d after the whole timeout (want %d), %d after a shorter wait; %d restarts; problems %q",
				c.mode, hung, whole, c.ops*driver.HangsBeforeShorter, shorter, rep.Restarts, rep.Problems)
		}
	}
}

// An implementation that answers slowly and well, and hangs on some
// requests, is never said to hang on a request it answers: the shorter
// wait after hangs scales with the slowest answer seen. It answers each
// request after a twentieth of the timeout: each shorter wait is ten
// times that at least, where a tenth of the timeout, not scaled, would be
// twice that.
func TestSlowAnswersAreNoHangs(t *testing.T) {
	t.Parallel()
	timeout := measure.Allowance(400 * time.Millisecond)
	delay := timeout / 20
	rep, dir := runFakeIn(t, "slow-hang-4th", Options{Options: driver.Options{Timeout: timeout}, Run: regexp.MustCompile(`^encode/(corpus|walls)-`), NoDiagnosis: true},
		"QF_FAKE_DELAY="+delay.String())
	hangs, err := filepath.Glob(filepath.Join(dir, "hang-*"))
	if err != nil {
		t.Fatal(err)
	}
	timeouts, shorter := 0, 0
	for _, r := range rep.Results {
		switch {
		case r.Status == suite.Pass:
		case r.Status == suite.Fail && r.Reason == suite.Timeout:
			timeouts++
			if wait, ok := shorterWait(r.Detail); ok {
				shorter++
				if wait < driver.SlowerThanSeen*delay {
					t.Errorf("%s: a wait of %v, less than %d times the answers' %v: %s", r.ID, wait, driver.SlowerThanSeen, delay, r.Detail)
				}
			}
		default:
			t.Errorf("%s: %s/%s (%s)", r.ID, r.Status, r.Reason, r.Detail)
		}
	}
	t.Logf("%d vectors, %d hangs, %d timeouts, %d after a shorter wait", len(rep.Results), len(hangs), timeouts, shorter)
	if timeouts != len(hangs) || timeouts < driver.HangsBeforeShorter+1 {
		t.Errorf("%d timeouts for %d hangs, want one for each, %d at least", timeouts, len(hangs), driver.HangsBeforeShorter+1)
	}
}

// failsOnly checks that every result of rep, a run of the fake mode,
// passes but those that fails picks, which fail for reason, and that each
// category with no failure reaches its top level; it returns how many
// results fails picks.
func failsOnly(t *testing.T, mode string, rep *Report, fails func(*suite.Entry) bool, reason suite.Reason) int {
	t.Helper()
	n := 0
	for i := range rep.Results {
		r := &rep.Results[i]
		got, want := string(r.Status)+"/"+string(r.Reason), "pass/"
		if fails(r) {
			want = "fail/" + string(reason)
			n++
		}
		if got != want {
			t.Errorf("%s: %s %s, want %s", mode, r.ID, got, want)
		}
	}
	for _, s := range rep.Summaries {
		if s.Failed == 0 && s.Level != s.Category.Top() {
			t.Errorf("%s: %s reached %s, want %s", mode, s.Category, s.LevelText(), s.Category.Top())
		}
	}
	return n
}

// shorterWait returns the wait that a timeout's detail says it was given,
// and whether that wait was shorter than the timeout.
func shorterWait(detail string) (time.Duration, bool) {
	rest, ok := strings.CutPrefix(detail, "no answer within ")
	if !ok || !strings.Contains(rest, "a wait shorter than the timeout") {
		return 0, false
	}
	d, err := time.ParseDuration(strings.Fields(rest)[0])
	return d, err == nil
}

// In oneshot mode too: a command that crashes on every truncated code
// has every vector run, each crash failing its own.
func TestOneshotCrashesOnEveryTruncatedCode(t *testing.T) {
	t.Parallel()
	rep := runFake(t, "oneshot-crash-truncated", Options{Mode: Oneshot, Run: strict})
	crashed := 0
	for _, r := range rep.Results {
		got, want := string(r.Status)+"/"+string(r.Reason), "pass/"
		if strings.Contains(string(r.Want), `"kind":"truncated"`) {
			want = "fail/crash"
			crashed++
		}
		if got != want {
			t.Errorf("%s %s, want %s", r.ID, got, want)
		}
	}
	if crashed < 20 || len(rep.Problems) != 0 {
		t.Errorf("%d crashes, problems %q", crashed, rep.Problems)
	}
}

// While the run waits for a hello, the progress line says what it waits
// for, from the start: an implementation that never flushes its output is
// waited for three times (the start-up allowance, as long again, then a
// second with its input closed), and the screen is never blank meanwhile.
func TestWaitingForHelloShown(t *testing.T) {
	t.Parallel()
	var progress lines
	rep := runFake(t, "buffered", Options{Options: driver.Options{StartTimeout: 200 * time.Millisecond}, Run: corpus, Progress: &progress})
	want := []string{
		"waiting up to 200ms for the implementation's hello, its answer to the first request",
		"no hello within 200ms: waiting up to 3s more, to see whether it comes late",
		"no hello within 200ms and 3s more: its input closed, waiting up to 1s to see whether it answers then",
		"", // cleared before the report
	}
	if got := progress.shown(); !slices.Equal(got, want) {
		t.Errorf("the progress line said\n%q\nwant\n%q", got, want)
	}
	if p := strings.Join(rep.Problems, "\n"); !strings.Contains(p, "it answered only when its input ended") {
		t.Errorf("problems %q", rep.Problems)
	}
}

// lines is a terminal's progress line, as written: each rewrite of it.
type lines struct {
	mu  sync.Mutex
	out bytes.Buffer
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.out.Write(p)
}

// shown returns the texts the line was rewritten with, "" for a clear.
func (l *lines) shown() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Split(strings.TrimPrefix(l.out.String(), "\r\033[K"), "\r\033[K")
}
