package outsider

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/protocol"
)

// randomValue returns a value whose fields are all in range.
func randomValue(r *rand.Rand) *Value {
	v := new(Value)
	if r.IntN(3) > 0 {
		st := &State{White: r.Int64N(81), Black: r.Int64N(81), Turn: r.Int64N(1024)}
		for p := range 2 {
			for o := range 2 {
				st.Walls[p][o] = []int64{}
				for range r.IntN(11) {
					st.Walls[p][o] = append(st.Walls[p][o], r.Int64N(64))
				}
			}
		}
		st.Last = LastMove{Player: r.IntN(2), Wall: r.IntN(2) == 1, Place: r.Int64N(64)}
		if !st.Last.Wall {
			st.Last.Place = 0
		}
		v.State = st
	}
	if r.IntN(3) > 0 {
		rec := &Record{Moves: []Move{}}
		for range r.IntN(40) {
			if r.IntN(2) == 0 {
				rec.Moves = append(rec.Moves, Move{Dir: r.Int64N(8)})
			} else {
				rec.Moves = append(rec.Moves, Move{Wall: true, Orientation: r.IntN(2), Place: r.Int64N(64)})
			}
		}
		v.Record = rec
	}
	return v
}

// TestRoundTrip encodes random values and decodes their codes: strict
// decoding gives the value again, every proper prefix is refused, and
// junk inserted anywhere changes nothing in the lenient profile.
func TestRoundTrip(t *testing.T) {
	h := New()
	r := rand.New(rand.NewPCG(1, 2))
	junk := []string{"=", " ", "\n", "-", "_", "é", "\x00", "\xff"}
	for range 2000 {
		v := randomValue(r)
		text := v.canonical()
		resp := h.Handle(&protocol.Request{Op: protocol.Encode, Value: text})
		if resp.Error != nil {
			t.Fatalf("encode %s: %+v", text, resp.Error)
		}
		code := *resp.Code
		for _, profile := range []string{"strict", "lenient"} {
			got := h.Handle(&protocol.Request{Op: protocol.Decode, Code: &code, Profile: profile})
			if got.Error != nil || string(got.Value) != string(text) {
				t.Fatalf("decode %s %q: %s %+v, want %s", profile, code, got.Value, got.Error, text)
			}
		}
		for n := range len(code) {
			prefix := code[:n]
			if got := h.Handle(&protocol.Request{Op: protocol.Decode, Code: &prefix}); got.Error == nil {
				t.Fatalf("prefix %q of %q decodes", prefix, code)
			}
		}
		i := r.IntN(len(code) + 1)
		messy := code[:i] + junk[r.IntN(len(junk))] + code[i:]
		got := h.Handle(&protocol.Request{Op: protocol.Decode, Code: &messy, Profile: "lenient"})
		if got.Error != nil || string(got.Value) != string(text) {
			t.Fatalf("lenient %q: %s %+v, want %s", messy, got.Value, got.Error, text)
		}
		if got := h.Handle(&protocol.Request{Op: protocol.Decode, Code: &messy}); got.Error == nil || got.Error.Kind != kindInvalidCharacter || *got.Error.Char != i {
			t.Fatalf("strict %q: %+v, want invalid_character at %d", messy, got.Error, i)
		}
		extra := code + "A"
		if got := h.Handle(&protocol.Request{Op: protocol.Decode, Code: &extra}); got.Error == nil || got.Error.Kind != kindTrailingData || *got.Error.Char != len(code) {
			t.Fatalf("strict %q: %+v, want trailing_data at %d", extra, got.Error, len(code))
		}
	}
}

// TestPaddingLowOwnCodes checks that the PaddingLow fault is consistent
// with itself, as the implementations that have it are: its decoder reads
// back what its encoder writes.
func TestPaddingLowOwnCodes(t *testing.T) {
	h := New(PaddingLow)
	r := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		text := randomValue(r).canonical()
		code := *h.Handle(&protocol.Request{Op: protocol.Encode, Value: text}).Code
		if got := h.Handle(&protocol.Request{Op: protocol.Decode, Code: &code}); got.Error != nil || string(got.Value) != string(text) {
			t.Fatalf("%q: %s %+v, want %s", code, got.Value, got.Error, text)
		}
	}
}

// TestJSONSyntax holds the JSON reader to encoding/json's idea of what
// JSON is, in UTF-8 (which encoding/json does not check), on texts
// mutated from a value.
func TestJSONSyntax(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"{", "}", "[", "]", ",", ":", `"`, `\`, "\\u", "d800", "-", "0", "1", ".", "e", "+", " ", "\t", "\x01", "\xc3", "é", "null", "tru", "x"}
	for range 50000 {
		text := randomValue(r).canonical()
		for range 1 + r.IntN(3) {
			i := r.IntN(len(text) + 1)
			j := min(len(text), i+r.IntN(3))
			text = []byte(string(text[:i]) + pieces[r.IntN(len(pieces))] + string(text[j:]))
		}
		_, ok := parseJSON(text)
		if want := utf8.Valid(text) && json.Valid(text); ok != want {
			t.Fatalf("%q: parsed %v, encoding/json says %v", text, ok, want)
		}
	}
}

// TestInteger holds integer to math/big's exact decimal values.
func TestInteger(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	digits := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('0' + r.IntN(10)))
			if r.IntN(3) == 0 {
				b.WriteByte('0')
			}
		}
		return b.String()
	}
	for range 100000 {
		text := ""
		if r.IntN(2) == 0 {
			text = "-"
		}
		if r.IntN(3) == 0 {
			text += "0"
		} else {
			text += string(byte('1'+r.IntN(9))) + digits(r.IntN(6))
		}
		if r.IntN(2) == 0 {
			text += "." + digits(1+r.IntN(6))
		}
		if r.IntN(2) == 0 {
			text += "eE"[r.IntN(2):][:1] + []string{"", "+", "-"}[r.IntN(3)] + digits(1+r.IntN(2))
		}
		got, ok := integer(text)
		want, _ := new(big.Rat).SetString(text)
		if ok != want.IsInt() {
			t.Fatalf("%s: integer %v, want %v", text, ok, want.IsInt())
		}
		if !ok {
			continue
		}
		n := want.Num()
		switch {
		case n.IsInt64() && n.Int64() < hugeInt && n.Int64() > -hugeInt:
			if got != n.Int64() {
				t.Fatalf("%s: %d, want %s", text, got, n)
			}
		case n.Sign() > 0 && got != hugeInt, n.Sign() < 0 && got != -hugeInt:
			t.Fatalf("%s: %d, want ±%d", text, got, int64(hugeInt))
		}
	}
	for text, want := range map[string]bool{"1e400": true, "1e-400": false, "3.99999999999999999999": false, "80e-1": true, "0.0e-99999999999999999999": true, "1e99999999999999999999": true} {
		if _, ok := integer(text); ok != want {
			t.Errorf("%s: integer %v, want %v", text, ok, want)
		}
	}
}

// TestOnlyCrashesPanic sends random codes and values, out of range
// included, to the implementation with every fault on but the crashing
// ones, and to each port without its crashing faults: nothing panics.
func TestOnlyCrashesPanic(t *testing.T) {
	var calm []Fault
	for _, f := range Faults {
		if !f.Crashes() {
			calm = append(calm, f)
		}
	}
	sets := [][]Fault{calm}
	for _, p := range Ports {
		sets = append(sets, slices.DeleteFunc(slices.Clone(p.Faults), Fault.Crashes))
	}
	r := rand.New(rand.NewPCG(9, 10))
	wide := New(MaskedToWidth) // writes squares of 81-127 as they are
	for _, fs := range sets {
		h := New(fs...)
		for range 3000 {
			v := randomValue(r)
			if v.State != nil && r.IntN(2) == 0 {
				v.State.White, v.State.Black = r.Int64N(128), r.Int64N(128)
			}
			text := v.canonical()
			code := *wide.Handle(&protocol.Request{Op: protocol.Encode, Value: text}).Code
			if n := r.IntN(len(code) + 1); r.IntN(3) == 0 {
				code = code[:n] + "= é😀"[r.IntN(4):][:1] + code[n:]
			}
			if r.IntN(4) == 0 {
				code = code[:r.IntN(len(code)+1)]
			}
			for _, req := range []protocol.Request{
				{Op: protocol.Decode, Code: &code},
				{Op: protocol.Decode, Code: &code, Profile: "lenient"},
				{Op: protocol.Replay, Code: &code},
				{Op: protocol.Validate, Code: &code},
				{Op: protocol.Encode, Value: text},
			} {
				func() {
					defer func() {
						if e := recover(); e != nil {
							t.Fatalf("%v: %s %q %s: panic: %v", fs, req.Op, code, text, e)
						}
					}()
					h.Handle(&req)
				}()
			}
		}
	}
}

// Crashes reports whether f makes the implementation panic, rather than
// answer wrongly, on the inputs it concerns.
func (f Fault) Crashes() bool {
	i := slices.Index(Faults, f)
	return i >= 0 && strings.HasPrefix(Table[i].Does, "crash:")
}
