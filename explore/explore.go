// Package explore writes the explorer, a static site that needs no
// network and works from file:// as well as served: a playground where a
// person pastes any code and sees what it means, field by field, with its
// board and its record move by move, or exactly where and why it is
// rejected; and a page for every conformance vector, with its input, its
// expectation, its board and its flags, linked to their notes and to the
// edge cases of spec/qf.md.
//
// The pages decode nothing themselves: the reference (packages ref,
// rules, explain and render) runs in them, compiled to WebAssembly from
// package explore/wasm, so that the boards are package render's SVG and
// the explanations those of qf explain.
package explore

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
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

// Files lists the files Write writes.
var Files = []string{"index.html", "app.js", "style.css", "data.js", "qf-wasm.js", "wasm_exec.js"}

// A vector as the site shows it.
type entry struct {
	ID       string          `json:"id"`
	File     string          `json:"file"`
	Op       string          `json:"op"`
	Profile  string          `json:"profile,omitempty"` // decoding: strict or lenient
	Comment  string          `json:"comment"`
	Flags    []string        `json:"flags"`
	Result   string          `json:"result"`
	Input    string          `json:"input"`               // the code, or a value's JSON for encode tests
	InputHex string          `json:"input_hex,omitempty"` // the input's bytes when not UTF-8
	Expected json.RawMessage `json:"expected"`            // value, code, error, squares and violation, or violations
	Board    string          `json:"board,omitempty"`     // the code whose board the page draws, if any
}

// An edge case of spec/qf.md, its text in HTML.
type edgeCase struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	HTML  string `json:"html"`
}

// Write writes the site into dir, creating it if needed: the pages, the
// vectors, and the WebAssembly embedded in this package. It needs no go
// command and no network.
func Write(dir string) error {
	data, err := dataScript()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := map[string][]byte{"index.html": indexHTML, "app.js": appJS, "style.css": styleCSS,
		"data.js": data, "qf-wasm.js": wasmScript(wasmGz), "wasm_exec.js": wasmExec}
	for _, name := range Files {
		if err := os.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// dataScript returns data.js: the suite's version, every vector, the
// flags' notes and the edge cases.
func dataScript() ([]byte, error) {
	var entries []entry
	for _, c := range suite.Categories {
		name := c.File()
		f, err := vectors.Load(name)
		if err != nil {
			return nil, err
		}
		for _, t := range f.Tests {
			e, err := newEntry(name, f, &t)
			if err != nil {
				return nil, fmt.Errorf("explore: %s: %v", t.ID, err)
			}
			entries = append(entries, e)
		}
	}
	manifest, err := vectors.LoadManifest()
	if err != nil {
		return nil, err
	}
	var ecs []edgeCase
	for _, ec := range spec.EdgeCases {
		ecs = append(ecs, edgeCase{ec.ID, markdownInline(ec.Title), markdownHTML(spec.EdgeCaseText(ec.ID))})
	}
	var b bytes.Buffer
	b.WriteString("// The qf conformance vectors, their flags' notes and the spec's edge cases, for the explorer; written by qf explore.\n")
	for _, v := range []struct {
		name  string
		value any
	}{
		{"QF_SUITE", map[string]string{"version": manifest.SuiteVersion, "digest": manifest.Digest}},
		{"QF_VECTORS", entries},
		{"QF_NOTES", vectors.Notes},
		{"QF_EDGE_CASES", ecs},
	} {
		j, err := json.Marshal(v.value)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "window.%s = %s;\n", v.name, j)
	}
	return b.Bytes(), nil
}

func newEntry(file string, f *vectors.File, t *vectors.Test) (entry, error) {
	c, ok := suite.Of(f)
	if !ok {
		return entry{}, fmt.Errorf("no category of op %q, profile %q", f.Op, f.Profile)
	}
	e := entry{ID: t.ID, File: file, Op: f.Op, Profile: f.Profile, Comment: t.Comment, Flags: t.Flags, Result: t.Result,
		Input: c.Input(t), Expected: c.Want(t), Board: c.Code(t)}
	if e.Flags == nil {
		e.Flags = []string{}
	}
	if t.CodeHex != "" {
		e.InputHex = t.CodeHex
	}
	if e.Board != "" {
		if _, err := ref.Decode(e.Board); err != nil {
			e.Board = ""
		}
	}
	return e, nil
}

var (
	strong = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	code   = regexp.MustCompile("`([^`]+)`")
	link   = regexp.MustCompile(`\[([^\]]+)\]\(#([a-z0-9-]+)\)`)
)

// markdownHTML turns the Markdown of the spec's edge cases into HTML
// paragraphs: bold, code and links to other edge cases; tables and
// pictures are left out.
func markdownHTML(md string) string {
	var out []string
	for _, para := range strings.Split(md, "\n\n") {
		para = strings.TrimSpace(para)
		if para == "" || strings.HasPrefix(para, "|") || strings.HasPrefix(para, "![") {
			continue
		}
		out = append(out, "<p>"+markdownInline(strings.ReplaceAll(para, "\n", " "))+"</p>")
	}
	return strings.Join(out, "\n")
}

// markdownInline turns one line of Markdown into HTML.
func markdownInline(md string) string {
	s := html.EscapeString(md)
	s = strong.ReplaceAllString(s, "<strong>$1</strong>")
	s = code.ReplaceAllString(s, "<code>$1</code>")
	return link.ReplaceAllStringFunc(s, func(m string) string {
		parts := link.FindStringSubmatch(m)
		if strings.HasPrefix(parts[2], "ec-") {
			return `<a href="#EC-` + strings.TrimPrefix(parts[2], "ec-") + `">` + parts[1] + "</a>"
		}
		return parts[1]
	})
}
