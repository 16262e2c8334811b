package ref_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// errorCase is a code that must be rejected with exactly this error.
type errorCase struct {
	name   string
	code   string
	kind   ref.ErrorKind
	unit   ref.Unit
	offset int
	field  string
}

// tb is what checkError needs of a *testing.T or a *rapid.T.
type tb interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

func checkError(t tb, c errorCase, err error) {
	t.Helper()
	var e *ref.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: got error %v (%T), want a *ref.Error of kind %s", c.name, err, err, c.kind)
	}
	got := errorCase{c.name, c.code, e.Kind, e.Unit, e.Offset, e.Field}
	if got != c {
		t.Errorf("%s: got %s %v %d field %q, want %s %v %d field %q (%v)",
			c.name, e.Kind, e.Unit, e.Offset, e.Field, c.kind, c.unit, c.offset, c.field, err)
	}
	if !errors.Is(err, c.kind) {
		t.Errorf("%s: errors.Is(err, %s) is false", c.name, c.kind)
	}
	if !strings.HasPrefix(err.Error(), "ref: ") {
		t.Errorf("%s: message %q lacks the package prefix", c.name, err)
	}
}

func TestDecodeErrors(t *testing.T) {
	max := mustEncode(maxValue())
	// The longest code whose last character has padding bits: its last
	// move is a pawn move, 4 bits shorter than a wall.
	v := maxValue()
	v.Record.Moves[spec.MaxMoves-1] = ref.PieceMove(2)
	maxPadded := mustEncode(v)
	// 30 walls, then a black vertical count of 11.
	thirty := strings.Repeat(b(10, 4)+strings.Repeat(b(5, 6), 10), 3)

	cases := []errorCase{
		// invalid_character: first, middle and last positions, every class
		// of character of EC-1..EC-4, and its precedence over the rest.
		{"equals first", "=gkwAAAAQ", ref.ErrInvalidCharacter, ref.Char, 0, ""},
		{"equals last", "gkwAAAAQ=", ref.ErrInvalidCharacter, ref.Char, 8, ""},
		{"equals only", "=", ref.ErrInvalidCharacter, ref.Char, 0, ""},
		{"space middle", "gkwA AAAQ", ref.ErrInvalidCharacter, ref.Char, 4, ""},
		{"tab", "gkwAAAAQ\t", ref.ErrInvalidCharacter, ref.Char, 8, ""},
		{"CR", "gkwA\rAAAQ", ref.ErrInvalidCharacter, ref.Char, 4, ""},
		{"LF", "gkwAAAAQ\n", ref.ErrInvalidCharacter, ref.Char, 8, ""},
		{"url-safe minus", "gk-AAAAQ", ref.ErrInvalidCharacter, ref.Char, 2, ""},
		{"url-safe underscore", "_", ref.ErrInvalidCharacter, ref.Char, 0, ""},
		{"dot", "gkwAAAA.", ref.ErrInvalidCharacter, ref.Char, 7, ""},
		{"non-ASCII byte offset", "gkwé", ref.ErrInvalidCharacter, ref.Char, 3, ""},
		{"after non-ASCII", "é=", ref.ErrInvalidCharacter, ref.Char, 0, ""},
		{"emoji", "Q🙂A", ref.ErrInvalidCharacter, ref.Char, 1, ""},
		{"not UTF-8", "gkw\xffAAAQ", ref.ErrInvalidCharacter, ref.Char, 3, ""},
		{"NUL", "\x00", ref.ErrInvalidCharacter, ref.Char, 0, ""},
		{"before truncation", "Q=", ref.ErrInvalidCharacter, ref.Char, 1, ""},
		{"after a long valid prefix", strings.Repeat("A", 2000) + "=", ref.ErrInvalidCharacter, ref.Char, 2000, ""},
		{"after the maximum", max + "\n", ref.ErrInvalidCharacter, ref.Char, spec.MaxChars, ""},

		// truncated: at bit 0, in each chunk, and at the last position.
		{"empty", "", ref.ErrTruncated, ref.Bit, 0, "flags.state"},
		{"white", "g", ref.ErrTruncated, ref.Bit, 2, "state.white"},
		{"move count", "Q", ref.ErrTruncated, ref.Bit, 2, "record.moves.count"},
		{"turn", "gkwAAAA", ref.ErrTruncated, ref.Bit, 34, "state.turn"},
		{"wall anchor", toCode(bits("10", b(4, 7), b(76, 7), b(2, 4), b(18, 6))), ref.ErrTruncated, ref.Bit, 26, "state.walls.white.h[1]"},
		{"move direction", toCode(bits("01", b(2, 10), "0000", "0")), ref.ErrTruncated, ref.Bit, 17, "record.moves[1].dir"},
		{"last possible", max[:len(max)-1], ref.ErrTruncated, ref.Bit, spec.MaxBits - 6, "record.moves[1022].place"},

		// out_of_range: the first square, both limits of each field, and
		// the last count that can be out of range.
		{"white 81", toCode(bits("10", stateBits(81, 76))), ref.ErrOutOfRange, ref.Bit, 2, "state.white"},
		{"white 127", toCode(bits("10", stateBits(127, 76))), ref.ErrOutOfRange, ref.Bit, 2, "state.white"},
		{"black 81", toCode(bits("10", stateBits(4, 81))), ref.ErrOutOfRange, ref.Bit, 9, "state.black"},
		{"white h count 11", toCode(bits("10", b(4, 7), b(76, 7), b(11, 4))), ref.ErrOutOfRange, ref.Bit, 16, "state.walls.white.h.count"},
		{"white v count 15", toCode(bits("10", b(4, 7), b(76, 7), b(0, 4), b(15, 4), strings.Repeat("0", 90))), ref.ErrOutOfRange, ref.Bit, 20, "state.walls.white.v.count"},
		{"last possible count", toCode(bits("10", b(4, 7), b(76, 7), thirty, b(11, 4))), ref.ErrOutOfRange, ref.Bit, 208, "state.walls.black.v.count"},
		{"before truncation", toCode(bits("10", b(81, 7))), ref.ErrOutOfRange, ref.Bit, 2, "state.white"},
		{"before trailing data", toCode(bits("10", stateBits(90, 76))) + "AAAA", ref.ErrOutOfRange, ref.Bit, 2, "state.white"},

		// trailing_data: the first position, after a complete character
		// (EC-18), and after the maximum.
		{"after A", "AA", ref.ErrTrailingData, ref.Char, 1, ""},
		{"after gkwAAAAQ", "gkwAAAAQA", ref.ErrTrailingData, ref.Char, 8, ""},
		{"after an exact character", "QAA", ref.ErrTrailingData, ref.Char, 2, ""},
		{"after the maximum", max + "A", ref.ErrTrailingData, ref.Char, spec.MaxChars, ""},
		{"long input", strings.Repeat("A", 1<<16), ref.ErrTrailingData, ref.Char, 1, ""},
		{"before nonzero padding", "BA", ref.ErrTrailingData, ref.Char, 1, ""},

		// nonzero_padding: the first, a middle and the last position.
		{"B", "B", ref.ErrNonzeroPadding, ref.Bit, 2, ""},
		{"D", "D", ref.ErrNonzeroPadding, ref.Bit, 2, ""},
		{"gkwAAAAR", "gkwAAAAR", ref.ErrNonzeroPadding, ref.Bit, 44, ""},
		{"last possible", maxPadded[:len(maxPadded)-1] + "B", ref.ErrNonzeroPadding, ref.Bit, spec.MaxBits - 4, ""},
	}
	for _, c := range cases {
		v, err := ref.Decode(c.code)
		if v != nil {
			t.Errorf("%s: got a value as well as %v", c.name, err)
		}
		checkError(t, c, err)
	}
}

func TestLenientDecode(t *testing.T) {
	want, err := ref.Decode("j7oklAHMe1ICg")
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{
		"j7oklAHMe1ICg",
		" j7ok lAHM\r\ne1ICg==\n",
		"j7ok-lAHMe1_ICg",
		"\tj7oklAHMe1ICg.",
		"j7oklAHMeé1ICg\xff",
		"j7oklAHMe1ICg" + "AAAA",  // trailing characters
		"j7oklAHMe1ICh",           // nonzero padding
		"j7oklAHMe1ICj====\n\nQQ", // both
	} {
		got, err := ref.Lenient.Decode(code)
		if err != nil {
			t.Errorf("Lenient.Decode(%q): %v", code, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Lenient.Decode(%q) (-want +got):\n%s", code, diff)
		}
	}

	cases := []errorCase{
		{"empty", "", ref.ErrTruncated, ref.Bit, 0, "flags.state"},
		{"only junk", " =\r\n==", ref.ErrTruncated, ref.Bit, 0, "flags.state"},
		{"white", "=g=", ref.ErrTruncated, ref.Bit, 2, "state.white"},
		{"move count", "\nQ", ref.ErrTruncated, ref.Bit, 2, "record.moves.count"},
		{"bits of kept characters", "  " + toCode(bits("10", stateBits(81, 76))), ref.ErrOutOfRange, ref.Bit, 2, "state.white"},
		{"black 99", toCode(bits("10", stateBits(4, 99)))[:2] + "==" + toCode(bits("10", stateBits(4, 99)))[2:], ref.ErrOutOfRange, ref.Bit, 9, "state.black"},
	}
	for _, c := range cases {
		_, err := ref.Lenient.Decode(c.code)
		checkError(t, c, err)
	}
}

func TestDecodeValues(t *testing.T) {
	cases := []struct {
		code string
		want *ref.Value
	}{
		{"A", &ref.Value{}}, // EC-9
		{"QA", &ref.Value{Record: &ref.Record{Moves: []ref.Move{}}}}, // EC-10
		{"gkwAAAAQ", &ref.Value{State: &ref.State{White: 4, Black: 76, Turn: 1}}},
		// A pawn last move has no place: the turn follows (EC-20).
		{toCode(bits("10", stateBits(80, 0)[:30], "1", "0", b(1023, 10))),
			&ref.Value{State: &ref.State{White: 80, Black: 0, LastMove: ref.LastMove{Player: ref.Black}, Turn: 1023}}},
		// Duplicates and order kept (EC-14), turn 0 (EC-16).
		{toCode(bits("10", b(4, 7), b(76, 7), b(3, 4), b(63, 6), b(0, 6), b(63, 6), "0000", "0000", "0000", "1", "1", b(40, 6), b(0, 10))),
			&ref.Value{State: &ref.State{White: 4, Black: 76,
				Walls:    ref.Walls{White: ref.PlayerWalls{H: []int{63, 0, 63}}},
				LastMove: ref.LastMove{Player: ref.Black, Kind: ref.Wall, Place: 40}}}},
		{toCode(bits("01", b(3, 10), "0111", "1", "1", b(63, 6), "1", "0", b(0, 6))),
			&ref.Value{Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(7), ref.WallMove(ref.Vertical, 63), ref.WallMove(ref.Horizontal, 0)}}}},
	}
	for _, c := range cases {
		got, err := ref.Decode(c.code)
		if err != nil {
			t.Errorf("Decode(%q): %v", c.code, err)
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Decode(%q) (-want +got):\n%s", c.code, diff)
		}
	}
}

func TestFields(t *testing.T) {
	fields, v, err := ref.Fields("QEBAQ")
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Record.Moves) != 4 {
		t.Errorf("got %d moves, want 4", len(v.Record.Moves))
	}
	last := fields[len(fields)-1]
	want := ref.FieldValue{Path: "record.moves[3].dir", Offset: 25, Width: 3, Value: 4}
	if last != want {
		t.Errorf("last field %+v, want %+v", last, want)
	}
	// On failure, no fields.
	fields, v, err = ref.Fields(toCode(bits("10", stateBits(81, 76))))
	if !errors.Is(err, ref.ErrOutOfRange) || fields != nil || v != nil {
		t.Errorf("got %v, %+v, %v; want out_of_range and nothing else", err, fields, v)
	}
}
