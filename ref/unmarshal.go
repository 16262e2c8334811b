package ref

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/qf-format/qf-conformance/spec"
)

// This file reads canonical JSON (spec/qf.md section "Canonical JSON") in
// one pass over the text with the tokenizer of package jsontext, so that
// reading costs memory in proportion to the value read (a list of a
// million anchors is a list of a million ints), never to the text's size
// or nesting. Integers outside the ranges are kept, so that Encode can
// refuse them with ErrOutOfRange.
//
// A text that is not of the canonical shape is an *Error of kind
// ErrMalformed naming the path of the first fault, in the order of
// spec/qf.md section "Errors": depth first, in the order of the canonical
// JSON; within an object, a missing, repeated or malformed member before
// the members after it, and unknown keys after all the known ones, the
// first in byte order.

// UnmarshalJSON reads v from canonical JSON: an object with exactly the
// keys "state" and "record", as spec/qf.md section "Canonical JSON"
// shows. Keys are matched exactly and may not repeat; a number must be an
// integer in its exact decimal value (8.0 and 1e3 are, 4.5 and 1e-400 are
// not). An escaped lone surrogate ("\ud800") reads as U+FFFD, in a key
// as in a value; bytes that are not UTF-8 make the text not JSON. Any
// other text is an *Error of kind ErrMalformed.
func (v *Value) UnmarshalJSON(data []byte) error {
	var nv Value
	r := newReader(data)
	defer r.free()
	if err := r.finish(r.value(&nv)); err != nil {
		return err
	}
	*v = nv
	return nil
}

// UnmarshalJSON reads s from canonical JSON.
func (s *State) UnmarshalJSON(data []byte) error {
	var ns State
	r := newReader(data)
	defer r.free()
	if err := r.finish(r.state(&ns, path{index: -1, key: "state"})); err != nil {
		return err
	}
	*s = ns
	return nil
}

// UnmarshalJSON reads rec from canonical JSON.
func (rec *Record) UnmarshalJSON(data []byte) error {
	var nr Record
	r := newReader(data)
	defer r.free()
	if err := r.finish(r.record(&nr, path{index: -1, key: "record"})); err != nil {
		return err
	}
	*rec = nr
	return nil
}

// The keys of each object, in canonical order: the readers below take a
// key by its index here.
var (
	valueKeys    = spec.Members[""]
	stateKeys    = spec.Members["/state"]
	playerKeys   = spec.Members["/state/walls"]
	groupKeys    = spec.Members["/state/walls/white"]
	lastMoveKeys = spec.Members["/state/last_move"]
	recordKeys   = spec.Members["/record"]
	moveKeys     = spec.Members["/record/moves/#"]
)

// A reader reads one JSON text. Once the text turns out not to be JSON,
// err holds why and every read stops; finish then reports it, before any
// fault of shape. Readers are pooled, so that reading a value allocates
// neither a decoder nor its state.
type reader struct {
	dec jsontext.Decoder
	buf bytes.Buffer
	err error
}

// errSyntax stands for r.err among the faults of shape.
var errSyntax = errors.New("not JSON")

// errNotUTF8 is r.err for a text that is not UTF-8.
var errNotUTF8 = errors.New("not UTF-8")

var readers = sync.Pool{New: func() any { return new(reader) }}

// newReader returns a reader of data, which it reads in place; free
// returns it to the pool.
func newReader(data []byte) *reader {
	r := readers.Get().(*reader)
	r.buf = *bytes.NewBuffer(data)
	// Repeated keys are faults of shape here, reported in order. Invalid
	// UTF-8 is allowed in the decoder only so that an escaped lone
	// surrogate ("\ud800") reads as U+FFFD, as spec/qf.md section
	// "Canonical JSON" says; bytes that are not UTF-8 are refused here.
	r.dec.Reset(&r.buf, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if !utf8.Valid(data) {
		r.err = errNotUTF8
	}
	return r
}

// free returns r to the pool, holding on to no text.
func (r *reader) free() {
	r.buf, r.err = bytes.Buffer{}, nil
	r.dec.Reset(&r.buf)
	readers.Put(r)
}

// finish returns the outcome of reading a whole text, whose first fault of
// shape is err: an error when the text is not one JSON value, else err.
func (r *reader) finish(err error) error {
	if r.err == nil {
		if _, e := r.dec.ReadToken(); e == nil {
			r.err = errors.New("more text after the value")
		} else if e != io.EOF {
			r.err = e
		}
	}
	if r.err != nil {
		return malformed("", "not JSON: "+clip([]byte(r.err.Error())))
	}
	return err
}

// token reads a token that the caller has peeked at ('{', '}', '[', ']'
// or a literal).
func (r *reader) token() jsontext.Token {
	if r.err != nil {
		return jsontext.Token{}
	}
	tok, err := r.dec.ReadToken()
	if err != nil {
		r.err = err
	}
	return tok
}

// raw reads the next value whole and returns its text, valid until the
// next read.
func (r *reader) raw() jsontext.Value {
	if r.err != nil {
		return nil
	}
	v, err := r.dec.ReadValue()
	if err != nil {
		r.err = err
	}
	return v
}

// skip reads the next value, whatever it is.
func (r *reader) skip() {
	if r.err == nil {
		if err := r.dec.SkipValue(); err != nil {
			r.err = err
		}
	}
}

// skipAs skips the next value and returns the fault what at at.
func (r *reader) skipAs(at path, what string) error {
	r.skip()
	if r.err != nil {
		return errSyntax
	}
	return malformed(at.String(), what)
}

// null reads a null if one comes next, and reports whether it did.
func (r *reader) null() bool {
	if r.err != nil || r.dec.PeekKind() != 'n' {
		return false
	}
	r.token()
	return true
}

// An object is what reading a JSON object found: for each known key, in
// canonical order, whether it was there, whether it came twice and the
// first fault in its value; and the unknown keys.
type object struct {
	at      path
	keys    []string
	present [5]bool
	twice   [5]bool
	faults  [5]error
	unknown []string
}

// object reads an object whose known keys are keys (at most 5), calling
// read with the index and path of each known key on its first appearance
// to read its value; it reads the whole object. It returns a fault when
// the value is not an object.
func (r *reader) object(at path, keys []string, read func(k int, at path) error) (object, error) {
	o := object{at: at, keys: keys}
	if r.err != nil {
		return o, errSyntax
	}
	if r.dec.PeekKind() != '{' {
		return o, r.skipAs(at, "not an object")
	}
	r.token()
	for r.err == nil && r.dec.PeekKind() != '}' {
		name := r.raw()
		if r.err != nil {
			break
		}
		k := keyIndex(keys, name)
		switch {
		case k < 0:
			o.unknown = append(o.unknown, unquote(name))
			r.skip()
		case o.present[k]:
			o.twice[k] = true
			r.skip()
		default:
			o.present[k] = true
			o.faults[k] = read(k, at.member(keys[k]))
		}
	}
	r.token()
	if r.err != nil {
		return o, errSyntax
	}
	return o, nil
}

// fault returns the object's first fault: of the keys order (indexes in
// keys), in that order, the first that is missing, repeated or malformed;
// then the first, in byte order, of the unknown keys and of the known keys
// present but not in order.
func (o *object) fault(order ...int) error {
	for _, k := range order {
		switch {
		case !o.present[k]:
			return malformed(o.at.member(o.keys[k]).String(), "missing")
		case o.twice[k]:
			return malformed(o.at.member(o.keys[k]).String(), "repeated key")
		case o.faults[k] != nil:
			return o.faults[k]
		}
	}
	unknown := o.unknown
	for k, key := range o.keys {
		if o.present[k] && !slices.Contains(order, k) {
			unknown = append(unknown, key)
		}
	}
	if len(unknown) > 0 {
		return malformed(child(o.at.String(), slices.Min(unknown)), "unknown key")
	}
	return nil
}

// keyIndex returns the index in keys of the key that the JSON string
// quoted spells, or -1, without making a string of it.
func keyIndex(keys []string, quoted jsontext.Value) int {
	if bytes.IndexByte(quoted, '\\') >= 0 {
		return slices.Index(keys, unquote(quoted))
	}
	key := quoted[1 : len(quoted)-1]
	return slices.IndexFunc(keys, func(k string) bool { return string(key) == k })
}

// unquote returns the string that the JSON string quoted spells.
func unquote(quoted jsontext.Value) string {
	b, _ := jsontext.AppendUnquote(nil, quoted)
	return string(b)
}

// A path names a place in the text, for a fault: the path of the list or
// object that holds it ("" for the whole text), its index in that list or
// -1, and its key in that object or "" (a known key is never empty). It
// is made into text, by String, only for a fault, since most reads find
// none.
type path struct {
	outer string
	index int
	key   string
}

// member returns the path of key in the object at p.
func (p path) member(key string) path {
	if p.key == "" {
		return path{p.outer, p.index, key}
	}
	return path{p.String(), -1, key}
}

// String returns the path as an Error's Field shows it, such as
// "record.moves[3].dir".
func (p path) String() string {
	s := p.outer
	if p.index >= 0 {
		s += "[" + strconv.Itoa(p.index) + "]"
	}
	if p.key == "" {
		return s
	}
	return child(s, p.key)
}

// child returns the path of key in the object at path: path.key, or, for
// a key not made only of ASCII letters, digits and '_' (an unknown key,
// "x.y" or ""), path["x.y"], the key as a JSON string in brackets, so
// that a path names one place.
func child(path, key string) string {
	if !plainKey(key) {
		quoted, _ := jsontext.AppendQuote(nil, key) // invalid UTF-8 as U+FFFD
		return path + "[" + string(quoted) + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

func plainKey(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

func (r *reader) value(v *Value) error {
	o, err := r.object(path{index: -1}, valueKeys, func(k int, at path) error {
		if k == 0 {
			if r.null() {
				return nil
			}
			v.State = new(State)
			return r.state(v.State, at)
		}
		if r.null() {
			return nil
		}
		v.Record = new(Record)
		return r.record(v.Record, at)
	})
	if err != nil {
		return err
	}
	return o.fault(0, 1)
}

func (r *reader) state(s *State, at path) error {
	o, err := r.object(at, stateKeys, func(k int, at path) error {
		switch k {
		case 0:
			return r.int(&s.White, at)
		case 1:
			return r.int(&s.Black, at)
		case 2:
			return r.walls(&s.Walls, at)
		case 3:
			return r.lastMove(&s.LastMove, at)
		}
		return r.int(&s.Turn, at)
	})
	if err != nil {
		return err
	}
	return o.fault(0, 1, 2, 3, 4)
}

func (r *reader) walls(w *Walls, at path) error {
	o, err := r.object(at, playerKeys, func(k int, at path) error {
		return r.group(w.Group(Player(k)), at)
	})
	if err != nil {
		return err
	}
	return o.fault(0, 1)
}

func (r *reader) group(g *PlayerWalls, at path) error {
	o, err := r.object(at, groupKeys, func(k int, at path) error {
		return r.ints(g.list(Orientation(k)), at)
	})
	if err != nil {
		return err
	}
	return o.fault(0, 1)
}

func (r *reader) lastMove(m *LastMove, at path) error {
	var player, kind int
	o, err := r.object(at, lastMoveKeys, func(k int, at path) error {
		switch k {
		case 0:
			return r.name(&player, at, "white", "black")
		case 1:
			return r.name(&kind, at, "piece", "wall")
		}
		return r.int(&m.Place, at)
	})
	if err != nil {
		return err
	}
	m.Player, m.Kind = Player(player), MoveKind(kind)
	if o.present[1] && o.faults[1] == nil && m.Kind == Wall {
		return o.fault(0, 1, 2)
	}
	m.Place = 0
	return o.fault(0, 1)
}

func (r *reader) record(rec *Record, at path) error {
	o, err := r.object(at, recordKeys, func(k int, at path) error {
		return r.moves(&rec.Moves, at)
	})
	if err != nil {
		return err
	}
	return o.fault(0)
}

// moves reads a list of moves. An empty list is a non-nil slice: a record
// of no moves.
func (r *reader) moves(dst *[]Move, at path) error {
	list := at.String()
	moves := []Move{}
	if err := r.list(at, func(i int, _ bool) error {
		var m Move
		err := r.move(&m, path{outer: list, index: i})
		moves = append(moves, m)
		return err
	}); err != nil {
		return err
	}
	*dst = moves
	return nil
}

// list reads a list, calling item to read each item with its index and
// whether no item before it had a fault, and returns the first fault of
// its items; a value that is not a list is a fault at at.
func (r *reader) list(at path, item func(i int, first bool) error) error {
	if r.err != nil {
		return errSyntax
	}
	if r.dec.PeekKind() != '[' {
		return r.skipAs(at, "not a list")
	}
	r.token()
	var fault error
	for i := 0; r.err == nil && r.dec.PeekKind() != ']'; i++ {
		if err := item(i, fault == nil); err != nil && fault == nil {
			fault = err
		}
	}
	r.token()
	return fault
}

func (r *reader) move(m *Move, at path) error {
	var kind, orientation int
	o, err := r.object(at, moveKeys, func(k int, at path) error {
		switch k {
		case 0:
			return r.name(&kind, at, "piece", "wall")
		case 1:
			return r.int16(&m.Dir, at)
		case 2:
			return r.name(&orientation, at, "h", "v")
		}
		return r.int16(&m.Place, at)
	})
	if err != nil {
		return err
	}
	m.Kind, m.Orientation = MoveKind(kind), Orientation(orientation)
	if !o.present[0] || o.faults[0] != nil {
		return o.fault(0)
	}
	if m.Kind == Wall {
		m.Dir = 0
		return o.fault(0, 2, 3)
	}
	m.Orientation, m.Place = 0, 0
	return o.fault(0, 1)
}

// int reads an integer.
func (r *reader) int(dst *int, at path) error {
	v := r.raw()
	if r.err != nil {
		return errSyntax
	}
	n, ok := integer(v)
	if !ok {
		return malformed(at.String(), clip(v)+" is not an integer")
	}
	*dst = n
	return nil
}

// int16 reads an integer into a Move's field, saturated to the range of
// int16 (Move).
func (r *reader) int16(dst *int16, at path) error {
	var n int
	err := r.int(&n, at)
	*dst = narrow(n)
	return err
}

// ints reads a list of integers; an empty list is nil. Paths are written
// only for a fault, the first: a list may hold millions of items.
func (r *reader) ints(dst *[]int, at path) error {
	var list []int
	if err := r.list(at, func(i int, first bool) error {
		v := r.raw()
		n, ok := integer(v)
		list = append(list, n)
		if !ok && first && r.err == nil {
			return malformed(path{outer: at.String(), index: i}.String(), clip(v)+" is not an integer")
		}
		return nil
	}); err != nil {
		return err
	}
	*dst = list
	return nil
}

// name reads a string that must be one of names, and stores its index.
func (r *reader) name(dst *int, at path, names ...string) error {
	if r.err == nil && r.dec.PeekKind() == '"' {
		v := r.raw()
		if r.err != nil { // a string that ends early, or has a bad escape
			return errSyntax
		}
		if i := keyIndex(names, v); i >= 0 {
			*dst = i
			return nil
		}
		quoted, _ := jsontext.AppendQuote(nil, unquote(v))
		return malformed(at.String(), fmt.Sprintf("%s is not %q or %q", clip(quoted), names[0], names[1]))
	}
	v := r.raw()
	if r.err != nil {
		return errSyntax
	}
	return malformed(at.String(), fmt.Sprintf("%s is not %q or %q", clip(v), names[0], names[1]))
}

// integer returns the integer that the JSON number text n spells, in its
// exact decimal value: 8, 8.0, 80e-1 and -0 are integers, whatever their
// spelling; 4.5, 3.99999999999999999999 and 1e-400 are not. A value beyond
// the range of int is saturated, so that Encode refuses it as out of
// range. ok is false for a number that is not an integer, and for text
// that is not a number.
func integer(n []byte) (v int, ok bool) {
	neg := len(n) > 0 && n[0] == '-'
	if neg {
		n = n[1:]
	}
	// The number is d × 10^scale, where d is the digits of its integer
	// and fractional parts together.
	var buf [40]byte
	d := buf[:0]
	i := 0
	for ; i < len(n) && isDigit(n[i]); i++ {
		d = append(d, n[i])
	}
	if i == 0 {
		return 0, false
	}
	scale := 0
	if i < len(n) && n[i] == '.' {
		j := i + 1
		for ; j < len(n) && isDigit(n[j]); j++ {
			d = append(d, n[j])
		}
		if j == i+1 {
			return 0, false
		}
		scale -= j - i - 1
		i = j
	}
	if i < len(n) && (n[i] == 'e' || n[i] == 'E') {
		i++
		expNeg := false
		if i < len(n) && (n[i] == '+' || n[i] == '-') {
			expNeg = n[i] == '-'
			i++
		}
		start, exp := i, 0
		for ; i < len(n) && isDigit(n[i]); i++ {
			if exp < 1e9 { // far beyond any int; stays far from overflow
				exp = exp*10 + int(n[i]-'0')
			}
		}
		if i == start {
			return 0, false
		}
		if expNeg {
			exp = -exp
		}
		scale += exp
	}
	if i != len(n) {
		return 0, false
	}
	// Leading zeros do not count, trailing zeros raise the scale.
	for len(d) > 0 && d[0] == '0' {
		d = d[1:]
	}
	if len(d) == 0 {
		return 0, true
	}
	for d[len(d)-1] == '0' {
		d = d[:len(d)-1]
		scale++
	}
	if scale < 0 {
		return 0, false // a nonzero digit after the point
	}
	limit := uint64(math.MaxInt)
	if neg {
		limit++ // -math.MinInt
	}
	if len(d)+scale > 19 { // more than 19 digits: beyond every int64
		return saturate(neg), true
	}
	var u uint64 // at most 19 digits: below 10^19 < 2^64
	for _, c := range d {
		u = u*10 + uint64(c-'0')
	}
	for ; scale > 0; scale-- {
		u *= 10
	}
	if u > limit {
		return saturate(neg), true
	}
	if neg {
		return int(-int64(u-1) - 1), true
	}
	return int(u), true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func saturate(neg bool) int {
	if neg {
		return math.MinInt
	}
	return math.MaxInt
}

// clip returns text for a message, shortened to about 64 bytes, never
// inside a UTF-8 sequence.
func clip(text []byte) string {
	const n = 64
	if len(text) <= n {
		return string(text)
	}
	end := n
	for end > 0 && !utf8.RuneStart(text[end]) {
		end--
	}
	return string(text[:end]) + "..."
}

func malformed(path, what string) *Error {
	detail := "malformed value: " + what
	if path != "" {
		detail = "malformed value: " + path + ": " + what
	}
	return &Error{Kind: ErrMalformed, Field: path, Detail: detail}
}
