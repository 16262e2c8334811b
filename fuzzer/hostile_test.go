package fuzzer

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/fakes"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/vectors"
)

// The fakes of package fakes misbehave in every way a runner must
// survive. qf fuzz drives them with many requests in flight: each run must
// end promptly, say what went wrong (a finding, or a problem that ended
// the run), keep its report valid UTF-8 without control characters, and
// leave no process behind.
func TestHostile(t *testing.T) {
	behindShell := []string{"sh", "-c", `"$0" -test.run='^$'; :`, os.Args[0]}
	cases := []struct {
		mode    string
		command []string // nil: the fake itself
		ok      bool
		says    string // in the text report
		procs   int    // processes the fake started, at least
	}{
		{"normal", nil, true, "fuzz: 3000 cases, 0 disagreements, 0 causes", 1},
		{"crash-every-5th", nil, false, "crash: the implementation exited", 100},
		{"strict-only", nil, true, "cases: strict 3000: 3000", 1},
		{"padded", nil, true, "0 disagreements", 1},
		{"crash-4th", nil, false, "not repeatable", 3},
		{"always-crash", nil, false, "the run ended early", 2},
		{"hang-5th", nil, false, "not repeatable", 3},
		{"busy-5th", behindShell, false, "not repeatable", 3},
		{"deaf", nil, false, ": timeout", 2},
		{"garbage-3rd", nil, false, `this is not JSON`, 2},
		{"wrong-id-2nd", nil, false, "protocol", 2},
		{"upper-case", nil, false, `"ID"`, 1},
		{"answer-twice", nil, false, "the run ended early", 2},
		{"flood-stdout", nil, false, "not repeatable", 3},
		{"flood-stderr", nil, true, "0 disagreements", 1},
		{"exit-after-6", nil, false, "crash", 2},
		{"fork", nil, true, "0 disagreements", 1},
		{"grandchild", nil, false, "crash", 2},
		{"silent", nil, false, "never answered hello", 1},
		{"stray-print", nil, false, `"starting up, reading stdin" (standard output is for answers alone`, 1},
		{"buffered", nil, false, "it answered only when its input ended: its output is buffered", 1},
		{"no-known-op", nil, false, "nothing was checked", 1},
		{"wrong-answers", nil, false, "offset", 1},
		{"wrong-replay", nil, false, "replay", 1},
		{"escapes", nil, false, "invalid UTF-8", 1},
		{"exit-3", nil, false, "exited with status 3 at the end of its input", 1},
		{"slow-start", nil, true, "0 disagreements", 1},
		{"needs-hello", nil, false, "crash", 2},
		{"result-and-error", nil, false, `both "error" and a result`, 1},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("QF_FAKE", c.mode)
			t.Setenv("QF_FAKE_DIR", dir)
			t.Setenv("QF_FAKE_PAD", "3000")
			t.Setenv("QF_FAKE_DELAY", "500ms") // slow-start: longer than -timeout, within -start-timeout
			command := c.command
			if command == nil {
				command = []string{os.Args[0], "-test.run=^$"}
			}
			start := time.Now()
			rep := mustRun(t, Options{Options: driver.Options{Command: command, Timeout: measure.Allowance(300 * time.Millisecond), StartTimeout: measure.Allowance(2 * time.Second)}, N: 3000, Duration: 2 * time.Second, Seed: 5, MaxCauses: 3})
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
			var j bytes.Buffer
			if err := rep.WriteJSON(&j); err != nil {
				t.Fatal(err)
			}
			if err := ValidateReport(j.Bytes()); err != nil {
				t.Error(err)
			}
			fakes.NoSurvivors(t, dir, c.procs)
			// Only the repeatable findings become vectors.
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
		})
	}
}

// Interrupted (Ctrl-C in qf fuzz), a run ends at once, says so, and
// leaves nothing running.
func TestInterrupted(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("QF_FAKE", "normal")
	t.Setenv("QF_FAKE_DIR", dir)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	rep, err := Run(ctx, Options{Options: driver.Options{Command: []string{os.Args[0], "-test.run=^$"}}, Duration: time.Minute, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > measure.Allowance(5*time.Second) {
		t.Errorf("the run took %v", took)
	}
	if rep.OK() || len(rep.Problems) != 1 || rep.Problems[0] != "the run was interrupted" || len(rep.Causes) != 0 || rep.Total() == 0 {
		t.Errorf("%d cases, %d causes, problems %q", rep.Total(), len(rep.Causes), rep.Problems)
	}
	fakes.NoSurvivors(t, dir, 1)
}
