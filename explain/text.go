package explain

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/render"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// WriteText writes the explanation for a terminal: a line saying whether
// the code is accepted, the table of its fields (bit offset, width, bits,
// the characters holding them, path, value, meaning), then, for an
// accepted code, its canonical code and board (a record's last position),
// and for a rejected one the error under the input, pointed at like a
// compiler's diagnostic. Input is shown escaped, and a window of it when
// long.
func (e *Explanation) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	verdict := "accepted"
	if e.Err != nil {
		verdict = "rejected"
	}
	fmt.Fprintf(bw, "%s: %s (%s), %s\n\n", clipped(e.Input, 40), verdict, e.Profile, e.summary())
	e.writeFields(bw)
	if e.Err != nil {
		e.writeError(bw)
	} else {
		e.writeBoard(bw)
	}
	if ids := e.EdgeCases(); len(ids) > 0 {
		var named []string
		for _, id := range ids {
			named = append(named, id+" "+strings.ReplaceAll(spec.EdgeCaseTitle(id), "`", "'"))
		}
		fmt.Fprintf(bw, "\nedge cases (spec/qf.md): %s\n", strings.Join(named, "; "))
	}
	return bw.Flush()
}

// summary says what the input holds: its length, and for an accepted code
// its chunks.
func (e *Explanation) summary() string {
	s := fmt.Sprintf("%d %s", len(e.Input), term.Plural(len(e.Input), "byte"))
	if len(e.used) != len(e.Input) {
		s += fmt.Sprintf(", %d in the alphabet", len(e.used))
	}
	if v := e.Value; v != nil {
		parts := []string{"no State", "no record"}
		if v.State != nil {
			parts[0] = "a State"
		}
		if v.Record != nil {
			parts[1] = fmt.Sprintf("a record of %d %s", len(v.Record.Moves), term.Plural(len(v.Record.Moves), "move"))
		}
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

func (e *Explanation) writeFields(w io.Writer) {
	if len(e.Fields) == 0 {
		if e.Err != nil && e.Err.Kind == ref.ErrInvalidCharacter {
			fmt.Fprintf(w, "no field was read: in the strict profile every character is checked first\n\n")
		}
		return
	}
	fmt.Fprintf(w, "%5s %5s  %-10s  %-7s  %-30s %5s  %s\n", "bit", "width", "bits", "chars", "field", "value", "meaning")
	for _, f := range e.Fields {
		mark := " "
		if f.Fault {
			mark = "!"
		}
		fmt.Fprintf(w, "%5d %5d  %-10s  %-7s %s%-30s %5d  %s\n", f.Offset, f.Width, f.Bits, charRange(f.First, f.Last), mark, f.Path, f.Value, f.Meaning)
	}
	if e.Err == nil && e.Padding != "" {
		what := "zero, as they must be"
		if strings.Contains(e.Padding, "1") {
			what = "not zero: ignored in the lenient profile"
		}
		fmt.Fprintf(w, "%5d %5d  %-10s  %-7s  %-30s %5s  %s\n", e.Bits, len(e.Padding), e.Padding, charRange(e.charOf(e.Bits), e.charOf(e.Bits)), "(padding)", "", what)
	}
	if chars := (e.Bits + 5) / 6; e.Err == nil && chars < len(e.used) {
		n := len(e.used) - chars
		fmt.Fprintf(w, "%5d %5d  %-10s  %-7s  %-30s %5s  %s\n", 6*chars, 6*n, "", charRange(e.used[chars], e.used[len(e.used)-1]), "(trailing data)", "",
			fmt.Sprintf("%d %s after the code: ignored in the lenient profile", n, term.Plural(n, "character")))
	}
	fmt.Fprintln(w)
}

func charRange(first, last int) string {
	if first == last {
		return strconv.Itoa(first)
	}
	return fmt.Sprintf("%d-%d", first, last)
}

// writeBoard writes an accepted code's canonical code and its board: the
// State's, or the position after the record's last legal move.
func (e *Explanation) writeBoard(w io.Writer) {
	same := ""
	if e.Canonical == e.Input {
		same = " (the input)"
	}
	fmt.Fprintf(w, "canonical code: %s%s\n", e.Canonical, same)
	v := e.Value
	moves := 0
	switch {
	case v.Record != nil && len(v.Record.Moves) == 0:
		fmt.Fprintln(w, "record: no moves; the board:")
	case v.Record != nil:
		positions, violation := rules.Replay(v)
		moves = len(positions)
		if violation != nil {
			m := v.Record.Moves[violation.Move]
			fmt.Fprintf(w, "record: %s, %s, breaks the rules: %s; the board after the %d %s before it:\n", rules.MoveLabel(violation.Move), rules.MoveName(m), violation.Kind, moves, term.Plural(moves, "move"))
		} else {
			fmt.Fprintf(w, "record: %d %s, all legal; the board after the last:\n", moves, term.Plural(moves, "move"))
		}
	case v.State != nil:
		if kinds := rules.Validate(v.State); len(kinds) > 0 {
			fmt.Fprintf(w, "the State breaks the rules: %v\n", kinds)
		}
		fmt.Fprintln(w, "the board of the State:")
	default:
		fmt.Fprintln(w, "no State and no record: the initial position")
	}
	b, err := render.BoardOf(v, moves)
	if err != nil {
		return // cannot be: moves are legal up to there
	}
	fmt.Fprintln(w)
	render.Text(w, b, render.FlagHighlight|render.FlagInfo)
}

// writeError writes the error, then the input (or a window of it) with a
// caret under the span it points at, then what the characters there hold.
func (e *Explanation) writeError(w io.Writer) {
	err := e.Err
	fmt.Fprintf(w, "error: %s\n", printable(err.Error()))
	line, carets := e.pointer()
	fmt.Fprintf(w, "  %s\n  %s\n", line, carets)
	switch err.Kind {
	case ref.ErrTruncated:
		width := layoutField(err.Field).Width
		fmt.Fprintf(w, "  the code ends here: %s starts at bit %d and needs %d %s; the code has %d\n",
			err.Field, err.Offset, width, term.Plural(width, "bit"), 6*len(e.used))
	case ref.ErrOutOfRange:
		f := e.Fields[len(e.Fields)-1]
		fmt.Fprintf(w, "  %s is bits %d-%d, in %s: %s = %d, out of range 0-%d\n",
			f.Path, f.Offset, f.Offset+f.Width-1, e.charsBits(f.First, f.Last), f.Bits, f.Value, layoutField(f.Path).Max)
	case ref.ErrNonzeroPadding:
		c := e.charOf(err.Offset)
		fmt.Fprintf(w, "  the padding bits %d-%d, after the last field, are the end of %s and must be 0\n",
			err.Offset, 6*len(e.used)-1, e.charsBits(c, c))
	case ref.ErrTrailingData:
		n := len(e.Input) - err.Offset
		fmt.Fprintf(w, "  the fields end at bit %d, in character %d; the %d %s after it %s not part of the code\n",
			e.Bits, err.Offset-1, n, term.Plural(n, "character"), term.Plural(n, "is", "are"))
	}
}

// charsBits shows the characters first to last with their bits:
// "'g' = 100000" or "'g' 'U' = 100000 010100".
func (e *Explanation) charsBits(first, last int) string {
	var chars, bits []string
	for i := first; i <= last && i < len(e.Input); i++ {
		if c := strings.IndexByte(alphabet, e.Input[i]); c >= 0 {
			chars = append(chars, "'"+e.Input[i:i+1]+"'")
			bits = append(bits, fmt.Sprintf("%06b", c))
		}
	}
	what := "character " + charRange(first, last)
	if first != last {
		what = "characters " + charRange(first, last)
	}
	return fmt.Sprintf("%s, %s = %s", what, strings.Join(chars, " "), strings.Join(bits, " "))
}

// A token is one character of the input as shown: itself when it is
// printable ASCII, an escape otherwise, so that every column is one byte
// of the terminal and a caret lines up.
type token struct {
	start, end int // its bytes in the input
	text       string
}

func tokens(s string) []token {
	var out []token
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		text := s[i : i+n]
		switch {
		case r == utf8.RuneError && n <= 1:
			text = fmt.Sprintf(`\x%02x`, s[i])
		case r == '\\':
			text = `\\`
		case r < 0x20 || r == 0x7f || r > 0x7e:
			text = strings.Trim(strconv.QuoteRuneToASCII(r), "'")
		}
		out = append(out, token{i, i + n, text})
		i += n
	}
	return out
}

// window is the most columns of input pointer shows.
const window = 72

// pointer returns the input, or a window of it around the error's span,
// and the line of carets under the span: '^' under its first column, '~'
// under the rest; one '^' past the end for a truncated code.
func (e *Explanation) pointer() (line, carets string) {
	toks := tokens(e.Input)
	first, last := len(toks), len(toks) // the tokens of the span
	for k, t := range toks {
		if t.end > e.Span[0] && first == len(toks) {
			first = k
		}
		if t.start < e.Span[1] {
			last = k
		}
	}
	if e.Span[1] <= e.Span[0] || last < first {
		last = first
	}
	// Choose the tokens to show: all, or a window from lo to hi.
	lo, hi := 0, len(toks)
	width := func(a, b int) int {
		n := 0
		for _, t := range toks[a:b] {
			n += len(t.text)
		}
		return n
	}
	if width(0, len(toks)) > window {
		// From the span's first token, as much of the span as fits: a
		// span wider than the window (trailing data) is shown in part.
		lo, hi = first, min(first+1, len(toks))
		for lo > 0 && width(lo-1, hi) <= window/2 {
			lo--
		}
		for hi < len(toks) && width(lo, hi+1) <= window {
			hi++
		}
		for lo > 0 && width(lo-1, hi) <= window {
			lo--
		}
	}
	var b, c strings.Builder
	if lo > 0 {
		fmt.Fprintf(&b, "...(%d bytes) ", toks[lo].start)
	}
	c.WriteString(strings.Repeat(" ", b.Len()))
	for k := lo; k < hi; k++ {
		t := toks[k]
		b.WriteString(t.text)
		switch {
		case k == first:
			c.WriteString("^" + strings.Repeat("~", len(t.text)-1))
		case k > first && k <= last:
			c.WriteString(strings.Repeat("~", len(t.text)))
		case k < first:
			c.WriteString(strings.Repeat(" ", len(t.text)))
		}
	}
	if first == len(toks) {
		c.WriteString("^")
	}
	if hi < len(toks) {
		fmt.Fprintf(&b, " ...(%d bytes)", len(e.Input)-toks[hi].start)
	}
	return b.String(), strings.TrimRight(c.String(), " ")
}

// Short returns input quoted and escaped (printable ASCII as it is, '"'
// and anything else as a Go escape) and cut to about 40 columns, saying
// how long it was: for a message that names an input that may be long,
// empty, end in a space or hold anything: "A ", "", "QA\xff".
func Short(input string) string {
	s := clipped(input, 40)
	end := ""
	if i := strings.LastIndex(s, "...("); i >= 0 && strings.HasSuffix(s, " bytes)") {
		s, end = s[:i], s[i:]
	}
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` + end
}

// clipped returns s escaped, at most n columns of it.
func clipped(s string, n int) string {
	var b strings.Builder
	for _, t := range tokens(s) {
		if b.Len()+len(t.text) > n {
			fmt.Fprintf(&b, "...(%d bytes)", len(s))
			break
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// printable escapes what is not printable ASCII in an error message, which
// may quote the input.
func printable(s string) string {
	var b strings.Builder
	for _, t := range tokens(s) {
		if t.text == `\\` {
			t.text = `\`
		}
		b.WriteString(t.text)
	}
	return b.String()
}
