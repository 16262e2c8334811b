// Package explore writes a static site to browse the conformance vectors:
// every vector with its code, its field breakdown, its verdict and its
// board, records stepped with next and back buttons and the arrow keys.
// The site needs no network and no framework and works from file://: the
// vectors travel in data.js, loaded by a script tag, and app.js draws the
// boards as SVG.
package explore

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/vectors"
)

var (
	//go:embed site/index.html
	indexHTML []byte
	//go:embed site/app.js
	appJS []byte
	//go:embed site/style.css
	styleCSS []byte
)

// A vector as the site shows it.
type entry struct {
	ID       string          `json:"id"`
	File     string          `json:"file"`
	Comment  string          `json:"comment"`
	Flags    []string        `json:"flags"`
	Result   string          `json:"result"`
	Input    string          `json:"input"`               // the code, or a value's JSON for encode tests
	InputHex string          `json:"input_hex,omitempty"` // the input's bytes when not UTF-8
	Expected json.RawMessage `json:"expected"`            // value, code, error, squares or violations
	Fields   []vectors.Field `json:"fields,omitempty"`
	Board    *board          `json:"board,omitempty"`
}

// board is a position and a record's positions: Walls lists every wall in
// the order it came on the board, [owner, orientation, anchor]; each step
// is [white, black, walls on the board, side to move, turn].
type board struct {
	Walls     [][3]int `json:"walls"`
	Steps     [][5]int `json:"steps"`
	Violation string   `json:"violation,omitempty"` // after the last step, the illegal move
}

// Write writes the site into dir, creating it if needed.
func Write(dir string) error {
	var entries []entry
	for _, name := range vectors.Files {
		f, err := vectors.Load(name)
		if err != nil {
			return err
		}
		for _, t := range f.Tests {
			e, err := newEntry(name, f.Op, &t)
			if err != nil {
				return fmt.Errorf("explore: %s: %v", t.ID, err)
			}
			entries = append(entries, e)
		}
	}
	manifest, err := vectors.LoadManifest()
	if err != nil {
		return err
	}
	var data bytes.Buffer
	data.WriteString("// The qf conformance vectors, for the explorer; written by qf explore.\n")
	fmt.Fprintf(&data, "window.QF_SUITE = %s;\n", mustJSON(map[string]string{"version": manifest.SuiteVersion, "digest": manifest.Digest}))
	fmt.Fprintf(&data, "window.QF_VECTORS = %s;\n", mustJSON(entries))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, content := range map[string][]byte{"index.html": indexHTML, "app.js": appJS, "style.css": styleCSS, "data.js": data.Bytes()} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func newEntry(file, op string, t *vectors.Test) (entry, error) {
	e := entry{ID: t.ID, File: file, Comment: t.Comment, Flags: t.Flags, Result: t.Result, Fields: t.Fields}
	var v *ref.Value
	switch op {
	case "encode":
		e.Input = string(t.Value)
		if t.Error != nil {
			e.Expected = mustJSON(t.Error)
			return e, nil
		}
		e.Expected = mustJSON(*t.Code)
		v = new(ref.Value)
		if err := json.Unmarshal(t.Value, v); err != nil {
			return e, err
		}
	default:
		input, err := t.Input()
		if err != nil {
			return e, err
		}
		e.Input = input
		if t.Code == nil {
			e.InputHex = t.CodeHex
		}
		switch {
		case t.Error != nil:
			e.Expected = mustJSON(t.Error)
			return e, nil
		case op == "decode":
			e.Expected = t.Value
		case op == "replay":
			e.Expected = mustJSON(map[string]any{"squares": t.Squares, "violation": t.Violation})
		default:
			e.Expected = mustJSON(t.Violations)
		}
		code := input
		if op == "decode" {
			code = t.Canonical
		}
		if v, err = ref.Decode(code); err != nil {
			return e, err
		}
	}
	e.Board = boardOf(v)
	return e, nil
}

// boardOf returns the positions of v: its start, then after each legal
// move of its record.
func boardOf(v *ref.Value) *board {
	start := rules.Start(v)
	positions, violation := rules.Replay(v)
	b := &board{}
	all := append([]rules.Position{start}, positions...)
	last := all[len(all)-1]
	for _, w := range last.Walls {
		b.Walls = append(b.Walls, [3]int{int(w.Owner), int(w.Orientation), w.Anchor})
	}
	for _, p := range all {
		b.Steps = append(b.Steps, [5]int{p.White, p.Black, len(p.Walls), int(p.ToMove), p.Turn})
	}
	if violation != nil {
		m := v.Record.Moves[violation.Move]
		what := fmt.Sprintf("pawn direction %d", m.Dir)
		if m.Kind == ref.Wall {
			what = "wall " + rules.WallName(m.Orientation, m.Place)
		}
		b.Violation = fmt.Sprintf("move %d (%s): %s", violation.Move+1, what, violation.Kind)
	}
	return b
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
