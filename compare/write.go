package compare

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

//go:embed page.html
var pageHTML string

// specURL is where the references of the flags' notes point: the edge
// cases and sections of spec/qf.md, and the corpus.
const specURL = "https://github.com/qf-format/qf-conformance/blob/main/"

// page is the page's template, parsed when first used.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Funcs(template.FuncMap{
		"join":       func(list []string) string { return strings.Join(list, ", ") },
		"failed":     func(c Cell) bool { return c.Status == suite.Fail || c.Status == suite.XFail },
		"anyFailed":  func(r *Row) bool { return r.failed() },
		"minus":      func(a, b int) int { return a - b },
		"plus1":      func(a int) int { return a + 1 },
		"count":      func(n int, one string) string { return fmt.Sprintf("%d %s", n, term.Plural(n, one)) },
		"symbol":     symbol,
		"cellClass":  cellClass,
		"cellWords":  cellWords,
		"refURL":     refURL,
		"groupCell":  sectionCell,
		"causeFlags": causeFlags,
		// A cause's name and words as its headline says them (the rule
		// of a behaviour once).
		"headName": func(c diagnosis.Cause) string { name, _ := c.Headline(); return name },
		"headSays": func(c diagnosis.Cause) string { _, says := c.Headline(); return says },
	}).Parse(pageHTML))
})

// A view is the matrix as the page draws it: the details of every
// failing cell in one table of strings, read by the page's script on
// demand, so that the page holds each string once.
type view struct {
	*Matrix
	Data template.JS // the script's data: {"s": strings, "f": [difference, got, want] by failing cell}
	fail map[*Cell]int
}

// Fail returns the index of the details of a failing cell in the data.
func (v *view) Fail(row *Row, col int) int { return v.fail[&row.Cells[col]] }

// WriteHTML writes the matrix as one HTML page that needs nothing else: no
// network, no script or font from elsewhere. The root causes of each
// implementation come first, then the levels, the disagreements and every
// vector; the details of a failure open on demand.
func (m *Matrix) WriteHTML(w io.Writer) error {
	v := &view{Matrix: m, fail: map[*Cell]int{}}
	index := map[string]int{}
	data := struct {
		Strings []string `json:"s"`
		Fails   [][3]int `json:"f"`
	}{Strings: []string{}, Fails: [][3]int{}}
	str := func(s string) int {
		i, ok := index[s]
		if !ok {
			i = len(data.Strings)
			index[s] = i
			data.Strings = append(data.Strings, s)
		}
		return i
	}
	for _, c := range m.Categories {
		for _, g := range c.Sections {
			for _, r := range g.Rows {
				for col := range r.Cells {
					if cell := &r.Cells[col]; cell.Status == suite.Fail || cell.Status == suite.XFail {
						v.fail[cell] = len(data.Fails)
						data.Fails = append(data.Fails, [3]int{str(cell.Difference), str(cell.Got), str(r.Want)})
					}
				}
			}
		}
	}
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	// In a script, "</" must not close the element, nor "<!--" open a comment.
	b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("</"), []byte(`<\/`)), []byte("<!--"), []byte(`<\!--`))
	v.Data = template.JS(b)
	return page().Execute(w, v)
}

// FirstDisagreements returns the first 100 rows on which the columns
// disagree, for the page's table of them.
func (m *Matrix) FirstDisagreements() []*Row {
	return m.Disagree[:min(100, len(m.Disagree))]
}

// RowCount returns the number of rows.
func (m *Matrix) RowCount() int {
	n := 0
	for _, c := range m.Categories {
		for _, g := range c.Sections {
			n += len(g.Rows)
		}
	}
	return n
}

// CategoryNames returns the categories, in order.
func (m *Matrix) CategoryNames() []suite.Category {
	var names []suite.Category
	for _, c := range m.Categories {
		names = append(names, c.Name)
	}
	return names
}

// A Flag is a flag and its note.
type Flag struct {
	Name string
	Note vectors.Note
}

// Flags returns the flags of the rows with their notes, by name.
func (m *Matrix) Flags() []Flag {
	var flags []Flag
	for name, note := range m.Notes {
		flags = append(flags, Flag{name, note})
	}
	sort.Slice(flags, func(i, j int) bool { return flags[i].Name < flags[j].Name })
	return flags
}

func (r *Row) failed() bool {
	for _, c := range r.Cells {
		if c.Status == suite.Fail {
			return true
		}
	}
	return false
}

// statuses says how each column did on the row: "ref pass, js fail".
func (r *Row) statuses(columns []Column) string {
	var parts []string
	for i, c := range r.Cells {
		words := cellWords(c.Status)
		if c.Status == suite.Fail {
			words = "fail (" + c.Difference + ")"
		}
		if columns != nil {
			words = columns[i].Label + ": " + words
		}
		parts = append(parts, words)
	}
	return strings.Join(parts, " | ")
}

// sectionCell returns what a group's cell says of a column: "skip" when
// none of its vectors ran there, "✓" when all that ran passed, and
// otherwise how many failed of those that ran.
func sectionCell(g *Section, col int) string {
	switch {
	case g.Ran[col] == 0:
		return "skip"
	case g.Failed[col] == 0:
		return "✓"
	}
	return fmt.Sprintf("%d/%d", g.Failed[col], g.Ran[col])
}

func symbol(status suite.Status) string {
	switch status {
	case suite.Pass:
		return "✓"
	case suite.Skip:
		return "skip"
	case suite.NotRun:
		return "not run"
	case "":
		return "—"
	}
	return "✗"
}

func cellClass(status suite.Status) string {
	if status == "" {
		return "absent"
	}
	return string(status)
}

func cellWords(status suite.Status) string {
	switch status {
	case suite.Pass:
		return "pass"
	case suite.Fail:
		return "fail"
	case suite.XFail:
		return "expected failure"
	case suite.Skip:
		return "skipped"
	case suite.NotRun:
		return "not run"
	}
	return "not in this report"
}

// refURL returns where a note's reference points: an edge case or section
// of spec/qf.md, or a file of the repository.
func refURL(ref string) string {
	switch {
	case strings.HasPrefix(ref, "EC-"):
		return specURL + "spec/qf.md#" + strings.ToLower(ref)
	case strings.Contains(ref, "/"):
		return specURL + ref
	}
	return specURL + "spec/qf.md#" + strings.ReplaceAll(strings.ToLower(ref), " ", "-")
}

// WriteMarkdown writes the matrix as Markdown for a README: the root
// causes of each implementation, their levels side by side, the failures
// by flag, and the vectors on which they disagree (the first 50).
func (m *Matrix) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# qf conformance matrix\n\n")
	fmt.Fprintf(&b, "%d %s, %d %s; %d on which they disagree.\n\n", len(m.Columns), term.Plural(len(m.Columns), "implementation"),
		m.RowCount(), term.Plural(m.RowCount(), "vector"), len(m.Disagree))
	for _, warning := range m.Warnings {
		fmt.Fprintf(&b, "> %s\n\n", md(warning))
	}
	b.WriteString("## Root causes\n\n")
	for _, c := range m.Columns {
		fmt.Fprintf(&b, "### %s\n\n", md(c.Label))
		if len(c.Causes) == 0 {
			b.WriteString("No failure.\n")
		}
		for i, cause := range c.Causes {
			name, says := cause.Headline()
			name = md(name)
			if flags := causeFlags(cause); flags != "" {
				name = "`" + flags + "` (" + name + ")"
			}
			fmt.Fprintf(&b, "%d. **%s**: %s, %d %s; %s\n", i+1, name, md(says), cause.Failed, term.Plural(cause.Failed, "failure"), md(cause.Evidence))
		}
		for _, p := range c.Problems {
			fmt.Fprintf(&b, "- problem: %s\n", md(term.Clip(p, 300)))
		}
		b.WriteString("\n")
	}
	b.WriteString("## Levels\n\n| |")
	for _, c := range m.Columns {
		fmt.Fprintf(&b, " %s |", md(c.Label))
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(m.Columns)) + "\n")
	for _, cat := range m.CategoryNames() {
		fmt.Fprintf(&b, "| %s |", cat)
		for _, c := range m.Columns {
			l := c.Level(cat)
			cell := l.Text()
			if l.Next != "" {
				cell += " (next " + l.Next + ")"
			}
			fmt.Fprintf(&b, " %s |", md(cell))
		}
		b.WriteString("\n")
	}
	b.WriteString("| passed / failed / skipped |")
	for _, c := range m.Columns {
		fmt.Fprintf(&b, " %d / %d / %d |", c.Passed, c.Failed, c.Skipped)
	}
	b.WriteString("\n\n## Failures by flag\n\nEach cell: the vectors with the flag that failed, of those run; skip when none ran.\n\n| category | flag |")
	for _, c := range m.Columns {
		fmt.Fprintf(&b, " %s |", md(c.Label))
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(m.Columns)) + "\n")
	for _, cat := range m.Categories {
		for _, g := range cat.Sections {
			if !slices.ContainsFunc(g.Failed, func(n int) bool { return n > 0 }) {
				continue
			}
			fmt.Fprintf(&b, "| %s | `%s` |", cat.Name.Name(), g.Flag)
			for col := range g.Failed {
				fmt.Fprintf(&b, " %s |", sectionCell(g, col))
			}
			b.WriteString("\n")
		}
	}
	if len(m.Disagree) > 0 {
		const most = 50
		fmt.Fprintf(&b, "\n## Where they disagree\n\n")
		for i, r := range m.Disagree {
			if i == most {
				fmt.Fprintf(&b, "- and %d more\n", len(m.Disagree)-most)
				break
			}
			fmt.Fprintf(&b, "- `%s`: %s\n", r.ID, md(r.statuses(m.Columns)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// causeFlags returns a cause's Fault flags, joined.
func causeFlags(c diagnosis.Cause) string {
	if c.Flag != "" {
		return c.Flag
	}
	return strings.Join(c.Flags, "+")
}

// md escapes text for a Markdown table cell or line: pipes, backticks,
// angle brackets and line breaks, and what a terminal or renderer would
// act on.
func md(s string) string {
	r := strings.NewReplacer("|", `\|`, "`", "'", "<", "&lt;", ">", "&gt;", "\n", " ", "\r", " ", "*", `\*`, "_", `\_`, "[", `\[`)
	s = r.Replace(s)
	return strings.Map(func(c rune) rune {
		if c < 0x20 || c == 0x7f || (0x80 <= c && c <= 0x9f) {
			return '?'
		}
		return c
	}, s)
}
