// Package term holds what the commands do to text meant for people: text
// that came from outside escaped before it reaches a terminal (Printable),
// long text clipped (Clip), counts in words (Plural), and a line of
// progress rewritten in place (Progress).
package term

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable returns s with what a terminal would act on escaped: control
// characters (but newlines when keepNewlines is set, and tabs), DEL, the
// C1 controls, the bidirectional formatting characters and the line and
// paragraph separators as \xNN or \uNNNN, and each byte that is not UTF-8
// as \xNN. So an implementation's text can neither move the cursor, nor
// clear the screen, nor forge a line of a report.
func Printable(s string, keepNewlines bool) string {
	clean := true
	for _, c := range s {
		if c == utf8.RuneError || c < 0x20 || (0x7f <= c && c <= 0x9f) || isFormatting(c) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case c == '\n' && keepNewlines, c == '\t':
			b.WriteRune(c)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\x%02x", c)
		case (0x80 <= c && c <= 0x9f) || isFormatting(c):
			fmt.Fprintf(&b, "\\u%04x", c)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// isFormatting reports whether c reorders or breaks lines of text: the
// bidirectional controls and the Unicode line and paragraph separators.
func isFormatting(c rune) bool {
	switch {
	case c == 0x061c, c == 0x200e, c == 0x200f, c == 0x2028, c == 0x2029:
		return true
	case 0x202a <= c && c <= 0x202e, 0x2066 <= c && c <= 0x2069:
		return true
	}
	return false
}

// Clip shortens s to about n bytes, not cutting a UTF-8 sequence, saying
// how long it was: "AAAA... (1414 bytes)". A text of at most n bytes is
// returned as it is.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return Prefix(s, n) + fmt.Sprintf("... (%d bytes)", len(s))
}

// Prefix returns the first n bytes of s at most, not cutting a UTF-8
// sequence.
func Prefix[S ~string | ~[]byte](s S, n int) S {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Plural returns one for a count of 1, and the plural otherwise: many
// when given ("entry", "entries"), else one with an s ("failure",
// "failures").
func Plural(n int, one string, many ...string) string {
	switch {
	case n == 1:
		return one
	case len(many) > 0:
		return many[0]
	}
	return one + "s"
}

// Fold breaks s into lines of about width bytes at most, at the last space
// before the width when there is one, else at the width (not cutting a
// UTF-8 sequence), so that a long text is shown whole: nothing is left
// out. The lines are returned without the spaces they were broken at.
func Fold(s string, width int) []string {
	var lines []string
	for len(s) > width {
		cut := strings.LastIndexByte(s[:width+1], ' ')
		next := cut + 1
		if cut <= 0 {
			cut = len(Prefix(s, width))
			if cut == 0 { // a UTF-8 sequence longer than width
				_, cut = utf8.DecodeRuneInString(s)
			}
			next = cut
		}
		lines = append(lines, s[:cut])
		s = s[next:]
	}
	if s == "" && len(lines) > 0 {
		return lines
	}
	return append(lines, s)
}

// LastLines returns the end of a program's standard error for a report:
// its last three lines that are not blank, at most 300 bytes, escaped
// (Printable).
func LastLines(stderr string) string {
	var lines []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, strings.TrimRight(l, "\r"))
		}
	}
	lines = lines[max(0, len(lines)-3):]
	s := strings.Join(lines, "\n")
	if len(s) > 300 {
		s = "..." + s[len(s)-300:]
	}
	return Printable(s, true)
}
