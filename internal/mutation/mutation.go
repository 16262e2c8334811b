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
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
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
}

// ID names the mutant by its file, its kind, its change and a digest of
// its line's text and the change's place in it: it stays the same while
// the line does, wherever the line moves.
func (m Mutant) ID() string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d\x00%s", m.Source, m.Col, m.Old)))
	return fmt.Sprintf("%s:%s:%s->%s:%s", m.File, m.Kind, m.Old, m.New, hex.EncodeToString(sum[:4]))
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

// Changes by operator: what each kind makes of it.
var (
	arithmetic = map[token.Token]string{token.ADD: "-", token.SUB: "+", token.MUL: "/", token.QUO: "*", token.REM: "*"}
	boundary   = map[token.Token]string{token.LSS: "<=", token.LEQ: "<", token.GTR: ">=", token.GEQ: ">"}
	negation   = map[token.Token]string{token.EQL: "!=", token.NEQ: "==", token.LSS: ">=", token.LEQ: ">", token.GTR: "<=", token.GEQ: "<"}
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
	add := func(pos token.Pos, kind Kind, old, new string) {
		p := fset.Position(pos)
		line := src[p.Offset-p.Column+1:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		out = append(out, Mutant{File: path, Line: p.Line, Col: p.Column, Offset: p.Offset, Kind: kind, Old: old, New: new,
			Source: strings.TrimSpace(string(line))})
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			return n.Tok != token.CONST // constants' operators cannot all be changed
		case *ast.BinaryExpr:
			if n.Op == token.ADD && (isString(n.X) || isString(n.Y) || consts[ident(n.X)] || consts[ident(n.Y)]) {
				return true // string concatenation, or a sum the types may not allow changed
			}
			if to, ok := arithmetic[n.Op]; ok {
				add(n.OpPos, ArithmeticBase, n.Op.String(), to)
			}
			if to, ok := boundary[n.Op]; ok {
				add(n.OpPos, ConditionalsBoundary, n.Op.String(), to)
			}
			if to, ok := negation[n.Op]; ok {
				add(n.OpPos, ConditionalsNegation, n.Op.String(), to)
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
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out, nil
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

// Overlay writes files, contents by the path they take in a build, under
// dir, with an overlay file for the go command's -overlay flag that puts
// each in its place, and returns the overlay file's path: a build with it
// sees the files changed, or added, without a change to the tree.
func Overlay(dir string, files map[string][]byte) (string, error) {
	replace := map[string]string{}
	n := 0
	for path, data := range files {
		n++
		name := filepath.Join(dir, fmt.Sprintf("%d-%s", n, filepath.Base(path)))
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return "", err
		}
		replace[path] = name
	}
	b, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	overlay := filepath.Join(dir, "overlay.json")
	return overlay, os.WriteFile(overlay, b, 0o644)
}
