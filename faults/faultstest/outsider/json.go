package outsider

import (
	"unicode/utf16"
	"unicode/utf8"
)

// This file reads JSON text (RFC 8259) into a tree, for the encoder. The
// reader keeps what the encoder must see and package encoding/json would
// hide: repeated keys, keys in the order of the text, numbers as their
// text. An escaped lone surrogate reads as U+FFFD (spec/qf.md, "Canonical
// JSON").

// A jsonKind is the kind of a JSON value.
type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

// A jsonNode is one value of the tree. An object's members are
// doc.members[first:first+n], an array's items doc.items[first:first+n].
type jsonNode struct {
	kind     jsonKind
	text     []byte // a string's contents, unescaped; a number's text
	first, n int32
}

// A jsonMember is a member of an object: its key, unescaped, and value.
type jsonMember struct {
	key []byte
	val int32
}

// maxDepth is how deep arrays and objects may nest, as spec/protocol.md
// allows a request to.
const maxDepth = 10000

// A jsonDoc is a JSON text read into a tree. Its memory is reused from
// one text to the next; the tree is valid until the next parse, and as
// long as the text.
type jsonDoc struct {
	nodes   []jsonNode
	members []jsonMember
	items   []int32
	strs    []byte // the contents of strings with escapes

	// The members and items of the objects and arrays being read.
	memberStack []jsonMember
	itemStack   []int32

	in    []byte
	pos   int
	depth int
}

// parse reads text into the tree and returns its root, or false when text
// is not one JSON value in UTF-8.
func (d *jsonDoc) parse(text []byte) (int32, bool) {
	*d = jsonDoc{nodes: d.nodes[:0], members: d.members[:0], items: d.items[:0], strs: d.strs[:0],
		memberStack: d.memberStack[:0], itemStack: d.itemStack[:0], in: text}
	if !utf8.Valid(text) {
		return 0, false
	}
	root, ok := d.value()
	d.space()
	return root, ok && d.pos == len(d.in)
}

func (d *jsonDoc) space() {
	for d.pos < len(d.in) {
		switch d.in[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// value reads one value and returns its node.
func (d *jsonDoc) value() (int32, bool) {
	d.space()
	if d.pos >= len(d.in) {
		return 0, false
	}
	switch c := d.in[d.pos]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		s, ok := d.str()
		return d.node(jsonNode{kind: jsonString, text: s}), ok
	case c == '-' || '0' <= c && c <= '9':
		return d.number()
	}
	for _, lit := range [...]struct {
		word string
		kind jsonKind
	}{{"null", jsonNull}, {"true", jsonBool}, {"false", jsonBool}} {
		if len(d.in)-d.pos >= len(lit.word) && string(d.in[d.pos:d.pos+len(lit.word)]) == lit.word {
			d.pos += len(lit.word)
			return d.node(jsonNode{kind: lit.kind}), true
		}
	}
	return 0, false
}

func (d *jsonDoc) node(n jsonNode) int32 {
	d.nodes = append(d.nodes, n)
	return int32(len(d.nodes) - 1)
}

// enter steps into an array or object, counting the nesting: false when
// it is deeper than maxDepth.
func (d *jsonDoc) enter() bool {
	d.pos++
	d.depth++
	return d.depth <= maxDepth
}

func (d *jsonDoc) object() (int32, bool) {
	if !d.enter() {
		return 0, false
	}
	base := len(d.memberStack)
	d.space()
	if d.pos < len(d.in) && d.in[d.pos] == '}' {
		d.pos++
	} else {
		for {
			d.space()
			if d.pos >= len(d.in) || d.in[d.pos] != '"' {
				return 0, false
			}
			key, ok := d.str()
			if !ok {
				return 0, false
			}
			d.space()
			if d.pos >= len(d.in) || d.in[d.pos] != ':' {
				return 0, false
			}
			d.pos++
			val, ok := d.value()
			if !ok {
				return 0, false
			}
			d.memberStack = append(d.memberStack, jsonMember{key, val})
			if !d.next('}') {
				return 0, false
			}
			if d.in[d.pos-1] == '}' {
				break
			}
		}
	}
	d.depth--
	first := len(d.members)
	d.members = append(d.members, d.memberStack[base:]...)
	d.memberStack = d.memberStack[:base]
	return d.node(jsonNode{kind: jsonObject, first: int32(first), n: int32(len(d.members) - first)}), true
}

func (d *jsonDoc) array() (int32, bool) {
	if !d.enter() {
		return 0, false
	}
	base := len(d.itemStack)
	d.space()
	if d.pos < len(d.in) && d.in[d.pos] == ']' {
		d.pos++
	} else {
		for {
			val, ok := d.value()
			if !ok {
				return 0, false
			}
			d.itemStack = append(d.itemStack, val)
			if !d.next(']') {
				return 0, false
			}
			if d.in[d.pos-1] == ']' {
				break
			}
		}
	}
	d.depth--
	first := len(d.items)
	d.items = append(d.items, d.itemStack[base:]...)
	d.itemStack = d.itemStack[:base]
	return d.node(jsonNode{kind: jsonArray, first: int32(first), n: int32(len(d.items) - first)}), true
}

// next reads the ',' or closing byte after a member or item.
func (d *jsonDoc) next(closing byte) bool {
	d.space()
	if d.pos >= len(d.in) || d.in[d.pos] != ',' && d.in[d.pos] != closing {
		return false
	}
	d.pos++
	return true
}

// number reads a number, keeping its text: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (d *jsonDoc) number() (int32, bool) {
	start := d.pos
	if d.in[d.pos] == '-' {
		d.pos++
	}
	switch {
	case d.pos < len(d.in) && d.in[d.pos] == '0':
		d.pos++
	case d.digits() == 0:
		return 0, false
	}
	if d.pos < len(d.in) && d.in[d.pos] == '.' {
		d.pos++
		if d.digits() == 0 {
			return 0, false
		}
	}
	if d.pos < len(d.in) && (d.in[d.pos] == 'e' || d.in[d.pos] == 'E') {
		d.pos++
		if d.pos < len(d.in) && (d.in[d.pos] == '+' || d.in[d.pos] == '-') {
			d.pos++
		}
		if d.digits() == 0 {
			return 0, false
		}
	}
	return d.node(jsonNode{kind: jsonNumber, text: d.in[start:d.pos]}), true
}

// digits skips decimal digits and returns how many.
func (d *jsonDoc) digits() int {
	start := d.pos
	for d.pos < len(d.in) && '0' <= d.in[d.pos] && d.in[d.pos] <= '9' {
		d.pos++
	}
	return d.pos - start
}

// str reads a string and returns its contents: a slice of the text when
// it has no escapes, else the unescaped contents in d.strs.
func (d *jsonDoc) str() ([]byte, bool) {
	d.pos++
	start := d.pos
	for d.pos < len(d.in) {
		switch c := d.in[d.pos]; {
		case c == '"':
			d.pos++
			return d.in[start : d.pos-1], true
		case c == '\\':
			return d.unescape(start)
		case c < 0x20:
			return nil, false
		}
		d.pos++
	}
	return nil, false
}

// unescape reads the rest of a string that has an escape at d.pos, its
// contents starting at start.
func (d *jsonDoc) unescape(start int) ([]byte, bool) {
	from := len(d.strs)
	d.strs = append(d.strs, d.in[start:d.pos]...)
	for d.pos < len(d.in) {
		c := d.in[d.pos]
		switch {
		case c == '"':
			d.pos++
			return d.strs[from:len(d.strs):len(d.strs)], true
		case c < 0x20:
			return nil, false
		case c != '\\':
			d.strs = append(d.strs, c)
			d.pos++
			continue
		}
		if d.pos+1 >= len(d.in) {
			return nil, false
		}
		d.pos += 2
		switch e := d.in[d.pos-1]; e {
		case '"', '\\', '/':
			d.strs = append(d.strs, e)
		case 'b':
			d.strs = append(d.strs, '\b')
		case 'f':
			d.strs = append(d.strs, '\f')
		case 'n':
			d.strs = append(d.strs, '\n')
		case 'r':
			d.strs = append(d.strs, '\r')
		case 't':
			d.strs = append(d.strs, '\t')
		case 'u':
			r, ok := d.codePoint()
			if !ok {
				return nil, false
			}
			d.strs = utf8.AppendRune(d.strs, r)
		default:
			return nil, false
		}
	}
	return nil, false
}

// codePoint reads the four hex digits after "\u", and the low half of a
// surrogate pair when one follows a high half. A lone surrogate is
// U+FFFD.
func (d *jsonDoc) codePoint() (rune, bool) {
	r, ok := d.hex4(d.pos)
	if !ok {
		return 0, false
	}
	d.pos += 4
	if !utf16.IsSurrogate(r) {
		return r, true
	}
	if r < 0xDC00 && d.pos+6 <= len(d.in) && d.in[d.pos] == '\\' && d.in[d.pos+1] == 'u' {
		if lo, ok := d.hex4(d.pos + 2); ok && 0xDC00 <= lo && lo <= 0xDFFF {
			d.pos += 6
			return utf16.DecodeRune(r, lo), true
		}
	}
	return utf8.RuneError, true
}

// hex4 returns the value of the four hex digits at i.
func (d *jsonDoc) hex4(i int) (rune, bool) {
	if i+4 > len(d.in) {
		return 0, false
	}
	var r rune
	for _, c := range d.in[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
