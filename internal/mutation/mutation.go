// Package mutation makes mutants of Go source for mutation testing: each
// a copy of one file with one operator changed, as
// github.com/go-gremlins/gremlins changes them by default (arithmetic,
// the boundary and negation of comparisons, increments, negations), so
// that a test suite can be run against each and its survivors found.
//
// A Mutant names its change by the text of its line, not its position
// alone, so that a list of mutants kept beside the code (those found
// equivalent, say) goes stale, and a test can say so, when the line
// changes.
package mutation

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// A Kind is a kind of change, as gremlins names its mutators.
type Kind string

// The kinds of change.
const (
	ArithmeticBase       Kind = "ARITHMETIC_BASE"       // + - * / % swapped
	ConditionalsBoundary Kind = "CONDITIONALS_BOUNDARY" // < <= > >= moved by one
	ConditionalsNegation Kind = "CONDITIONALS_NEGATION" // == != < >= > <= negated
	IncrementDecrement   Kind = "INCREMENT_DECREMENT"   // ++ --
	InvertNegatives      Kind = "INVERT_NEGATIVES"      // -x as x
	// ConditionRemoved is not one of gremlins': a clause of a && b or
	// a || b left out, as when a clause of a rule is: the clause is made
	// (a || true) in a &&, (a && false) in a ||, so that it decides
	// nothing and what it reads is still read (the compiler refuses a
	// variable left unused).
	ConditionRemoved Kind = "CONDITION_REMOVED"
)

// A Mutant is one change to one file: the operator at Offset, Old, made
// New.
type Mutant struct {
	File   string // the file's path, as given to Find
	Line   int
	Col    int
	Offset int // of Old in the file
	Kind   Kind
	Old    string
	New    string
	// Source is the line's text, trimmed: what ID names the line by.
	Source string
	// Func is the function the change is in, as the linker names it
	// within its package ("Decode", "(*reader).object", "Value.String"),
	// a function literal by the function it is in; "" outside any.
	Func string
	nth  int // how many mutants before it in the file ID would name alike
}

// ID names the mutant by its file, its kind, its change and a digest of
// its function, its line's text and the change's place in it (a removed
// condition by a digest of all of these), and, of two mutants these name
// alike (the same line twice in a function), the second by "#2": it
// stays the same while the line does, wherever the line moves.
func (m Mutant) ID() string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d\x00%s", m.Func, m.Source, m.Col, m.Old))
	id := fmt.Sprintf("%s:%s:%s->%s:%x", m.File, m.Kind, m.Old, strings.TrimSpace(m.New), sum[:4])
	if m.Kind == ConditionRemoved { // its change is source text, named by its digest
		sum = sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d\x00%s\x00%s", m.Func, m.Source, m.Col, m.Old, m.New))
		id = fmt.Sprintf("%s:%s:%x", m.File, m.Kind, sum[:6])
	}
	if m.nth > 0 {
		id += "#" + strconv.Itoa(m.nth+1)
	}
	return id
}

// String says where the mutant is and what it changes:
// "ref/decode.go:120:9: CONDITIONALS_BOUNDARY < -> <=".
func (m Mutant) String() string {
	return fmt.Sprintf("%s:%d:%d: %s %s -> %s", m.File, m.Line, m.Col, m.Kind, m.Old, m.New)
}

// Apply returns src, the file's source, with the mutant's change made.
func (m Mutant) Apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+2)
	out = append(out, src[:m.Offset]...)
	out = append(out, m.New...)
	return append(out, src[m.Offset+len(m.Old):]...)
}

// Changes by operator: what each kind makes of it, and what ends a
// clause of && or || made to decide nothing (ConditionRemoved).
var (
	binary = []struct {
		kind Kind
		to   map[token.Token]string
	}{
		{ArithmeticBase, map[token.Token]string{token.ADD: "-", token.SUB: "+", token.MUL: "/", token.QUO: "*", token.REM: "*"}},
		{ConditionalsBoundary, map[token.Token]string{token.LSS: "<=", token.LEQ: "<", token.GTR: ">=", token.GEQ: ">"}},
		{ConditionalsNegation, map[token.Token]string{token.EQL: "!=", token.NEQ: "==", token.LSS: ">=", token.LEQ: ">", token.GTR: "<=", token.GEQ: "<"}},
	}
	neutral    = map[token.Token]string{token.LAND: " || true)", token.LOR: " && false)"}
	increments = map[token.Token]string{token.INC: "--", token.DEC: "++"}
	assigns    = map[token.Token]string{token.ADD_ASSIGN: "-=", token.SUB_ASSIGN: "+=", token.MUL_ASSIGN: "/=", token.QUO_ASSIGN: "*=", token.REM_ASSIGN: "*="}
)

// Find returns the mutants of a Go source file, src, named path, in the
// order of the file. Tests, and code the compiler would refuse mutated
// (string concatenation, constants), are left out.
func Find(path string, src []byte) ([]Mutant, error) {
	if strings.HasSuffix(path, "_test.go") {
		return nil, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("mutation: %v", err)
	}
	consts := constants(f)
	var out []Mutant
	var fn string // the function declared around the node inspected
	add := func(pos token.Pos, kind Kind, old, new string) {
		p := fset.Position(pos)
		line := src[p.Offset-p.Column+1:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		out = append(out, Mutant{File: path, Line: p.Line, Col: p.Column, Offset: p.Offset, Kind: kind, Old: old, New: new,
			Source: strings.TrimSpace(string(line)), Func: fn})
	}
	text := func(e ast.Expr) string {
		return string(src[fset.Position(e.Pos()).Offset:fset.Position(e.End()).Offset])
	}
	inspect := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			return n.Tok != token.CONST // constants' operators cannot all be changed
		case *ast.BinaryExpr:
			if n.Op == token.ADD && (isString(n.X) || isString(n.Y) || consts[ident(n.X)] || consts[ident(n.Y)]) {
				return true // string concatenation, or a sum the types may not allow changed
			}
			for _, c := range binary {
				if to, ok := c.to[n.Op]; ok {
					add(n.OpPos, c.kind, n.Op.String(), to)
				}
			}
			if tail, ok := neutral[n.Op]; ok {
				for _, clause := range []ast.Expr{n.X, n.Y} {
					kept := text(clause)
					if b, ok := clause.(*ast.BinaryExpr); ok && neutral[b.Op] != "" {
						kept = "(" + kept + ")" // a || b && false is a || (b && false)
					}
					add(clause.Pos(), ConditionRemoved, text(clause), "("+kept+tail)
				}
			}
		case *ast.AssignStmt:
			if to, ok := assigns[n.Tok]; ok && !isString(n.Rhs[0]) {
				add(n.TokPos, ArithmeticBase, n.Tok.String(), to)
			}
		case *ast.IncDecStmt:
			add(n.TokPos, IncrementDecrement, n.Tok.String(), increments[n.Tok])
		case *ast.UnaryExpr:
			if n.Op == token.SUB {
				add(n.OpPos, InvertNegatives, "-", " ")
			}
		}
		return true
	}
	for _, d := range f.Decls {
		fn = ""
		if fd, ok := d.(*ast.FuncDecl); ok {
			fn = funcName(fd)
		}
		ast.Inspect(d, inspect)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	seen := map[string]int{}
	for i := range out {
		id := out[i].ID()
		out[i].nth = seen[id]
		seen[id]++
	}
	return out, nil
}

// funcName returns the name of the function fd as the linker names it
// within its package: "Decode", "(*reader).object", "Value.String".
func funcName(fd *ast.FuncDecl) string {
	name := fd.Name.Name
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		switch t := fd.Recv.List[0].Type.(type) {
		case *ast.StarExpr:
			name = "(*" + ident(t.X) + ")." + name
		default:
			name = ident(t) + "." + name
		}
	}
	return name
}

// isString reports whether e is a string literal.
func isString(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && (lit.Kind == token.STRING || lit.Kind == token.CHAR)
}

func ident(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// constants returns the names of the string constants of a file, whose
// sums are concatenations.
func constants(f *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			for i, name := range v.Names {
				if i < len(v.Values) && isString(v.Values[i]) {
					out[name.Name] = true
				}
			}
		}
	}
	return out
}

// FindIn returns the mutants of the Go files of the directories dirs
// under root, tests aside, named by their slash-separated paths relative
// to root ("ref/decode.go"), in the order of the directories and of their
// files.
func FindIn(root string, dirs ...string) ([]Mutant, error) {
	var out []Mutant
	for _, dir := range dirs {
		names, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil {
			return nil, err
		}
		slices.Sort(names)
		for _, name := range names {
			src, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			rel, err := filepath.Rel(root, name)
			if err != nil {
				return nil, err
			}
			ms, err := Find(filepath.ToSlash(rel), src)
			if err != nil {
				return nil, err
			}
			out = append(out, ms...)
		}
	}
	return out, nil
}

// ErrNotViable is Build's error for a mutant that the compiler refuses.
var ErrNotViable = errors.New("mutation: the compiler refuses the mutant")

// Build builds the main package pkg (a directory relative to root, which
// may not exist but in files) into the program out, with m's change made
// (none for the zero Mutant) and files (contents by their paths relative
// to root) in place, without a change to the tree: it writes each changed
// file under dir, with an overlay file for the go command's -overlay flag
// that puts each in its place; flags go to go build. It returns
// ErrNotViable when the compiler refuses the mutant.
func Build(root, dir string, m Mutant, files map[string][]byte, pkg, out string, flags ...string) error {
	abs := map[string][]byte{}
	if m.File != "" {
		src, err := os.ReadFile(filepath.Join(root, m.File))
		if err != nil {
			return err
		}
		abs[filepath.Join(root, m.File)] = m.Apply(src)
	}
	for name, data := range files {
		abs[filepath.Join(root, name)] = data
	}
	replace := map[string]string{}
	for path, data := range abs {
		name := filepath.Join(dir, fmt.Sprintf("%d-%s", len(replace)+1, filepath.Base(path)))
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return err
		}
		replace[path] = name
	}
	b, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return err
	}
	overlay := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlay, b, 0o644); err != nil {
		return err
	}
	args := append([]string{"build", "-overlay", overlay, "-o", out}, flags...)
	cmd := exec.Command("go", append(args, "./"+filepath.ToSlash(pkg))...)
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		if bytes.Contains(msg, []byte(".go:")) {
			return ErrNotViable
		}
		return fmt.Errorf("mutation: go build: %v\n%s", err, msg)
	}
	return nil
}

// NoInlining is the flag of go build that keeps every function the
// program calls a function of its own, for Linked: inlined everywhere, a
// function called would leave no symbol.
const NoInlining = "-gcflags=all=-l"

// Linked returns the functions of the program prog, built with
// NoInlining, by the names the linker gives them
// ("example.com/m/ref.(*reader).object"): the linker leaves out every
// function the program cannot call, so a change to a function not among
// them changes nothing the program does.
func Linked(prog string) (map[string]bool, error) {
	out, err := exec.Command("go", "tool", "nm", prog).Output()
	if err != nil {
		return nil, fmt.Errorf("mutation: go tool nm %s: %v", prog, err)
	}
	funcs := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		// "  4a1b20 T example.com/m/ref.Decode"
		fields := strings.Fields(line)
		if len(fields) == 3 && (fields[1] == "T" || fields[1] == "t") {
			funcs[fields[2]] = true
		}
	}
	if len(funcs) == 0 {
		return nil, fmt.Errorf("mutation: go tool nm %s: no functions", prog)
	}
	return funcs, nil
}
