package runner

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/suite"
)

// WriteText writes the report for people: the suite and implementation;
// the counts, level and progress toward the next level by category; the
// failures grouped by cause, each with its flag's note, the edge cases it
// documents and its shortest failing vector; with verbose, every failing
// vector and expected failure; stale expectations; what else fails the
// run; and a closing line "check: N passed, N failed, N skipped" (then
// ", N not run", ", N expected failures" and ", N stale expectations"
// when there are any). Text that came from the implementation is printed
// with control characters and bytes that are not UTF-8 escaped.
func (r *Report) WriteText(w io.Writer, verbose bool) {
	fmt.Fprintf(w, "qf check: suite %s, %s\n", r.SuiteVersion, r.Digest)
	if len(r.Command) == 0 {
		fmt.Fprintf(w, "implementation: the built-in reference")
	} else {
		fmt.Fprintf(w, "implementation: %s", suite.Printable(strings.Join(r.Command, " "), false))
	}
	if h := r.Implementation; h != nil {
		fmt.Fprintf(w, " (%s %s; ops %s; profiles %s)", suite.Printable(h.Name, false), suite.Printable(h.Version, false),
			suite.Printable(strings.Join(h.Ops, ", "), false), suite.Printable(strings.Join(h.Profiles, ", "), false))
	}
	fmt.Fprintf(w, ", %s mode\n", r.Mode)
	if r.Restarts > 0 {
		fmt.Fprintf(w, "restarted %d %s\n", r.Restarts, plural(r.Restarts, "time"))
	}
	for _, n := range r.Notes {
		fmt.Fprintln(w, "note:", n)
	}
	var t totals
	fmt.Fprintf(w, "\n%-8s %6s %7s %7s %9s %8s %8s  %-11s %s\n", "", "total", "passed", "failed", "expected", "skipped", "not run", "level", "next")
	for _, s := range r.Summaries {
		next := ""
		if s.Next != suite.None {
			next = fmt.Sprintf("%s %d/%d", s.Next, s.AtNext, s.Ran)
		}
		fmt.Fprintf(w, "%-8s %6d %7d %7d %9d %8d %8d  %-11s %s\n", s.Category, s.Total, s.Passed, s.Failed, s.XFailed, s.Skipped, s.NotRun, s.LevelText(), next)
		t.add(s)
	}
	if len(r.Causes) > 0 {
		r.writeCauses(w, t.failed)
	}
	if verbose {
		for _, res := range r.Results {
			switch res.Status {
			case suite.Fail:
				fmt.Fprintln(w)
				res.WriteText(w)
			case suite.XFail:
				fmt.Fprintf(w, "\nexpected failure %s: %s\n", res.ID, suite.Printable(res.Expected, false))
			}
		}
	}
	if len(r.Stale) > 0 {
		fmt.Fprintf(w, "\nstale expected-failure entries (each fails the run):\n")
		for _, s := range r.Stale {
			fmt.Fprintln(w, "  "+suite.Printable(s, false))
		}
	}
	if !r.OK() {
		fmt.Fprintln(w, "\nthe run fails:")
		if t.failed > 0 {
			fmt.Fprintf(w, "- %d %s failed\n", t.failed, plural(t.failed, "vector"))
		}
		if len(r.Stale) > 0 {
			fmt.Fprintf(w, "- %d stale expected-failure %s\n", len(r.Stale), plural(len(r.Stale), "entry", "entries"))
		}
		for _, p := range r.Problems {
			fmt.Fprintln(w, "- "+strings.ReplaceAll(suite.Printable(p, true), "\n", "\n    "))
		}
	}
	fmt.Fprintln(w)
	if r.Deselected > 0 {
		fmt.Fprintf(w, "%d vectors deselected\n", r.Deselected)
	}
	fmt.Fprintln(w, r.SummaryLine())
}

// maxCauses bounds the causes the text report shows with an example; the
// others are named on one line, so that the report fits on a screen.
const maxCauses = 14

// writeCauses writes the causes of the failures: a line and an example
// each, then the flags that explain nothing more.
func (r *Report) writeCauses(w io.Writer, failed int) {
	fmt.Fprintf(w, "\n%d %s: %s.\n", failed, plural(failed, "failure"), diagnosis.Ways(r.Results))
	fmt.Fprintln(w, "By cause (flags and facets whose vectors fail more than the others, faults first; -v lists every vector):")
	inputs := map[string]string{}
	for i := range r.Results {
		if r.Results[i].Status == suite.Fail {
			inputs[r.Results[i].ID] = clipText(string(r.Results[i].Input), 40)
		}
	}
	var also []string
	shown := 0
	for _, c := range r.Causes {
		count := fmt.Sprintf("%s %d/%d", c.Name(), c.Failed, c.Total)
		if c.Also || shown == maxCauses && c.Reason != diagnosis.ReasonSpread {
			also = append(also, count)
			continue
		}
		shown++
		refs := ""
		if len(c.Refs) > 0 {
			refs = " [" + strings.Join(c.Refs, "; ") + "]"
		}
		only := ""
		if len(c.Only) > 0 {
			only = " Only: " + strings.Join(c.Only, ", ") + "."
		}
		fmt.Fprintf(w, "  %-24s %s%s%s\n", count, c.Note, refs, only)
		for _, ex := range c.Examples {
			fmt.Fprintf(w, "  %-24s e.g. %s %s: %s\n", "", ex.ID, suite.Printable(inputs[ex.ID], false), suite.Printable(clipText(ex.Difference, 160), false))
		}
	}
	if len(also) > 0 {
		const most = 12
		line := strings.Join(also[:min(most, len(also))], ", ")
		if len(also) > most {
			line += fmt.Sprintf(" and %d more", len(also)-most)
		}
		fmt.Fprintf(w, "  also failing, explained above or as often as the rest: %s\n", line)
	}
}

// clipText shortens s to about n bytes.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return suite.Clip(s, n)
}

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
		line += fmt.Sprintf(", %d expected %s", t.xfailed, plural(t.xfailed, "failure"))
	}
	if len(r.Stale) > 0 {
		line += fmt.Sprintf(", %d stale %s", len(r.Stale), plural(len(r.Stale), "expectation"))
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

// plural returns word for 1 and its plural (forms[0], or word+"s")
// otherwise.
func plural(n int, word string, forms ...string) string {
	switch {
	case n == 1:
		return word
	case len(forms) > 0:
		return forms[0]
	}
	return word + "s"
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
// are <skipped> with their reason.
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
			Properties: []property{{"suite_version", r.SuiteVersion}, {"digest", r.Digest}, {"level", s.LevelText()}, {"mode", r.Mode}}}
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
