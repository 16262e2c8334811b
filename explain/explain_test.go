package explain_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

func text(t *testing.T, e *explain.Explanation) string {
	t.Helper()
	var b strings.Builder
	if err := e.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The caret of each error kind, in both profiles: the input (or a window
// of it) and, under it, '^' at the first byte at fault and '~' under the
// rest of the span.
func TestCaret(t *testing.T) {
	long := strings.Repeat("A", 200) + "\x1b[2J" + strings.Repeat("B", 300)
	cases := []struct {
		name, input string
		profile     ref.Profile
		kind        ref.ErrorKind
		pointer     string // the two lines after "error: ...", without their indent
		note        string // in the line after them
	}{
		{"invalid character", "QUFB=", ref.Strict, ref.ErrInvalidCharacter, "QUFB=\n    ^", ""},
		{"invalid character, not UTF-8", "gAAAA\xa9BAA", ref.Strict, ref.ErrInvalidCharacter, "gAAAA\\xa9BAA\n     ^~~~", ""},
		{"invalid character, non-ASCII", "gA\u00e9AA", ref.Strict, ref.ErrInvalidCharacter, "gA\\u00e9AA\n  ^~~~~~", ""},
		{"invalid character in a long input", long, ref.Strict, ref.ErrInvalidCharacter,
			"...(168 bytes) " + strings.Repeat("A", 32) + `\x1b[2J` + strings.Repeat("B", 33) + " ...(267 bytes)\n" + strings.Repeat(" ", 15+32) + "^~~~", ""},
		{"truncated", "xx", ref.Strict, ref.ErrTruncated, "xx\n  ^", "the code ends here: state.black starts at bit 9 and needs 7 bits; the code has 12"},
		{"truncated in a record", "QUF", ref.Strict, ref.ErrTruncated, "QUF\n   ^", "record.moves[1].dir starts at bit 17"},
		{"out of range", "qIAAAAAA", ref.Strict, ref.ErrOutOfRange, "qIAAAAAA\n^~", "state.white is bits 2-8, in characters 0-1, 'q' 'I' = 101010 001000: 1010001 = 81, out of range 0-80"},
		{"out of range, a wall count", "gAAAwAAAAAAAAAAAAAAAAAAA", ref.Strict, ref.ErrOutOfRange, "gAAAwAAAAAAAAAAAAAAAAAAA\n    ^", "state.walls.black.h.count is bits 24-27, in character 4, 'w' = 110000: 1100 = 12"},
		{"trailing data", "j7oklAHMe1ICgAA", ref.Strict, ref.ErrTrailingData, "j7oklAHMe1ICgAA\n             ^~", "the fields end at bit 74, in character 12; the 2 characters after it are"},
		{"nonzero padding", "j7oklAHMe1ICh", ref.Strict, ref.ErrNonzeroPadding, "j7oklAHMe1ICh\n            ^", "the padding bits 74-77, after the last field, are the end of character 12, 'h' = 100001"},
		{"lenient: truncated", "x-x", ref.Lenient, ref.ErrTruncated, "x-x\n   ^", "needs 7 bits; the code has 12"},
		{"lenient: out of range across junk", "q I=AAAAAA", ref.Lenient, ref.ErrOutOfRange, "q I=AAAAAA\n^~~", "in characters 0-2, 'q' 'I' = 101010 001000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := explain.Code(c.input, c.profile)
			if e.Err == nil || e.Err.Kind != c.kind {
				t.Fatalf("error %v, want %s", e.Err, c.kind)
			}
			out := text(t, e)
			_, after, ok := strings.Cut(out, "\nerror: ")
			if !ok {
				t.Fatalf("no error line:\n%s", out)
			}
			lines := strings.Split(after, "\n")
			var got []string
			for _, l := range lines[1:3] {
				got = append(got, strings.TrimPrefix(l, "  "))
			}
			if diff := cmp.Diff(c.pointer, strings.Join(got, "\n")); diff != "" {
				t.Errorf("pointer (-want +got):\n%s\nin:\n%s", diff, out)
			}
			if !strings.Contains(lines[3], c.note) {
				t.Errorf("note %q, want it to hold %q", lines[3], c.note)
			}
			if strings.Contains(out, "\x1b") || !strings.Contains(lines[0], e.Err.Error()[:10]) {
				t.Errorf("an escape in the output, or no message:\n%q", out)
			}
		})
	}
}

// However long the input, and however wide its span at fault (a million
// characters of trailing data), the explanation is a screen: the input
// windowed, the underline as wide as the window.
func TestLongInputWindowed(t *testing.T) {
	for _, input := range []string{"QA" + strings.Repeat("A", 1<<20), "gA" + strings.Repeat("A", 1<<20), strings.Repeat("A", 1<<20) + "!"} {
		for _, p := range ref.Profiles {
			if out := text(t, explain.Code(input, p)); len(out) > 4<<10 {
				t.Errorf("%s, %s: %d bytes of explanation", explain.Short(input), p, len(out))
			}
		}
	}
}

// Fields and meanings of the worked example of spec/qf.md.
func TestWorkedExample(t *testing.T) {
	e := explain.Code("j7oklAHMe1ICg", ref.Strict)
	var got []string
	for _, f := range e.Fields {
		got = append(got, f.Path+" "+f.Bits+" "+f.Meaning)
	}
	want := []string{
		"flags.state 1 a State follows",
		"flags.record 0 no record",
		"state.white 0011111 white pawn on e4",
		"state.black 0111010 black pawn on e7",
		"state.walls.white.h.count 0010 white has 2 horizontal walls",
		"state.walls.white.h[0] 010010 white wall c3h",
		"state.walls.white.h[1] 010100 white wall e3h",
		"state.walls.white.v.count 0000 white has 0 vertical walls",
		"state.walls.black.h.count 0001 black has 1 horizontal wall",
		"state.walls.black.h[0] 110011 black wall d7h",
		"state.walls.black.v.count 0001 black has 1 vertical wall",
		"state.walls.black.v[0] 111011 black wall d8v",
		"state.last_move.player 0 white moved last",
		"state.last_move.kind 1 the last move was a wall",
		"state.last_move.place 010010 a wall anchored at c3",
		"state.turn 0000001010 turn 10: the move about to be played",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if e.Padding != "0000" || e.Canonical != "j7oklAHMe1ICg" || e.Bits != 74 {
		t.Errorf("padding %q, canonical %q, %d bits", e.Padding, e.Canonical, e.Bits)
	}
	out := text(t, e)
	for _, want := range []string{"j7oklAHMe1ICg: accepted (strict), 13 bytes: a State, no record", "(padding)", "canonical code: j7oklAHMe1ICg (the input)", "the board of the State:", "turn 10"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	rec := text(t, explain.Code("QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk", ref.Strict))
	for _, want := range []string{"record.moves[6].place", "wall d3h", "pawn north", "record: 46 moves, all legal; the board after the last:"} {
		if !strings.Contains(rec, want) {
			t.Errorf("no %q in\n%s", want, rec)
		}
	}
}

// Every decode vector, explained: the same verdict, error and value as the
// reference's, the fields those of ref.Fields for a code accepted as it is,
// and for a rejected code the fields read before the fault, ending at it
// for out_of_range; the span inside the input, or at its end.
func TestVectors(t *testing.T) {
	for _, file := range []string{suite.Strict.File(), suite.Lenient.File()} {
		f, err := vectors.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		profile, err := ref.ParseProfile(f.Profile)
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range f.Tests {
			input, _ := test.Input()
			e := explain.Code(input, profile)
			v, err := profile.Decode(input)
			switch {
			case (err == nil) != (e.Err == nil):
				t.Errorf("%s: explained as %v, decoded as %v", test.ID, e.Err, err)
				continue
			case err != nil:
				var re *ref.Error
				errors.As(err, &re)
				if *re != *e.Err {
					t.Errorf("%s: error %v, want %v", test.ID, e.Err, re)
				}
				if e.Span[0] > e.Span[1] || e.Span[1] > len(input) || e.Span[0] == e.Span[1] && e.Err.Kind != ref.ErrTruncated {
					t.Errorf("%s: span %v of %d bytes", test.ID, e.Span, len(input))
				}
				if n := len(e.Fields); re.Kind == ref.ErrOutOfRange && (n == 0 || !e.Fields[n-1].Fault || e.Fields[n-1].Path != re.Field) {
					t.Errorf("%s: the fields do not end at the one out of range, %s", test.ID, re.Field)
				}
				continue
			}
			if e.Canonical != test.Canonical || !cmp.Equal(e.Value, v) {
				t.Errorf("%s: canonical %q, want %q", test.ID, e.Canonical, test.Canonical)
			}
			if input == test.Canonical {
				fields, _, _ := ref.Fields(input)
				var got []ref.FieldValue
				for _, f := range e.Fields {
					got = append(got, f.FieldValue)
				}
				if diff := cmp.Diff(fields, got); diff != "" {
					t.Errorf("%s: fields (-ref.Fields +explain):\n%s", test.ID, diff)
				}
			}
			for _, f := range e.Fields {
				if f.First > f.Last || f.Last >= len(input) || f.Meaning == "" {
					t.Errorf("%s: field %s in characters %d-%d of %d, meaning %q", test.ID, f.Path, f.First, f.Last, len(input), f.Meaning)
				}
			}
		}
	}
}

// In the lenient profile, nonzero padding bits and characters after the
// code are accepted, and shown as ignored.
func TestLenientIgnored(t *testing.T) {
	out := text(t, explain.Code("j7oklAHMe1ICh==AB", ref.Lenient))
	for _, want := range []string{
		"accepted (lenient), 17 bytes, 15 in the alphabet",
		"   74     4  0001        12       (padding)                             not zero: ignored in the lenient profile",
		"   78    12              15-16    (trailing data)                       2 characters after the code: ignored in the lenient profile",
		"canonical code: j7oklAHMe1ICg\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strict := text(t, explain.Code("j7oklAHMe1ICg", ref.Strict)); strings.Contains(strict, "ignored") {
		t.Errorf("the strict profile ignores something:\n%s", strict)
	}
}

// The counts under an error are said in words that agree with them, for
// one and for many: "needs 1 bit", "the 1 character after it is".
func TestCountsInWords(t *testing.T) {
	for _, c := range []struct{ input, says string }{
		{"", "flags.state starts at bit 0 and needs 1 bit; the code has 0\n"},
		{"g", "state.white starts at bit 2 and needs 7 bits; the code has 6\n"},
		{"QAA", "in character 1; the 1 character after it is not part of the code\n"},
		{"QAAA", "in character 1; the 2 characters after it are not part of the code\n"},
	} {
		if got := text(t, explain.Code(c.input, ref.Strict)); !strings.Contains(got, c.says) {
			t.Errorf("%q: want %q in\n%s", c.input, c.says, got)
		}
	}
}
