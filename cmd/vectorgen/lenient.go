package main

import (
	"strings"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/ref"
)

// junk is what people paste around and inside codes, with the flag of its
// class.
var junk = []struct{ name, text, flag string }{
	{"space", " ", "Whitespace"},
	{"tab", "\t", "Whitespace"},
	{"lf", "\n", "Whitespace"},
	{"crlf", "\r\n", "Whitespace"},
	{"equals", "=", "EqualsSign"},
	{"equals-2", "==", "EqualsSign"},
	{"minus", "-", "OtherAscii"},
	{"underscore", "_", "OtherAscii"},
	{"e-acute", "é", "NonAscii"},
	{"emoji", "🙂", "NonAscii"},
	{"byte-ff", "\xff", "NonAscii"},
	{"bom", "\ufeff", "NonAscii"},
}

// addLenient adds the lenient decoding tests but the corpus and the random
// values: junk inserted anywhere, trailing characters and padding, each
// decoding to the value of the clean code, and the errors that remain.
func addLenient(s *builder) {
	const valid = "valid"
	bases := []struct {
		name, code string
		flags      []string // of the clean code
	}{
		{"viewer-position", "j7oklAHMe1ICg", []string{"FaultChunkRejected"}},
		{"initial-board", "gkwAAAAQ", []string{"FaultChunkRejected"}},
		{"short-record", "QEBAQ", nil},
		{"neither-chunk", "A", []string{"NeitherChunk", "FaultChunkRejected"}},
		{"state-and-record", mustEncode(combinations()[3].value), nil},
	}
	for _, b := range bases {
		s.decode(b.name, "The clean code "+b.code+".", valid, b.code, b.flags...)
		for _, j := range junk {
			for _, at := range []struct {
				name string
				pos  int
			}{{"first", 0}, {"middle", len(b.code) / 2}, {"last", len(b.code)}} {
				if at.name == "middle" && (at.pos == 0 || at.pos == len(b.code)) {
					continue
				}
				input := b.code[:at.pos] + j.text + b.code[at.pos:]
				s.decode(b.name+"-"+j.name+"-"+at.name, quote(j.text)+" inserted "+where(at.name)+" "+b.code+": deleted.", valid, input,
					j.flag, "DeletionNotHoles")
			}
		}
	}
	s.decode("viewer-position-space-not-hole", "j7ok lAHMe1ICg: the space is deleted; read as 'A' it would shift every later field.", valid,
		"j7ok lAHMe1ICg", "DeletionNotHoles", "FaultJunkAsZeros", "Whitespace", "FaultOneProfile")
	s.decode("initial-board-leading-space-not-hole", "A leading space: deleted, where the fansite's scripts would read flags 00.", valid,
		" gkwAAAAQ", "DeletionNotHoles", "FaultJunkAsZeros", "Whitespace")
	s.decode("wrapped-lines", "The viewer's record wrapped every 10 characters with CRLF and indented.", valid,
		"QuBAQEk6yV\r\n  qpfcBgTio\r\n  6WQr0JiSJK\r\n  LLMYLb1vyY\r\n  mBmRk\r\n", "Whitespace", "DeletionNotHoles")
	s.decode("base64-padding", "The viewer's position padded with '=' as standard Base64 would: accepted.", valid,
		"j7oklAHMe1ICg===", "EqualsSign", "FaultPadding")
	s.decode("trailing-characters", "The viewer's position followed by 'AAAA': ignored.", valid, "j7oklAHMe1ICgAAAA", "TrailingData", "FaultOneProfile")
	s.decode("trailing-code-twice", "A code pasted twice: the second copy is ignored.", valid, "j7oklAHMe1ICgj7oklAHMe1ICg", "TrailingData")
	s.decode("trailing-characters-then-junk", "'A' (flags 00), seven more characters and a line break: the characters after the last field are ignored, the line break deleted, however far past the fields it comes.", valid,
		"AAAAAAAA\n", "TrailingData", "Whitespace")
	s.decode("trailing-characters-then-non-alphabet", "The viewer's position, twelve more characters and a '-': the characters after the last field are ignored and the '-' deleted, however many come before it (a reader taking eight characters at a time meets it in its second group).", valid,
		"j7oklAHMe1ICgAAAAAAAAAAAA-", "TrailingData", "OtherAscii")
	s.decode("trailing-after-exact-length", "'QAA': the extra 'A' after an exactly filled code is ignored.", valid, "QAA", "TrailingData", "ExactLength")
	s.decode("nonzero-padding", "j7oklAHMe1ICh: a 1 in the padding bits is ignored.", valid, "j7oklAHMe1ICh", "NonzeroPadding", "FaultOneProfile")
	s.decode("nonzero-padding-neither-chunk", "'D': flags 00 with padding 0011.", valid, "D", "NonzeroPadding")
	s.decode("record-illegal-south", "White's first move south from e1, off the board, pasted with a line break: illegal, but it decodes.", valid,
		"QB\nQ", "RulesNotChecked", "FaultRulesApplied")
	s.decode("padding-trailing-and-junk", "gkwAAAAR==\\n then more: nonzero padding, '=', a newline and trailing characters.", valid,
		"gkwAAAAR==\nAAAA", "NonzeroPadding", "TrailingData", "EqualsSign")

	// Errors that remain, with bit offsets counted over the kept characters.
	truncated, outOfRange := string(ref.ErrTruncated), string(ref.ErrOutOfRange)
	s.decode("empty", "The empty string: truncated at bit 0.", truncated, "", "Truncated", "FaultCrashOnShortInput")
	s.decode("only-junk", "Nothing but junk: after deletion, the empty string.", truncated, " =\r\n-_é", "Truncated", "DeletionNotHoles")
	s.decode("truncated-white", "'=g=': flags 10, then 4 bits.", truncated, "=g=", "Truncated")
	s.decode("truncated-move-count", "'Q' after a line break.", truncated, "\nQ", "Truncated")
	s.decode("truncated-turn", "gkwAAAA with junk: zero-filling would read turn 0.", truncated, "gkw AAAA==", "Truncated", "FaultZeroFill")
	s.decode("truncated-maximum", "The longest code without its last character, wrapped: bit 8478.", truncated,
		wrap(maxCode[:len(maxCode)-1], 64), "Truncated", "ErrorPosition")
	s.decode("square-81-after-junk", "White 81 after two spaces: bit 2 of the kept characters.", outOfRange,
		"  "+code("10", stateBits(81, 76, 1)), "SquareRange")
	black99 := code("10", stateBits(4, 99, 1))
	s.decode("square-99-black-with-junk", "Black 99 with '==' inside: bit 9 of the kept characters.", outOfRange,
		black99[:1]+"=="+black99[1:], "SquareRange")
	s.decode("wall-count-12", "A wall count of 12 with a newline inside the code.", outOfRange,
		strings.Replace(code("10", f(4, 7), f(76, 7), f(12, 4), strings.Repeat(f(1, 6), 12)), "A", "A\n", 1), "WallCountRange")
}

// addLenientRandom adds n random codes with junk inserted at random places.
func addLenientRandom(s *builder, r *gen.Rand, n int) {
	for seen := map[string]bool{}; len(seen) < n; {
		c := mustEncode(r.Value())
		input := c
		flags := map[string]bool{"Random": true, "DeletionNotHoles": true}
		for k := 1 + r.Intn(4); k > 0; k-- {
			j := junk[r.Intn(len(junk))]
			pos := r.Intn(len(input) + 1)
			for pos < len(input) && input[pos]&0xc0 == 0x80 { // not inside a UTF-8 sequence
				pos++
			}
			input = input[:pos] + j.text + input[pos:]
			flags[j.flag] = true
		}
		if seen[input] {
			continue
		}
		seen[input] = true
		s.decode("random-"+digest(input), "A random code with junk inserted.", "valid", input, sortedKeys(flags)...)
	}
}

func quote(s string) string {
	switch s {
	case "\n":
		return "A line feed"
	case "\r\n":
		return "CRLF"
	case "\t":
		return "A tab"
	case " ":
		return "A space"
	case "\xff":
		return "The byte 0xff"
	case "\ufeff":
		return "A byte order mark"
	}
	return "'" + s + "'"
}

func where(at string) string {
	switch at {
	case "first":
		return "before"
	case "last":
		return "after"
	}
	return "in the middle of"
}

func wrap(s string, width int) string {
	var b strings.Builder
	for len(s) > width {
		b.WriteString(s[:width] + "\n")
		s = s[width:]
	}
	b.WriteString(s + "\n")
	return b.String()
}
