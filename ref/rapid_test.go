package ref_test

// Property tests with pgregory.net/rapid. More checks:
//
//	go test ./ref -run Rapid -rapid.checks=10000

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"pgregory.net/rapid"
)

// equateEmpty makes a nil list equal to an empty one: Decode writes empty
// groups as nil.
var equateEmpty = cmpopts.EquateEmpty()

// edgy draws from lo..hi, often lo or hi themselves.
func edgy(lo, hi int) *rapid.Generator[int] {
	return rapid.OneOf(rapid.Just(lo), rapid.Just(hi), rapid.IntRange(lo, hi))
}

func genGroup(t *rapid.T, label string) []int {
	n := edgy(0, spec.MaxWallsPerGroup).Draw(t, label+" count")
	return rapid.SliceOfN(edgy(0, spec.MaxAnchor), n, n).Draw(t, label)
}

func genState(t *rapid.T) *ref.State {
	s := &ref.State{
		White: edgy(0, spec.MaxSquare).Draw(t, "white"),
		Black: edgy(0, spec.MaxSquare).Draw(t, "black"),
		Walls: ref.Walls{
			White: ref.PlayerWalls{H: genGroup(t, "white h"), V: genGroup(t, "white v")},
			Black: ref.PlayerWalls{H: genGroup(t, "black h"), V: genGroup(t, "black v")},
		},
		LastMove: ref.LastMove{
			Player: ref.Player(rapid.IntRange(0, 1).Draw(t, "last player")),
			Kind:   ref.MoveKind(rapid.IntRange(0, 1).Draw(t, "last kind")),
		},
		Turn: edgy(0, spec.MaxTurn).Draw(t, "turn"),
	}
	if s.LastMove.Kind == ref.Wall {
		s.LastMove.Place = edgy(0, spec.MaxAnchor).Draw(t, "last place")
	}
	return s
}

func genMove(t *rapid.T, label string) ref.Move {
	if rapid.Bool().Draw(t, label+" is wall") {
		return ref.WallMove(ref.Orientation(rapid.IntRange(0, 1).Draw(t, label+" orientation")),
			edgy(0, spec.MaxAnchor).Draw(t, label+" place"))
	}
	return ref.PieceMove(edgy(0, 7).Draw(t, label+" dir"))
}

func genRecord(t *rapid.T) *ref.Record {
	n := rapid.OneOf(rapid.Just(0), rapid.Just(spec.MaxMoves), rapid.IntRange(0, 40), rapid.IntRange(0, spec.MaxMoves)).Draw(t, "moves")
	moves := make([]ref.Move, n)
	for i := range moves {
		moves[i] = genMove(t, "move")
	}
	return &ref.Record{Moves: moves}
}

// genValue draws a value from the whole space: either chunk or both or
// neither, 0 to 10 walls per group, 0 to 1023 moves, every direction,
// anchor and turn.
func genValue(t *rapid.T) *ref.Value {
	v := new(ref.Value)
	if rapid.Bool().Draw(t, "has state") {
		v.State = genState(t)
	}
	if rapid.Bool().Draw(t, "has record") {
		v.Record = genRecord(t)
	}
	return v
}

func TestRapidRoundTripValue(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := genValue(t)
		code, err := ref.Encode(v)
		if err != nil {
			t.Fatalf("Encode: %v", err)
		}
		got, err := ref.Decode(code)
		if err != nil {
			t.Fatalf("Decode(%q): %v", code, err)
		}
		if diff := cmp.Diff(v, got, equateEmpty); diff != "" {
			t.Fatalf("Decode(Encode(v)) (-v +got):\n%s", diff)
		}
	})
}

// Any string that strict decoding accepts is canonical: mutate a valid code
// in one character, and if the result still decodes, it encodes back to
// itself.
func TestRapidRoundTripCode(t *testing.T) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	accepted := 0
	rapid.Check(t, func(t *rapid.T) {
		code := mustEncode(genValue(t))
		i := rapid.IntRange(0, len(code)-1).Draw(t, "position")
		c := rapid.SampledFrom([]byte(alphabet)).Draw(t, "character")
		s := code[:i] + string(c) + code[i+1:]
		v, err := ref.Decode(s)
		if err != nil {
			return
		}
		accepted++
		if back := mustEncode(v); back != s {
			t.Fatalf("Encode(Decode(%q)) = %q", s, back)
		}
	})
	if accepted == 0 {
		t.Error("no mutated code decoded: the property was never checked")
	}
}

// The size formula of spec/qf.md equals the bits the encoder writes, and
// the code has ceil(bits/6) characters.
func TestRapidBitLength(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := genValue(t)
		want := 2
		if s := v.State; s != nil {
			want += 42 + 6*(len(s.Walls.White.H)+len(s.Walls.White.V)+len(s.Walls.Black.H)+len(s.Walls.Black.V))
			if s.LastMove.Kind == ref.Wall {
				want += 6
			}
		}
		if r := v.Record; r != nil {
			want += 10
			for _, m := range r.Moves {
				want += 4 + 4*int(m.Kind)
			}
		}
		if got := v.BitLen(); got != want {
			t.Fatalf("BitLen = %d, want %d", got, want)
		}
		code := mustEncode(v)
		fields, _, err := ref.Fields(code)
		if err != nil {
			t.Fatal(err)
		}
		last := fields[len(fields)-1]
		if written := last.Offset + last.Width; written != want {
			t.Fatalf("fields end at bit %d, want %d", written, want)
		}
		if len(code) != (want+5)/6 || len(code) != spec.Chars(want) {
			t.Fatalf("code of %d bits has %d characters", want, len(code))
		}
	})
}

// outside holds characters outside the alphabet, of every class the spec
// names.
var outside = []string{"=", " ", "\t", "\r", "\n", "-", "_", ".", "\x00", "é", "🙂", "\xff", "\xef\xbb\xbf"}

func TestRapidInsertOutsideAlphabet(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		code := mustEncode(genValue(t))
		want, _ := ref.Decode(code)
		i := rapid.IntRange(0, len(code)).Draw(t, "position")
		junk := rapid.SampledFrom(outside).Draw(t, "junk")
		s := code[:i] + junk + code[i:]
		_, err := ref.Decode(s)
		checkError(t, errorCase{"strict", s, ref.ErrInvalidCharacter, ref.Char, i, ""}, err)
		got, err := ref.Lenient.Decode(s)
		if err != nil {
			t.Fatalf("Lenient.Decode(%q): %v", s, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("Lenient.Decode(%q) (-want +got):\n%s", s, diff)
		}
	})
}

func TestRapidPrefixRejected(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		code := mustEncode(genValue(t))
		n := rapid.IntRange(0, len(code)-1).Draw(t, "length")
		for _, decode := range []func(string) (*ref.Value, error){ref.Decode, ref.Lenient.Decode} {
			if v, err := decode(code[:n]); v != nil || !strings.Contains(errorKind(err), "truncated") {
				t.Fatalf("prefix %q of %q: got %v, want truncated", code[:n], code, err)
			}
		}
	})
}

func errorKind(err error) string {
	if e, ok := err.(*ref.Error); ok {
		return string(e.Kind)
	}
	return ""
}

// A value one past a range limit is refused by the encoder and, where the
// width can hold it, by the decoder; the limit itself is accepted.
func TestRapidRangeLimits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Squares 0..127 in a code: 81 and above are out of range (EC-11).
		white := rapid.IntRange(0, 127).Draw(t, "white")
		_, err := ref.Decode(toCode(bits("10", stateBits(white, 76))))
		if (err == nil) != (white <= spec.MaxSquare) {
			t.Fatalf("white %d: %v", white, err)
		}
		// Wall counts 0..15 (EC-12), with anchors enough for each.
		n := rapid.IntRange(0, 15).Draw(t, "count")
		code := toCode(bits("10", b(4, 7), b(76, 7), b(n, 4), strings.Repeat(b(9, 6), n), "0000", "0000", "0000", "0", "0", b(1, 10)))
		_, err = ref.Decode(code)
		if (err == nil) != (n <= spec.MaxWallsPerGroup) {
			t.Fatalf("count %d: %v", n, err)
		}
		// The encoder: turn, direction, anchors, squares and move count.
		turn := rapid.IntRange(-2, 2047).Draw(t, "turn")
		dir := rapid.IntRange(-2, 15).Draw(t, "dir")
		anchor := rapid.IntRange(-2, 127).Draw(t, "anchor")
		moves := rapid.IntRange(spec.MaxMoves-2, spec.MaxMoves+2).Draw(t, "moves")
		v := &ref.Value{
			State:  &ref.State{White: white, Black: 0, Walls: ref.Walls{Black: ref.PlayerWalls{V: []int{anchor}}}, Turn: turn},
			Record: &ref.Record{Moves: make([]ref.Move, moves)},
		}
		v.Record.Moves[0].Dir = int16(dir)
		var wantField string
		switch {
		case white > spec.MaxSquare:
			wantField = "state.white"
		case anchor < 0 || anchor > spec.MaxAnchor:
			wantField = "state.walls.black.v[0]"
		case turn < 0 || turn > spec.MaxTurn:
			wantField = "state.turn"
		case moves > spec.MaxMoves:
			wantField = "record.moves.count"
		case dir < 0 || dir > 7:
			wantField = "record.moves[0].dir"
		}
		_, err = ref.Encode(v)
		if wantField == "" {
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			return
		}
		checkError(t, errorCase{"encode", "", ref.ErrOutOfRange, ref.NoOffset, 0, wantField}, err)
	})
}
