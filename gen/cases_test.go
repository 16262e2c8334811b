package gen

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/internal/bitstring"
	"github.com/qf-format/qf-conformance/internal/jsonstring"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// The generators reach every corner they are meant to: each chunk
// combination, each decoding error kind, in both profiles; valid and
// broken values for the encoder, of each error kind; every violation of a
// move, by each player and in each straight direction; every violation of
// a State.
func TestCasesCover(t *testing.T) {
	r := NewRand(1)
	seen := map[string]int{}
	note := func(what string) { seen[what]++ }
	for i := 0; i < 4000; i++ {
		code := r.Code()
		for profile, decode := range map[string]func(string) (*ref.Value, error){"strict": ref.Decode, "lenient": ref.Lenient.Decode} {
			v, err := decode(code)
			if err != nil {
				note(profile + " " + string(err.(*ref.Error).Kind))
				continue
			}
			note(profile + " valid")
			note("chunks " + chunks(v))
		}
		var v ref.Value
		err := v.UnmarshalJSON(r.EncodeValue())
		if err == nil {
			_, err = ref.Encode(&v)
		}
		if err != nil {
			note("encode " + string(err.(*ref.Error).Kind))
		} else {
			note("encode valid")
		}
	}
	for i := 0; i < 4000; i++ {
		v := r.ReplayValue()
		if _, err := ref.Encode(v); err != nil {
			t.Fatalf("a replay value does not encode: %v", err)
		}
		positions, violation := rules.Replay(v)
		mover := rules.Start(v).ToMove
		if len(positions) > 0 {
			mover = positions[len(positions)-1].ToMove
		}
		if violation != nil {
			note("replay " + string(violation.Kind))
			note("replay by " + mover.String())
			if m := v.Record.Moves[violation.Move]; m.Kind == ref.Piece {
				note("replay " + string(violation.Kind) + " " + rules.DirectionNames[m.Dir])
			}
		} else {
			note("replay legal")
		}
		st := r.ValidateState()
		if _, err := ref.Encode(&ref.Value{State: st}); err != nil {
			t.Fatalf("a State does not encode: %v", err)
		}
		for _, k := range rules.Validate(st) {
			note("validate " + string(k))
		}
	}
	want := []string{
		"strict valid", "strict invalid_character", "strict truncated", "strict out_of_range", "strict trailing_data", "strict nonzero_padding",
		"lenient valid", "lenient truncated", "lenient out_of_range",
		"chunks neither", "chunks record", "chunks state", "chunks both",
		"encode valid", "encode malformed", "encode out_of_range",
		"replay legal", "replay game_over", "replay off_board", "replay wall_blocks_move", "replay jump_blocked", "replay illegal_diagonal",
		"replay walls_conflict", "replay no_walls_left", "replay no_path", "replay by white", "replay by black",
		"replay wall_blocks_move N", "replay wall_blocks_move E", "replay wall_blocks_move S", "replay wall_blocks_move W",
		"replay jump_blocked N", "replay jump_blocked E", "replay jump_blocked S", "replay jump_blocked W",
		"replay off_board N", "replay off_board E", "replay off_board S", "replay off_board W",
		"validate pawns_overlap", "validate too_many_walls", "validate walls_conflict", "validate no_path", "validate last_move_wall_missing",
	}
	for _, w := range want {
		if seen[w] == 0 {
			t.Errorf("never generated: %s", w)
		}
	}
	if t.Failed() {
		t.Logf("generated: %v", seen)
	}
}

func chunks(v *ref.Value) string {
	switch {
	case v.State != nil && v.Record != nil:
		return "both"
	case v.State != nil:
		return "state"
	case v.Record != nil:
		return "record"
	}
	return "neither"
}

// Mutations of a code keep it a string that the decoders take, and each
// kind happens.
func TestMutate(t *testing.T) {
	r := NewRand(3)
	code := "j7oklAHMe1ICg"
	changed := 0
	for i := 0; i < 500; i++ {
		m := r.Mutate(code)
		if m != code {
			changed++
		}
		ref.Decode(m) // never panics
	}
	if changed < 400 {
		t.Errorf("%d of 500 mutations changed the code", changed)
	}
	if !strings.Contains(strings.Join(Junk, ""), "\xff") {
		t.Error("no byte that is not UTF-8 among the junk")
	}
}

// A seed repeats every case exactly: nothing depends on map order or the
// clock, so qf fuzz -seed S draws the same cases on any machine.
func TestCasesRepeat(t *testing.T) {
	draw := func(seed uint64) string {
		r := NewRand(seed)
		var b strings.Builder
		for i := 0; i < 500; i++ {
			b.WriteString(r.Code())
			b.Write(r.EncodeValue())
			for _, v := range []*ref.Value{r.ReplayValue(), {State: r.ValidateState()}} {
				j, _ := v.AppendJSON(nil)
				b.Write(j)
			}
		}
		return b.String()
	}
	for seed := uint64(1); seed <= 5; seed++ {
		if a, b := draw(seed), draw(seed); a != b {
			t.Fatalf("seed %d drew different cases on two runs", seed)
		}
	}
	if draw(1) == draw(2) {
		t.Fatal("seeds 1 and 2 drew the same cases")
	}
}

// Some broken values repeat a key, which a parser that keeps the last of
// them hides (spec/qf.md: malformed).
func TestEncodeValueRepeatsKeys(t *testing.T) {
	n := 0
	for seed := uint64(1); seed <= 2000; seed++ {
		var v ref.Value
		if err := v.UnmarshalJSON(NewRand(seed).EncodeValue()); err != nil && strings.Contains(err.Error(), "repeated key") {
			n++
		}
	}
	if n < 10 {
		t.Errorf("%d values of 2000 repeat a key, want at least 10", n)
	}
}

// Some broken values hold an unknown key whose path needs escapes, or
// that writers escape when they need not (<, &, >, U+2028): every one of
// oddKeys is drawn, as the suite's KeyEscape vectors hold them, so that
// qf fuzz sees what those vectors catch.
func TestEncodeValueOddKeys(t *testing.T) {
	drawn := map[string]int{}
	r := NewRand(1)
	for i := 0; i < 60000; i++ {
		text := r.EncodeValue()
		for _, k := range oddKeys {
			if bytes.Contains(text, append(jsonstring.Append(nil, k, true), ':')) {
				drawn[k]++
			}
		}
	}
	for _, k := range oddKeys {
		if drawn[k] == 0 {
			t.Errorf("key %q never drawn in 60000 values", k)
		}
	}
}

// The fields Mutate cuts and overwrites are ref.Fields's, offset for
// offset, and bits are read and written as internal/bitstring writes
// them, for codes of every chunk combination and mutated codes, valid or
// not.
func TestFieldsAsRef(t *testing.T) {
	r := NewRand(5)
	valid := 0
	for i := 0; i < 3000; i++ {
		code := r.Code()
		want, _, werr := ref.Fields(code)
		got, gerr := r.fields(code)
		if (werr == nil) != (gerr == nil) || len(got) != len(want) {
			t.Fatalf("%q: %d fields (%v), ref.Fields %d (%v)", code, len(got), gerr, len(want), werr)
		}
		for k, f := range want {
			if g := got[k]; g.offset != f.Offset || g.width != f.Width || g.name != index.ReplaceAllString(f.Path, "[]") {
				t.Fatalf("%q: field %d is %+v, ref.Fields %+v", code, k, g, f)
			}
		}
		if werr != nil || !spec.InAlphabet(code) {
			continue
		}
		valid++
		bits := bitstring.Bits(code)
		for i := range bits {
			if sextetBit(code, i) != int(bits[i]-'0') {
				t.Fatalf("%q: bit %d is %d, bitstring %c", code, i, sextetBit(code, i), bits[i])
			}
		}
		for _, f := range got {
			v := r.Intn(1 << f.width)
			want := bitstring.Code(bits[:f.offset] + bitstring.Field(v, f.width) + bits[f.offset+f.width:])
			if g := withBits(code, f.offset, f.width, v); g != want {
				t.Fatalf("%q: %d written at %d: %q, bitstring %q", code, v, f.offset, g, want)
			}
		}
	}
	if valid < 1000 {
		t.Errorf("%d valid codes of 3000", valid)
	}
}

var index = regexp.MustCompile(`\[\d+\]`)
