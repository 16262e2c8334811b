// Package compare compares the reports of `qf check -json` across
// implementations, or across versions of one: the code behind `qf report`.
//
// A Matrix has a column per report (the implementation's hello name and
// version), each with its levels and the root causes of its failures
// (package diagnosis), and a row per vector, grouped by category and then
// by the vector's most specific flag (a Fault flag first), each cell the
// vector's status with, for a failure, the first difference from the
// expected answer and the answer itself, clipped. The vectors on which
// the implementations disagree are listed apart. WriteHTML draws it as
// one self-contained page, the details of a failure shown on demand;
// WriteMarkdown as tables for a README.
package compare

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// A Matrix is the comparison of several reports.
type Matrix struct {
	Columns    []Column
	Categories []Category
	Disagree   []*Row                  // the rows on which the columns disagree, in row order
	Notes      map[string]vectors.Note // every flag of the rows, explained
	Warnings   []string                // reports of different suites, say
}

// A Column is one report: an implementation.
type Column struct {
	Label    string // the hello's name and version, or the command; and the source when two are alike
	Source   string // where the report came from, such as its file's name
	Command  string
	Mode     runner.Mode
	Digest   string
	Levels   []Level
	Causes   []diagnosis.Cause // the root causes of its failures
	Passed   int
	Failed   int
	Skipped  int // skipped and not run
	Problems []string
}

// A Level is a column's level on a category, and its progress to the next.
type Level struct {
	Category suite.Category
	Level    suite.Level // the level every test run meets; None when one meets none
	Ran      bool        // a test of the category ran
	InReport bool        // the category is in the report at all
	Next     string      // the level above and the tests that meet it, "L3 262/309"; "" at the top
}

// Text returns what the cell says: the level, "not checked" when no test
// of the category ran, "not in this report" when the report has none.
func (l Level) Text() string {
	switch {
	case !l.InReport:
		return "not in this report"
	case !l.Ran:
		return "not checked"
	}
	return l.Level.String()
}

// Class returns the cell's class in the HTML page: level-ok for a level
// above none, level-none for none or not checked, level-absent when the
// report has no test of the category.
func (l Level) Class() string {
	switch {
	case !l.InReport:
		return "level-absent"
	case !l.Ran || l.Level == suite.None:
		return "level-none"
	}
	return "level-ok"
}

// A Category holds the rows of one vector file.
type Category struct {
	Name     suite.Category
	Sections []*Section
}

// A Section holds the rows whose most specific flag is Flag.
type Section struct {
	Flag   string
	Rows   []*Row
	Failed []int // by column
	Ran    []int // by column: the rows run, passed or failed
}

// A Row is one vector across the columns.
type Row struct {
	ID       string
	Comment  string
	Flags    []string
	Cells    []Cell // by column
	Disagree bool   // the columns do not all pass, or fail differently
	Want     string // what the vector expects, as JSON, clipped; "" when no column failed it
}

// A Cell is one vector in one report.
type Cell struct {
	Status     suite.Status // "" when the report lacks the vector
	Reason     suite.Reason
	Difference string // for a failure, what was wrong
	Got        string // for a failure, the answer as JSON, clipped
}

// Clipping of what a failing cell shows: the page holds every failure of
// every column, so each is short; the reports have them whole.
const (
	clipDifference = 160
	clipAnswer     = 100
)

// Read reads a report written by `qf check -json`, checking it against
// runner.ReportSchema.
func Read(path string) (*runner.Report, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := runner.ValidateReport(data); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var rep runner.Report
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&rep); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &rep, nil
}

// New compares the reports, in the order given; sources says where each
// came from (such as its file's name), to tell apart reports of
// implementations that call themselves alike.
func New(reports []*runner.Report, sources []string) *Matrix {
	m := &Matrix{Notes: map[string]vectors.Note{}}
	digests := map[string]bool{}
	for i, rep := range reports {
		c := column(rep)
		if i < len(sources) {
			c.Source = sources[i]
		}
		m.Columns = append(m.Columns, c)
		digests[rep.Digest] = true
		for flag, note := range rep.FlagNotes {
			m.Notes[flag] = note
		}
	}
	m.labelApart()
	if len(digests) > 1 {
		m.Warnings = append(m.Warnings, fmt.Sprintf("the reports come from %d different suites (digests differ): a vector may mean different things in each", len(digests)))
	}
	rows, order, category := rowsOf(reports)
	primary := primaryFlag(rows)
	byCategory := map[suite.Category]*Category{}
	var categories []suite.Category
	for _, id := range order {
		row := rows[id]
		row.Disagree = disagree(row.Cells)
		if row.Disagree {
			m.Disagree = append(m.Disagree, row)
		}
		name := category[id]
		c := byCategory[name]
		if c == nil {
			c = &Category{Name: name}
			byCategory[name] = c
			categories = append(categories, name)
		}
		c.add(primary(row), row, len(reports))
	}
	for _, name := range categories {
		c := byCategory[name]
		sort.SliceStable(c.Sections, func(i, j int) bool {
			fi, fj := isFault(c.Sections[i].Flag), isFault(c.Sections[j].Flag)
			if fi != fj {
				return fi
			}
			return c.Sections[i].Flag < c.Sections[j].Flag
		})
		m.Categories = append(m.Categories, *c)
	}
	return m
}

func isFault(flag string) bool { return strings.HasPrefix(flag, "Fault") }

// labelApart tells apart columns whose labels are alike, by their source
// or their place.
func (m *Matrix) labelApart() {
	labels := map[string]int{}
	for _, c := range m.Columns {
		labels[c.Label]++
	}
	for i := range m.Columns {
		if labels[m.Columns[i].Label] > 1 {
			if m.Columns[i].Source != "" {
				m.Columns[i].Label += " (" + m.Columns[i].Source + ")"
			} else {
				m.Columns[i].Label += fmt.Sprintf(" (#%d)", i+1)
			}
		}
	}
}

// rowsOf returns the rows of the reports by id, the ids in the order of
// first appearance, and each id's category.
func rowsOf(reports []*runner.Report) (map[string]*Row, []string, map[string]suite.Category) {
	rows := map[string]*Row{}
	var order []string
	category := map[string]suite.Category{}
	for col, rep := range reports {
		for _, res := range rep.Results {
			row := rows[res.ID]
			if row == nil {
				row = &Row{ID: res.ID, Comment: res.Comment, Flags: res.Flags, Cells: make([]Cell, len(reports))}
				rows[res.ID] = row
				order = append(order, res.ID)
				category[res.ID] = res.Category
			}
			cell := Cell{Status: res.Status, Reason: res.Reason}
			if res.Failed() {
				cell.Difference = term.Clip(res.Explain(), clipDifference)
				cell.Got = term.Clip(compact(res.Got), clipAnswer)
				if row.Want == "" {
					row.Want = term.Clip(compact(res.Want), clipAnswer)
				}
			}
			row.Cells[col] = cell
		}
	}
	return rows, order, category
}

// compact returns JSON without its spaces (a report is written
// indented), or as it is when it is not JSON.
func compact(b json.RawMessage) string {
	var out bytes.Buffer
	if json.Compact(&out, b) != nil {
		return string(b)
	}
	return out.String()
}

// primaryFlag returns what gives the most specific flag of a row: a
// Fault flag, else the flag the fewest rows carry.
func primaryFlag(rows map[string]*Row) func(*Row) string {
	carried := map[string]int{}
	for _, row := range rows {
		for _, f := range row.Flags {
			carried[f]++
		}
	}
	return func(row *Row) string {
		best := ""
		for _, f := range row.Flags {
			switch {
			case best == "", isFault(f) && !isFault(best), isFault(f) == isFault(best) && carried[f] < carried[best]:
				best = f
			}
		}
		if best == "" {
			return "(no flag)"
		}
		return best
	}
}

// add adds a row to the group of flag.
func (c *Category) add(flag string, row *Row, columns int) {
	var g *Section
	for _, x := range c.Sections {
		if x.Flag == flag {
			g = x
		}
	}
	if g == nil {
		g = &Section{Flag: flag, Failed: make([]int, columns), Ran: make([]int, columns)}
		c.Sections = append(c.Sections, g)
	}
	g.Rows = append(g.Rows, row)
	for col, cell := range row.Cells {
		if cell.Status.Ran() {
			g.Ran[col]++
		}
		if cell.Status == suite.Fail {
			g.Failed[col]++
		}
	}
}

func column(rep *runner.Report) Column {
	c := Column{Command: strings.Join(rep.Command, " "), Mode: rep.Mode, Digest: rep.Digest, Causes: rep.Causes, Problems: rep.Problems}
	switch {
	case rep.Implementation != nil:
		c.Label = strings.TrimSpace(rep.Implementation.Name + " " + rep.Implementation.Version)
	case c.Command != "":
		c.Label = c.Command
	default:
		c.Label = "in process"
	}
	for _, s := range rep.Summaries {
		next := ""
		if s.Next != suite.None {
			next = fmt.Sprintf("%s %d/%d", s.Next, s.AtNext, s.Ran)
		}
		c.Levels = append(c.Levels, Level{Category: s.Category, Level: s.Level, Ran: s.Ran > 0, InReport: true, Next: next})
		c.Passed += s.Passed
		c.Failed += s.Failed
		c.Skipped += s.Skipped + s.NotRun
	}
	return c
}

// disagree reports whether the cells, those of the reports that have the
// vector, do not all pass or fail alike: some pass and some fail, or they
// fail with different answers.
func disagree(cells []Cell) bool {
	var seen *Cell
	for i := range cells {
		c := &cells[i]
		if c.Status == "" || c.Status == suite.Skip || c.Status == suite.NotRun {
			continue
		}
		if seen == nil {
			seen = c
			continue
		}
		failed := func(c *Cell) bool { return c.Status == suite.Fail || c.Status == suite.XFail }
		if failed(c) != failed(seen) || failed(c) && (c.Got != seen.Got || c.Reason != seen.Reason) {
			return true
		}
	}
	return false
}

// Level returns the column's level on category, or one of no level.
func (c Column) Level(category suite.Category) Level {
	for _, l := range c.Levels {
		if l.Category == category {
			return l
		}
	}
	return Level{Category: category}
}
