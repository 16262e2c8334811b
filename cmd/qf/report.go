package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/qf-format/qf-conformance/compare"
	"github.com/qf-format/qf-conformance/runner"
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
		rep, err := compare.Read(path)
		if err != nil {
			fmt.Fprintf(stderr, "qf report: %v\n", err)
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
