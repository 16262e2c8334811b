package diagnosis

import (
	"fmt"
	"io"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
)

// A Text says how WriteText words the causes, and how much room they
// have.
type Text struct {
	Lines int    // at most this many lines, at least 3
	Unit  string // what a cause explains, in the singular: "failure" when ""
	Hint  string // where the whole list is, after the heading: "qf check -v lists every failing vector" when ""
	// Extra, when set, returns more lines under cause i, after its
	// example: shown with its details, when there is room.
	Extra func(i int) []string
	// Verbose adds each cause's claims, a line each, under it.
	Verbose bool
}

// WriteText writes the causes for people in at most t.Lines lines: a
// heading, then each cause with its name, flag, title, the failures it
// explains, its edge cases and where it is confined, and below it its
// evidence, its shortest example and what to change. When the causes do
// not fit, the later ones get their first line only, and the last ones a
// line together; a known fault is never left out of a line of its own
// before the others are. Text that came from the implementation is
// escaped.
func WriteText(w io.Writer, causes []Cause, t Text) {
	if t.Unit == "" {
		t.Unit = "failure"
	}
	if t.Hint == "" {
		t.Hint = "qf check -v lists every failing vector"
	}
	lines := max(t.Lines, 3)
	failed := 0
	for _, c := range causes {
		failed += c.Failed
	}
	fmt.Fprintf(w, "%d %s, %d %s (%s):\n", failed, term.Plural(failed, t.Unit), len(causes), term.Plural(len(causes), "cause", "causes"), t.Hint)
	lines--
	details := func(i int) []string {
		d := details(&causes[i], t.Verbose)
		if t.Extra != nil {
			d = append(d, t.Extra(i)...)
		}
		return d
	}
	// When not every cause fits whole, a line at the end says so.
	whole := len(causes)
	for i := range causes {
		whole += len(details(i))
	}
	if whole > lines && lines > 3 {
		lines--
	}
	full := make([]bool, len(causes))
	shown := make([]bool, len(causes))
	// Every cause on a line of its own, known faults first, while there is
	// room, keeping one line for the rest.
	room := lines
	for _, pass := range []bool{true, false} {
		for i, c := range causes {
			if shown[i] || (c.Kind.Modelled() && c.Kind != faults.Reporting) != pass {
				continue
			}
			left := len(causes) - count(shown) - 1
			if room > 1 || room == 1 && left == 0 {
				shown[i] = true
				room--
			}
		}
	}
	// Then their details, in order, while there is room.
	for i := range causes {
		if shown[i] && room >= len(details(i)) {
			full[i] = true
			room -= len(details(i))
		}
	}
	var rest []string
	for i, c := range causes {
		if !shown[i] {
			rest = append(rest, fmt.Sprintf("%s (%d)", term.Printable(c.Name, false), c.Failed))
			continue
		}
		fmt.Fprintf(w, "%2d. %s\n", i+1, headline(&c, t.Unit))
		if full[i] {
			for _, d := range details(i) {
				fmt.Fprintf(w, "    %s\n", d)
			}
		}
	}
	if len(rest) > 0 {
		for _, l := range folded(fmt.Sprintf("and %d more: %s", len(rest), strings.Join(rest, ", "))) {
			fmt.Fprintf(w, "    %s\n", l)
		}
	}
	if n := count(shown) - count(full); whole > lines && n > 0 {
		fmt.Fprintf(w, "    %s\n", headlineOnly(n, len(rest))) // less than foldWidth: one line
	}
}

// headlineOnly says how many causes a text shows by their headline only,
// for want of room, and how many more by their name in a line.
func headlineOnly(n, inALine int) string {
	s := fmt.Sprintf("(%d %s by %s headline only", n, term.Plural(n, "cause"), term.Plural(n, "its", "their"))
	if inALine > 0 {
		s += fmt.Sprintf(", %d more by %s name above", inALine, term.Plural(inALine, "its", "their"))
	}
	return s + ", for want of room: -v shows every cause whole)"
}

func count(b []bool) int {
	n := 0
	for _, x := range b {
		if x {
			n++
		}
	}
	return n
}

// headline returns a cause's first line: "FaultJunkAsZeros (junk-as-zeros):
// a character outside the alphabet read as six zero bits: 12 failures
// [EC-5]; only: chunks:state-only".
func headline(c *Cause, unit string) string {
	name, says := c.Headline()
	switch {
	case c.Flag != "":
		name = c.Flag + " (" + name + ")"
	case len(c.Flags) > 0:
		name = strings.Join(c.Flags, "+") + " (" + name + ")"
	}
	s := fmt.Sprintf("%s: %s: %d %s", name, says, c.Failed, term.Plural(c.Failed, unit))
	if c.Drawn > c.Failed {
		s += fmt.Sprintf(" (a sample: %d of the %d drawn that disagree in the same ways)", c.Failed, c.Drawn)
	}
	if len(c.Refs) > 0 {
		s += " [" + strings.Join(c.Refs, "; ") + "]"
	}
	if len(c.Only) > 0 {
		s += "; only " + strings.Join(c.Only, ", ")
	}
	return term.Printable(s, false)
}

// folded returns a detail escaped and folded into lines, its continuation
// lines indented: whole, however long.
func folded(s string) []string {
	lines := term.Fold(term.Printable(s, false), foldWidth)
	for i := 1; i < len(lines); i++ {
		lines[i] = "  " + lines[i]
	}
	return lines
}

// foldWidth is the width at which a cause's details are folded.
const foldWidth = 100

// details returns the lines under a cause's headline: what was
// observed, the evidence, the example, the fix.
func details(c *Cause, verbose bool) []string {
	var out []string
	if c.Observed != "" {
		out = append(out, folded("observed: "+c.Observed)...)
	}
	if c.Evidence != "" {
		out = append(out, "evidence: "+c.Evidence)
	}
	if e := c.Example; e != nil {
		out = append(out, folded(fmt.Sprintf("e.g. %s %s: %s", e.ID, e.Input, e.Difference))...)
		if e.Stderr != "" {
			out = append(out, folded("stderr: "+strings.ReplaceAll(e.Stderr, "\n", " | "))...)
		}
	}
	if c.Fix != "" {
		out = append(out, "fix: "+c.Fix)
	}
	for _, cl := range c.Claims[:len(c.Claims)*boolInt(verbose)] {
		got := string(cl.Got) + string(cl.Reason)
		out = append(out, folded(term.Clip(fmt.Sprintf("claim: %s %q: got %s, want %s", cl.Category, cl.Input, got, cl.Want), 400))...)
	}
	return out
}
