package diagnosis_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
)

var update = flag.Bool("update", false, "rewrite the files of testdata/diagnoses with the diagnoses the tests make")

// A golden file holds the diagnoses a test makes, so that a change to the
// diagnosis that changes any of them, to the last byte of a cause's JSON,
// fails: those of every fault alone, of the pairs, of the realistic sets,
// of the deviations, of the generated sets. It holds, for each
// implementation by name, a line for each cause in order: a digest of
// the cause's JSON (SHA-256, the first 16 hex digits), the failures it
// explains, its kind and name; so that a failure shows which causes
// changed, and how their counts did. `go test ./diagnosis -update`
// rewrites the files of the tests run.
type golden struct {
	t    *testing.T
	file string
	mu   sync.Mutex
	got  map[string]string // the lines of each implementation's causes
	json map[string][]string
}

// newGolden returns the golden file of test t, testdata/diagnoses/name.txt.
func newGolden(t *testing.T, name string) *golden {
	return &golden{t: t, file: filepath.Join("testdata", "diagnoses", name+".txt"), got: map[string]string{}, json: map[string][]string{}}
}

// add records the causes of the diagnosis of the implementation named
// what. It may be called from several goroutines.
func (g *golden) add(what string, causes []diagnosis.Cause) {
	var lines strings.Builder
	var texts []string
	for _, c := range causes {
		b, err := json.Marshal(c)
		if err != nil {
			g.t.Error(err)
			return
		}
		fmt.Fprintf(&lines, "\t%s %d %s %s\n", digestOf(string(b)), c.Failed, c.Kind, c.Name)
		texts = append(texts, string(b))
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if old, ok := g.got[what]; ok && old != lines.String() {
		g.t.Errorf("%s: diagnosed twice, differently:\n%s\n%s", what, old, lines.String())
	}
	g.got[what], g.json[what] = lines.String(), texts
}

// text returns the file's text: each implementation's name, in order,
// and its causes' lines.
func (g *golden) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# The diagnoses of %s, a cause a line: a digest of its JSON, its failures, its kind and name.\n", g.t.Name())
	fmt.Fprintf(&b, "# go test ./diagnosis -run '^%s$' -update rewrites it.\n", g.t.Name())
	for _, what := range slices.Sorted(maps.Keys(g.got)) {
		b.WriteString(what + "\n" + g.got[what])
	}
	return b.String()
}

// check compares the diagnoses recorded with the file, or with -update
// rewrites it.
func (g *golden) check() {
	t := g.t
	t.Helper()
	got := g.text()
	if *update {
		if err := os.MkdirAll(filepath.Dir(g.file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(g.file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(g.file)
	if err != nil {
		t.Fatalf("%v (go test ./diagnosis -run '^%s$' -update writes it)", err, t.Name())
	}
	if string(b) == got {
		return
	}
	want := parseGolden(string(b))
	shown := 0
	for _, what := range slices.Sorted(maps.Keys(g.got)) {
		w, ok := want[what]
		switch {
		case !ok:
			t.Errorf("%s: diagnosed, not in %s", what, g.file)
		case w != g.got[what]:
			t.Errorf("%s: the diagnosis changed; was\n%snow\n%s", what, w, g.got[what])
			if shown++; shown <= 3 {
				for _, text := range g.json[what] {
					if !strings.Contains(w, digestOf(text)) {
						t.Logf("%s: a cause now: %s", what, text)
					}
				}
			}
		}
	}
	for what := range want {
		if _, ok := g.got[what]; !ok {
			t.Errorf("%s: in %s, not diagnosed", what, g.file)
		}
	}
	t.Errorf("%s differs from the diagnoses made: if the change is meant, go test ./diagnosis -run '^%s$' -update", g.file, t.Name())
}

// digestOf returns the digest of a cause's JSON, as the file has it.
func digestOf(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

// parseGolden returns the lines of each implementation's causes in a
// golden file's text.
func parseGolden(text string) map[string]string {
	out := map[string]string{}
	what := ""
	for _, line := range strings.SplitAfter(text, "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "\t"):
			out[what] += line
		default:
			what = strings.TrimSuffix(line, "\n")
			out[what] += ""
		}
	}
	return out
}
