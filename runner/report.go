package runner

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// WriteText writes the report for people: the suite and implementation,
// the counts and level by category, each unexpected failure with its
// input, want, got and reason, stale expectations, and a closing line
// "check: N passed, N failed, N skipped".
func (r *Report) WriteText(w io.Writer, verbose bool) {
	fmt.Fprintf(w, "qf check: suite %s, %s\n", r.SuiteVersion, r.Digest)
	if len(r.Command) == 0 {
		fmt.Fprintf(w, "implementation: the built-in reference")
	} else {
		fmt.Fprintf(w, "implementation: %s", strings.Join(r.Command, " "))
	}
	if h := r.Implementation; h != nil {
		fmt.Fprintf(w, " (%s %s; ops %s; profiles %s)", h.Name, h.Version, strings.Join(h.Ops, ", "), strings.Join(h.Profiles, ", "))
	}
	fmt.Fprintf(w, ", %s mode\n", r.Mode)
	for _, n := range r.Notes {
		fmt.Fprintln(w, "note:", n)
	}
	var xfailed, skipped int
	fmt.Fprintf(w, "\n%-8s %6s %7s %7s %9s %8s %8s  %s\n", "", "total", "passed", "failed", "expected", "skipped", "not run", "level")
	for _, s := range r.Summaries {
		fmt.Fprintf(w, "%-8s %6d %7d %7d %9d %8d %8d  %s\n", s.Category, s.Total, s.Passed, s.Failed, s.XFailed, s.Skipped, s.NotRun, s.Level)
		xfailed += s.XFailed
		skipped += s.Skipped + s.NotRun
	}
	passed, failed := 0, 0
	for _, res := range r.Results {
		switch res.Status {
		case StatusPass:
			passed++
		case StatusFail:
			failed++
			fmt.Fprintln(w)
			res.writeText(w)
		case StatusXFail:
			if verbose {
				fmt.Fprintf(w, "\nexpected failure %s: %s\n", res.ID, res.Expected)
			}
		}
	}
	for _, s := range r.Stale {
		fmt.Fprintln(w, "\nstale expected failure:", s)
	}
	if r.Aborted != "" {
		fmt.Fprintln(w, "\nthe run ended early:", r.Aborted)
	}
	fmt.Fprintln(w)
	if xfailed > 0 || r.Deselected > 0 {
		fmt.Fprintf(w, "%d expected failures, %d vectors deselected\n", xfailed, r.Deselected)
	}
	fmt.Fprintf(w, "check: %d passed, %d failed, %d skipped\n", passed, failed, skipped)
}

func (res *Result) writeText(w io.Writer) {
	fmt.Fprintf(w, "FAIL %s: %s\n", res.ID, res.Comment)
	reason := res.Reason
	if res.Detail != "" {
		reason += " (" + res.Detail + ")"
	}
	fmt.Fprintf(w, "  reason: %s\n", reason)
	fmt.Fprintf(w, "  input:  %s\n", clip(string(res.Input)))
	fmt.Fprintf(w, "  want:   %s\n", clip(string(res.Want)))
	if res.Got != nil {
		fmt.Fprintf(w, "  got:    %s\n", clip(string(res.Got)))
	}
	if s := strings.TrimRight(res.Stderr, "\n"); s != "" {
		fmt.Fprintf(w, "  stderr:\n    %s\n", strings.ReplaceAll(clip(s), "\n", "\n    "))
	}
}

// clip shortens s to about 400 bytes for the text report; the JSON report
// has it whole.
func clip(s string) string {
	const n = 400
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("... (%d bytes)", len(s))
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
		Failure   *message `xml:"failure,omitempty"`
		Skipped   *message `xml:"skipped,omitempty"`
		SystemErr string   `xml:"system-err,omitempty"`
	}
	type testsuite struct {
		Name       string     `xml:"name,attr"`
		Tests      int        `xml:"tests,attr"`
		Failures   int        `xml:"failures,attr"`
		Skipped    int        `xml:"skipped,attr"`
		Properties []property `xml:"properties>property"`
		Cases      []testcase `xml:"testcase"`
	}
	type testsuites struct {
		XMLName  xml.Name    `xml:"testsuites"`
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Skipped  int         `xml:"skipped,attr"`
		Suites   []testsuite `xml:"testsuite"`
	}
	all := testsuites{Name: "qf check"}
	for _, s := range r.Summaries {
		ts := testsuite{Name: s.Category, Tests: s.Total, Failures: s.Failed, Skipped: s.Skipped + s.NotRun + s.XFailed,
			Properties: []property{{"suite_version", r.SuiteVersion}, {"digest", r.Digest}, {"level", s.Level}, {"mode", r.Mode}}}
		for _, res := range r.Results {
			if res.Category != s.Category {
				continue
			}
			tc := testcase{Name: res.ID, Classname: "qf." + res.Category, SystemErr: res.Stderr}
			switch res.Status {
			case StatusFail:
				var text strings.Builder
				res.writeText(&text)
				tc.Failure = &message{Message: res.Reason + ": " + res.Detail, Type: res.Reason, Text: text.String()}
			case StatusXFail:
				tc.Skipped = &message{Message: "expected failure: " + res.Expected}
			case StatusSkip, StatusNotRun:
				tc.Skipped = &message{Message: res.Status + ": " + res.Reason}
			}
			ts.Cases = append(ts.Cases, tc)
		}
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
