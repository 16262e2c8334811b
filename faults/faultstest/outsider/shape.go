package outsider

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
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
	err := malformed("", "the value is not an object")
	if root.kind == jsonObject {
		err = s.members(root, true, func(key string, v *jsonNode) ([]string, *codeError) {
			switch {
			case v.kind == jsonNull:
				return nil, nil
			case key == "state":
				s.val.State = &s.state
				return nil, s.readState(v)
			}
			s.val.Record = &s.record
			return nil, s.readRecord(v)
		}, "state", "record")
	}
	if err != nil {
		err.Field = strings.TrimPrefix(err.Field, ".")
		if err.Field != "" {
			err.Message = "malformed " + err.Field + ": " + err.Message
		}
		return nil, err
	}
	return &s.val, nil
}

// members reads the members keys of the object n, in order, each with
// read, which may name keys to read after those; then it refuses n's
// unknown keys. top says whether n is the whole value.
func (s *shaper) members(n *jsonNode, top bool, read func(key string, v *jsonNode) ([]string, *codeError), keys ...string) *codeError {
	if n.kind != jsonObject {
		return malformed("", "not an object")
	}
	for i := 0; i < len(keys); i++ {
		v, err := s.member(n, keys[i])
		if err != nil {
			return err
		}
		more, err := read(keys[i], v)
		if err != nil {
			return under("."+keys[i], err)
		}
		keys = append(keys, more...)
	}
	return s.unknown(n, top, keys...)
}

// member returns the value of the key of object o: malformed when it is
// missing or repeated.
func (s *shaper) member(o *jsonNode, key string) (*jsonNode, *codeError) {
	var val *jsonNode
	seen := 0
	for i, k := range o.keys {
		if k == key {
			val = o.items[i]
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
	var unknown []string
	for _, k := range o.keys {
		if !slices.Contains(known, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	first := slices.Min(unknown) // in byte order
	return malformed(s.keyPath(first), "unknown key "+strconv.Quote(first))
}

// keyPath returns the path of a key relative to its object: ".key" for a
// key made only of ASCII letters, digits and "_", otherwise the key as a
// JSON string in brackets (spec/qf.md, "Errors").
func (s *shaper) keyPath(key string) string {
	const plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
	if key != "" && strings.Trim(key, plain) == "" {
		return "." + key
	}
	if s.faults.has(HTMLEscapedPaths) {
		quoted, _ := json.Marshal(key)
		return "[" + string(quoted) + "]"
	}
	quoted, _ := jsontext.AppendQuote(nil, key) // RFC 8259's minimal form
	return "[" + string(quoted) + "]"
}

// integer reads an integer; out-of-range values are left to the encoder.
func (s *shaper) integer(node *jsonNode) (int64, *codeError) {
	if node.kind != jsonNumber {
		return 0, malformed("", "not a number")
	}
	v, ok := integer(node.text)
	if s.faults.has(NumbersAsFloat64) {
		f, err := strconv.ParseFloat(node.text, 64)
		v, ok = int64(max(min(f, hugeInt), -hugeInt)), err == nil && f == math.Trunc(f)
	}
	if !ok {
		return 0, malformed("", "not an integer: "+node.text)
	}
	return v, nil
}

// name reads a string that must be one of names, and returns its index.
func (s *shaper) name(node *jsonNode, names ...string) (int, *codeError) {
	if i := slices.Index(names, node.text); node.kind == jsonString && i >= 0 {
		return i, nil
	}
	return 0, malformed("", "not one of "+strings.Join(names, ", "))
}

// list reads an array of integers into xs.
func (s *shaper) list(node *jsonNode) ([]int64, *codeError) {
	var xs []int64
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
