package runner

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/suite"
)

// An Expectation is one line of an expected-failures list: the vectors
// whose id matches Pattern (an id, or a glob such as "lenient/*") are
// expected to fail, for Reason.
type Expectation struct {
	Pattern string
	Reason  string
	Line    int
}

// ParseExpectations reads an expected-failures list: one entry per line,
// a pattern and a reason separated by white space; blank lines and lines
// starting with '#' are ignored.
func ParseExpectations(r io.Reader) ([]Expectation, error) {
	var list []Expectation
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pattern, reason := line, ""
		if i := strings.IndexAny(line, " \t"); i >= 0 {
			pattern, reason = line[:i], strings.TrimSpace(line[i:])
		}
		if _, err := path.Match(pattern, ""); err != nil {
			return nil, fmt.Errorf("line %d: bad pattern %q: %v", n, pattern, err)
		}
		if reason == "" {
			return nil, fmt.Errorf("line %d: %q has no reason", n, pattern)
		}
		list = append(list, Expectation{pattern, reason, n})
	}
	return list, sc.Err()
}

// FormatExpectations writes the failed results as an expected-failures list.
func FormatExpectations(w io.Writer, results []suite.Entry) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "# Expected failures for qf check: a vector id or glob, then the reason.")
	for _, r := range results {
		if r.Failed() {
			reason := r.Why()
			if d := r.Explain(); d != "" {
				reason += ": " + term.Printable(d, false)
			}
			fmt.Fprintf(bw, "%s %s\n", r.ID, reason)
		}
	}
	return bw.Flush()
}

// applyExpectations marks the failed results that an expectation lists as
// expected failures, and returns the stale expectations: those matching no
// vector, and those whose vectors all passed.
func applyExpectations(list []Expectation, results []suite.Result) []string {
	var stale []string
	for _, e := range list {
		matched, passed, failed := 0, 0, 0
		for i := range results {
			r := &results[i]
			if ok, _ := path.Match(e.Pattern, r.Test.ID); !ok {
				continue
			}
			matched++
			switch r.Status {
			case suite.Fail:
				r.Status, r.Expected = suite.XFail, e.Reason
				failed++
			case suite.XFail:
				failed++
			case suite.Pass:
				passed++
			}
		}
		switch {
		case matched == 0:
			stale = append(stale, fmt.Sprintf("line %d: %s matches no vector", e.Line, e.Pattern))
		case failed == 0 && passed > 0:
			stale = append(stale, fmt.Sprintf("line %d: %s is expected to fail, but passes", e.Line, e.Pattern))
		}
	}
	return stale
}
