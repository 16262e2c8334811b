package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/fuzzer"
	"github.com/qf-format/qf-conformance/internal/fakes"
	"github.com/qf-format/qf-conformance/runner"
)

// qf runs the command with args and stdin, and returns its output, its
// error output and its exit status.
func qf(stdin string, args ...string) (stdout, stderr string, status int) {
	var out, errOut bytes.Buffer
	status = finish(run(args, strings.NewReader(stdin), &out, &errOut), &errOut)
	return out.String(), errOut.String(), status
}

func TestDecode(t *testing.T) {
	out, errOut, status := qf("", "decode", "j7oklAHMe1ICg", "QA")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	for _, want := range []string{`"white": 31`, `"place": 18`, `"turn": 10`, `"moves": []`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	// A rejected code: the others are still printed, the error is
	// positioned, and the status is 1.
	out, errOut, status = qf("", "decode", "j7o klAHMe1ICg", "A")
	if status != 1 || !strings.Contains(errOut, "ref: char 3: invalid character ' '") || !strings.Contains(out, `"state": null`) {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errOut)
	}
	_, errOut, status = qf("", "decode", "-lenient", "j7o klAHMe1ICg==")
	if status != 0 {
		t.Errorf("lenient: status %d, stderr %q", status, errOut)
	}
}

// Codes come from the arguments, or standard input when there are none
// or where one is "-"; a flag after the codes is a usage error; a long
// input is never echoed whole.
func TestDecodeInput(t *testing.T) {
	for _, c := range []struct {
		stdin  string
		args   []string
		status int
		values int    // printed
		says   string // on stderr
	}{
		{"QA\nj7oklAHMe1ICg\n", []string{"decode"}, 0, 2, ""},
		{"QA\r\nj7oklAHMe1ICg", []string{"decode", "-"}, 0, 2, ""},
		{"QA\n", []string{"decode", "A", "-", "QA"}, 0, 3, ""},
		{"QA==\n", []string{"decode", "-lenient"}, 0, 1, ""},
		{"", []string{"decode", "QA", "-lenient"}, 2, 0, "-lenient after the codes"},
		{"", []string{"decode", "--", "-QA"}, 1, 0, "invalid character '-'"},
		{"", []string{"decode", "-lenient", "--", "-QA"}, 0, 1, ""},
		{strings.Repeat("x", 2<<20) + "\n", []string{"decode"}, 1, 0, "(2097152 bytes)"},
		{"", []string{"decode", strings.Repeat("\x1b", 120000)}, 1, 0, `\x1b\x1b`},
	} {
		out, errOut, status := qf(c.stdin, c.args...)
		if status != c.status || strings.Count(out, `"state"`) != c.values || !strings.Contains(errOut, c.says) || len(errOut) > 2000 || strings.Contains(errOut, "\x1b") {
			t.Errorf("qf %.40q with %.20q on stdin: status %d, %d values, stderr %.300q", c.args, c.stdin, status, strings.Count(out, `"state"`), errOut)
		}
	}
}

// qf explain: the fields and board of an accepted code, the caret of a
// rejected one; status 1 when a code is rejected, 2 for a usage error.
func TestExplain(t *testing.T) {
	out, errOut, status := qf("", "explain", "j7oklAHMe1ICg")
	if status != 0 || !strings.Contains(out, "state.walls.white.h[0]") || !strings.Contains(out, "white wall c3h") || !strings.Contains(out, "turn 10 · black to move") {
		t.Errorf("status %d\n%s%s", status, out, errOut)
	}
	out, _, status = qf("j7oklAHMe1ICg\nqIAAAAAA\n", "explain")
	if status != 1 || !strings.Contains(out, "error: ref: bit 2: white square 81 out of range 0-80\n  qIAAAAAA\n  ^~\n") || strings.Count(out, "accepted") != 1 {
		t.Errorf("status %d\n%s", status, out)
	}
	out, _, status = qf("", "explain", "-lenient", "j7ok lAHMe1ICg==")
	if status != 0 || !strings.Contains(out, "accepted (lenient)") || !strings.Contains(out, "canonical code: j7oklAHMe1ICg\n") {
		t.Errorf("lenient: status %d\n%s", status, out)
	}
	if _, errOut, status := qf("", "explain", "QA", "-lenient"); status != 2 || !strings.Contains(errOut, "after the codes") {
		t.Errorf("a flag after the codes: status %d, %q", status, errOut)
	}
}

func TestEncode(t *testing.T) {
	values := `{"state": null, "record": null}
{"state": null, "record": {"moves": []}}
{
  "state": {"white": 4, "black": 76, "walls": {"white": {"h": [], "v": []}, "black": {"h": [], "v": []}},
            "last_move": {"player": "white", "kind": "piece"}, "turn": 1},
  "record": null
}
`
	out, errOut, status := qf(values, "encode")
	if status != 0 || out != "A\nQA\ngkwAAAAQ\n" {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errOut)
	}
	file := filepath.Join(t.TempDir(), "values.json")
	if err := os.WriteFile(file, []byte(values), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _, status := qf("", "encode", file); status != 0 || out != "A\nQA\ngkwAAAAQ\n" {
		t.Errorf("from a file: status %d, stdout %q", status, out)
	}
	// Refused values are reported with their number; the rest is encoded.
	out, errOut, status = qf(`{"state":null,"record":{"moves":[{"kind":"piece","dir":9}]}} {"state":null,"record":null}`, "encode")
	if status != 1 || out != "A\n" || !strings.Contains(errOut, "value 1: ref: move 0 direction 9 out of range 0-7") {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errOut)
	}
	// Text that is not JSON stops the run.
	_, errOut, status = qf(`{"state":`, "encode")
	if status != 1 || !strings.Contains(errOut, "value 1") {
		t.Errorf("status %d, stderr %q", status, errOut)
	}
}

func TestServe(t *testing.T) {
	out, _, status := qf(`{"id":1,"op":"decode","code":"QA"}`+"\n"+`{"id":2,"op":"encode","value":{"state":null,"record":null}}`+"\n", "serve")
	want := `{"id":1,"value":{"state":null,"record":{"moves":[]}}}` + "\n" + `{"id":2,"code":"A"}` + "\n"
	if status != 0 || out != want {
		t.Errorf("status %d, got\n%s\nwant\n%s", status, out, want)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"decode", "-strict", "A"},
		{"explain", "-x"},
		{"encode", "a", "b"},
		{"serve", "extra"},
	} {
		if _, errOut, status := qf("", args...); status != 2 || !strings.Contains(errOut, "usage") {
			t.Errorf("qf %q: status %d, stderr %q; want 2 and a usage text", args, status, errOut)
		}
	}
	if out, _, status := qf("", "help"); status != 0 || !strings.Contains(out, "qf decode") {
		t.Errorf("qf help: status %d, %q", status, out)
	}
	if _, _, status := qf("", "decode", "-h"); status != 0 {
		t.Errorf("qf decode -h: status %d, want 0", status)
	}
}

func TestCheck(t *testing.T) {
	report := filepath.Join(t.TempDir(), "report.json")
	junit := filepath.Join(t.TempDir(), "report.xml")
	out, errOut, status := qf("", "check", "-json", report, "-junit", junit)
	if status != 0 || !regexp.MustCompile(`(?m)^check: \d{3,} passed, 0 failed, 0 skipped$`).MatchString(out) || !strings.Contains(out, "sha256:") {
		t.Fatalf("status %d\n%s\n%s", status, out, errOut)
	}
	for _, f := range []string{report, junit} {
		if info, err := os.Stat(f); err != nil || info.Size() < 1000 {
			t.Errorf("%s: %v", f, err)
		}
	}
	// Selection and levels.
	out, _, status = qf("", "check", "-run", "^strict/square", "-level", "l1")
	if status != 0 || !strings.Contains(out, "check: 6 passed") {
		t.Errorf("status %d\n%s", status, out)
	}
	// A command that cannot start, and usage errors, are status 2.
	for _, args := range [][]string{
		{"check", "--", "/nonexistent/impl"},
		{"check", "-level", "L4"},
		{"check", "-run", "("},
		{"check", "-oneshot"},
		{"check", "-expect-fail", "/nonexistent/list"},
	} {
		if _, errOut, status := qf("", args...); status != 2 {
			t.Errorf("qf %q: status %d, want 2; stderr %q", args, status, errOut)
		}
	}
	// A stale expected failure is status 1.
	list := filepath.Join(t.TempDir(), "expect.txt")
	os.WriteFile(list, []byte("strict/square-81-white passes in the reference\n"), 0o644)
	if out, _, status := qf("", "check", "-run", "^strict/square", "-expect-fail", list); status != 1 || !strings.Contains(out, "stale") {
		t.Errorf("stale list: status %d\n%s", status, out)
	}
}

func TestReplay(t *testing.T) {
	out, _, status := qf("", "replay", "QEBAQ")
	want := "start: the initial position, white e1, black e9\n" +
		"   1. white e2     white e2  black e9\n" +
		"   2. black e8     white e2  black e8\n" +
		"   3. white e3     white e3  black e8\n" +
		"   4. black e7     white e3  black e7\n" +
		"4 moves, all legal\n"
	if status != 0 || out != want {
		t.Errorf("status %d, got\n%s\nwant\n%s", status, out, want)
	}
	out, _, status = qf("", "replay", "QBQ")
	if status != 1 || !strings.Contains(out, "1. white pawn south: illegal, off_board (move 0 of the record)") {
		t.Errorf("status %d\n%s", status, out)
	}
	out, _, status = qf("", "replay", "j7oklAHMe1ICg")
	if status != 0 || !strings.Contains(out, "4 walls c3h e3h d7h d8v; white moved last, turn 10") {
		t.Errorf("status %d\n%s", status, out)
	}
	if _, errOut, status := qf("", "replay", "j7ok="); status != 1 || !strings.Contains(errOut, "invalid character") {
		t.Errorf("status %d, stderr %q", status, errOut)
	}
	if _, _, status := qf("", "replay"); status != 2 {
		t.Errorf("no code: status %d", status)
	}
}

// TestMain runs the fake implementation of package fakes that QF_FAKE
// names, if any, and the tests otherwise.
func TestMain(m *testing.M) {
	fakes.Main()
	os.Exit(m.Run())
}

// fake is the command line of the fake implementation that QF_FAKE names.
var fake = []string{"--", os.Args[0], "-test.run=^$"}

// The reports go to standard output with "-", the text report then to
// standard error; only one may.
func TestCheckReportsToStdout(t *testing.T) {
	out, errOut, status := qf("", "check", "-run", "^strict/corpus-", "-json", "-")
	var rep runner.Report
	if status != 0 || json.Unmarshal([]byte(out), &rep) != nil || len(rep.Results) != 9 || !strings.Contains(errOut, "check: 9 passed, 0 failed, 0 skipped") {
		t.Errorf("-json -: status %d\nstdout %.300s\nstderr %.300s", status, out, errOut)
	}
	if err := runner.ValidateReport([]byte(out)); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error("a file named - was written")
	}
	out, errOut, status = qf("", "check", "-run", "^strict/corpus-", "-junit", "-")
	if status != 0 || !strings.HasPrefix(out, "<?xml") || !strings.Contains(errOut, "check: 9 passed") {
		t.Errorf("-junit -: status %d\nstdout %.300s\nstderr %.300s", status, out, errOut)
	}
	if _, errOut, status := qf("", "check", "-json", "-", "-junit", "-"); status != 2 || !strings.Contains(errOut, "only one") {
		t.Errorf("-json - -junit -: status %d, %q", status, errOut)
	}
}

// The exit status follows the run: 1 when nothing was checked or the
// implementation exits badly, with the reason printed.
func TestCheckExitStatus(t *testing.T) {
	cases := []struct {
		mode   string // of the fake, when args run it
		args   []string
		status int
		says   string
	}{
		{"", []string{"check", "-run", "no such vector"}, 1, "nothing was checked: no vector was selected"},
		{"exit-3", append([]string{"check", "-run", "^strict/corpus-"}, fake...), 1, "the implementation exited with status 3 at the end of its input"},
		{"no-known-op", append([]string{"check", "-run", "^strict/corpus-"}, fake...), 1, "nothing was checked: the implementation lists no op"},
		{"busy-5th", append([]string{"check", "-run", "^strict/corpus-", "-timeout", "300ms"}, fake...), 1, "check: 8 passed, 1 failed, 0 skipped"},
		{"normal", append([]string{"check", "-run", "^strict/corpus-"}, fake...), 0, "check: 9 passed, 0 failed, 0 skipped"},
		{"", []string{"check", "-parallel", "0", "-oneshot", "--", "true"}, 2, "must be positive"},
	}
	for _, c := range cases {
		t.Setenv("QF_FAKE", c.mode)
		t.Setenv("QF_FAKE_DIR", t.TempDir())
		out, errOut, status := qf("", c.args...)
		if status != c.status || !strings.Contains(out+errOut, c.says) {
			t.Errorf("qf %q: status %d, want %d saying %q\n%s%s", c.args, status, c.status, c.says, out, errOut)
		}
	}
}

func TestReport(t *testing.T) {
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.json")
	if _, errOut, status := qf("", "check", "-run", "^strict/(corpus-|square-)", "-json", ref); status != 0 {
		t.Fatalf("check: %d %s", status, errOut)
	}
	t.Setenv("QF_FAKE", "wrong-answers")
	wrong := filepath.Join(dir, "wrong.json")
	if _, errOut, status := qf("", append([]string{"check", "-run", "^strict/(corpus-|square-)", "-json", wrong}, fake...)...); status != 1 {
		t.Fatalf("check of the fake: %d %s", status, errOut)
	}
	out, errOut, status := qf("", "report", "-format", "md", ref, wrong)
	if status != 0 || !strings.Contains(out, "(ref)") || !strings.Contains(out, "(wrong)") || !strings.Contains(out, "`strict/square-81-white`") {
		t.Errorf("report: status %d, %s\n%s", status, errOut, out)
	}
	html := filepath.Join(dir, "m.html")
	if _, errOut, status := qf("", "report", "-o", html, ref, wrong); status != 0 {
		t.Errorf("report -o: %d %s", status, errOut)
	}
	if b, err := os.ReadFile(html); err != nil || !bytes.HasPrefix(b, []byte("<!doctype html>")) {
		t.Errorf("%s: %v %.40q", html, err, b)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"suite_version":"1"}`), 0o644)
	if _, errOut, status := qf("", "report", ref, bad); status != 1 || !strings.Contains(errOut, "bad.json") || !strings.Contains(errOut, "schema") {
		t.Errorf("a bad report: status %d, %q", status, errOut)
	}
	for _, args := range [][]string{{"report"}, {"report", "-format", "pdf", ref}} {
		if _, _, status := qf("", args...); status != 2 {
			t.Errorf("qf %q: status %d, want 2", args, status)
		}
	}
}

// The GitHub Action runs .ci/qf-check.sh with its inputs in QF_
// variables: every variable action.yml sets names one of its inputs and is
// read by the script, and the script passes and fails as qf check does.
func TestAction(t *testing.T) {
	action, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("../../.ci/qf-check.sh")
	if err != nil {
		t.Fatal(err)
	}
	env := regexp.MustCompile(`(?m)^\s+(QF_[A-Z_]+): \$\{\{ inputs\.([a-z-]+) \}\}$`).FindAllStringSubmatch(string(action), -1)
	if len(env) < 6 {
		t.Fatalf("action.yml sets %d QF_ variables", len(env))
	}
	for _, e := range env {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(e[2]) + `:$`).Match(action) {
			t.Errorf("action.yml sets %s from the input %s, which it does not declare", e[1], e[2])
		}
		if !strings.Contains(string(script), "${"+e[1]) {
			t.Errorf("the script does not read %s", e[1])
		}
	}
	if !strings.Contains(string(action), "run: ${{ github.action_path }}/.ci/qf-check.sh") {
		t.Error("action.yml does not run .ci/qf-check.sh")
	}
	if testing.Short() {
		t.Skip("the script builds qf: not with -short")
	}
	junit := filepath.Join(t.TempDir(), "report.xml")
	for _, c := range []struct {
		mode   string
		status int
	}{{"normal", 0}, {"exit-3", 1}} {
		cmd := exec.Command("../../.ci/qf-check.sh")
		cmd.Env = append(os.Environ(), "QF_FAKE="+c.mode, "QF_COMMAND="+os.Args[0]+" -test.run=^$",
			"QF_ARGS=-run ^strict/corpus-", "QF_JUNIT="+junit)
		out, _ := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() != c.status || !strings.Contains(string(out), "check: 9 passed") {
			t.Errorf("%s: exit %d, want %d:\n%s", c.mode, cmd.ProcessState.ExitCode(), c.status, out)
		}
	}
	if b, err := os.ReadFile(junit); err != nil || !bytes.Contains(b, []byte("<testsuites")) {
		t.Errorf("the JUnit report: %v", err)
	}
}

// qf fuzz: 0 when the budget runs out with no disagreement, 1 with one,
// its causes on the screen, -v showing the examples, whose shrunk cases
// -o writes as vectors that qf check -vectors runs, and -json the whole
// report; 2 for usage errors and a command that cannot start.
func TestFuzz(t *testing.T) {
	out, errOut, status := qf("", "fuzz", "-n", "2000", "-seed", "1")
	if status != 0 || !strings.HasPrefix(out, "qf fuzz: seed 1\n") || !strings.Contains(out, "fuzz: 2000 cases, 0 disagreements, 0 causes (seed 1:") {
		t.Errorf("the reference: status %d\n%s%s", status, out, errOut)
	}

	t.Setenv("QF_FAKE", "mutant:wall-count-max-9")
	dir := t.TempDir()
	report := filepath.Join(t.TempDir(), "fuzz.json")
	out, errOut, status = qf("", append([]string{"fuzz", "-n", "3000", "-seed", "1", "-v", "-o", dir, "-json", report}, fake...)...)
	if status != 1 || !regexp.MustCompile(`(?m)^FAIL (strict|lenient|replay|validate)/fuzz-[0-9a-f]{10}: `).MatchString(out) ||
		!strings.Contains(out, " 1. state.walls.white.h.count: ") || !strings.Contains(out, "wrote "+dir) {
		t.Fatalf("a faulty implementation: status %d\n%s%s", status, out, errOut)
	}
	if b, err := os.ReadFile(report); err != nil || fuzzer.ValidateReport(b) != nil {
		t.Errorf("the JSON report: %v %v", err, fuzzer.ValidateReport(b))
	}
	out, errOut, status = qf("", append([]string{"check", "-vectors", dir, "-run", "/fuzz-"}, fake...)...)
	if status != 1 || !regexp.MustCompile(`(?m)^check: 0 passed, [1-9]\d* failed, 0 skipped$`).MatchString(out) {
		t.Errorf("the found vectors, against the faulty implementation: status %d\n%s%s", status, out, errOut)
	}
	out, errOut, status = qf("", "check", "-vectors", dir, "-run", "/fuzz-")
	if status != 0 || !regexp.MustCompile(`(?m)^check: [1-9]\d* passed, 0 failed, 0 skipped$`).MatchString(out) {
		t.Errorf("the found vectors, against the reference: status %d\n%s%s", status, out, errOut)
	}
	// -json - writes the report to standard output, the text to standard error.
	out, errOut, status = qf("", append([]string{"fuzz", "-n", "500", "-seed", "1", "-json", "-"}, fake...)...)
	if status != 1 || fuzzer.ValidateReport([]byte(out)) != nil || !strings.Contains(errOut, "fuzz: 500 cases") {
		t.Errorf("-json -: status %d, %v\n%s", status, fuzzer.ValidateReport([]byte(out)), errOut)
	}

	for _, args := range [][]string{
		{"fuzz", "-n", "-1"},
		{"fuzz", "-ops", "decode,frobnicate"},
		{"fuzz", "-profiles", "loose"},
		{"fuzz", "-seed", "x"},
		{"fuzz", "-examples", "0"},
		{"fuzz", "-max-causes", "0"},
		{"fuzz", "-n", "10", "--", "/nonexistent/impl"},
	} {
		if _, errOut, status := qf("", args...); status != 2 || errOut == "" {
			t.Errorf("qf %q: status %d, want 2 with a message; stderr %q", args, status, errOut)
		}
	}
}

// qf render of a record draws its last position by default, the last
// legal one (saying so) when a move breaks the rules, and -move K's.
func TestRender(t *testing.T) {
	const record = "QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk"
	out, errOut, status := qf("", "render", "-format", "text", "-flags", "1", record)
	if status != 0 || errOut != "" || !strings.Contains(out, "turn 47 · black has won") {
		t.Errorf("the last position: status %d\n%s%s", status, out, errOut)
	}
	out, _, status = qf("", "render", "-format", "text", "-flags", "1", "-move", "0", record)
	if status != 0 || !strings.Contains(out, "turn 1 · white to move") {
		t.Errorf("-move 0: status %d\n%s", status, out)
	}
	out, errOut, status = qf("", "render", "-flags", "1", "QCAA") // white north, then black north: off the board
	if status != 0 || !strings.Contains(errOut, "move 2 breaks the rules (off_board): the board after move 1") || !strings.Contains(out, "<title>qf board: white on e2, black on e9") {
		t.Errorf("an illegal move: status %d\n%s%s", status, out, errOut)
	}
	if _, _, status := qf("", "render", "-move", "-2", record); status != 2 {
		t.Errorf("-move -2: status %d", status)
	}
}
