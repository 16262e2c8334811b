package term

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// FoldJSON breaks s, a JSON text, into lines of about width bytes at
// most, as Fold does, but only between its tokens: after a comma, a colon
// or an opening bracket, never inside a string, a number or a literal. So
// the lines pasted back together, with the line breaks and indentation
// between them or without, are the same JSON; a token longer than width
// (a long string) stays whole on a line of its own. What a terminal would
// act on is escaped as Printable escapes it, but within strings as JSON
// escapes (\u007f), so the text keeps its value; a line break between
// tokens becomes a space. A text that is not JSON is folded as Fold folds
// it, escaped by Printable.
func FoldJSON(s string, width int) []string {
	if !json.Valid([]byte(s)) {
		return Fold(Printable(s, false), width)
	}
	var lines []string
	var line strings.Builder
	add := func(unit string) {
		if line.Len() > 0 && line.Len()+len(unit) > width {
			lines = append(lines, strings.TrimRight(line.String(), " \t"))
			line.Reset()
			unit = strings.TrimLeft(unit, " \t")
		}
		line.WriteString(unit)
	}
	// A line breaks after a comma where it can, and else, in a run longer
	// than the width between commas, after a colon or a bracket.
	units := jsonUnits(s)
	for start := 0; start < len(units); {
		end := start + 1
		for end < len(units) && !strings.HasSuffix(units[end-1], ",") {
			end++
		}
		if run := strings.Join(units[start:end], ""); len(strings.TrimSpace(run)) <= width {
			add(run)
		} else {
			for _, u := range units[start:end] {
				add(u)
			}
		}
		start = end
	}
	return append(lines, strings.TrimRight(line.String(), " \t"))
}

// jsonUnits splits a JSON text into the pieces FoldJSON lays out: each
// ends after a comma, a colon or an opening bracket outside strings, or
// at the end, escaped for a terminal.
func jsonUnits(s string) []string {
	var units []string
	var b strings.Builder
	inString := false
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case inString && c == '\\':
			b.WriteString(s[i : i+2]) // an escape: \" is not the string's end
			size = 2
		case inString && c == '"':
			b.WriteByte('"')
			inString = false
		case inString && c == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`) // what a JSON reader makes of the byte
		case inString && (c == 0x7f || (0x80 <= c && c <= 0x9f) || isFormatting(c)):
			fmt.Fprintf(&b, `\u%04x`, c)
		case inString:
			b.WriteString(s[i : i+size])
		case c == '"':
			b.WriteByte('"')
			inString = true
		case c == '\n' || c == '\r':
			b.WriteByte(' ')
		case c == ',' || c == ':' || c == '[' || c == '{':
			b.WriteRune(c)
			units = append(units, b.String())
			b.Reset()
		default:
			b.WriteRune(c)
		}
		i += size
	}
	if b.Len() > 0 {
		units = append(units, b.String())
	}
	return units
}
