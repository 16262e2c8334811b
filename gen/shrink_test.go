package gen

import (
	"encoding/json"
	"errors"
	"iter"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/suite"
)

// shrink shrinks input greedily, as qf fuzz does, with the simpler inputs
// of next, each taken when it is smaller and keep holds for it.
func shrink(input string, next func(string) iter.Seq[string], less func(a, b string) bool, keep func(string) bool) string {
	for improved := true; improved; {
		improved = false
		for cand := range next(input) {
			if (len(cand) < len(input) || len(cand) == len(input) && less(cand, input)) && keep(cand) {
				input, improved = cand, true
				break
			}
		}
	}
	return input
}

func codes(p ref.Profile) func(string) iter.Seq[string] {
	return func(s string) iter.Seq[string] { return SimplerCodes(s, p) }
}

// A valid code shrinks to the smallest code that keeps a property: a State
// whose turn is above 500 shrinks to the shortest State, turn 501.
func TestSimplerCodesValid(t *testing.T) {
	start := "j7oklAHMe1ICg"
	v, _ := ref.Decode(start)
	v.State.Turn = 900
	code, _ := ref.Encode(v)
	got := shrink(code, codes(ref.Strict), CodeLess, func(c string) bool {
		w, err := ref.Decode(c)
		return err == nil && w.State != nil && w.State.Turn > 500
	})
	w, err := ref.Decode(got)
	if err != nil || w.State.Turn != 501 || w.Record != nil || len(w.State.Walls.White.H)+len(w.State.Walls.White.V)+len(w.State.Walls.Black.H)+len(w.State.Walls.Black.V) != 0 {
		t.Errorf("shrunk to %q: %+v %v", got, w, err)
	}
}

// A code with one fault shrinks to a simpler code with the same fault:
// nonzero padding, trailing data, a character outside the alphabet, a
// square out of range.
func TestSimplerCodesKeepTheFault(t *testing.T) {
	for _, c := range []struct {
		code string
		kind ref.ErrorKind
		max  int // the length the shrink must reach, at most
	}{
		{"j7oklAHMe1ICh", ref.ErrNonzeroPadding, 13},
		{"j7oklAHMe1ICgQQ", ref.ErrTrailingData, 2},
		{"j7ok lAHMe1ICg", ref.ErrInvalidCharacter, 1},
		{"j7oklAHMe1ICg\xff", ref.ErrInvalidCharacter, 1},
		{"qgAAAAAAAAAg", ref.ErrOutOfRange, 3},
	} {
		kindOf := func(s string) ref.ErrorKind {
			var e *ref.Error
			if _, err := ref.Decode(s); errors.As(err, &e) {
				return e.Kind
			}
			return ""
		}
		if kindOf(c.code) != c.kind {
			t.Fatalf("%q is not %s: %s", c.code, c.kind, kindOf(c.code))
		}
		got := shrink(c.code, codes(ref.Strict), CodeLess, func(s string) bool { return kindOf(s) == c.kind })
		if len(got) > c.max || kindOf(got) != c.kind {
			t.Errorf("%q (%s) shrunk to %q (%s)", c.code, c.kind, got, kindOf(got))
		}
	}
}

// A game shrinks to the moves up to its first illegal one, and fewer: a
// record whose replay breaks a rule keeps breaking it.
func TestSimplerGames(t *testing.T) {
	v := Game(nil, "N", "S", "N", "S", "c3h", "c3h", "N", "S", "N") // black's wall on white's: walls_conflict
	code, _ := ref.Encode(v)
	kindOf := func(s string) rules.Rule {
		w, err := ref.Decode(s)
		if err != nil {
			return ""
		}
		if _, violation := rules.Replay(w); violation != nil {
			return violation.Kind
		}
		return ""
	}
	want := kindOf(code)
	if want == "" {
		t.Fatal("the game breaks no rule")
	}
	got := shrink(code, SimplerGames, CodeLess, func(s string) bool { return kindOf(s) == want })
	w, _ := ref.Decode(got)
	if len(got) >= len(code) || w == nil || w.Record == nil {
		t.Fatalf("shrunk to %q", got)
	}
	if _, violation := rules.Replay(w); violation == nil || violation.Move != len(w.Record.Moves)-1 {
		t.Errorf("shrunk to %q, %d moves, whose violation is %+v: not its last move", got, len(w.Record.Moves), violation)
	}
}

// A JSON text shrinks member by member, list by list and number by number:
// a value with a white square above 80 shrinks to {"state":{"white":81}}
// or the like, keeping what the property needs.
func TestSimplerJSON(t *testing.T) {
	text := `{"state":{"white":300,"black":76,"walls":{"white":{"h":[1,2,3],"v":[]},"black":{"h":[],"v":[9]}},"last_move":{"player":"white","kind":"piece"},"turn":12},"record":{"moves":[{"kind":"piece","dir":0}]}}`
	white := func(s string) bool {
		var v struct {
			State *struct {
				White *json.Number `json:"white"`
			} `json:"state"`
		}
		if json.Unmarshal([]byte(s), &v) != nil || v.State == nil || v.State.White == nil {
			return false
		}
		n, err := v.State.White.Int64()
		return err == nil && n > 80
	}
	got := shrink(text, SimplerJSON, JSONLess, white)
	if got != `{"state":{"white":81}}` {
		t.Errorf("shrunk to %s", got)
	}
	// A long list that must stay long simplifies at once: its elements
	// made alike, as the shortest of them, first.
	long := `[` + strings.Repeat(`{"kind":"piece","dir":7},`, 1023) + `{"kind":"piece","dir":0.5}]`
	for s := range SimplerJSON(long) {
		if strings.Count(s, `"dir":7`) != 1024 {
			t.Errorf("the first simpler list is not 1024 elements alike: %.80s", s)
		}
		break
	}
}

// The orders have no infinite descent and compare what they say.
func TestLess(t *testing.T) {
	if !CodeLess("AB", "AC") || CodeLess("AC", "AB") || !CodeLess("/A", "=A") || CodeLess("AB", "AB") {
		t.Error("CodeLess")
	}
	if !JSONLess(`{"a":1}`, `{"a":2}`) || JSONLess(`{"a":-3}`, `{"a":2}`) || !JSONLess(`"12"`, `1`) {
		t.Error("JSONLess")
	}
}

// Shrinking works on characters: no input it yields cuts a UTF-8
// sequence in two, so an input in UTF-8 yields inputs in UTF-8, and an
// input with bytes that are not (junk in a code) yields none with more
// of them. (A key "é" cut in half was sent as {"\xa9":0}, a line that is
// not UTF-8.)
func TestSimplerKeepsCharacters(t *testing.T) {
	text := "{\"é\":0,\"ｇ🙂\":[1,2],\"state\":{\"white\":\"🙂é\"},\"record\":{\"moves\":[],\"ü\u2028\":\"aé\"}}"
	inputs := map[suite.Category][]string{
		suite.Encode:   {text, `{"é":0}`, `["🙂"]`},
		suite.Strict:   {"QE🙂BAéQｇ", "j7ok\xfflAHéMe1ICg", "é"},
		suite.Lenient:  {"QE🙂BAéQｇ", "j7ok\xfflAHéMe1ICg", "🙂🙂"},
		suite.Replay:   {"QEBAQé", "QE🙂BAQ"},
		suite.Validate: {"j7ok🙂lAHMe1ICg", "ｇ"},
	}
	for cat, list := range inputs {
		for _, input := range list {
			n := 0
			for s := range Simpler(cat, input) {
				if badBytes(s) > badBytes(input) {
					t.Fatalf("%s %q: yields %q, %d bytes that are not UTF-8", cat, input, s, badBytes(s))
				}
				if n++; n > 20000 {
					break
				}
			}
		}
	}
}

// badBytes returns how many bytes of s are not in a UTF-8 sequence.
func badBytes(s string) int {
	n := 0
	for _, r := range s {
		if r == utf8.RuneError {
			n++
		}
	}
	return n - strings.Count(s, "\ufffd")
}

// A long name or string shrinks, character by character, to the
// shortest that still goes wrong: an implementation that cuts unknown
// keys to 250 bytes goes wrong on a key of 251 bytes or more, here 126
// é's; one that keeps strings in 100 bytes, on one of 101 to 104 bytes
// (an emoji is 4).
func TestSimplerJSONLongText(t *testing.T) {
	key := strings.Repeat("é", 1500)
	text := `{"record":null,"` + key + `":0,"state":"` + strings.Repeat("🙂x", 700) + `"}`
	longKey := func(s string) bool {
		var v map[string]any
		if json.Unmarshal([]byte(s), &v) != nil {
			return false
		}
		for k := range v {
			if len(k) > 250 {
				return true
			}
		}
		return false
	}
	if got, want := shrink(text, SimplerJSON, JSONLess, longKey), `{"`+strings.Repeat("é", 126)+`":0}`; got != want {
		t.Errorf("shrunk to %s, want %s", got, want)
	}
	longString := func(s string) bool {
		var v struct{ State string }
		return json.Unmarshal([]byte(s), &v) == nil && len(v.State) > 100
	}
	got := shrink(text, SimplerJSON, JSONLess, longString)
	if n := len(got) - len(`{"state":""}`); n < 101 || n > 104 || !utf8.ValidString(got) { // 104: the end of an emoji after 100
		t.Errorf("shrunk to %s, a string of %d bytes", got, n)
	}
}

// A long code shrinks without holding every simpler code at once: each
// is made as it is asked for. (Made all at once, the simpler codes of a
// code of n characters take some 2n² bytes: 168 MB allocated in all to
// shrink this one of 8,000, 1 MB now.)
func TestSimplerLongCode(t *testing.T) {
	code := strings.Repeat("A", 4000) + "=" + strings.Repeat("A", 3999) // 8,000 characters, one not of the alphabet
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := shrink(code, codes(ref.Strict), CodeLess, func(c string) bool { return len(c) > 1000 && strings.Contains(c, "=") })
	runtime.ReadMemStats(&after)
	if len(got) != 1001 {
		t.Errorf("shrunk to %d characters, want 1001", len(got))
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 16<<20 {
		t.Errorf("the shrink allocated %d MB, want 16 at most", allocated>>20)
	}
}
