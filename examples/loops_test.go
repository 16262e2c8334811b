// This file runs the loops that CONFORMANCE.md gives implementers, as
// printed there, so that they cannot drift from the vector files, and the
// examples as qf check and qf fuzz run them.
package examples

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/generative"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/suite"
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
	f, err := vectors.Load(suite.Strict.File())
	if err != nil {
		t.Fatal(err)
	}
	return len(f.Tests)
}

// testsOf returns the number of strict decoding vectors whose input is
// code.
func testsOf(t *testing.T, code string) int {
	f, err := vectors.Load(suite.Strict.File())
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
	data, _ := os.ReadFile("../vectors/" + suite.Strict.File())
	if err := os.WriteFile(filepath.Join(vecdir, suite.Strict.File()), data, 0o644); err != nil {
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

// The JavaScript loop, with examples/js/qf.js, as CONFORMANCE.md runs it.
func TestJavaScriptLoop(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node on this machine (Debian: apt-get install nodejs): the JavaScript loop did not run")
	}
	dir := t.TempDir()
	codec, err := os.ReadFile("js/qf.js")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "examples", "js"), 0o755)
	write(t, dir, "examples/js/qf.js", string(codec))
	write(t, dir, "loop.js", loop(t, "js"))
	run(t, dir, strictTests(t), "node", "loop.js")
	// A decoder that crashes on one code: a failure, and the loop goes on.
	write(t, dir, "examples/js/real.js", string(codec))
	write(t, dir, "examples/js/qf.js", `const real = require("./real.js");
module.exports = { decode: (s) => { if (s === "QA") throw new TypeError("a bug"); return real.decode(s); } };
`)
	runFailing(t, dir, strictTests(t)-testsOf(t, "QA"), testsOf(t, "QA"), "node", "loop.js")
}

// The Python loop, with examples/python/qf.py as "qf", as CONFORMANCE.md
// runs it.
func TestPythonLoop(t *testing.T) {
	t.Parallel()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on this machine: the Python loop did not run")
	}
	dir := t.TempDir()
	codec, err := os.ReadFile("python/qf.py")
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "qf.py", string(codec))
	write(t, dir, "loop.py", loop(t, "python"))
	run(t, dir, strictTests(t), python, "loop.py")
	// A decoder that crashes on one code: a failure, and the loop goes on.
	write(t, dir, "qf.py", string(codec)+`
_decode = decode
def decode(data, profile="strict"):
    if data == b"QA":
        raise ValueError("a bug")
    return _decode(data, profile)
`)
	runFailing(t, dir, strictTests(t)-testsOf(t, "QA"), testsOf(t, "QA"), python, "loop.py")
}

// examples/python, as qf check and qf fuzz run it, reaches every level
// and agrees with the reference: what CI requires of it.
func TestPythonExample(t *testing.T) {
	t.Parallel()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on this machine: examples/python did not run")
	}
	passesAll(t, "examples/python", []string{python, "python/serve.py"}, 5000)
}

// passesAll checks an example, served by cmd, as CI requires of it: qf
// check finds it reaches every level, and qf fuzz, with n cases, finds it
// agrees with the reference.
func passesAll(t *testing.T, name string, cmd []string, n int) {
	t.Helper()
	rep, err := runner.Run(context.Background(), runner.Options{Options: loaded(cmd)})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("%s fails:\n%s", name, text(rep))
	}
	for _, s := range rep.Summaries {
		if s.Level != s.Category.Top() {
			t.Errorf("%s: level %s, want %s", s.Category, s.Level, s.Category.Top())
		}
	}
	frep, err := generative.Run(context.Background(), generative.Options{Options: loaded(cmd), N: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !frep.OK() {
		t.Errorf("qf fuzz finds %s disagrees:\n%s", name, text(frep))
	}
}

// loaded returns the options of cmd with qf's timeouts scaled to the
// machine's load, so that a JVM that pauses on a loaded machine is not
// taken for one that hangs.
func loaded(cmd []string) driver.Options {
	return driver.Options{Command: cmd, Timeout: measure.Allowance(driver.DefaultTimeout), StartTimeout: measure.Allowance(driver.DefaultStartTimeout)}
}

// failedIDs runs qf check against cmd and returns the ids of the vectors
// that fail.
func failedIDs(t *testing.T, cmd []string) []string {
	t.Helper()
	rep, err := runner.Run(context.Background(), runner.Options{Options: loaded(cmd)})
	if err != nil {
		t.Fatal(err)
	}
	var failed []string
	for _, r := range rep.Results {
		if r.Status == suite.Fail {
			failed = append(failed, r.ID)
		}
	}
	return failed
}

// text returns a report of qf check or qf fuzz as its text.
func text(rep interface{ WriteText(io.Writer, bool) }) string {
	var b strings.Builder
	rep.WriteText(&b, false)
	return b.String()
}

func write(t *testing.T, dir, name, content string) {
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// examples/java reaches every level and agrees with the reference, with
// no charset named in the environment (LANG unset: Java's platform
// charset is ASCII) as well. It runs compiled by javac, once, in that
// environment: what `java QfAdapter.java` (CONFORMANCE.md) compiles in
// memory at each start, for 2.5 s of CPU a start; TestCorners runs it
// from its source.
func TestJavaExample(t *testing.T) {
	t.Parallel()
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("no java on this machine (Debian: apt-get install default-jdk-headless): examples/java did not run")
	}
	// The two programs, each compiled and run, are parallel subtests: a
	// compilation is a JVM's start and its compiler's, most of the test.
	t.Run("utf-8", func(t *testing.T) {
		t.Parallel()
		passesAll(t, "examples/java", compiledJava(t, java, "java/QfAdapter.java"), 3000)
	})
	// The same writing System.out's platform charset: the vectors whose
	// answers hold non-ASCII fail, and no others.
	t.Run("platform-charset", func(t *testing.T) {
		t.Parallel()
		src, err := os.ReadFile("java/QfAdapter.java")
		if err != nil {
			t.Fatal(err)
		}
		const utf8Out = "new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8)"
		if !strings.Contains(string(src), utf8Out) {
			t.Fatalf("java/QfAdapter.java no longer has %q", utf8Out)
		}
		dir := t.TempDir()
		write(t, dir, "QfAdapter.java", strings.Replace(string(src), utf8Out, "System.out", 1))
		failed := failedIDs(t, compiledJava(t, java, filepath.Join(dir, "QfAdapter.java")))
		if want := nonASCIIFields(t); !slices.Equal(failed, want) {
			t.Errorf("with the platform charset, failed %q,\nwant %q", failed, want)
		}
	})
}

// javaEnv runs a command with no charset named in its environment, and
// no options for every JVM.
var javaEnv = []string{"env", "-u", "LANG", "-u", "LC_ALL", "-u", "LC_CTYPE", "-u", "JAVA_TOOL_OPTIONS"}

// javaFlags run a JVM with its just-in-time compiler at its first tier
// alone and one collector thread: for the few thousand requests of a
// test, less than half the CPU of its defaults (which compile again, at
// the second tier, what runs often, on threads of their own). How a
// JVM compiles and collects changes nothing a program does.
var javaFlags = []string{"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"}

// compiledJava compiles the Java source file src, as java's source
// launcher would, with no charset named in the environment, into a new
// directory, and returns the command that runs it so: java with
// javaFlags, the directory as its class path, and the class of src's
// name. Without javac, it returns the command that runs src from its
// source.
func compiledJava(t *testing.T, java, src string) []string {
	t.Helper()
	class := strings.TrimSuffix(filepath.Base(src), ".java")
	javac, err := exec.LookPath("javac")
	if err != nil {
		return slices.Concat(javaEnv, []string{java}, javaFlags, []string{src})
	}
	dir := t.TempDir()
	args := []string{javac}
	for _, f := range javaFlags { // to the compiler's own JVM
		args = append(args, "-J"+f)
	}
	cmd := exec.Command(javaEnv[0], slices.Concat(javaEnv[1:], args, []string{"-d", dir, src})...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("javac %s: %v\n%s", src, err, out)
	}
	return slices.Concat(javaEnv, []string{java}, javaFlags, []string{"-cp", dir, class})
}
