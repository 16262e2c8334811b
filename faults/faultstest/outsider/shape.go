package outsider

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// A shaper reads a Value from a JSON tree, refusing what is not a
// canonical value with malformed (spec/qf.md, "Canonical JSON" and
// "Errors"): the value is read depth first in the order of the canonical
// JSON, each object's known keys in that order before its unknown keys.
// An error's field is built on the way back up: each function returns a
// path relative to the value it reads, ".white" or "[3]", to which the
// caller puts its own in front.
type shaper struct {
	faults faultSet
	val    Value
	state  State
	record Record
}

// malformed returns a malformed error at the relative path field.
func malformed(field, why string) *codeError {
	return inValue(kindMalformed, field, why)
}

// under puts prefix in front of err's path.
func under(prefix string, err *codeError) *codeError {
	err.Field = prefix + err.Field
	return err
}

// value reads the whole value from the root of the tree.
func (s *shaper) value(root *jsonNode) (*Value, *codeError) {
	err := s.top(root)
	if err != nil {
		err.Field = strings.TrimPrefix(err.Field, ".")
		if err.Field != "" {
			err.Message = "malformed " + err.Field + ": " + err.Message
		}
		return nil, err
	}
	return &s.val, nil
}

func (s *shaper) top(root *jsonNode) *codeError {
	s.val = Value{}
	if root.kind != jsonObject {
		return malformed("", "the value is not an object")
	}
	st, err := s.member(root, "state")
	if err != nil {
		return err
	}
	if st.kind != jsonNull {
		if err := s.readState(st); err != nil {
			return under(".state", err)
		}
		s.val.State = &s.state
	}
	rec, err := s.member(root, "record")
	if err != nil {
		return err
	}
	if rec.kind != jsonNull {
		if err := s.readRecord(rec); err != nil {
			return under(".record", err)
		}
		s.val.Record = &s.record
	}
	return s.unknown(root, true, "state", "record")
}

// member returns the value of the key of object o: malformed when it is
// missing or repeated.
func (s *shaper) member(o *jsonNode, key string) (*jsonNode, *codeError) {
	var val *jsonNode
	seen := 0
	for _, m := range o.members {
		if string(m.key) == key {
			val = m.val
			seen++
		}
	}
	switch {
	case seen == 0:
		return nil, malformed("."+key, "no key "+strconv.Quote(key))
	case seen > 1 && !s.faults.has(RepeatedKeyLastWins):
		return nil, malformed("."+key, "key "+strconv.Quote(key)+" repeated")
	}
	return val, nil
}

// unknown returns malformed for the first, in byte order, of the keys of
// object o that are not known; top says whether o is the whole value.
func (s *shaper) unknown(o *jsonNode, top bool, known ...string) *codeError {
	if !top && s.faults.has(NestedUnknownSkipped) {
		return nil
	}
	var first []byte
	found := false
	for _, m := range o.members {
		if isKnown(m.key, known) || found && bytes.Compare(m.key, first) >= 0 {
			continue
		}
		first, found = m.key, true
	}
	if !found {
		return nil
	}
	return malformed(s.keyPath(first), "unknown key "+strconv.Quote(string(first)))
}

func isKnown(key []byte, known []string) bool {
	for _, k := range known {
		if string(key) == k {
			return true
		}
	}
	return false
}

// keyPath returns the path of a key relative to its object: ".key" for a
// key made only of ASCII letters, digits and "_", otherwise the key as a
// JSON string in brackets (spec/qf.md, "Errors").
func (s *shaper) keyPath(key []byte) string {
	plain := len(key) > 0
	for _, c := range key {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			plain = false
			break
		}
	}
	if plain {
		return "." + string(key)
	}
	if s.faults.has(HTMLEscapedPaths) {
		quoted, _ := json.Marshal(string(key))
		return "[" + string(quoted) + "]"
	}
	return "[" + string(appendQuoted(nil, key)) + "]"
}

// appendQuoted appends key as a JSON string in RFC 8259's minimal form:
// only '"', '\\' and the characters below U+0020 are escaped.
func appendQuoted(b, key []byte) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, c := range key {
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\b':
			b = append(b, '\\', 'b')
		case '\t':
			b = append(b, '\\', 't')
		case '\n':
			b = append(b, '\\', 'n')
		case '\f':
			b = append(b, '\\', 'f')
		case '\r':
			b = append(b, '\\', 'r')
		default:
			if c < 0x20 {
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			} else {
				b = append(b, c)
			}
		}
	}
	return append(b, '"')
}

// integer reads an integer; out-of-range values are left to the encoder.
func (s *shaper) integer(node *jsonNode) (int64, *codeError) {
	if node.kind != jsonNumber {
		return 0, malformed("", "not a number")
	}
	if s.faults.has(NumbersAsFloat64) {
		f, err := strconv.ParseFloat(string(node.text), 64)
		if err != nil || f != math.Trunc(f) {
			return 0, malformed("", "not an integer: "+string(node.text))
		}
		return int64(max(min(f, hugeInt), -hugeInt)), nil
	}
	v, ok := integer(node.text)
	if !ok {
		return 0, malformed("", "not an integer: "+string(node.text))
	}
	return v, nil
}

// name reads a string that must be one of names, and returns its index.
func (s *shaper) name(node *jsonNode, names ...string) (int, *codeError) {
	if node.kind == jsonString {
		for i, name := range names {
			if string(node.text) == name {
				return i, nil
			}
		}
	}
	return 0, malformed("", "not one of "+strings.Join(names, ", "))
}

// object checks that n is an object.
func (s *shaper) object(n *jsonNode) *codeError {
	if n.kind != jsonObject {
		return malformed("", "not an object")
	}
	return nil
}

// list reads an array of integers into xs.
func (s *shaper) list(node *jsonNode, xs []int64) ([]int64, *codeError) {
	if node.kind != jsonArray {
		return xs, malformed("", "not a list")
	}
	for i, item := range node.items {
		x, err := s.integer(item)
		if err != nil {
			return xs, under("["+strconv.Itoa(i)+"]", err)
		}
		xs = append(xs, x)
	}
	return xs, nil
}
