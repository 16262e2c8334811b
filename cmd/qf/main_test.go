package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/generative"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/protocol/protocoltest"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
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
		{"", []string{"decode", "QA", "-lenient"}, 2, 0, `"-lenient" after the codes`},
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
	// Refused values are reported with their number and field, as the
	// synopsis promises; the rest is encoded.
	out, errOut, status = qf(`{"state":null,"record":{"moves":[{"kind":"piece","dir":9}]}} {"state":null,"record":null}`, "encode")
	if status != 1 || out != "A\n" || !strings.Contains(errOut, "value 1: ref: move 1 direction 9 out of range 0-7 (field record.moves[0].dir)\n") {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errOut)
	}
	white81 := `{"state":{"white":81,"black":0,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":0},"record":null}`
	if _, errOut, status = qf(white81, "encode"); status != 1 || errOut != "qf encode: stdin: value 1: ref: white square 81 out of range 0-80 (field state.white)\n" {
		t.Errorf("a square out of range: status %d, stderr %q", status, errOut)
	}
	if _, errOut, status = qf(`{"state":{"white":"x"},"record":null}`, "encode"); status != 1 || strings.Count(errOut, "state.white") != 1 {
		t.Errorf("a malformed value names its field once: status %d, stderr %q", status, errOut)
	}
	// Text that is not JSON stops the run, saying where; what quotes the
	// input is escaped.
	for _, c := range []struct{ in, says string }{
		{`{"state":`, "stdin: line 1, column 10: not JSON: the text ends inside a value"},
		{"{\"state\":null,\n \"record\": nul}", "stdin: line 2, column 15: not JSON: invalid character '}' in literal null"},
		{"A\n\xff", `line 1, column 1: not JSON: invalid character 'A' at start of value`},
		{"{\"state\":null,\"record\":null}\n\xff", `line 2, column 1: not JSON: invalid character '\xff' at start of value`},
		{`{"state":null,"record":null,"\u001b]0;PWN\u0007key":1}`, `value 1: ref: malformed value: ["\u001b]0;PWN\u0007key"]: unknown key`},
		{`{"state":null,"record":{"moves":[{"kind":"piece","dir":1e400}]}}`, "move 1 direction out of range 0-7: a number beyond 16-bit integers"},
	} {
		_, errOut, status = qf(c.in, "encode")
		if status != 1 || !strings.Contains(errOut, c.says) || strings.ContainsAny(errOut, "\x1b\x07") {
			t.Errorf("%q: status %d, stderr %q, want %q", c.in, status, errOut, c.says)
		}
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
	// Every subcommand answers -h with what it does, not only its usage
	// line, on standard output as qf -h does (qf check -h | less); a flag
	// error shows the usage on standard error.
	for _, cmd := range []string{"check", "corners", "fuzz", "report", "decode", "explain", "encode", "replay", "render", "explore", "vectors", "serve", "version"} {
		out, errOut, status := qf("", cmd, "-h")
		if status != 0 || strings.Count(out, "\n") < 4 || errOut != "" || !strings.HasPrefix(out, "usage: qf "+cmd+" ") {
			t.Errorf("qf %s -h: status %d, want 0 and a few lines on stdout; got stdout %q, stderr %q", cmd, status, out, errOut)
		}
		out, errOut, status = qf("", cmd, "-no-such-flag")
		if status != 2 || out != "" || !strings.Contains(errOut, "flag provided but not defined") || !strings.Contains(errOut, "usage: qf "+cmd+" ") {
			t.Errorf("qf %s -no-such-flag: status %d, want 2 and the usage on stderr; got stdout %q, stderr %q", cmd, status, out, errOut)
		}
	}
}

// qf version: qf's version, the suite's with its digest, the spec's and
// the protocol's.
func TestVersion(t *testing.T) {
	t.Parallel()
	out, _, status := qf("", "version")
	manifest, err := vectors.LoadManifest()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"qf ", "suite " + manifest.SuiteVersion + ", " + manifest.Digest, "format " + spec.Version, "protocol " + protocol.Version} {
		if status != 0 || !strings.Contains(out, want) {
			t.Errorf("status %d, want %q in:\n%s", status, want, out)
		}
	}
	// Built with go build in a clone, qf says the commit it was built from
	// (the go command writes it into the module's version), or that it
	// cannot.
	rev, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git work tree: %v", err)
	}
	for _, c := range []struct{ flag, says string }{{"-buildvcs=true", string(rev[:12])}, {"-buildvcs=false", "(devel), its commit unknown"}} {
		bin := filepath.Join(t.TempDir(), "qf")
		if out, err := exec.Command("go", "build", c.flag, "-o", bin, ".").CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		built, err := exec.Command(bin, "version").Output()
		if first, _, _ := strings.Cut(string(built), "\n"); err != nil || !strings.HasPrefix(first, "qf ") || !strings.Contains(first, c.says) {
			t.Errorf("go build %s: %q, %v; want %q", c.flag, first, err, c.says)
		}
	}
}

// qf decode -json: a line per code, in input order, a value or an error
// object; codes in messages are quoted.
func TestDecodeJSON(t *testing.T) {
	out, errOut, status := qf("QA\nj7o\n\nA\n", "decode", "-json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := []string{`{"value":{"state":null,"record":{"moves":[]}}}`, `{"error":{"kind":"truncated","bit":16,"field":"state.walls.white.h.count"`, `{"error":{"kind":"truncated","bit":0,"field":"flags.state"`, `{"value":{"state":null,"record":null}}`}
	if status != 1 || errOut != "" || len(lines) != len(want) {
		t.Fatalf("status %d, stderr %q, %d lines:\n%s", status, errOut, len(lines), out)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d: %s, want %s...", i+1, lines[i], want[i])
		}
	}
	if _, errOut, _ := qf("", "decode", "A ", ""); !strings.Contains(errOut, `qf decode: "A ": ref:`) || !strings.Contains(errOut, `qf decode: "": ref:`) {
		t.Errorf("codes not quoted: %q", errOut)
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
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
	// Each is found before anything runs, and named after "qf check: ".
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"check", "--", "/nonexistent/impl"}, "cannot start"},
		{[]string{"check", "-level", "L4"}, "-level"},
		{[]string{"check", "-run", "("}, "-run"},
		{[]string{"check", "-oneshot"}, "-oneshot needs a COMMAND"},
		{[]string{"check", "-oneshot", "-level", "L3", "--", "sh", "-c", "exit 0"}, "-oneshot grades L1 only"},
		{[]string{"check", "-expect-fail", "/nonexistent/list"}, "/nonexistent/list"},
		{[]string{"check", "-json", "/nonexistent/x.json"}, "-json: open /nonexistent/x.json"},
		{[]string{"check", "-junit", t.TempDir()}, "-junit: "},
		{[]string{"check", "-write-expect-fail", "/nonexistent/dir/list"}, "-write-expect-fail"},
		{[]string{"check", "-json", "-", "-junit", "-"}, "only one of"},
		{[]string{"check", "-flags", "truncated"}, `no flag "truncated": flags are case-sensitive; did you mean Truncated?`},
		{[]string{"check", "-flags", "NoSuchFlag"}, `no flag "NoSuchFlag"`},
		{[]string{"check", "-require", "strict:E"}, "strict cannot reach level"},
		{[]string{"check", "-require", "strikt:L3"}, `no category "strikt"`},
		{[]string{"check", "-require", "encode"}, "no level"},
	} {
		_, errOut, status := qf("", c.args...)
		if status != 2 || !strings.HasPrefix(errOut, "qf check: ") || !strings.Contains(errOut, c.says) {
			t.Errorf("qf %q: status %d, want 2 saying %q; stderr %q", c.args, status, c.says, errOut)
		}
	}
	// A flag list may have spaces; a report path is checked, not left.
	if out, _, status := qf("", "check", "-flags", "Truncated, EqualsSign", "-run", "^strict/"); status != 0 || !regexp.MustCompile(`check: \d+ passed`).MatchString(out) {
		t.Errorf("-flags with a space: status %d\n%s", status, out)
	}
	// -require: met, or the run fails saying what was not reached.
	if out, _, status := qf("", "check", "-require", "strict:L3, lenient:L3,encode:E,replay:R,validate:R"); status != 0 {
		t.Errorf("-require met by the reference: status %d\n%s", status, out)
	}
	if out, _, status := qf("", "check", "-run", "^strict/", "-require", "strict:L3,encode:E"); status != 1 || !strings.Contains(out, "required encode:E, not checked") {
		t.Errorf("-require of a category not run: status %d\n%s", status, out)
	}
	// -write-expect-fail writes the failures and passes: with the list
	// written, the same run passes; a run that fails for another reason
	// still fails.
	written := filepath.Join(t.TempDir(), "written.txt")
	zeroFill := fake("mutant:zero-fill")
	if out, _, status := qf("", append([]string{"check", "-run", "^strict/", "-write-expect-fail", written}, zeroFill...)...); status != 0 || !strings.Contains(out, "failed") {
		t.Errorf("-write-expect-fail: status %d\n%s", status, out)
	}
	if out, _, status := qf("", append([]string{"check", "-run", "^strict/", "-expect-fail", written}, zeroFill...)...); status != 0 || !strings.Contains(out, "expected failure") {
		t.Errorf("-expect-fail of the list written: status %d\n%s", status, out)
	}
	if out, _, status := qf("", append([]string{"check", "-run", "^strict/", "-require", "encode:E", "-write-expect-fail", written}, zeroFill...)...); status != 1 || !strings.Contains(out, "required encode:E") {
		t.Errorf("-write-expect-fail, a requirement unmet: status %d\n%s", status, out)
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
	if status != 1 || !strings.Contains(out, "1. white pawn south: illegal (off_board): move 1 (record.moves[0])") {
		t.Errorf("status %d\n%s", status, out)
	}
	out, _, status = qf("", "replay", "j7oklAHMe1ICg")
	if status != 0 || !strings.Contains(out, "4 walls c3h e3h d7h d8v; white moved last, turn 10") {
		t.Errorf("status %d\n%s", status, out)
	}
	// The last line's words agree with the count of moves.
	for code, last := range map[string]string{"QA": "no move\n", "QBA": "1 move, legal\n", "QEBAQ": "4 moves, all legal\n"} {
		if out, _, status := qf("", "replay", code); status != 0 || !strings.HasSuffix(out, "\n"+last) {
			t.Errorf("qf replay %s: status %d, want it to end %q:\n%s", code, status, last, out)
		}
	}
	if _, errOut, status := qf("", "replay", "j7ok="); status != 1 || !strings.Contains(errOut, "invalid character") {
		t.Errorf("status %d, stderr %q", status, errOut)
	}
	if _, _, status := qf("", "replay"); status != 2 {
		t.Errorf("no code: status %d", status)
	}
}

// TestMain runs the test implementation that QF_FAKE names (a fake of
// package servetest, or one of package faultstest), if any, and the tests otherwise.
func TestMain(m *testing.M) {
	servetest.Main(faultstest.Implementations()...)
	// Four tests to a CPU: most of the tests run qf or the Action's
	// script, and wait for them and for the go command.
	servetest.Parallel(4 * runtime.GOMAXPROCS(0))
	os.Exit(m.Run())
}

// fake returns the arguments that end a qf check or qf fuzz command line
// with the fake implementation that QF_FAKE=mode names, its environment,
// with more of it in vars (NAME=value), on its command line.
func fake(mode string, vars ...string) []string {
	return append([]string{"--"}, servetest.Command(append([]string{"QF_FAKE=" + mode}, vars...)...)...)
}

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

// An output of qf check is one row of outputs: a row added there is a
// flag of qf check, its path checked before the run, written after it to
// a file or to standard output (the text report then going to standard
// error), and named when two outputs ask for standard output. Not
// parallel: it adds a row to outputs while it runs.
func TestCheckOutputsOneRow(t *testing.T) {
	defer func(saved []output) { outputs = saved }(outputs)
	outputs = append(slices.Clip(outputs), output{"test-out", "write the test's `FILE`", func(rep *runner.Report, w io.Writer) error {
		_, err := fmt.Fprintf(w, "%d results\n", len(rep.Results))
		return err
	}})
	out, errOut, _ := qf("", "check", "-h")
	if !strings.Contains(out+errOut, "-test-out FILE") {
		t.Errorf("-h does not list -test-out:\n%s%s", out, errOut)
	}
	file := filepath.Join(t.TempDir(), "out.txt")
	if _, errOut, status := qf("", "check", "-run", "^strict/corpus-", "-test-out", file); status != 0 {
		t.Errorf("-test-out FILE: status %d\n%s", status, errOut)
	} else if b, err := os.ReadFile(file); err != nil || string(b) != "9 results\n" {
		t.Errorf("-test-out FILE wrote %q, %v", b, err)
	}
	out, errOut, status := qf("", "check", "-run", "^strict/corpus-", "-test-out", "-")
	if status != 0 || out != "9 results\n" || !strings.Contains(errOut, "check: 9 passed") {
		t.Errorf("-test-out -: status %d\nstdout %q\nstderr %.300s", status, out, errOut)
	}
	if _, errOut, status := qf("", "check", "-test-out", "/nonexistent/dir/out"); status != 2 || !strings.Contains(errOut, "qf check: -test-out: ") {
		t.Errorf("-test-out of a path that cannot be written: status %d, %q", status, errOut)
	}
	_, errOut, status = qf("", "check", "-json", "-", "-test-out", "-")
	if want := "only one of -json, -junit, -write-expect-fail and -test-out can write to standard output (-)"; status != 2 || !strings.Contains(errOut, want) {
		t.Errorf("-json - -test-out -: status %d, %q, want %q", status, errOut, want)
	}
}

// The report's first line comes before the implementation is started,
// not with the rest at the end: a slow start is no blank screen. The
// first write to standard output is held until the test has seen it, and
// the fake has not started meanwhile (it notes its pid as it starts).
func TestCheckHeadingAtOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := &heldFirst{seen: make(chan string), release: make(chan struct{})}
	status := make(chan int, 1)
	go func() {
		var errOut bytes.Buffer
		args := append([]string{"check", "-run", "^strict/corpus-"}, fake("normal", "QF_FAKE_DIR="+dir)...)
		status <- finish(run(args, strings.NewReader(""), out, &errOut), &errOut)
	}()
	first := <-out.seen
	_, err := os.Stat(filepath.Join(dir, "pids"))
	close(out.release)
	manifest, _ := vectors.LoadManifest()
	if want := runner.Heading(manifest.SuiteVersion, manifest.Digest); first != want || err == nil {
		t.Errorf("first written %q, the fake started: %v; want %q before it starts", first, err == nil, want)
	}
	if s := <-status; s != 0 || strings.Count(out.all.String(), "qf check: suite") != 1 || !strings.Contains(out.all.String(), "check: 9 passed") {
		t.Errorf("status %d:\n%s", s, out.all.String())
	}
}

// heldFirst is a writer whose first write waits, once sent on seen,
// until release is closed; it keeps all that is written.
type heldFirst struct {
	seen    chan string
	release chan struct{}
	all     bytes.Buffer
}

func (h *heldFirst) Write(p []byte) (int, error) {
	if h.all.Len() == 0 {
		h.seen <- string(p)
		<-h.release
	}
	return h.all.Write(p)
}

// The exit status follows the run: 1 when nothing was checked or the
// implementation exits badly, with the reason printed.
func TestCheckExitStatus(t *testing.T) {
	t.Parallel()
	cases := []struct {
		mode   string // of the fake, when args run it
		args   []string
		status int
		says   string
	}{
		{"", []string{"check", "-run", "no such vector"}, 1, "nothing was checked: no vector was selected"},
		{"exit-3", []string{"check", "-run", "^strict/corpus-"}, 1, "the implementation exited with status 3 at the end of its input"},
		{"no-known-op", []string{"check", "-run", "^strict/corpus-"}, 1, "nothing was checked: the implementation lists no op"},
		{"busy-5th", []string{"check", "-run", "^strict/corpus-", "-timeout", "300ms"}, 1, "check: 8 passed, 1 failed, 0 skipped"},
		{"normal", []string{"check", "-run", "^strict/corpus-"}, 0, "check: 9 passed, 0 failed, 0 skipped"},
		{"", []string{"check", "-parallel", "0", "-oneshot", "--", "true"}, 2, "must be positive"},
	}
	for _, c := range cases {
		if c.mode != "" {
			c.args = append(c.args, fake(c.mode, "QF_FAKE_DIR="+t.TempDir())...)
		}
		out, errOut, status := qf("", c.args...)
		if status != c.status || !strings.Contains(out+errOut, c.says) {
			t.Errorf("qf %q: status %d, want %d saying %q\n%s%s", c.args, status, c.status, c.says, out, errOut)
		}
	}
}

func TestReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.json")
	if _, errOut, status := qf("", "check", "-run", "^strict/(corpus-|square-)", "-json", ref); status != 0 {
		t.Fatalf("check: %d %s", status, errOut)
	}
	wrong := filepath.Join(dir, "wrong.json")
	if _, errOut, status := qf("", append([]string{"check", "-run", "^strict/(corpus-|square-)", "-json", wrong}, fake("wrong-answers")...)...); status != 1 {
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
	t.Parallel()
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
	// Each run of the script is a parallel subtest of its own: most of
	// the run is the go command's, building qf (from its cache) and
	// waiting on it.
	for i, c := range []struct {
		mode, args, require string
		status              int
		says                string
	}{
		{"normal", `-run '^strict/corpus-'`, "", 0, "check: 9 passed"},
		{"exit-3", `-run '^strict/corpus-'`, "", 1, "check: 9 passed"},
		// Quotes group words as a shell's do: one -run pattern with a space.
		{"normal", `-run "^strict/(corpus-initial-board|corpus-viewer-record) *$" -v`, "", 0, "check: 2 passed"},
		{"normal", `-run '^strict/corpus-'`, "strict:L3,encode:E", 1, "required encode:E, not checked"},
		{"normal", `-run '^strict/corpus-`, "", 2, "cannot split into words"},
	} {
		t.Run(fmt.Sprintf("%d-%s", i, c.mode), func(t *testing.T) {
			t.Parallel()
			junit := filepath.Join(t.TempDir(), "report.xml")
			tmp := t.TempDir() // the script's temporary folder goes here, and is gone when it ends
			cmd := exec.Command("../../.ci/qf-check.sh")
			cmd.Env = append(os.Environ(), "QF_FAKE="+c.mode, "QF_COMMAND="+os.Args[0]+" -test.run=^$",
				"QF_ARGS="+c.args, "QF_REQUIRE="+c.require, "QF_JUNIT="+junit, "TMPDIR="+tmp)
			out, _ := cmd.CombinedOutput()
			if cmd.ProcessState.ExitCode() != c.status || !strings.Contains(string(out), c.says) {
				t.Errorf("%s, args %s, require %q: exit %d, want %d saying %q:\n%s", c.mode, c.args, c.require, cmd.ProcessState.ExitCode(), c.status, c.says, out)
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
				t.Errorf("%s, args %s: the script left %d files in its temporary folder, such as %s", c.mode, c.args, len(left), left[0].Name())
			}
			if b, err := os.ReadFile(junit); c.status != 2 && (err != nil || !bytes.Contains(b, []byte("<testsuites"))) {
				t.Errorf("%s, args %s: the JUnit report: %v", c.mode, c.args, err)
			}
		})
	}
	t.Run("release", func(t *testing.T) {
		t.Parallel()
		actionRelease(t)
	})
}

// actionRelease: with a version, the Action's script downloads that
// release's archive for this platform, checks it against the release's
// SHA256SUMS and runs it, with no go command on the PATH; a corrupt
// archive is refused.
func actionRelease(t *testing.T) {
	releases := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(releases, "qf"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	archive := fmt.Sprintf("qf_9.9.9_%s_%s.tar.gz", runtime.GOOS, runtime.GOARCH)
	if out, err := exec.Command("tar", "-czf", filepath.Join(releases, archive), "-C", releases, "qf").CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(filepath.Join(releases, archive))
	sums := fmt.Sprintf("%x  %s\n", sha256.Sum256(data), archive)
	var path []string // without the go command
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(dir, "go")); err != nil {
			path = append(path, dir)
		}
	}
	for _, c := range []struct {
		sums   string
		status int
		says   string
	}{
		{sums, 0, "checksum verified"},
		{strings.Repeat("0", 64) + "  " + archive + "\n", 2, "does not match the release's SHA256SUMS"},
	} {
		os.WriteFile(filepath.Join(releases, "SHA256SUMS"), []byte(c.sums), 0o644)
		cmd := exec.Command("../../.ci/qf-check.sh")
		cmd.Env = append(os.Environ(), "QF_FAKE=normal", "QF_COMMAND="+os.Args[0]+" -test.run=^$", "QF_ARGS=-run ^strict/corpus-",
			"QF_VERSION=v9.9.9", "QF_RELEASE_BASE=file://"+releases, "PATH="+strings.Join(path, string(os.PathListSeparator)))
		out, _ := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() != c.status || !strings.Contains(string(out), c.says) {
			t.Errorf("a release: exit %d, want %d saying %q:\n%s", cmd.ProcessState.ExitCode(), c.status, c.says, out)
		}
	}
}

// qf fuzz: 0 when the budget runs out with no disagreement, 1 with one,
// its causes on the screen, -v showing the examples, whose shrunk cases
// -o writes as vectors that qf check -vectors runs, and -json the whole
// report; 2 for usage errors and a command that cannot start.
func TestFuzz(t *testing.T) {
	t.Parallel()
	out, errOut, status := qf("", "fuzz", "-n", "2000", "-seed", "1")
	if status != 0 || !strings.HasPrefix(out, "qf fuzz: seed 1\n") || !strings.Contains(out, "fuzz: 2000 cases, 0 disagreements, 0 causes (-seed 1 -n 2000 repeats this run)") {
		t.Errorf("the reference: status %d\n%s%s", status, out, errOut)
	}

	wallCount := fake("mutant:wall-count-max-9")
	dir := t.TempDir()
	report := filepath.Join(t.TempDir(), "fuzz.json")
	out, errOut, status = qf("", append([]string{"fuzz", "-n", "3000", "-seed", "1", "-v", "-o", dir, "-json", report}, wallCount...)...)
	if status != 1 || !regexp.MustCompile(`(?m)^FAIL (strict|lenient|replay|validate)/fuzz-[0-9a-f]{10}: `).MatchString(out) ||
		!strings.Contains(out, " 1. wall-count-range: ") || !strings.Contains(out, "wrote "+dir) {
		t.Fatalf("a faulty implementation: status %d\n%s%s", status, out, errOut)
	}
	if b, err := os.ReadFile(report); err != nil || generative.ValidateReport(b) != nil {
		t.Errorf("the JSON report: %v %v", err, generative.ValidateReport(b))
	}
	out, errOut, status = qf("", append([]string{"check", "-vectors", dir, "-run", "/fuzz-"}, wallCount...)...)
	if status != 1 || !regexp.MustCompile(`(?m)^check: 0 passed, [1-9]\d* failed, 0 skipped$`).MatchString(out) {
		t.Errorf("the found vectors, against the faulty implementation: status %d\n%s%s", status, out, errOut)
	}
	out, errOut, status = qf("", "check", "-vectors", dir, "-run", "/fuzz-")
	if status != 0 || !regexp.MustCompile(`(?m)^check: [1-9]\d* passed, 0 failed, 0 skipped$`).MatchString(out) {
		t.Errorf("the found vectors, against the reference: status %d\n%s%s", status, out, errOut)
	}
	// -json - writes the report to standard output, the text to standard error.
	out, errOut, status = qf("", append([]string{"fuzz", "-n", "500", "-seed", "1", "-json", "-"}, wallCount...)...)
	if status != 1 || generative.ValidateReport([]byte(out)) != nil || !strings.Contains(errOut, "fuzz: 500 cases") {
		t.Errorf("-json -: status %d, %v\n%s", status, generative.ValidateReport([]byte(out)), errOut)
	}

	for _, args := range [][]string{
		{"fuzz", "-n", "-1"},
		{"fuzz", "-ops", "decode,frobnicate"},
		{"fuzz", "-profiles", "loose"},
		{"fuzz", "-seed", "x"},
		{"fuzz", "-examples", "0"},
		{"fuzz", "-max-causes", "0"},
		{"fuzz", "-n", "10", "--", "/nonexistent/impl"},
		{"fuzz", "-n", "0"},
		{"fuzz", "-n", "10", "-o", "/proc/no/such/dir"},
		{"fuzz", "-n", "10", "-json", "/nonexistent/x.json"},
	} {
		if _, errOut, status := qf("", args...); status != 2 || !strings.HasPrefix(errOut, "qf fuzz: ") && !strings.Contains(errOut, "usage") {
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
	// One convention with qf replay and qf explain: move 2 is
	// record.moves[1], and the status is 1, the board drawn all the same.
	if status != 1 || !strings.Contains(errOut, "move 2 (record.moves[1]) breaks the rules: off_board; drawn: the board after the 1 move before it") || !strings.Contains(out, "<title>qf board: white on e2, black on e9") {
		t.Errorf("an illegal move: status %d\n%s%s", status, out, errOut)
	}
	if _, _, status := qf("", "render", "-move", "-2", record); status != 2 {
		t.Errorf("-move -2: status %d", status)
	}
}

// The standard error of an implementation that dies is always shown: at
// hello, and beside the cause of the crashes mid-run, in check and fuzz,
// run after run.
func TestStderrShown(t *testing.T) {
	t.Parallel()
	dying := []string{"--", "sh", "-c", "echo boom >&2; exit 3"}
	for i := 0; i < 10; i++ {
		for _, cmd := range [][]string{append([]string{"check"}, dying...), append([]string{"fuzz", "-n", "10"}, dying...)} {
			out, errOut, status := qf("", cmd...)
			if status != 1 || !strings.Contains(out+errOut, "stderr:\n    boom\n") {
				t.Fatalf("qf %s, run %d: status %d, no stderr:\n%s%s", cmd[0], i, status, out, errOut)
			}
		}
	}
	if out, _, _ := qf("", append([]string{"check", "-run", "^strict/"}, fake("crash-4th")...)...); !strings.Contains(out, "    stderr: fake: crashing on request 4\n") {
		t.Errorf("check: no stderr beside the crashes:\n%s", out)
	}
	if out, _, _ := qf("", append([]string{"fuzz", "-n", "200", "-seed", "1"}, fake("crash-every-5th")...)...); !strings.Contains(out, "    stderr: fake: crashing on request 5\n") {
		t.Errorf("fuzz: no stderr beside the crashes:\n%s", out)
	}
}

// qf vectors -o writes the vector files and the documents, at their paths
// in the repository, byte for byte; without -o it is a usage error.
func TestVectorsCommand(t *testing.T) {
	dir := t.TempDir()
	out, errOut, status := qf("", "vectors", "-o", dir)
	if status != 0 || !strings.Contains(out, "wrote ") {
		t.Fatalf("status %d, %q %q", status, out, errOut)
	}
	for _, p := range []string{"vectors/decode_strict.json", "vectors/manifest.json", "vectors/schema/replay.schema.json", "spec/qf.md", "spec/protocol.md", "CONFORMANCE.md", "LICENSE", "examples/python/serve.py"} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		want, _ := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(p)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: not as in the repository (%v)", p, err)
		}
	}
	// The help names what it writes: each top-level file, and each
	// language of the examples.
	help, _, _ := qf("", "vectors", "-h")
	help = strings.Join(strings.Fields(help), " ")
	entries, _ := os.ReadDir(dir)
	examples, _ := os.ReadDir(filepath.Join(dir, "examples"))
	languages := map[string]string{"python": "Python", "js": "JavaScript", "java": "Java"}
	for _, e := range entries {
		if !e.IsDir() && !strings.Contains(help, e.Name()) && e.Name() != "LICENSE" {
			t.Errorf("qf vectors -h does not name %s, which it writes:\n%s", e.Name(), help)
		}
	}
	for _, e := range examples {
		if l, ok := languages[e.Name()]; !ok || !strings.Contains(help, l) {
			t.Errorf("qf vectors -h does not name the examples in examples/%s (%q), which it writes:\n%s", e.Name(), l, help)
		}
	}
	if _, errOut, status := qf("", "vectors"); status != 2 || !strings.Contains(errOut, "-o DIR is required") {
		t.Errorf("qf vectors: status %d, %q", status, errOut)
	}
}

// qf check's help and its error for an unknown flag point to where the
// flags are listed: CONFORMANCE-REFERENCE.md, not CONFORMANCE.md.
func TestCheckFlagsListed(t *testing.T) {
	doc, err := os.ReadFile("../../CONFORMANCE-REFERENCE.md")
	if err != nil || !strings.Contains(string(doc), "| `Truncated` |") {
		t.Fatalf("CONFORMANCE-REFERENCE.md does not list the flags: %v", err)
	}
	help, _, _ := qf("", "check", "-h")
	_, errOut, status := qf("", "check", "-flags", "NoSuchFlag")
	for _, s := range []string{help, errOut} {
		if !strings.Contains(s, "CONFORMANCE-REFERENCE.md") || strings.Contains(s, "CONFORMANCE.md") {
			t.Errorf("does not point to CONFORMANCE-REFERENCE.md for the flags: %q", s)
		}
	}
	if status != 2 {
		t.Errorf("-flags NoSuchFlag: status %d", status)
	}
}

// qf decode and qf explain with no code at all, not even an empty line
// on standard input, say so, with status 2.
func TestNoCode(t *testing.T) {
	for _, cmd := range []string{"decode", "explain"} {
		out, errOut, status := qf("", cmd)
		if status != 2 || out != "" || !strings.Contains(errOut, "no code: give codes") {
			t.Errorf("qf %s </dev/null: status %d, %q %q", cmd, status, out, errOut)
		}
	}
	if _, _, status := qf("\n", "decode"); status != 1 {
		t.Errorf("qf decode of an empty line (the empty code, truncated): status %d", status)
	}
}

// qf corners sends every corner of spec/protocol.md and shows each answer
// that differs, escaped, with status 0 whether or not any differs: an
// implementation that answers them all as defined shows none; one that
// reads requests leniently (the fake reads them with encoding/json, as
// the Go checklist's adapter does) shows each it answers otherwise; a
// crash is that corner's difference, and the rest are still sent.
func TestCorners(t *testing.T) {
	t.Parallel()
	out, errOut, status := qf("", append([]string{"corners"}, fake("serve")...)...)
	if status != 0 || strings.Contains(out, "\ncorner ") || !strings.HasSuffix(out, "\ncorners: 34 of 34 answered as defined, 0 otherwise\n") {
		t.Errorf("a conforming implementation: status %d\n%s%s", status, out, errOut)
	}
	// The fake's answers, the reference's to what encoding/json reads,
	// differ at these corners.
	out, errOut, status = qf("", append([]string{"corners"}, fake("normal")...)...)
	differ := []int{1, 3, 6, 7, 8, 9, 17, 18, 27, 30, 31, 32, 33}
	if status != 0 || strings.Count(out, "\ncorner ") != len(differ) || !strings.HasSuffix(out, "\ncorners: 21 of 34 answered as defined, 13 otherwise\n") {
		t.Errorf("a lenient reader: status %d\n%s%s", status, out, errOut)
	}
	for _, n := range differ {
		c := protocoltest.Corners()[n-1]
		want, _ := c.Answered("")
		if !strings.Contains(out, fmt.Sprintf("\ncorner %d of 34, %s:\n  request  ", n, c.Comment)) || !strings.Contains(out, "  defined  "+want+"\n") {
			t.Errorf("corner %d not shown with its request and its answer defined", n)
		}
	}
	if !strings.Contains(out, "request  (an empty line)\n") {
		t.Errorf("the empty line is not shown as one:\n%s", out)
	}
	out, errOut, status = qf("", append([]string{"corners"}, fake("escapes")...)...)
	if status != 0 || strings.IndexByte(out+errOut, 0x1b) >= 0 || strings.IndexByte(out+errOut, 0xff) >= 0 || !strings.Contains(out, `\xff\xfe`) {
		t.Errorf("the implementation's text not escaped: status %d\n%q", status, out+errOut)
	}
	out, errOut, status = qf("", append([]string{"corners"}, fake("crash-4th", "QF_FAKE_DIR="+t.TempDir())...)...)
	// Each process crashes on its fourth request after hello.
	if status != 0 || strings.Count(out, "  answer   none: crash: exited with status 3\n  stderr   fake: crashing on request 4\n") != 8 ||
		!strings.HasSuffix(out, " otherwise\n") {
		t.Errorf("a crash: status %d\n%s%s", status, out, errOut)
	}
}

// qf corners cannot send the corners to an implementation that cannot
// start (status 2) or does not answer hello (status 1).
func TestCornersCannotRun(t *testing.T) {
	t.Parallel()
	if _, errOut, status := qf("", "corners", "--", "/nonexistent/qf-impl"); status != 2 || !strings.Contains(errOut, "cannot start") {
		t.Errorf("a command that cannot start: status %d, %q", status, errOut)
	}
	if _, errOut, status := qf("", append([]string{"corners", "-start-timeout", "200ms"}, fake("silent")...)...); status != 1 || !strings.Contains(errOut, "never answered hello") {
		t.Errorf("no hello: status %d, %q", status, errOut)
	}
}

// -write-expect-fail says what it wrote, where, and that the run passes
// when the vectors were all it failed on, as its exit status says; never
// "the run fails" with status 0.
func TestWriteExpectFail(t *testing.T) {
	t.Parallel()
	known := filepath.Join(t.TempDir(), "known.txt")
	out, errOut, status := qf("", append([]string{"check", "-run", "^validate/", "-write-expect-fail", known}, fake("outsider:too-many-walls-per-group")...)...)
	list, err := os.ReadFile(known)
	if status != 0 || err != nil || strings.Count(string(list), "\nvalidate/") != 31 || strings.Contains(out, "the run fails") ||
		!strings.Contains(out, "\nthe run passes with -write-expect-fail: the 31 failing vectors, all it failed on, are written to "+known+" as expected failures\n") ||
		!strings.HasSuffix(out, "\nwrote "+known+": 31 expected failures\n") {
		t.Errorf("status %d, %v\n%s%s", status, err, out, errOut)
	}
	// With a stale entry besides, the run fails, and says so.
	os.WriteFile(known, append(list, "strict/no-such-vector a stale entry\n"...), 0o644)
	out, errOut, status = qf("", append([]string{"check", "-run", "^validate/", "-expect-fail", known, "-write-expect-fail", known}, fake("outsider:too-many-walls-per-group")...)...)
	if status != 1 || !strings.Contains(out, "the run fails:\n") || strings.Contains(out, "the run passes") || !strings.HasSuffix(out, "\nwrote "+known+": 31 expected failures\n") {
		t.Errorf("a stale entry: status %d\n%s%s", status, out, errOut)
	}
}

// qf report given a file qf writes for another command says what it is
// and which command reads it, not a schema's error; text that is not JSON
// gets its line and column.
func TestReportOtherFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fuzzed := filepath.Join(dir, "fuzz.json")
	if _, errOut, status := qf("", "fuzz", "-n", "50", "-seed", "1", "-json", fuzzed); status != 0 {
		t.Fatalf("qf fuzz: %d %s", status, errOut)
	}
	junit := filepath.Join(dir, "check.xml")
	if _, errOut, status := qf("", "check", "-run", "^strict/corpus-", "-junit", junit); status != 0 {
		t.Fatalf("qf check: %d %s", status, errOut)
	}
	known := filepath.Join(dir, "known.txt")
	os.WriteFile(known, []byte("# Expected failures for qf check: a vector id or glob, then the reason.\nstrict/empty crash\n"), 0o644)
	broken := filepath.Join(dir, "broken.json")
	os.WriteFile(broken, []byte("{\"suite_version\": \"1\",\n  \"x\": tru}"), 0o644)
	for _, c := range []struct{ path, says string }{
		{fuzzed, "fuzz.json: this is a qf fuzz report (qf fuzz -json), which no qf command reads: to check the cases it found, qf fuzz -o DIR writes them as vector files, and qf check -vectors DIR -- COMMAND runs them; qf report reads the reports of qf check -json\n"},
		{junit, "check.xml: this is XML, such as qf check -junit writes"},
		{known, "known.txt: this is an expected-failures list (qf check -write-expect-fail), which qf check -expect-fail reads"},
		{"../../vectors/decode_strict.json", "decode_strict.json: this is a vector file, such as qf fuzz -o writes: qf check -vectors DIR -- COMMAND runs"},
		{broken, "broken.json: not a report of qf check -json: line 2, column 11: not JSON: invalid character"},
	} {
		if _, errOut, status := qf("", "report", c.path); status != 1 || !strings.Contains(errOut, c.says) || strings.Contains(errOut, "schema") {
			t.Errorf("qf report %s: status %d, %q; want 1 and %q", c.path, status, errOut, c.says)
		}
	}
}

// qf fuzz -o with no disagreement writes nothing, and says so.
func TestFuzzWritesNothing(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "found")
	out, errOut, status := qf("", "fuzz", "-n", "100", "-seed", "1", "-o", dir)
	entries, _ := os.ReadDir(dir)
	if status != 0 || len(entries) != 0 || !strings.HasSuffix(out, "\nwrote nothing into "+dir+": no disagreement to write as vectors\n") {
		t.Errorf("status %d, %d files\n%s%s", status, len(entries), out, errOut)
	}
}

// When the causes do not all fit whole on a screen, the text report says
// how many it shows by their headline only, and that -v shows them all:
// the count is the causes shown without their details.
func TestCausesHeadlineOnlySaid(t *testing.T) {
	t.Parallel()
	out, errOut, status := qf("", append([]string{"check"}, fake("mutant:kotlin")...)...)
	lines := strings.Split(out, "\n")
	bare := 0
	for i, l := range lines {
		if regexp.MustCompile(`^ ?\d+\. `).MatchString(l) && !strings.HasPrefix(lines[i+1], "    observed: ") && !strings.HasPrefix(lines[i+1], "    evidence: ") {
			bare++
		}
	}
	if status != 1 || bare == 0 || !strings.Contains(out, fmt.Sprintf("\n    (%d causes by their headline only, for want of room: -v shows every cause whole)\n", bare)) {
		t.Errorf("%d causes by their headline only, not said so:\n%s%s", bare, out, errOut)
	}
	if n := strings.Count(out, "\n"); n > runner.Screen {
		t.Errorf("%d lines, more than a screen (%d)", n, runner.Screen)
	}
	out, _, _ = qf("", append([]string{"check", "-v"}, fake("mutant:kotlin")...)...)
	if strings.Contains(out, "headline only") {
		t.Errorf("-v says causes are shown by their headline only")
	}
}

// The reports' words agree with their counts, for one and for many ("1
// replay code", "31 replay codes"; "on the one request", "on each of the
// 14 requests"), and a detail of misbehaviour that differs from another
// only in its numbers is said once, with how many there are.
func TestWordsAgreeWithCounts(t *testing.T) {
	t.Parallel()
	plural := regexp.MustCompile(`\b1 (?:[a-z_]+ )?(?:codes|values|inputs|tests|answers|failures|requests|vectors|bits|characters|causes|disagreements)\b|of 1 such tests`)
	for _, c := range []struct {
		mode string
		says []string
	}{
		{"outsider:first-mover-parity", []string{"observed: 3 replay codes: legal moves landing", "; 1 replay code: off_board not reported where spec/qf.md's rules find it"}},
		{"mutant:rust", []string{"; 6 replay codes: off_board not reported"}},
		{"outsider:too-many-walls-per-group", []string{"evidence: the 31 answers observed, each compared with spec/qf.md's; no model of a known fault reproduces them\n"}},
		{"crash-1-in-100", []string{"evidence: seen by the runner, on each of the 14 requests\n"}},
		{"wrong-id-2nd", []string{"observed: 677 requests: an answer with id 12345 to request "}},
	} {
		out, errOut, _ := qf("", append([]string{"check"}, fake(c.mode, "QF_FAKE_DIR="+t.TempDir())...)...)
		flat := strings.Join(strings.Fields(out), " ")
		if m := plural.FindString(out); m != "" {
			t.Errorf("%s: %q, a plural after a count of 1:\n%s", c.mode, m, out)
		}
		for _, s := range c.says {
			if !strings.Contains(flat, strings.Join(strings.Fields(s), " ")) {
				t.Errorf("%s: does not say %q:\n%s%s", c.mode, s, out, errOut)
			}
		}
		_, observed, _ := strings.Cut(flat, "observed: ")
		observed, _, _ = strings.Cut(observed, "evidence: ")
		if c.mode == "wrong-id-2nd" && (strings.Count(observed, "an answer with id 12345 to request") != 1 || !strings.Contains(observed, "(677, alike but for their numbers)")) {
			t.Errorf("a detail said more than once, or without its count:\n%s", out)
		}
	}
}
