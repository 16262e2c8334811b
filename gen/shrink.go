package gen

import (
	"encoding/json"
	"errors"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/internal/bitstring"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// Shrinking: inputs simpler than one that an implementation gets wrong,
// for qf fuzz. Each function yields candidates the most promising first,
// made only as they are asked for; whether a candidate is simpler
// (CodeLess, JSONLess), and whether it still goes wrong the same way, is
// the shrinker's business.

// SimplerCodes yields codes simpler than code: when it decodes in profile
// p, the codes of simpler values (SimplerValues); when it does not, for
// one fault (nonzero padding, trailing data, a character outside the
// alphabet, a value out of range), the codes of values simpler than its
// own with the same fault put into them; then code with a piece deleted,
// then with a character of a smaller value.
func SimplerCodes(code string, p ref.Profile) iter.Seq[string] {
	return func(yield func(string) bool) {
		if v, err := p.Decode(code); err == nil {
			if !yieldCodes(yield, SimplerValues(v, false), nil) {
				return
			}
		} else if fault, repaired := faultOf(code, err); fault != nil {
			if v, err := ref.Lenient.Decode(repaired); err == nil && !yieldCodes(yield, SimplerValues(v, false), fault) {
				return
			}
		}
		yieldEdits(yield, code)
	}
}

// SimplerGames yields codes simpler than code, a game to replay: the
// codes of simpler values when it decodes, the moves after its first
// illegal one dropped first; then edits of the code, as SimplerCodes.
func SimplerGames(code string) iter.Seq[string] {
	return func(yield func(string) bool) {
		if v, err := ref.Decode(code); err == nil && !yieldCodes(yield, SimplerValues(v, true), nil) {
			return
		}
		yieldEdits(yield, code)
	}
}

// yieldCodes yields the codes of values, with fault put into each when it
// is set (those it cannot be put into left out); it returns false when
// yield did.
func yieldCodes(yield func(string) bool, values []*ref.Value, fault func(string) (string, bool)) bool {
	for _, w := range values {
		code, err := ref.Encode(w)
		if err != nil {
			continue
		}
		if fault != nil {
			var ok bool
			if code, ok = fault(code); !ok {
				continue
			}
		}
		if !yield(code) {
			return false
		}
	}
	return true
}

// yieldEdits yields input with a piece deleted, then with a character of
// a smaller value.
func yieldEdits(yield func(string) bool, input string) {
	for s := range deletions(input) {
		if !yield(s) {
			return
		}
	}
	for i := 0; i < len(input); i++ {
		if v := strings.IndexByte(spec.Alphabet, input[i]); v > 0 {
			for _, w := range smallerInts(v) {
				if !yield(input[:i] + string(spec.Alphabet[w]) + input[i+1:]) {
					return
				}
			}
		}
	}
}

// faultOf returns, for a code that strict decoding rejects for nonzero
// padding bits, trailing data, a character outside the alphabet or a
// square or wall count out of range, what puts the same fault into another
// code, and the code repaired (its value is the fault's setting); nil for
// other errors.
func faultOf(input string, err error) (fault func(code string) (string, bool), repaired string) {
	var e *ref.Error
	if !errors.As(err, &e) {
		return nil, ""
	}
	switch e.Kind {
	case ref.ErrNonzeroPadding:
		return func(code string) (string, bool) {
			v, err := ref.Decode(code)
			if err != nil || v.BitLen()%6 == 0 {
				return "", false // no padding bits
			}
			last := strings.IndexByte(spec.Alphabet, code[len(code)-1])
			return code[:len(code)-1] + string(spec.Alphabet[last|1]), true
		}, input
	case ref.ErrTrailingData:
		extra := input[e.Offset:]
		return func(code string) (string, bool) { return code + extra, true }, input
	case ref.ErrInvalidCharacter:
		size := 1
		if _, n := utf8.DecodeRuneInString(input[e.Offset:]); n > 1 {
			size = n
		}
		junk, at := input[e.Offset:e.Offset+size], e.Offset
		return func(code string) (string, bool) {
			at := min(at, len(code))
			return code[:at] + junk + code[at:], true
		}, input
	case ref.ErrOutOfRange:
		return outOfRange(input, e)
	}
	return nil, ""
}

// outOfRange is faultOf for a value out of range: the same bits put into
// the same field of another code.
func outOfRange(input string, e *ref.Error) (fault func(code string) (string, bool), repaired string) {
	if !spec.InAlphabet(input) {
		return nil, ""
	}
	f, ok := spec.FieldOf(e.Field)
	if !ok {
		return nil, ""
	}
	width, limit := f.Width, f.Max
	bits := bitstring.Bits(input)
	if e.Offset+width > len(bits) {
		return nil, ""
	}
	bad := bits[e.Offset : e.Offset+width]
	repaired = bitstring.Code(bits[:e.Offset] + bitstring.Field(limit, width) + bits[e.Offset+width:])
	return func(code string) (string, bool) {
		fields, _, err := ref.Fields(code)
		if err != nil {
			return "", false
		}
		for _, f := range fields {
			if f.Path == e.Field {
				b := bitstring.Bits(code)
				return bitstring.Code(b[:f.Offset] + bad + b[f.Offset+width:]), true
			}
		}
		return "", false
	}, repaired
}

// deletions yields s without a piece of it: halves, quarters, ... down
// to single characters; then four characters at a time, a quantum of
// Base64, for inputs whose length matters to a Base64 library. It works
// on characters, never cutting a UTF-8 sequence in two (a byte that
// begins none is a character of its own), so that the pieces left of
// text in UTF-8 are UTF-8. Each is made only as it is asked for: an input
// of n characters has some 2n of them, each nearly as long as it, too
// many to hold at once when it is long.
func deletions(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		starts := charStarts(s) // and len(s), where the last character ends
		n := len(starts) - 1
		without := func(start, size int) string { return s[:starts[start]] + s[starts[start+size]:] }
		for size := n / 2; size >= 1; size /= 2 {
			for start := 0; start+size <= n; start += size {
				if !yield(without(start, size)) {
					return
				}
			}
		}
		if n > 4 && n%4 == 0 {
			for start := 0; start+4 <= n; start += 4 {
				if !yield(without(start, 4)) {
					return
				}
			}
		}
		if n == 1 {
			yield("")
		}
	}
}

// charStarts returns the offsets where the characters of s begin, and
// len(s): a byte that begins no UTF-8 sequence is a character of its own.
func charStarts(s string) []int {
	starts := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); {
		starts = append(starts, i)
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return append(starts, len(s))
}

// SimplerValues returns values simpler than v: a chunk dropped; moves,
// walls and numbers fewer or smaller. For a game to replay, the moves
// after the first illegal one go first, and the record stays.
func SimplerValues(v *ref.Value, replay bool) []*ref.Value {
	var out []*ref.Value
	edit := func(change func(w *ref.Value)) {
		w := clone(v)
		change(w)
		out = append(out, w)
	}
	if r := v.Record; r != nil {
		simplerRecord(v, r, replay, edit)
	}
	if s := v.State; s != nil {
		simplerState(s, edit)
	}
	return out
}

// simplerRecord edits the record r of v: later moves, fewer moves,
// smaller numbers.
func simplerRecord(v *ref.Value, r *ref.Record, replay bool, edit func(func(*ref.Value))) {
	if replay {
		if _, violation := rules.Replay(v); violation != nil && violation.Move < len(r.Moves)-1 {
			edit(func(w *ref.Value) { w.Record.Moves = w.Record.Moves[:violation.Move+1] })
		}
	} else {
		edit(func(w *ref.Value) { w.Record = nil })
	}
	n := len(r.Moves)
	for size := n / 2; size >= 1; size /= 2 {
		for start := 0; start+size <= n; start += size {
			edit(func(w *ref.Value) {
				w.Record.Moves = append(w.Record.Moves[:start:start], w.Record.Moves[start+size:]...)
			})
		}
	}
	for i, m := range r.Moves {
		for _, n := range smallerInts(int(m.Place)) { // each nearer 0, so an int16 too
			edit(func(w *ref.Value) { w.Record.Moves[i].Place = int16(n) })
		}
		for _, n := range smallerInts(int(m.Dir)) {
			edit(func(w *ref.Value) { w.Record.Moves[i].Dir = int16(n) })
		}
		if m.Kind == ref.Wall && m.Orientation == ref.Vertical {
			edit(func(w *ref.Value) { w.Record.Moves[i].Orientation = ref.Horizontal })
		}
	}
}

// simplerState edits the State s: none, fewer walls, smaller numbers, a
// pawn last move by white.
func simplerState(s *ref.State, edit func(func(*ref.Value))) {
	edit(func(w *ref.Value) { w.State = nil })
	for g, list := range [4][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V} {
		for i := range list {
			edit(func(w *ref.Value) {
				l := groupOf(w.State, g)
				*l = append((*l)[:i:i], (*l)[i+1:]...)
			})
		}
	}
	for g, list := range [4][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V} {
		for i, anchor := range list {
			for _, n := range smallerInts(anchor) {
				edit(func(w *ref.Value) { (*groupOf(w.State, g))[i] = n })
			}
		}
	}
	numbers := func(s *ref.State) []*int { return []*int{&s.White, &s.Black, &s.Turn, &s.LastMove.Place} }
	for k, p := range numbers(s) {
		for _, n := range smallerInts(*p) {
			edit(func(w *ref.Value) { *numbers(w.State)[k] = n })
		}
	}
	if s.LastMove.Kind == ref.Wall {
		edit(func(w *ref.Value) { w.State.LastMove.Kind, w.State.LastMove.Place = ref.Piece, 0 })
	}
	if s.LastMove.Player == ref.Black {
		edit(func(w *ref.Value) { w.State.LastMove.Player = ref.White })
	}
}

// smallerInts returns numbers smaller than n, not below 0, to try in its
// place: 0, then halfway, and closer and closer up to n-1, so that a
// greedy shrink ends on the smallest number that still disagrees, when
// disagreeing is a matter of a threshold.
func smallerInts(n int) []int {
	var out []int
	if n > 0 {
		out = append(out, 0)
	}
	for d := n / 2; d >= 1; d /= 2 {
		if out[len(out)-1] != n-d {
			out = append(out, n-d)
		}
	}
	return out
}

func groupOf(s *ref.State, g int) *[]int {
	return [4]*[]int{&s.Walls.White.H, &s.Walls.White.V, &s.Walls.Black.H, &s.Walls.Black.V}[g]
}

func clone(v *ref.Value) *ref.Value {
	w := &ref.Value{}
	if s := v.State; s != nil {
		c := *s
		c.Walls.White.H = append([]int(nil), s.Walls.White.H...)
		c.Walls.White.V = append([]int(nil), s.Walls.White.V...)
		c.Walls.Black.H = append([]int(nil), s.Walls.Black.H...)
		c.Walls.Black.V = append([]int(nil), s.Walls.Black.V...)
		w.State = &c
	}
	if r := v.Record; r != nil {
		w.Record = &ref.Record{Moves: append([]ref.Move{}, r.Moves...)}
	}
	return w
}

// maxTextEdits is the length in bytes of the longest JSON text whose
// characters are deleted, beside the simpler values, to shrink it.
const maxTextEdits = 1024

// SimplerJSON yields JSON texts simpler than text, breadth first: a
// value replaced by null, a member dropped, half a list, then a quarter,
// down to an item dropped, a number made 0, 1 or half, a string made "",
// a long name or string (longer than longText) cut to fewer characters;
// then the same inside each member and item; then, for a text of at most
// 1 KiB, the text with a character deleted where it stays JSON (shorter
// numbers and names), never a part of one: a text in UTF-8 yields texts
// in UTF-8.
func SimplerJSON(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for s := range simplerTree(text) {
			if !yield(s) {
				return
			}
		}
		if len(text) > maxTextEdits {
			return // edits of the text itself would be as many as its characters
		}
		for s := range deletions(text) {
			if json.Valid([]byte(s)) && !yield(s) {
				return
			}
		}
	}
}

// A node of a JSON tree, and how to put another value in its place.
type node struct {
	value any
	set   func(any)
}

// simplerTree yields the texts of simpler JSON trees than text's, as
// SimplerJSON says.
func simplerTree(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		var tree any
		dec := json.NewDecoder(strings.NewReader(text))
		dec.UseNumber()
		if dec.Decode(&tree) != nil {
			return
		}
		emit := func() bool {
			b, err := json.Marshal(tree)
			return err != nil || yield(string(b))
		}
		queue := []node{{tree, func(y any) { tree = y }}}
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			var more []node
			var ok bool
			switch x := n.value.(type) {
			case map[string]any:
				more, ok = simplerObject(n, x, emit)
			case []any:
				more, ok = simplerList(n, x, emit)
			case json.Number:
				ok = simplerNumber(n, x, emit)
			case string:
				ok = x == "" || simplerString(n, x, emit)
			default:
				ok = true
			}
			if !ok {
				return
			}
			queue = append(queue, more...)
		}
	}
}

// simplerObject emits the tree with object x null, then with each of its
// members dropped, and returns its members to simplify next; false when
// emit said to stop.
func simplerObject(n node, x map[string]any, emit func() bool) ([]node, bool) {
	n.set(nil)
	if !emit() {
		return nil, false
	}
	n.set(x)
	keys := make([]string, 0, len(x)) // in order: a run is repeatable
	for k := range x {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var more []node
	for _, k := range keys {
		v := x[k]
		delete(x, k)
		if !emit() {
			return nil, false
		}
		x[k] = v
		more = append(more, node{v, func(y any) { x[k] = y }})
	}
	for _, k := range keys {
		if !shorterKeys(x, k, emit) {
			return nil, false
		}
	}
	return more, true
}

// longText is the length in bytes beyond which a name or a string is
// long: longer than any name of the format, so that shrinking cuts it to
// fewer characters, not only to nothing.
const longText = 16

// shorterKeys emits the tree with the key k of object x cut to fewer
// characters (shorter), when it is long and the shorter key is no other
// member's; false when emit said to stop.
func shorterKeys(x map[string]any, k string, emit func() bool) bool {
	if len(k) <= longText {
		return true
	}
	v := x[k]
	for _, short := range shorter(k) {
		if _, taken := x[short]; taken {
			continue
		}
		delete(x, k)
		x[short] = v
		ok := emit()
		delete(x, short)
		x[k] = v
		if !ok {
			return false
		}
	}
	return true
}

// shorter returns the beginnings of s shorter than it by whole characters,
// the shortest first: none, half, and closer and closer up to all but
// its last character (smallerInts), so that a greedy shrink ends on the
// shortest that still disagrees when length is what matters (a buffer
// that ends).
func shorter(s string) []string {
	starts := charStarts(s)
	var out []string
	for _, n := range smallerInts(len(starts) - 1) {
		out = append(out, s[:starts[n]])
	}
	return out
}

// simplerList emits the tree with list x's elements all alike, then with
// halves, quarters, ... of it dropped, and returns its elements to
// simplify next; false when emit said to stop.
func simplerList(n node, x []any, emit func() bool) ([]node, bool) {
	// Every element as the shortest: a long list that must stay long (a
	// record of 1024 moves) simplifies at once.
	alike, differs := allAlike(x)
	if differs {
		n.set(alike)
		if !emit() {
			return nil, false
		}
	}
	n.set(x)
	for size := max(len(x)/2, 1); size >= 1; size /= 2 {
		for start := 0; start+size <= len(x); start += size {
			n.set(append(append([]any{}, x[:start]...), x[start+size:]...))
			if !emit() {
				return nil, false
			}
		}
		if size == 1 {
			break
		}
	}
	n.set(x)
	var more []node
	for i, v := range x {
		if i > 0 && alike != nil && !differs {
			break // elements all alike: the first stands for them, the next round makes the others like it
		}
		more = append(more, node{v, func(y any) { x[i] = y }})
	}
	return more, true
}

func simplerNumber(n node, x json.Number, emit func() bool) bool {
	for _, y := range smallerNumbers(x) {
		if y != string(x) {
			n.set(json.Number(y))
			if !emit() {
				return false
			}
		}
	}
	n.set(x)
	return true
}

// simplerString emits the tree with string x "", and when x is long,
// cut to fewer characters (shorter); false when emit said to stop.
func simplerString(n node, x string, emit func() bool) bool {
	cuts := []string{""}
	if len(x) > longText {
		cuts = shorter(x)
	}
	for _, y := range cuts {
		n.set(y)
		if !emit() {
			return false
		}
	}
	n.set(x)
	return true
}

// halve returns an integer half of the JSON number n, or "" if it has
// none.
func halve(n string) string {
	i, err := strconv.ParseInt(n, 10, 64)
	if err != nil || i/2 == i {
		return ""
	}
	return strconv.FormatInt(i/2, 10)
}

// smallerNumbers returns numbers smaller than x, the simplest first: 0,
// 1, then smaller integers or half of x.
func smallerNumbers(x json.Number) []string {
	smaller := []string{"0", "1"}
	if i, err := strconv.ParseInt(string(x), 10, 64); err == nil && i > 0 && i <= 1<<20 {
		for _, k := range smallerInts(int(i)) {
			smaller = append(smaller, strconv.Itoa(k))
		}
	} else if h := halve(string(x)); h != "" {
		smaller = append(smaller, h)
	}
	return smaller
}

// allAlike returns a list as long as x whose every element is x's
// shortest (in JSON), and false when x's elements are all that already.
func allAlike(x []any) ([]any, bool) {
	if len(x) < 2 {
		return nil, false
	}
	texts := make([]string, len(x))
	least := 0
	for i, v := range x {
		b, _ := json.Marshal(v)
		texts[i] = string(b)
		if len(texts[i]) < len(texts[least]) {
			least = i
		}
	}
	alike := make([]any, len(x))
	differs := false
	for i := range x {
		alike[i] = x[least]
		differs = differs || texts[i] != texts[least]
	}
	return alike, differs
}

// CodeLess reports whether code a, as long as b, is earlier in the order
// of the alphabet's values, character by character, other bytes after
// the alphabet's: so that the numbers of the first fields that differ
// are smaller.
func CodeLess(a, b string) bool {
	for i := 0; i < len(a); i++ {
		if x, y := charRank(a[i]), charRank(b[i]); x != y {
			return x < y
		}
	}
	return false
}

// charRank orders bytes: the alphabet's by their values, then the rest.
func charRank(b byte) int {
	if v := strings.IndexByte(spec.Alphabet, b); v >= 0 {
		return v
	}
	return 64 + int(b)
}

// JSONLess reports whether JSON text a, as long as b, has a smaller sum
// of the magnitudes of its numbers (each at most 1e18).
func JSONLess(a, b string) bool { return numberSum(a) < numberSum(b) }

func numberSum(text string) float64 {
	sum := 0.0
	for _, n := range numberTokens(text) {
		x, _ := strconv.ParseFloat(n, 64)
		sum += math.Min(math.Abs(x), 1e18)
	}
	return sum
}

// numberTokens returns the number tokens of a JSON text, outside strings.
func numberTokens(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '"':
			i++
			for i < len(text) && text[i] != '"' {
				if text[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case c == '-' || '0' <= c && c <= '9':
			j := i + 1
			for j < len(text) && strings.IndexByte("0123456789.eE+-", text[j]) >= 0 {
				j++
			}
			out = append(out, text[i:j])
			i = j
		default:
			i++
		}
	}
	return out
}
