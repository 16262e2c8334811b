package mutation_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/internal/mutation"
)

const src = `package p

const sep = "a" + "b"

func f(a, b int, s string) (int, bool) {
	a++
	b -= 2
	s = s + "x"
	return a + b*-3, a < b && a != b
}
`

// Each operator gives its mutants, the source mutated still parses, and
// string sums and constants are left alone.
func TestFind(t *testing.T) {
	ms, err := mutation.Find("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, string(m.Kind)+" "+m.Old+"->"+m.New)
		if _, err := parser.ParseFile(token.NewFileSet(), "p.go", m.Apply([]byte(src)), 0); err != nil {
			t.Errorf("%s: the mutated source does not parse: %v", m, err)
		}
		if strings.ContainsAny(m.ID(), " \n") {
			t.Errorf("%s: id %q has a space", m, m.ID())
		}
		if m.Line == 0 || m.Source == "" || !strings.Contains(m.Source, strings.TrimSpace(m.Old)) {
			t.Errorf("%s: line %d, source %q", m, m.Line, m.Source)
		}
	}
	want := []string{"INCREMENT_DECREMENT ++->--", "ARITHMETIC_BASE -=->+=", "ARITHMETIC_BASE +->-", "ARITHMETIC_BASE *->/",
		"INVERT_NEGATIVES --> ", "CONDITION_REMOVED a < b && a != b->(a < b)", "CONDITION_REMOVED a < b && a != b->(a != b)",
		"CONDITIONALS_BOUNDARY <-><=", "CONDITIONALS_NEGATION <->>=", "CONDITIONALS_NEGATION !=->=="}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("mutants\n%s\nwant\n%s", strings.Join(got, "; "), strings.Join(want, "; "))
	}
}

// A mutant's id stays while its line does, wherever the line moves, and
// changes with the line.
func TestIDFollowsTheLine(t *testing.T) {
	first, _ := mutation.Find("p.go", []byte(src))
	moved, _ := mutation.Find("p.go", []byte(strings.Replace(src, "package p\n", "package p\n\n// A comment.\n", 1)))
	changed, _ := mutation.Find("p.go", []byte(strings.Replace(src, "a < b", "a < b+0", 1)))
	ids := func(ms []mutation.Mutant) map[string]bool {
		out := map[string]bool{}
		for _, m := range ms {
			out[m.ID()] = true
		}
		return out
	}
	a, b, c := ids(first), ids(moved), ids(changed)
	for id := range a {
		if !b[id] {
			t.Errorf("%s: gone when its line moved", id)
		}
	}
	gone := 0
	for id := range a {
		if !c[id] {
			gone++
		}
	}
	if gone != 8 { // the eight mutants of the changed line
		t.Errorf("%d mutants' ids changed with their line, want 8", gone)
	}
}

// Overlay puts files in their place for the go command, in a directory
// of their own.
func TestOverlay(t *testing.T) {
	dir := t.TempDir()
	path, err := mutation.Overlay(dir, map[string][]byte{"/x/y.go": []byte("package y\n")})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), `"/x/y.go":`) || filepath.Dir(path) != dir {
		t.Errorf("%s: %s %v", path, data, err)
	}
}
