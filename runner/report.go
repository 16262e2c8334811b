package runner

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/suite"
)

// Heading returns the text report's first line, "qf check: suite
// 1.5.0, sha256:...", with its newline: what qf check writes as a run
// begins, before the implementation is started.
func Heading(suiteVersion, digest string) string {
	return fmt.Sprintf("qf check: suite %s, %s\n", suiteVersion, digest)
}

// WriteText writes the report for people: the suite and implementation;
// the counts, level and progress toward the next level by category; the
// root causes of the failures (package diagnosis); with verbose, every
// failing vector and expected failure; stale expectations; what else fails
// the run; and a closing line "check: N passed, N failed, N skipped" (then
// ", N not run", ", N expected failures" and ", N stale expectations"
// when there are any). Without verbose it takes at most Screen lines,
// however broken the implementation. Text that came from the
// implementation is printed with control characters and bytes that are
// not UTF-8 escaped.
func (r *Report) WriteText(w io.Writer, verbose bool) {
	io.WriteString(w, Heading(r.SuiteVersion, r.Digest))
	r.WriteRest(w, verbose)
}

// WriteRest writes the text report after its first line, Heading, which
// was written as the run began; the lines it takes without verbose are
// counted with that one.
func (r *Report) WriteRest(w io.Writer, verbose bool) {
	var head, table, tail strings.Builder
	fmt.Fprintf(&head, "%s, %s mode\n", session.Implementation(r.Command, r.Implementation), r.Mode)
	if r.Restarts > 0 {
		fmt.Fprintf(&head, "restarted %d %s\n", r.Restarts, term.Plural(r.Restarts, "time"))
	}
	for _, n := range r.Notes[:min(len(r.Notes), 3)] {
		fmt.Fprintln(&head, "note:", n)
	}
	if len(r.Notes) > 3 {
		fmt.Fprintf(&head, "note: and %d more (-json has them)\n", len(r.Notes)-3)
	}
	var t totals
	fmt.Fprintf(&table, "\n%-8s %6s %7s %7s %9s %8s %8s  %-11s %s\n", "", "total", "passed", "failed", "expected", "skipped", "not run", "level", "next")
	for _, s := range r.Summaries {
		next := ""
		if s.Next != suite.None {
			next = fmt.Sprintf("%s %d/%d", s.Next, s.AtNext, s.Ran)
		}
		fmt.Fprintf(&table, "%-8s %6d %7d %7d %9d %8d %8d  %-11s %s\n", s.Category, s.Total, s.Passed, s.Failed, s.XFailed, s.Skipped, s.NotRun, s.LevelText(), next)
		t.add(s)
	}
	r.writeEnd(&tail, &t, verbose)
	io.WriteString(w, head.String()+table.String())
	if len(r.Causes) > 0 {
		fmt.Fprintln(w)
		room := Screen - 1 - lineCount(head.String()) - lineCount(table.String()) - lineCount(tail.String()) - 1
		if verbose {
			room = 1 << 20
		}
		diagnosis.WriteText(w, r.Causes, diagnosis.Text{Lines: room, Verbose: verbose})
	}
	if verbose {
		for _, res := range r.Results {
			switch res.Status {
			case suite.Fail:
				fmt.Fprintln(w)
				res.WriteText(w)
			case suite.XFail:
				fmt.Fprintf(w, "\nexpected failure %s: %s\n", res.ID, term.Printable(res.Expected, false))
			}
		}
	}
	io.WriteString(w, tail.String())
}

// Screen is how many lines the text report takes at most, without -v.
const Screen = session.Screen

// writeEnd writes the end of the text report: stale expectations, what
// fails the run, and the closing line; without verbose, each problem in
// at most a few lines.
func (r *Report) writeEnd(w io.Writer, t *totals, verbose bool) {
	const most = 5 // stale entries, and lines of a problem, without verbose
	if len(r.Stale) > 0 {
		fmt.Fprintf(w, "\nstale expected-failure entries (each fails the run):\n")
		for i, s := range r.Stale {
			if i == most && !verbose {
				fmt.Fprintf(w, "  and %d more (-v lists them)\n", len(r.Stale)-most)
				break
			}
			fmt.Fprintln(w, "  "+term.Printable(s, false))
		}
	}
	if !r.OK() && r.ExpectFailTo != "" && r.OnlyVectorsFailed() {
		to := r.ExpectFailTo
		if to == "-" {
			to = "standard output"
		}
		what := fmt.Sprintf("the %d failing %s, all it failed on, %s", t.failed, term.Plural(t.failed, "vector"), term.Plural(t.failed, "is", "are"))
		if t.xfailed > 0 {
			what = fmt.Sprintf("the %d failing %s, all it failed on, and the %d expected %s are", t.failed, term.Plural(t.failed, "vector"), t.xfailed, term.Plural(t.xfailed, "failure"))
		}
		fmt.Fprintf(w, "\nthe run passes with -write-expect-fail: %s written to %s as expected failures\n", what, term.Printable(to, false))
	} else if !r.OK() {
		fmt.Fprintln(w, "\nthe run fails:")
		if t.failed > 0 {
			fmt.Fprintf(w, "- %d %s failed\n", t.failed, term.Plural(t.failed, "vector"))
		}
		if len(r.Stale) > 0 {
			fmt.Fprintf(w, "- %d stale expected-failure %s\n", len(r.Stale), term.Plural(len(r.Stale), "entry", "entries"))
		}
		for _, p := range r.Problems {
			text := term.Printable(p, true)
			if lines := strings.Split(text, "\n"); len(lines) > most && !verbose {
				text = strings.Join(append(lines[:most-1], fmt.Sprintf("[%d more lines: -v or -json shows them]", len(lines)-most+1)), "\n")
			}
			fmt.Fprintln(w, "- "+strings.ReplaceAll(text, "\n", "\n    "))
		}
	}
	fmt.Fprintln(w)
	if r.Deselected > 0 {
		fmt.Fprintf(w, "%d %s deselected\n", r.Deselected, term.Plural(r.Deselected, "vector"))
	}
	fmt.Fprintln(w, r.SummaryLine())
}

func lineCount(s string) int { return strings.Count(s, "\n") }

// SummaryLine returns the report's last line: "check: N passed, N failed,
// N skipped", then ", N not run", ", N expected failures" and ", N stale
// expectations" when there are any. Its words are the table's.
func (r *Report) SummaryLine() string {
	var t totals
	for _, s := range r.Summaries {
		t.add(s)
	}
	line := fmt.Sprintf("check: %d passed, %d failed, %d skipped", t.passed, t.failed, t.skipped)
	if t.notRun > 0 {
		line += fmt.Sprintf(", %d not run", t.notRun)
	}
	if t.xfailed > 0 {
		line += fmt.Sprintf(", %d expected %s", t.xfailed, term.Plural(t.xfailed, "failure"))
	}
	if len(r.Stale) > 0 {
		line += fmt.Sprintf(", %d stale %s", len(r.Stale), term.Plural(len(r.Stale), "expectation"))
	}
	return line
}

type totals struct{ passed, failed, xfailed, skipped, notRun int }

func (t *totals) add(s Summary) {
	t.passed += s.Passed
	t.failed += s.Failed
	t.xfailed += s.XFailed
	t.skipped += s.Skipped
	t.notRun += s.NotRun
}

// WriteJSON writes the whole report as JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// WriteJUnit writes the report as JUnit XML, a test suite per category and
// a test case per vector. Expected failures, skipped and not-run vectors
// are <skipped> with their reason. What else fails the run (Problems, a
// stale expectation) is a failing test case of a suite "run", each.
func (r *Report) WriteJUnit(w io.Writer) error {
	type property struct {
		Name  string `xml:"name,attr"`
		Value string `xml:"value,attr"`
	}
	type message struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr,omitempty"`
		Text    string `xml:",chardata"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Time      string   `xml:"time,attr"`
		Failure   *message `xml:"failure,omitempty"`
		Skipped   *message `xml:"skipped,omitempty"`
		SystemErr string   `xml:"system-err,omitempty"`
	}
	type testsuite struct {
		Name       string     `xml:"name,attr"`
		Tests      int        `xml:"tests,attr"`
		Failures   int        `xml:"failures,attr"`
		Skipped    int        `xml:"skipped,attr"`
		Time       string     `xml:"time,attr"`
		Properties []property `xml:"properties>property"`
		Cases      []testcase `xml:"testcase"`
	}
	type testsuites struct {
		XMLName  xml.Name    `xml:"testsuites"`
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Skipped  int         `xml:"skipped,attr"`
		Time     string      `xml:"time,attr"`
		Suites   []testsuite `xml:"testsuite"`
	}
	seconds := func(s float64) string { return strconv.FormatFloat(s, 'f', 6, 64) }
	all := testsuites{Name: "qf check", Time: seconds(r.Duration)}
	for _, s := range r.Summaries {
		suiteTime := 0.0
		ts := testsuite{Name: s.Category.Name(), Tests: s.Total, Failures: s.Failed, Skipped: s.Skipped + s.NotRun + s.XFailed,
			Properties: []property{{"suite_version", r.SuiteVersion}, {"digest", r.Digest}, {"level", s.LevelText()}, {"mode", string(r.Mode)}}}
		for _, res := range r.Results {
			if res.Category != s.Category {
				continue
			}
			tc := testcase{Name: res.ID, Classname: "qf." + res.Category.Name(), Time: seconds(res.Duration), SystemErr: res.Stderr}
			suiteTime += res.Duration
			switch res.Status {
			case suite.Fail:
				var text strings.Builder
				res.WriteText(&text)
				tc.Failure = &message{Message: res.Why() + ": " + res.Explain(), Type: string(res.Reason), Text: text.String()}
			case suite.XFail:
				tc.Skipped = &message{Message: "expected failure: " + res.Expected}
			case suite.Skip, suite.NotRun:
				tc.Skipped = &message{Message: string(res.Status) + ": " + string(res.Reason) + ", " + res.Detail}
			}
			ts.Cases = append(ts.Cases, tc)
		}
		ts.Time = seconds(suiteTime)
		all.Tests += ts.Tests
		all.Failures += ts.Failures
		all.Skipped += ts.Skipped
		all.Suites = append(all.Suites, ts)
	}
	// What fails the run besides its vectors (an unmet requirement, a stale
	// expectation, nothing checked, the implementation exiting badly): a
	// failing test case each, so that a dashboard that counts failures
	// shows the run failed.
	if len(r.Problems)+len(r.Stale) > 0 {
		ts := testsuite{Name: "run", Properties: []property{{"suite_version", r.SuiteVersion}, {"digest", r.Digest}, {"mode", string(r.Mode)}}}
		for i, p := range r.Problems {
			ts.Cases = append(ts.Cases, testcase{Name: fmt.Sprintf("problem %d", i+1), Classname: "qf.run", Time: seconds(0),
				Failure: &message{Message: term.Clip(p, 200), Type: "problem", Text: p}})
		}
		for _, st := range r.Stale {
			ts.Cases = append(ts.Cases, testcase{Name: "stale expectation: " + st, Classname: "qf.run", Time: seconds(0),
				Failure: &message{Message: "stale expected-failure entry: " + st, Type: "stale", Text: st}})
		}
		ts.Tests, ts.Failures, ts.Time = len(ts.Cases), len(ts.Cases), seconds(0)
		all.Tests += ts.Tests
		all.Failures += ts.Failures
		all.Suites = append(all.Suites, ts)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
