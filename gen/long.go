package gen

import (
	"strings"

	"github.com/qf-format/qf-conformance/internal/jsonstring"
)

// Long inputs: names, strings, lists and codes far longer than a value's
// own, up to about the longest input of the vectors (51,210 bytes,
// encode/moves-2047), so that qf fuzz reaches where an implementation's
// fixed buffers end (a C adapter that cut unknown keys to 250 bytes and
// kept error paths in 512 passed every vector and every case drawn before
// them). A Rand draws them once WithLongInputs has set it to, as qf fuzz
// does, as a bounded share of the cases, small enough that qf fuzz's CPU
// a case does not grow much beyond the noise of its measure:
// longEncodeShare of 240 encoding cases, and one code in longCodeShare.
const (
	longEncodeShare = 3   // of 240 encoding cases: 1 in 80
	longCodeShare   = 200 // a code in 200 to decode (and validate) is long
)

// longLength returns a length in bytes for something long: half the
// time one either side of a power of two from 2^8 to 2^15 (255 to
// 32,769), where buffers end; otherwise 200 to 51,199. Each doubling is
// drawn half as often as the one below it (the last two alike), so that
// most are a few hundred bytes, cheap to ask, and one in 64 is 12,800
// bytes or more, up to the vectors' longest input.
func (r *Rand) longLength() int {
	doublings := 0
	for doublings < 7 && r.Intn(2) == 0 {
		doublings++
	}
	if r.Intn(2) == 0 {
		return 1<<(8+doublings) - 1 + r.Intn(3)
	}
	n := 200 << doublings
	return n + r.Intn(n)
}

// longUnits are what a long name or string repeats: ASCII, characters of
// two, three and four bytes in UTF-8, and characters a path escapes
// (spec/qf.md, "Errors") or some writers do.
var longUnits = []string{"x", "A", "é", "ｇ", "🙂", "aé🙂", "\x1b", "\u2028", `"\`, "<&>", "a.b"}

// longText returns a text in UTF-8 that is n bytes long as a JSON string
// writes it, without its quotes (appendTree's escapes: \u001b is six
// bytes, "<&>" eighteen): a unit of longUnits repeated, whole characters
// only, then "x" up to n.
func (r *Rand) longText(n int) string {
	unit := longUnits[r.Intn(len(longUnits))]
	written := len(jsonstring.Append(nil, unit, true)) - 2
	k := n / written
	return strings.Repeat(unit, k) + strings.Repeat("x", n-k*written)
}

// longJSON returns tree, a value's JSON tree, with one thing long in it:
// an unknown member of a long name in any of its objects, a long string
// in place of any member or item, or a list of many items (a wall group,
// a record's moves, or a list where none belongs).
func (r *Rand) longJSON(tree *object) any {
	p := nthPlace(tree, r.Intn(countPlaces(tree))) // a value's tree has its two members at least
	switch r.Intn(3) {
	case 0:
		o := p.object // the object holding the place, or the root for an item of a list
		if o == nil {
			o = tree
		}
		o.set(r.longText(r.longLength()), smallNumbers[0])
	case 1:
		p.set(r.longText(r.longLength()))
	default:
		list, _ := p.get().([]any)
		if len(list) == 0 {
			list = []any{smallNumbers[r.Intn(64)]}
		}
		itemSize := len(appendTree(nil, list[0])) + 1 // with its comma
		long := make([]any, max(2, r.longLength()/itemSize))
		for i := range long {
			long[i] = list[i%len(list)]
		}
		p.set(long)
	}
	return tree
}

// longCode returns code with a long run of one character (of the
// alphabet, padding, white space, or two or four bytes in UTF-8) appended
// or inserted anywhere between two characters: trailing data, or an
// invalid character followed by many.
func (r *Rand) longCode(code string) string {
	unit := pick(r, "A", string(alphabet[r.Intn(len(alphabet))]), "=", " ", "\n", "é", "🙂")
	run := strings.Repeat(unit, max(1, r.longLength()/len(unit)))
	if r.Intn(2) == 0 {
		return code + run
	}
	at := r.Intn(len(code) + 1) // codes are of the alphabet: any offset is between characters
	return code[:at] + run + code[at:]
}
