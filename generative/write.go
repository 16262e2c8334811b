package generative

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Screen is the most lines WriteText writes without verbose.
const Screen = session.Screen

// WriteText writes the report for people: the implementation, the cases
// by category and per second, the causes of the disagreements as qf
// check shows them (with the ids of each cause's examples), what else
// went wrong, and a closing line "fuzz: N cases, N disagreements, N
// causes (seed S: ...)" that says how to repeat the run; in at most
// Screen lines, unless verbose, which also writes every example as qf
// check writes a failing vector, with how it was found and shrunk. Text
// from the implementation is escaped.
func (r *Report) WriteText(w io.Writer, verbose bool) {
	var head, tail strings.Builder
	fmt.Fprintln(&head, session.Implementation(r.Command, r.Implementation))
	var counts []string
	for _, c := range suite.Categories {
		if n, ok := r.Cases[c]; ok {
			counts = append(counts, fmt.Sprintf("%s %d", c, n))
		}
	}
	rate := float64(r.Total()) / max(r.Duration.Seconds(), 1e-9)
	if r.Total() == 0 {
		fmt.Fprintln(&head, "cases: none")
	} else {
		fmt.Fprintf(&head, "cases: %s: %d in %.1f s, %.0f/s; the first %d the suite's vectors\n", strings.Join(counts, ", "), r.Total(), r.Duration.Seconds(), rate, r.Vectors)
	}
	if r.Skipped > 0 {
		fmt.Fprintf(&head, "left out: %d %s drawn that the faults found predict, to look elsewhere\n", r.Skipped, term.Plural(r.Skipped, "case"))
	}
	if r.Restarts > 0 {
		fmt.Fprintf(&head, "restarts: %d, after crashes, timeouts and protocol errors (%.0f/s)", r.Restarts, float64(r.Restarts)/max(r.Duration.Seconds(), 1e-9))
		if r.Lost > 0 {
			share := r.Lost.Seconds() / max(r.Duration.Seconds(), 1e-9)
			fmt.Fprintf(&head, "; they took %.1f s of the run's %.1f s (%.0f%%), %.3f s each: waiting for the answer that never came, ending the process, starting the next",
				r.Lost.Seconds(), r.Duration.Seconds(), 100*min(share, 1), r.Lost.Seconds()/float64(r.Restarts))
			if share > 0.5 {
				fmt.Fprint(&head, ". Most of the run went to them: each failure to answer costs as much, and fewer failures, or a process quicker to end and start, make the run faster")
			}
		}
		fmt.Fprintln(&head)
	}
	if r.Unconfirmed > 0 {
		fmt.Fprintf(&head, "crashes not repeated: %d: the request the implementation died on, asked again alone in a fresh process, was answered\n", r.Unconfirmed)
	}
	if r.Disagreements > r.Kept {
		fmt.Fprintf(&head, "diagnosed: a sample of %d of the %d disagreements, every vector's and up to %d of each way of disagreeing drawn, beside the vectors' agreements and a sample of the others; every count below is of the sample\n",
			r.Kept, r.Disagreements, keepPerWay)
	}
	if r.Capped {
		fmt.Fprintf(&tail, "\nthe run ended early, at the cap of %d causes (-max-causes)\n", r.MaxCauses)
	}
	for _, p := range r.Problems {
		fmt.Fprintln(&tail, "\nproblem: "+term.Clip(strings.ReplaceAll(term.Printable(p, true), "\n", "\n    "), 2000))
	}
	repeats := "repeats this run"
	if r.cut {
		repeats = "repeats its cases; -duration cut what followed them short"
	}
	fmt.Fprintf(&tail, "\nfuzz: %d cases, %d %s, %d %s (-seed %d -n %d %s)\n", r.Total(), r.Disagreements, term.Plural(r.Disagreements, "disagreement"),
		len(r.Causes), term.Plural(len(r.Causes), "cause"), r.Seed, r.Total(), repeats)
	io.WriteString(w, head.String())
	if len(r.Causes) > 0 {
		causes := make([]diagnosis.Cause, len(r.Causes))
		for i, c := range r.Causes {
			causes[i] = c.Cause
		}
		fmt.Fprintln(w)
		room := Screen - lines(head.String()) - lines(tail.String()) - 1
		if verbose {
			room = 1 << 20
		}
		diagnosis.WriteText(w, causes, diagnosis.Text{Lines: room, Unit: "disagreement", Hint: "-v shows every example, -o writes them as vectors",
			Extra: func(i int) []string { return r.Causes[i].examples() }, Verbose: verbose})
	}
	if verbose {
		for _, f := range r.Findings() {
			fmt.Fprintln(w)
			f.writeText(w)
		}
	}
	io.WriteString(w, tail.String())
}

func lines(s string) int { return strings.Count(s, "\n") }

// examples returns the lines under a cause that list its examples, folded.
func (c *Cause) examples() []string {
	if len(c.Findings) == 0 {
		return nil
	}
	var each []string
	for _, f := range c.Findings {
		e := f.Result.Test.ID
		switch {
		case !f.Repeatable:
			e += " (not repeatable)"
		case !f.Minimal && f.Alone == "":
			e += " (shrink stopped early)"
		}
		if len(f.Also) > 0 {
			e += " (also " + joinCategories(f.Also) + ")"
		}
		each = append(each, e)
	}
	lines := term.Fold(term.Printable(term.Plural(len(each), "example: ", "examples: ")+strings.Join(each, ", "), false), 100)
	for i := 1; i < len(lines); i++ {
		lines[i] = "  " + lines[i]
	}
	return lines
}

func joinCategories(cs []suite.Category) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name()
	}
	return strings.Join(names, ", ")
}

// writeText writes the finding as qf check writes a failing vector, then
// how it was found and shrunk.
func (f *Finding) writeText(w io.Writer) {
	f.Result.WriteText(w)
	also := ""
	if len(f.Also) > 0 {
		also = "; the same input disagrees in " + joinCategories(f.Also)
	}
	if !f.Repeatable {
		fmt.Fprintf(w, "  found:  after %d %s, %.1f s into the run; not repeatable: asked again alone, in a fresh process, %s.\n"+
			"          The fault depends on the requests before it, or on load, not on this input alone: not shrunk, not written as a vector.\n",
			f.Cases, term.Plural(f.Cases, "case"), f.Elapsed.Seconds(), term.Printable(f.Alone, false))
		return
	}
	end := "a minimum: no simpler case disagrees so"
	switch {
	case f.Alone != "":
		end = term.Printable(f.Alone, false)
	case !f.Minimal:
		end = "stopped early, at its budget"
	}
	fmt.Fprintf(w, "  found:  after %d %s; shrunk in %d %s (%d %s) from %d to %d bytes, %s; then asked again alone, in a fresh process, as shown; %.1f s into the run%s\n",
		f.Cases, term.Plural(f.Cases, "case"), f.Steps, term.Plural(f.Steps, "step"), f.Tries, term.Plural(f.Tries, "try", "tries"), len(f.Original), len(inputOf(f.Result.Test)), end, f.Elapsed.Seconds(), also)
}

// inputOf returns a test's input: its code, or an encode test's value.
func inputOf(t *vectors.Test) string {
	if (t.Value != nil || t.ValueText != "") && t.Canonical == "" {
		return string(t.ValueInput())
	}
	s, _ := t.Input()
	return s
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
	if old, err := vectors.LoadDir(dir); err == nil {
		for _, f := range old {
			for _, t := range f.Tests {
				have[t.ID] = true
			}
		}
	}
	byCategory := map[suite.Category][]vectors.Test{}
	for _, f := range r.Findings() {
		if f.Repeatable && !have[f.Result.Test.ID] {
			have[f.Result.Test.ID] = true
			byCategory[f.Result.Category] = append(byCategory[f.Result.Category], *f.Result.Test)
		}
	}
	var paths []string
	for _, c := range suite.Categories {
		tests := byCategory[c]
		if len(tests) == 0 {
			continue
		}
		sort.Slice(tests, func(i, j int) bool { return tests[i].ID < tests[j].ID })
		file := c.Header()
		file.SuiteVersion, file.Tests = fmt.Sprintf("fuzz-%d", r.Seed), tests
		for _, t := range tests {
			for _, flag := range t.Flags {
				file.Notes[flag] = vectors.Notes[flag]
			}
		}
		data := file.Bytes()
		if err := vectors.Validate(data); err != nil {
			return paths, fmt.Errorf("generative: the vectors of %s: %v", c, err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%s-fuzz-%d.json", c, r.Seed))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return paths, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}
