package generative

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Every line qf fuzz writes to an implementation is UTF-8, as
// spec/protocol.md promises, and so is every file it writes (-o's
// vectors, -json's report, the text), when what it shrinks holds
// characters of two to four bytes: the fake ascii-only gets every path
// with such a character wrong (gen's TestSimplerKeepsCharacters holds
// every input a shrink tries, of inputs full of them, to it). And
// every example is a disagreement: the reference, sent the example's line
// as the implementation was, reads it as a request and passes the vector.
// (The shrinker cut a key "é" in half; qf sent {"\xa9":0}, which the
// reference and the implementation both answered bad_request, showed it
// as a disagreement, and wrote files that were not UTF-8.)
func TestSendsAndWritesUTF8(t *testing.T) {
	t.Parallel()
	lines := filepath.Join(t.TempDir(), "lines")
	rep := mustRun(t, Options{Options: driver.Options{Command: servetest.Command("QF_FAKE=ascii-only", "QF_FAKE_LINES="+lines)}, N: 20000, Seed: 3})
	shrunk := 0
	for _, f := range rep.Findings() {
		if f.Repeatable && f.Steps > 0 && strings.ContainsFunc(f.Original, func(c rune) bool { return c >= utf8.RuneSelf }) {
			shrunk++
		}
	}
	if shrunk == 0 {
		var b strings.Builder
		rep.WriteText(&b, true)
		t.Fatalf("%d examples shrunk from inputs beyond ASCII, want one or more: the test shows nothing\n%s", shrunk, b.String())
	}
	sent, err := os.ReadFile(lines)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range bytes.Split(bytes.TrimSuffix(sent, []byte("\n")), []byte("\n")) {
		n++
		if !utf8.Valid(line) {
			t.Errorf("line %d sent is not UTF-8: %.200q", n, line)
		}
	}
	t.Logf("%d lines sent, %d examples shrunk from inputs beyond ASCII", n, shrunk)
	for _, f := range writtenUTF8(t, rep) {
		c, _ := suite.Of(f)
		for i := range f.Tests {
			referencePasses(t, c, &f.Tests[i])
		}
	}
}

// writtenUTF8 checks that every file a run's report writes is UTF-8: its
// vectors (-o), its JSON (-json) and its text; it returns the vector files.
func writtenUTF8(t *testing.T, rep *Report) []*vectors.File {
	t.Helper()
	dir := t.TempDir()
	paths, err := rep.WriteVectors(dir)
	if err != nil {
		t.Fatal(err)
	}
	var report, text bytes.Buffer
	if err := rep.WriteJSON(&report); err != nil {
		t.Fatal(err)
	}
	rep.WriteText(&text, true)
	files := map[string][]byte{"the JSON report": report.Bytes(), "the text": text.Bytes()}
	for _, p := range paths {
		files[p], _ = os.ReadFile(p)
	}
	for name, data := range files {
		if !utf8.Valid(data) {
			t.Errorf("%s is not UTF-8", name)
		}
	}
	found, err := vectors.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// referencePasses checks that the reference, sent test's request as a
// line, reads a request and passes the test.
func referencePasses(t *testing.T, c suite.Category, test *vectors.Test) {
	t.Helper()
	line, err := c.Request(test).AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	req, bad := protocol.ParseRequest(line)
	if bad != nil {
		t.Errorf("%s: the reference answers its line %.200q with %s", test.ID, line, bad.Error)
		return
	}
	if resp := serve.Reference.Handle(req); !c.Passes(test, resp, suite.L3) {
		t.Errorf("%s: the reference fails it: %.200q", test.ID, line)
	}
}
