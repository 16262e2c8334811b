package mutation_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
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

type t struct{ n int }

func (x *t) ok() bool {
	ok := x.n > 0
	return ok || func() bool { return x.n == -1 }()
}

func g(a, b, c bool) bool { return a || b || c }

func h(a, b int) int {
	a++
	a++
	return a - b
}
`

// Each operator gives its mutants, in the function they are in; the
// source mutated still compiles (a condition removed leaves no variable
// unused), and string sums and constants are left alone.
func TestFind(t *testing.T) {
	ms, err := mutation.Find("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, string(m.Kind)+" "+m.Old+"->"+m.New+" in "+m.Func)
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", m.Apply([]byte(src)), 0)
		if err != nil {
			t.Errorf("%s: the mutated source does not parse: %v", m, err)
			continue
		}
		if _, err := new(types.Config).Check("p", fset, []*ast.File{f}, nil); err != nil {
			t.Errorf("%s: the mutated source does not compile: %v", m, err)
		}
		if strings.ContainsAny(m.ID(), " \n") {
			t.Errorf("%s: id %q has a space", m, m.ID())
		}
		if m.Line == 0 || m.Source == "" || !strings.Contains(m.Source, strings.TrimSpace(m.Old)) {
			t.Errorf("%s: line %d, source %q", m, m.Line, m.Source)
		}
	}
	want := []string{"INCREMENT_DECREMENT ++->-- in f", "ARITHMETIC_BASE -=->+= in f", "ARITHMETIC_BASE +->- in f", "ARITHMETIC_BASE *->/ in f",
		"INVERT_NEGATIVES --> " + " in f", "CONDITION_REMOVED a < b->(a < b || true) in f",
		"CONDITIONALS_BOUNDARY <-><= in f", "CONDITIONALS_NEGATION <->>= in f", "CONDITION_REMOVED a != b->(a != b || true) in f",
		"CONDITIONALS_NEGATION !=->== in f",
		"CONDITIONALS_BOUNDARY >->>= in (*t).ok", "CONDITIONALS_NEGATION >-><= in (*t).ok",
		"CONDITION_REMOVED ok->(ok && false) in (*t).ok", "CONDITION_REMOVED func() bool { return x.n == -1 }()->(func() bool { return x.n == -1 }() && false) in (*t).ok",
		"CONDITIONALS_NEGATION ==->!= in (*t).ok", "INVERT_NEGATIVES --> " + " in (*t).ok",
		"CONDITION_REMOVED a || b->((a || b) && false) in g", "CONDITION_REMOVED a->(a && false) in g",
		"CONDITION_REMOVED b->(b && false) in g", "CONDITION_REMOVED c->(c && false) in g",
		"INCREMENT_DECREMENT ++->-- in h", "INCREMENT_DECREMENT ++->-- in h", "ARITHMETIC_BASE -->+ in h"}
	ids := map[string]bool{}
	for _, m := range ms {
		if ids[m.ID()] {
			t.Errorf("%s: id %s twice", m, m.ID())
		}
		ids[m.ID()] = true
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("mutants\n%s\nwant\n%s", strings.Join(got, ";\n"), strings.Join(want, ";\n"))
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

// Build puts files and the mutant's change in their place for the go
// command, in an overlay, and leaves the tree as it was.
func TestBuildOverlay(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	src := []byte("package main\n\nimport \"os\"\n\nfunc main() { os.Exit(x - 1) }\n")
	for name, data := range map[string][]byte{"go.mod": []byte("module example.com/m\n\ngo 1.23\n"), "main.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ms, err := mutation.Find("main.go", src)
	if err != nil || len(ms) != 1 {
		t.Fatalf("mutants %v, %v; want one", ms, err)
	}
	prog := filepath.Join(t.TempDir(), "prog")
	if err := mutation.Build(dir, t.TempDir(), ms[0], map[string][]byte{"x.go": []byte("package main\n\nconst x = 1\n")}, ".", prog); err != nil {
		t.Fatal(err)
	}
	if err := exec.Command(prog).Run(); err == nil || err.(*exec.ExitError).ExitCode() != 2 {
		t.Errorf("the program exits with %v, want exit status 2 (x + 1)", err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "main.go")); err != nil || !bytes.Equal(data, src) {
		t.Errorf("main.go changed: %q, %v", data, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.go")); !os.IsNotExist(err) {
		t.Errorf("x.go in the tree: %v", err)
	}
}

// Linked names the functions a program can call, and not one it cannot,
// however small: built with NoInlining, a function called is never
// inlined away.
func TestLinked(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.23\n",
		"main.go": `package main

import "os"

type v struct{}

func (v) called() int  { return 1 }
func (*v) unused() int { return 2 }
func small() int       { return 3 }
func never() int       { return 4 }

func main() { os.Exit(v{}.called() + small() - 4) }
`,
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog := filepath.Join(dir, "prog")
	if err := mutation.Build(dir, t.TempDir(), mutation.Mutant{}, nil, ".", prog, mutation.NoInlining); err != nil {
		t.Fatal(err)
	}
	funcs, err := mutation.Linked(prog)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"main.v.called": true, "main.small": true, "main.(*v).unused": false, "main.never": false} {
		if funcs[name] != want {
			t.Errorf("linked %s: %v, want %v", name, funcs[name], want)
		}
	}
}
