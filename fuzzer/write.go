package fuzzer

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// WriteText writes the report for people: the implementation,
// the cases by category and per second, each finding as qf check shows a
// failing vector, what else went wrong, and a closing line "fuzz: N
// cases, N disagreements (seed S: ...)". Text from the implementation is
// escaped.
func (r *Report) WriteText(w io.Writer) {
	if h := r.Implementation; h != nil {
		fmt.Fprintf(w, "implementation: %s %s; ops %s; profiles %s\n", suite.Printable(h.Name, false), suite.Printable(h.Version, false),
			suite.Printable(strings.Join(h.Ops, ", "), false), suite.Printable(strings.Join(h.Profiles, ", "), false))
	}
	var counts []string
	for _, c := range suite.Categories {
		if n, ok := r.Cases[c]; ok {
			counts = append(counts, fmt.Sprintf("%s %d", c, n))
		}
	}
	rate := float64(r.Total()) / max(r.Duration.Seconds(), 1e-9)
	fmt.Fprintf(w, "cases: %s: %d in %.1f s, %.0f/s\n", strings.Join(counts, ", "), r.Total(), r.Duration.Seconds(), rate)
	if r.Restarts > 0 {
		fmt.Fprintf(w, "restarts: %d, after crashes, timeouts and protocol errors\n", r.Restarts)
	}
	if len(r.Findings) > 0 {
		fmt.Fprintf(w, "\n%d %s:\n", len(r.Findings), plural(len(r.Findings), "disagreement"))
	}
	for _, f := range r.Findings {
		fmt.Fprintln(w)
		f.writeText(w)
	}
	for _, p := range r.Problems {
		fmt.Fprintln(w, "\nproblem: "+strings.ReplaceAll(suite.Printable(p, true), "\n", "\n    "))
	}
	fmt.Fprintf(w, "\nfuzz: %d cases, %d %s (seed %d: -seed %d repeats this run)\n", r.Total(), len(r.Findings), plural(len(r.Findings), "disagreement"), r.Seed, r.Seed)
}

// writeText writes the finding as qf check writes a failing vector, then
// how it was found and shrunk.
func (f *Finding) writeText(w io.Writer) {
	res := f.Result
	res.ID, res.Comment, res.Flags = f.Test.ID, f.Test.Comment, f.Test.Flags
	res.WriteText(w)
	again := ""
	if f.Again > 0 {
		again = fmt.Sprintf(", %d more %s the same way", f.Again, plural(f.Again, "case"))
	}
	if f.Repeatable {
		fmt.Fprintf(w, "  found:  after %d %s%s; shrunk in %d %s (%d %s) from %d to %d bytes, %.1f s into the run\n",
			f.Cases, plural(f.Cases, "case"), again, f.Steps, plural(f.Steps, "step"), f.Tries, plural(f.Tries, "try"), len(f.Original), len(inputOf(&f.Test)), f.Elapsed.Seconds())
	} else {
		fmt.Fprintf(w, "  found:  after %d %s%s, %.1f s into the run; not repeatable: asked again on its own, %s.\n"+
			"          The fault depends on the requests before it, or on load, not on this input alone: not shrunk, not written as a vector.\n",
			f.Cases, plural(f.Cases, "case"), again, f.Elapsed.Seconds(), suite.Printable(f.Alone, false))
	}
}

// inputOf returns a test's input: its code, or an encode test's value.
func inputOf(t *vectors.Test) string {
	if t.Value != nil && t.Canonical == "" {
		return string(t.Value)
	}
	s, _ := t.Input()
	return s
}

func plural(n int, word string) string {
	switch {
	case n == 1:
		return word
	case word == "try":
		return "tries"
	}
	return word + "s"
}

// WriteVectors writes the findings into dir as vector files in the suite's
// formats, checked against their schemas: one file per category with
// findings, named CATEGORY-fuzz-SEED.json. Tests whose ids the files of
// dir have already are left out, so that runs can gather their findings in
// one directory for qf check -vectors; so are findings that are not
// repeatable, since alone they pass. It returns the paths written.
func (r *Report) WriteVectors(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	have := map[string]bool{}
	if old, err := suite.LoadVectors(dir); err == nil {
		for _, f := range old {
			for _, t := range f.Tests {
				have[t.ID] = true
			}
		}
	}
	byCategory := map[suite.Category][]vectors.Test{}
	for _, f := range r.Findings {
		if f.Repeatable && !have[f.Test.ID] {
			have[f.Test.ID] = true
			byCategory[f.Result.Category] = append(byCategory[f.Result.Category], f.Test)
		}
	}
	var paths []string
	for _, c := range suite.Categories {
		tests := byCategory[c]
		if len(tests) == 0 {
			continue
		}
		sort.Slice(tests, func(i, j int) bool { return tests[i].ID < tests[j].ID })
		file := vectors.File{Format: "qf", FormatVersion: spec.Version, SuiteVersion: fmt.Sprintf("fuzz-%d", r.Seed),
			Schema: c.Schema(), Op: string(c.Op()), Notes: map[string]vectors.Note{}, Tests: tests}
		if p, ok := c.Profile(); ok {
			file.Profile = p.String()
		}
		for _, t := range tests {
			for _, flag := range t.Flags {
				file.Notes[flag] = vectors.Notes[flag]
			}
		}
		data := file.Bytes()
		if err := vectors.Validate(data); err != nil {
			return paths, fmt.Errorf("fuzzer: the vectors of %s: %v", c, err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%s-fuzz-%d.json", c, r.Seed))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return paths, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}
