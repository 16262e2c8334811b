package main

import (
	"strings"

	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
)

// The outcomes a test is meant to show.
const (
	valid       = "valid"
	invalidChar = string(ref.ErrInvalidCharacter)
	truncated   = string(ref.ErrTruncated)
	outOfRange  = string(ref.ErrOutOfRange)
	trailing    = string(ref.ErrTrailingData)
	padding     = string(ref.ErrNonzeroPadding)
	malformed   = string(ref.ErrMalformed)
	legal       = "" // a replay that breaks no rule
)

// addStrict adds the strict decoding tests but the corpus and the random
// values: the edge cases of spec/qf.md and the boundaries of every field
// and error kind.
func addStrict(s *builder) {
	addStrictValid(s)
	addStrictCharacters(s)
	addStrictTruncated(s)
	addStrictOutOfRange(s)
	addStrictEnd(s)
}

// addStrictValid adds the valid codes at the edges: the shortest, every boundary of a field, what the format holds and the rules forbid.
func addStrictValid(s *builder) {
	s.decode("neither-chunk", "Flags 00 alone: no State, no Record; the shortest code.", valid, "A",
		"NeitherChunk", "Minimum", "FaultChunkRejected")
	s.decode("empty-record", "A Record of 0 moves: 12 bits that fill 2 characters exactly.", valid, "QA",
		"EmptyRecord", "ExactLength", "FaultEmptyRecord")
	s.decode("state-and-empty-record", "Both chunks: the initial State and an empty Record.", valid,
		code("11", stateBits(4, 76, 1), f(0, 10)), "EmptyRecord", "FaultChunkRejected", "FaultEmptyRecord")
	s.decode("turn-0", "Turn 0 decodes: the turn is not compared with anything.", valid,
		code("10", stateBits(4, 76, 0)), "TurnNumber", "Boundary")
	s.decode("turn-1023", "The largest turn.", valid, code("10", stateBits(4, 76, 1023)), "Boundary")
	s.decode("squares-0-80", "White on a1 (0), black on i9 (80): the ends of the square range.", valid,
		code("10", stateBits(0, 80, 1)), "SquareRange", "Boundary")
	s.decode("squares-80-0", "White on i9 (80), black on a1 (0).", valid,
		code("10", stateBits(80, 0, 1)), "SquareRange", "Boundary")
	s.decode("anchors-0-63", "Wall anchors 0 and 63, the ends of the anchor range, in every group; a wall last move at 63.", valid,
		code("10", f(4, 7), f(76, 7), groupBits(0, 63), groupBits(63, 0), groupBits(0), groupBits(63), "1", "1", f(63, 6), f(9, 10)),
		"Boundary")
	s.decode("walls-descending-duplicates", "White's horizontal walls 63, 0, 63: kept in this order, the duplicate included.", valid,
		code("10", f(4, 7), f(76, 7), groupBits(63, 0, 63), "0000", "0000", "0000", "0", "0", f(4, 10)),
		"WallOrder", "FaultWallsReordered")
	s.decode("last-move-wall-missing", "A wall last move at anchor 40, where no wall stands: valid.", valid,
		code("10", stateBits(4, 76, 2)[:30], "0", "1", f(40, 6), f(2, 10)), "LastMoveNoWall", "FaultLastMoveWallError")
	s.decode("pawn-last-move-turn-1023", "A pawn last move: the next 10 bits are the turn, 1023.", valid,
		code("10", stateBits(13, 67, 1023)), "PawnLastMove", "FaultPlaceAfterPawn")
	s.decode("last-move-black-turn-10", "Black moved last, at turn 10 (the turn's parity would say white): kept.", valid,
		code("10", stateBits(31, 49, 10)[:30], "1", "0", f(10, 10)), "LastMovePlayer", "FaultPlayerFromParity")
	s.decode("twenty-walls-one-player", "White has 10 horizontal and 10 vertical walls: each group is within its limit.", valid,
		code("10", f(4, 7), f(76, 7), groupBits(seq(10, 0, 2)...), groupBits(seq(10, 33, 2)...), "0000", "0000", "0", "1", f(49, 6), f(21, 10)),
		"RulesNotChecked", "WallCountRange")
	s.decode("pawns-on-one-square", "Both pawns on e5 (40): the rules forbid it, the format does not.", valid,
		code("10", stateBits(40, 40, 7)), "RulesNotChecked")
	s.decode("crossing-walls", "White's horizontal and black's vertical wall at the same anchor 18 cross: it decodes.", valid,
		code("10", f(4, 7), f(76, 7), groupBits(18), "0000", "0000", groupBits(18), "1", "1", f(18, 6), f(3, 10)),
		"RulesNotChecked")
	s.decode("record-after-state-black-moved-last", "A State where black moved last at turn 6, then a record: white moves first.", valid,
		code("11", stateBits(13, 67, 6)[:30], "1", "0", f(6, 10), f(2, 10), "0000", "0100"), "FirstMover")
	s.decode("record-i1-east", "White on i1 moves east (2): square arithmetic would reach a2; the code itself decodes.", valid,
		code("11", stateBits(8, 76, 2)[:30], "1", "0", f(2, 10), f(1, 10), "0010"), "EdgeMove", "FaultRulesApplied")
	s.decode("record-illegal-south", "White's first move south from e1, off the board: illegal, but the code decodes.", valid,
		code("01", f(1, 10), "0100"), "RulesNotChecked", "FaultRulesApplied")
	s.decode("record-walls-crossing", "White's wall c3h, then black's c3v crossing it: illegal, but the code decodes.", valid,
		code("01", f(2, 10), "10"+f(18, 6), "11"+f(18, 6)), "RulesNotChecked", "FaultRulesApplied")
	s.decode("record-every-direction", "Eight pawn moves, directions 0 to 7.", valid,
		code("01", f(8, 10), "0000", "0001", "0010", "0011", "0100", "0101", "0110", "0111"), "Boundary")
	s.decode("record-wall-moves-0-63", "Wall moves h0, v0, h63, v63.", valid,
		code("01", f(4, 10), "10"+f(0, 6), "11"+f(0, 6), "10"+f(63, 6), "11"+f(63, 6)), "Boundary")
	s.decode("length-5", "QEBAQ: 5 characters, a length standard Base64 refuses.", valid, "QEBAQ", "Base64Length", "FaultBase64Library")
	s.decode("maximum", "The longest code: 40 walls, a wall last move, 1023 wall moves; 8484 bits, 1414 characters, no padding.", valid,
		maxCode, "Maximum", "MoveCountLimit", "ExactLength", "WallCountRange")
}

// addStrictCharacters adds invalid_character for each class of character, at the first, a middle and the last position.
func addStrictCharacters(s *builder) {
	s.decode("equals-first", "An '=' first.", invalidChar, "=gkwAAAAQ", "EqualsSign", "ErrorPosition", "FaultPadding")
	s.decode("equals-after-code", "The initial board with one '=' of padding.", invalidChar, "gkwAAAAQ=", "EqualsSign", "FaultPadding")
	s.decode("equals-padding-to-16", "j7oklAHMe1ICg padded with '=' to a multiple of 4.", invalidChar, "j7oklAHMe1ICg===", "EqualsSign", "FaultPadding")
	s.decode("equals-only", "A lone '='.", invalidChar, "=", "EqualsSign")
	s.decode("space-middle", "A space in the middle (the fansite's scripts would read it as 'A').", invalidChar, "gkwA AAAQ",
		"Whitespace", "ErrorPosition", "FaultJunkAsZeros", "FaultOneProfile")
	s.decode("space-leading", "A leading space (the fansite's scripts would turn both flags off).", invalidChar, " gkwAAAAQ",
		"Whitespace", "FaultJunkAsZeros")
	s.decode("tab-trailing", "A tab after the code.", invalidChar, "gkwAAAAQ\t", "Whitespace")
	s.decode("cr-middle", "A CR in the middle: standard Base64 decoders skip it even in strict mode.", invalidChar, "j7oklAH\rMe1ICg", "Whitespace", "FaultBase64Library")
	s.decode("lf-trailing", "A line feed after the code, as read from a file.", invalidChar, "j7oklAHMe1ICg\n", "Whitespace", "FaultBase64Library")
	s.decode("crlf-wrapped", "A code wrapped with CRLF after 8 characters.", invalidChar,
		"QuBAQEk6\r\nyVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk", "Whitespace", "FaultBase64Library")
	s.decode("url-safe-minus", "The hidden-costs game in the URL-safe alphabet: '-' for '+'.", invalidChar,
		strings.ReplaceAll("ReBPNKwglK4p8Gkm5WkJ0CvCzSZGKEZmgmRkqm8QuSQCYmJiQkBAICZGQC2+IAhqBhRERiAgRkYgIE", "+", "-"),
		"OtherAscii", "FaultJunkAsZeros", "FaultBase64Library")
	s.decode("url-safe-underscore", "An '_', URL-safe for '/'.", invalidChar, "Q_A", "OtherAscii", "FaultBase64Library")
	s.decode("percent-encoded-equals", "An '=' percent-encoded from a URL.", invalidChar, "j7oklAHMe1ICg%3D", "OtherAscii")
	s.decode("dot-trailing", "A full stop after the code, as in a sentence.", invalidChar, "gkwAAAAQ.", "OtherAscii")
	s.decode("nul-byte", "A NUL byte.", invalidChar, "gk\x00wAAAAQ", "OtherAscii")
	s.decode("non-ascii-middle", "An 'é' (2 bytes in UTF-8) in the middle.", invalidChar, "gkwAéAAAQ", "NonAscii", "ErrorPosition")
	s.decode("non-ascii-after-non-ascii", "'é' then 'ü': the offset is the first byte of the first.", invalidChar, "gkéüwAAAAQ", "NonAscii")
	s.decode("byte-order-mark", "A UTF-8 byte order mark first.", invalidChar, "\ufeffgkwAAAAQ", "NonAscii")
	s.decode("fullwidth-letter", "A fullwidth 'ｇ' (U+FF47), as a Japanese input method may type it.", invalidChar, "ｇkwAAAAQ", "NonAscii")
	s.decode("emoji-trailing", "An emoji (4 bytes) after the code.", invalidChar, "gkwAAAAQ🙂", "NonAscii")
	s.decode("not-utf8", "A byte 0xff, which is not UTF-8.", invalidChar, "gkw\xffAAAQ", "NonAscii")
	s.decode("invalid-before-truncation", "'=' after a truncated code: characters are checked first.", invalidChar, "Q=",
		"Precedence", "EqualsSign")
	s.decode("invalid-after-maximum", "'=' after the longest code: at offset 1414.", invalidChar, maxCode+"=",
		"EqualsSign", "ErrorPosition")
	s.decode("invalid-after-long-input", "'=' after 2000 'A's: the character is reported, not the length.", invalidChar,
		strings.Repeat("A", 2000)+"=", "LongInput", "Precedence")
}

// addStrictTruncated adds truncated in every chunk, at bit 0 and at the last position.
func addStrictTruncated(s *builder) {
	s.decode("empty", "The empty string: truncated at bit 0, the state flag.", truncated, "",
		"Truncated", "FaultCrashOnShortInput", "ErrorPosition")
	s.decode("truncated-white", "Flags 10, then 4 bits: white's square needs 7.", truncated, "g",
		"Truncated", "FaultCrashOnShortInput")
	s.decode("truncated-black", "Black's square runs past the end.", truncated, code("10", f(4, 7), "100"), "Truncated")
	s.decode("truncated-wall-count", "The first wall count runs past the end.", truncated, code("10", f(4, 7), f(76, 7), "00"), "Truncated")
	s.decode("truncated-wall-anchor", "Two walls announced, one anchor present.", truncated,
		code("10", f(4, 7), f(76, 7), f(2, 4), f(18, 6)), "Truncated", "FaultZeroFill")
	s.decode("truncated-last-move-place", "A wall last move whose place runs past the end.", truncated,
		code("10", f(4, 7), f(76, 7), noWalls, "0", "1", "00"), "Truncated")
	s.decode("truncated-turn", "The initial board without its last character: zero-filling would read turn 0.", truncated,
		"gkwAAAA", "Truncated", "FaultZeroFill")
	s.decode("truncated-move-count", "Flags 01, then 4 bits: the move count needs 10.", truncated, "Q",
		"Truncated", "FaultCrashOnShortInput")
	s.decode("truncated-move-kind", "Three moves announced, two present: the third's kind bit is missing.", truncated,
		code("01", f(3, 10), "0000", "10"+f(9, 6)), "Truncated", "FaultZeroFill")
	s.decode("truncated-move-dir", "The second move's direction runs past the end.", truncated,
		code("01", f(2, 10), "0000", "0"), "Truncated", "FaultZeroFill")
	s.decode("truncated-move-place", "A wall move's anchor runs past the end.", truncated,
		code("01", f(1, 10), "1", "0", "0000"), "Truncated")
	s.decode("truncated-maximum", "The longest code without its last character: the last move's anchor at bit 8478.", truncated,
		maxCode[:len(maxCode)-1], "Truncated", "ErrorPosition")
	for n := 1; n < len("j7oklAHMe1ICg"); n++ {
		s.decode("viewer-position-prefix-"+itoa(n), "The first "+itoa(n)+" "+term.Plural(n, "character")+" of j7oklAHMe1ICg.", truncated,
			"j7oklAHMe1ICg"[:n], "Truncated")
	}
}

// addStrictOutOfRange adds out_of_range for squares and counts, each limit, and the last position.
func addStrictOutOfRange(s *builder) {
	s.decode("square-81-white", "White on square 81, one past the board.", outOfRange,
		code("10", stateBits(81, 76, 1)), "SquareRange", "Boundary", "ErrorPosition")
	s.decode("square-127-white", "White on square 127, the largest the 7 bits hold.", outOfRange,
		code("10", stateBits(127, 76, 1)), "SquareRange")
	s.decode("square-81-black", "Black on square 81.", outOfRange, code("10", stateBits(4, 81, 1)), "SquareRange", "Boundary")
	s.decode("square-127-black", "Black on square 127.", outOfRange, code("10", stateBits(4, 127, 1)), "SquareRange")
	groups := []string{"white-h", "white-v", "black-h", "black-v"}
	for g, name := range groups {
		for _, n := range []int{10, 11, 15} {
			bits := make([]string, 4)
			for i := range bits {
				bits[i] = "0000"
			}
			bits[g] = f(n, 4) + strings.Repeat(f(g*8+5, 6), n)
			want, flags := valid, []string{"WallCountRange", "Boundary"}
			comment := "The " + name + " group at its limit of 10 walls."
			if n > 10 {
				want, flags = outOfRange, []string{"WallCountRange"}
				comment = "The " + name + " group with a count of " + itoa(n) + " (and as many anchors)."
				if n == 11 {
					flags = append(flags, "Boundary")
				}
			}
			s.decode("walls-"+itoa(n)+"-"+name, comment, want,
				code("10", f(4, 7), f(76, 7), strings.Join(bits, ""), "0", "0", f(5, 10)), flags...)
		}
	}
	s.decode("wall-count-last-position", "30 walls, then a black vertical count of 11: the last place a count can be, bit 208.", outOfRange,
		code("10", f(4, 7), f(76, 7), groupBits(seq(10, 0, 3)...), groupBits(seq(10, 1, 3)...), groupBits(seq(10, 2, 3)...), f(11, 4)),
		"WallCountRange", "ErrorPosition")
	s.decode("out-of-range-before-truncation", "White 81 and nothing after: the square is reported first.", outOfRange,
		code("10", f(81, 7)), "Precedence", "SquareRange")
	s.decode("out-of-range-at-the-last-bit", "White's vertical wall count 12 in the last 4 bits of the code: out of range, though the anchors it counts are not there.", outOfRange,
		code("10", f(4, 7), f(76, 7), "0000", f(12, 4)), "Precedence", "WallCountRange")
	s.decode("out-of-range-before-trailing-data", "Black 99, then extra characters.", outOfRange,
		code("10", stateBits(4, 99, 1))+"AAAA", "Precedence", "SquareRange")
}

// addStrictEnd adds trailing_data and nonzero_padding at the first and last positions, and their precedence.
func addStrictEnd(s *builder) {
	s.decode("trailing-after-neither-chunk", "'AA': flags 00 fill 1 character; the second is extra.", trailing, "AA",
		"TrailingData", "FaultIgnoresTrailing", "ErrorPosition")
	s.decode("trailing-after-initial-board", "The initial board and an extra 'A'.", trailing, "gkwAAAAQA",
		"TrailingData", "FaultIgnoresTrailing", "FaultOneProfile")
	s.decode("trailing-after-exact-length", "'QAA': an empty record's 12 bits fill 2 characters; no third is written.", trailing, "QAA",
		"TrailingData", "ExactLength", "FaultIgnoresTrailing")
	s.decode("trailing-code-twice", "A code pasted twice.", trailing, "j7oklAHMe1ICgj7oklAHMe1ICg", "TrailingData")
	s.decode("trailing-after-maximum", "The longest code and one more character, at offset 1414.", trailing, maxCode+"A",
		"TrailingData", "ErrorPosition", "LongInput")
	s.decode("trailing-long-input", "2000 'A's: flags 00 and 1999 extra characters.", trailing, strings.Repeat("A", 2000),
		"TrailingData", "LongInput")
	s.decode("trailing-before-padding", "'BA': nonzero padding and an extra character; trailing data comes first.", trailing, "BA",
		"Precedence", "TrailingData")

	// nonzero_padding at the first and last positions.
	s.decode("padding-neither-chunk", "'B': flags 00 with padding 0001.", padding, "B", "NonzeroPadding", "ErrorPosition")
	s.decode("padding-all-ones", "'D': flags 00 with padding 0011.", padding, "D", "NonzeroPadding")
	s.decode("padding-initial-board", "gkwAAAAR: the initial board with padding 0001 at bit 44.", padding, "gkwAAAAR", "NonzeroPadding", "FaultOneProfile")
	s.decode("padding-viewer-position", "j7oklAHMe1ICh: padding 0001 after 74 bits.", padding, "j7oklAHMe1ICh", "NonzeroPadding")
	s.decode("padding-last-position", "The longest code with padding, 8480 bits, with a 1 in its padding.", padding,
		maxPaddedCode[:len(maxPaddedCode)-1]+"B", "NonzeroPadding", "ErrorPosition")
}
