// Package examples holds implementations written from the spec for the
// suite's documentation and CI: js/ (a codec and replayer for node, with
// its protocol adapter) and oneshot/. This test runs the loops that
// CONFORMANCE.md gives implementers, as printed there, so that they cannot
// drift from the vector files.
package examples

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/vectors"
)

// loop returns the first fenced block of lang in CONFORMANCE.md.
func loop(t *testing.T, lang string) string {
	doc, err := os.ReadFile("../CONFORMANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```" + lang + "\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatalf("CONFORMANCE.md has no %s block", lang)
	}
	return string(m[1])
}

// strictTests returns the number of strict decoding vectors.
func strictTests(t *testing.T) int {
	f, err := vectors.Load(vectors.DecodeStrictFile)
	if err != nil {
		t.Fatal(err)
	}
	return len(f.Tests)
}

// testsOf returns the number of strict decoding vectors whose input is
// code.
func testsOf(t *testing.T, code string) int {
	f, err := vectors.Load(vectors.DecodeStrictFile)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, test := range f.Tests {
		if in, _ := test.Input(); in == code {
			n++
		}
	}
	return n
}

// run runs a loop in dir, where the vector file is at
// vectors/decode_strict.json, and checks its closing line: want passed,
// none failed.
func run(t *testing.T, dir string, want int, name string, args ...string) {
	runFailing(t, dir, want, 0, name, args...)
}

// runFailing is run, with failed failures wanted, and then status 1.
func runFailing(t *testing.T, dir string, want, failed int, name string, args ...string) {
	vecdir := filepath.Join(dir, "vectors")
	if err := os.MkdirAll(vecdir, 0o755); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile("../vectors/" + vectors.DecodeStrictFile)
	if err := os.WriteFile(filepath.Join(vecdir, vectors.DecodeStrictFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if (err != nil) != (failed > 0) || failed > 0 && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("%s: %v\n%s", name, err, out)
	}
	if last := lastLine(out); last != fmt.Sprintf("%d passed, %d failed", want, failed) {
		t.Errorf("the loop ends with %q, want %d passed, %d failed", last, want, failed)
	}
}

func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return lines[len(lines)-1]
}

// The JavaScript loop, with examples/js/qf.js as "./my-qf".
func TestJavaScriptLoop(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node on this machine (Debian: apt-get install nodejs): the JavaScript loop did not run")
	}
	dir := t.TempDir()
	qf, _ := filepath.Abs("js/qf.js")
	shim := fmt.Sprintf(`const { decode, QfError } = require(%q);
module.exports = { decode: (s) => { try { return decode(s); } catch (e) { throw e instanceof QfError ? e.qf : e; } } };
`, qf)
	write(t, dir, "my-qf.js", shim)
	write(t, dir, "loop.js", loop(t, "js"))
	run(t, dir, strictTests(t), "node", "loop.js")
	// A decoder that crashes on one code: a failure, and the loop goes on.
	write(t, dir, "my-qf.js", `const real = require("./real-qf");
module.exports = { decode: (s) => { if (s === "QA") throw new TypeError("a bug"); return real.decode(s); } };
`)
	write(t, dir, "real-qf.js", shim)
	runFailing(t, dir, strictTests(t)-testsOf(t, "QA"), testsOf(t, "QA"), "node", "loop.js")
}

// The Python loop, with a "my_qf" that asks the reference through
// `qf serve`, built for the test.
func TestPythonLoop(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on this machine: the Python loop did not run")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "qf")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/qf").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	shim := fmt.Sprintf(`import json, subprocess
class QfError(Exception):
    def __init__(self, obj):
        self.obj = obj
_serve = subprocess.Popen([%q, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def decode(data):
    # JSON strings are Unicode: bytes that are not UTF-8 travel as U+FFFD.
    code = data.decode("utf-8", errors="replace")
    _serve.stdin.write((json.dumps({"id": 1, "op": "decode", "code": code}) + "\n").encode())
    _serve.stdin.flush()
    resp = json.loads(_serve.stdout.readline())
    if "error" in resp:
        raise QfError(resp["error"])
    return resp["value"]
`, bin)
	write(t, dir, "my_qf.py", shim)
	write(t, dir, "loop.py", loop(t, "python"))
	run(t, dir, strictTests(t), python, "loop.py")
	// A decoder that crashes on one code: a failure, and the loop goes on.
	write(t, dir, "my_qf.py", strings.Replace(shim, "def decode(data):\n", "def decode(data):\n    if data == b\"QA\":\n        raise ValueError(\"a bug\")\n", 1))
	runFailing(t, dir, strictTests(t)-testsOf(t, "QA"), testsOf(t, "QA"), python, "loop.py")
}

func write(t *testing.T, dir, name, content string) {
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
