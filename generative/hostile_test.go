package generative

import (
	"bytes"
	"cmp"
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/vectors"
)

// The fakes of package servetest misbehave in every way a runner must
// survive. qf fuzz drives them with many requests in flight: each run must
// end promptly, say what went wrong (a finding, or a problem that ended
// the run), keep its report valid UTF-8 without control characters, and
// leave no process behind. (Over 100 lines for its table: a row a fake.)
func TestHostile(t *testing.T) {
	t.Parallel()
	behindShell := []string{"sh", "-c", `"$0" -test.run='^$'; :`, os.Args[0]}
	// Each run is bounded by its count of cases, not by a span of time,
	// so that what it finds, and how many processes it starts, does not
	// depend on the machine's speed: a fake that crashes on every 5th
	// request starts a process per 5 cases.
	cases := []struct {
		mode    string
		command []string // nil: the fake itself
		n       int      // cases
		ok      bool
		says    string // in the text report
		procs   int    // processes the fake started, at least
	}{
		{"normal", nil, 3000, true, "fuzz: 3000 cases, 0 disagreements, 0 causes", 1},
		{"crash-every-5th", nil, 300, false, "crash: the implementation exited", 60},
		{"strict-only", nil, 3000, true, "cases: strict 3000: 3000", 1},
		{"padded", nil, 3000, true, "0 disagreements", 1},
		{"crash-4th", nil, 40, false, "not repeatable", 3},
		{"always-crash", nil, 100, false, "crash: the implementation exited or closed its output", 100},
		{"starts-once", nil, 100, false, "the run ended early: the implementation failed 10 times in a row; the last time: no hello after a restart", 2},
		{"hang-5th", nil, 8, false, "not repeatable", 2},
		{"busy-5th", behindShell, 8, false, "not repeatable", 2},
		{"deaf", nil, 8, false, ": timeout", 2},
		{"garbage-3rd", nil, 20, false, `this is not JSON`, 2},
		{"wrong-id-2nd", nil, 20, false, "protocol", 2},
		{"upper-case", nil, 20, false, `"ID"`, 1},
		{"answer-twice", nil, 100, false, "a line not asked for: a second answer", 2},
		{"flood-stdout", nil, 8, false, "not repeatable", 3},
		{"flood-stderr", nil, 300, true, "0 disagreements", 1},
		{"exit-after-6", nil, 50, false, "crash", 2},
		{"fork", nil, 3000, true, "0 disagreements", 1},
		{"grandchild", nil, 8, false, "crash", 2},
		{"silent", nil, 20, false, "never answered hello", 1},
		{"stray-print", nil, 20, false, `"starting up, reading stdin" (standard output is for answers alone`, 1},
		{"buffered", nil, 20, false, "it answered only when its input ended: it reads all its input before it answers, or its output is buffered", 1},
		{"no-known-op", nil, 20, false, "nothing was checked", 1},
		{"wrong-answers", nil, 500, false, "offset", 1},
		{"wrong-replay", nil, 500, false, "replay", 1},
		{"escapes", nil, 50, false, "invalid UTF-8", 1},
		{"exit-3", nil, 50, false, "exited with status 3 at the end of its input", 1},
		{"slow-start", nil, 3000, true, "0 disagreements", 1},
		{"needs-hello", nil, 50, false, "crash", 2},
		{"result-and-error", nil, 50, false, `both "error" and a result`, 1},
	}
	// An answer's allowance, before measure.Allowance: 300 ms, but for a
	// fake that writes 1.2 MB of standard error a request, which qf must
	// drain before the answer comes.
	timeouts := map[string]time.Duration{"flood-stderr": 3 * time.Second}
	// The start-up allowance, scaled to the load but for the fakes that
	// never answer hello in time, whose allowance is meant to run out.
	expires := map[string]bool{"silent": true, "buffered": true}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			timeout := cmp.Or(timeouts[c.mode], 300*time.Millisecond)
			dir := t.TempDir()
			env := []string{"QF_FAKE=" + c.mode, "QF_FAKE_DIR=" + dir, "QF_FAKE_PAD=3000",
				"QF_FAKE_DELAY=500ms"} // slow-start: longer than -timeout, within -start-timeout
			command := servetest.Command(env...)
			if c.command != nil {
				command = slices.Concat([]string{"env"}, env, c.command)
			}
			startTimeout := measure.Allowance(2 * time.Second)
			if expires[c.mode] {
				startTimeout = 2 * time.Second
			}
			start := time.Now()
			rep := mustRun(t, Options{Options: driver.Options{Command: command, Timeout: measure.Allowance(timeout), StartTimeout: startTimeout,
				ExitTimeout: measure.Allowance(time.Second)}, N: c.n, Seed: 5, MaxCauses: 3})
			took := time.Since(start)
			var b strings.Builder
			rep.WriteText(&b, true)
			text := b.String()
			if rep.OK() != c.ok || !strings.Contains(text, c.says) {
				t.Errorf("OK %v, want %v saying %q:\n%s", rep.OK(), c.ok, c.says, text)
			}
			if took > measure.Allowance(30*time.Second) {
				t.Errorf("the run took %v", took)
			}
			if !utf8.ValidString(text) || strings.ContainsAny(text, "\x1b\x00\r") {
				t.Errorf("the report holds invalid UTF-8 or control characters:\n%q", text)
			}
			servetest.NoSurvivors(t, dir, c.procs)
			checkWritten(t, rep)
		})
	}
}

// checkWritten checks what a report writes: JSON that its schema
// validates, and a vector for each repeatable finding, and only those.
func checkWritten(t *testing.T, rep *Report) {
	t.Helper()
	var j bytes.Buffer
	if err := rep.WriteJSON(&j); err != nil {
		t.Fatal(err)
	}
	if err := ValidateReport(j.Bytes()); err != nil {
		t.Error(err)
	}
	repeatable := 0
	for _, f := range rep.Findings() {
		if f.Repeatable {
			repeatable++
		}
	}
	out := t.TempDir()
	if _, err := rep.WriteVectors(out); err != nil {
		t.Fatal(err)
	}
	files, err := vectors.LoadDir(out)
	if err != nil && repeatable > 0 {
		t.Fatal(err)
	}
	written := 0
	for _, f := range files {
		written += len(f.Tests)
	}
	if written != repeatable {
		t.Errorf("%d vectors written for %d repeatable findings", written, repeatable)
	}
}

// An example of a case drawn that does not disagree again alone is shown
// as the pool kept it, made a vector as every example is: with its flags
// and comment, so that the report is one the schema allows (a drawn case
// kept no flags of its own).
func TestNotRepeatableDrawn(t *testing.T) {
	t.Parallel()
	command := servetest.Command("QF_FAKE=crash-4th", "QF_FAKE_DIR="+t.TempDir()) // crashes on the 4th request of each process
	rep := mustRun(t, Options{Options: driver.Options{Command: command, Timeout: measure.Allowance(300 * time.Millisecond),
		StartTimeout: measure.Allowance(2 * time.Second), ExitTimeout: measure.Allowance(time.Second)},
		N: 40, Seed: 5, MaxCauses: 3, vectors: func(string) bool { return false }})
	drawn := 0
	for _, f := range rep.Findings() {
		if f.Repeatable {
			continue
		}
		drawn++
		if f.Result.Test.Flags == nil || f.Result.Test.Comment == "" {
			t.Errorf("example %q: flags %v, comment %q", f.Original, f.Result.Test.Flags, f.Result.Test.Comment)
		}
	}
	if drawn == 0 {
		t.Fatal("no example that does not repeat: the test tells nothing")
	}
	var j bytes.Buffer
	if err := rep.WriteJSON(&j); err != nil {
		t.Fatal(err)
	}
	if err := ValidateReport(j.Bytes()); err != nil {
		t.Error(err)
	}
}

// Interrupted (Ctrl-C in qf fuzz), a run ends at once, says so, and
// leaves nothing running. It is interrupted when it shows its progress
// for the first time, after its first batch of cases.
func TestInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var cancelled time.Time
	progress := writerFunc(func(p []byte) (int, error) {
		if cancelled.IsZero() && bytes.Contains(p, []byte(" cases,")) {
			cancelled = time.Now()
			cancel()
		}
		return len(p), nil
	})
	rep, err := Run(ctx, Options{Options: driver.Options{Command: servetest.Command("QF_FAKE=normal", "QF_FAKE_DIR="+dir)}, Duration: time.Hour, Seed: 1, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(cancelled); cancelled.IsZero() || took > measure.Allowance(5*time.Second) {
		t.Errorf("the run ended %v after it was cancelled", took)
	}
	if rep.OK() || len(rep.Problems) != 1 || rep.Problems[0] != "the run was interrupted" || len(rep.Causes) != 0 || rep.Total() == 0 {
		t.Errorf("%d cases, %d causes, problems %q", rep.Total(), len(rep.Causes), rep.Problems)
	}
	servetest.NoSurvivors(t, dir, 1)
}

// A writerFunc is a function that is an io.Writer.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
