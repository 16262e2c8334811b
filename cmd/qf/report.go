package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/qf-format/qf-conformance/compare"
	"github.com/qf-format/qf-conformance/generative"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/vectors"
)

const reportSynopsis = `[-o FILE] [-format html|md] REPORT.json...

Compares the reports that 'qf check -json' wrote, of several
implementations or several versions of one: a column per report, a row per
vector, grouped by category and flag, each cell pass or fail with the
answer on demand; the levels of each at the top, and the vectors on which
they disagree. HTML is one page that needs no network; Markdown is for a
README. Each report is checked against runner/report.schema.json.

flags:`

func runReport(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("report", reportSynopsis, stdout, stderr)
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	format := fs.String("format", "", "html or md; by default md for a FILE ending in .md, html otherwise")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errUsage
	}
	if *format == "" {
		*format = "html"
		if strings.HasSuffix(*out, ".md") {
			*format = "md"
		}
	}
	if *format != "html" && *format != "md" {
		fmt.Fprintf(stderr, "qf report: -format %q: want html or md\n", *format)
		return errUsage
	}
	var reports []*runner.Report
	var sources []string
	for _, path := range fs.Args() {
		if data, err := os.ReadFile(path); err == nil && runner.ValidateReport(data) != nil {
			fmt.Fprintf(stderr, "qf report: %s: %s\n", term.Printable(path, false), notACheckReport(data))
			return errReported
		}
		rep, err := compare.Read(path)
		if err != nil {
			fmt.Fprintf(stderr, "qf report: %s\n", term.Printable(err.Error(), false))
			return errReported
		}
		reports = append(reports, rep)
		sources = append(sources, strings.TrimSuffix(filepath.Base(path), ".json"))
	}
	m := compare.New(reports, sources)
	write := m.WriteHTML
	if *format == "md" {
		write = m.WriteMarkdown
	}
	if *out == "" {
		return write(stdout)
	}
	return writeFile(*out, write)
}

// notACheckReport says what data, which is no report of qf check -json,
// is instead: a file qf writes for another command, text that is not
// JSON (where it stops being JSON), or JSON that the report's schema
// refuses (where, and why).
func notACheckReport(data []byte) string {
	if kind := otherReport(data); kind != "" {
		return "this is " + kind + "; qf report reads the reports of qf check -json"
	}
	lines := &lineCounter{r: bytes.NewReader(data)}
	dec := jsontext.NewDecoder(lines, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if _, err := dec.ReadValue(); err != nil {
		return "not a report of qf check -json: " + lines.position(err, dec.InputOffset())
	}
	err := runner.ValidateReport(data)
	return "not a report of qf check -json: " + term.Printable(strings.TrimPrefix(err.Error(), "runner: the report "), false)
}

// otherReport says what data is when it is a file that qf writes, other
// than a qf check -json report, and which command reads it; "" for
// anything else.
func otherReport(data []byte) string {
	text := strings.TrimSpace(string(data))
	switch {
	case generative.ValidateReport(data) == nil:
		return "a qf fuzz report (qf fuzz -json), which no qf command reads: to check the cases it found, qf fuzz -o DIR writes them as vector files, and qf check -vectors DIR -- COMMAND runs them"
	case vectors.Validate(data) == nil:
		return "a vector file, such as qf fuzz -o writes: qf check -vectors DIR -- COMMAND runs the vector files in its directory"
	case strings.HasPrefix(text, "<?xml") || strings.HasPrefix(text, "<testsuites"):
		return "XML, such as qf check -junit writes for a CI dashboard"
	case strings.HasPrefix(text, "# Expected failures for qf check"):
		return "an expected-failures list (qf check -write-expect-fail), which qf check -expect-fail reads"
	}
	return ""
}
