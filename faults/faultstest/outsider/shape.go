package outsider

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/qf-format/qf-conformance/spec"
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
func malformed(field, why string) *spec.ErrorObject {
	return inValue(kindMalformed, field, why)
}

// under puts prefix in front of err's path.
func under(prefix string, err *spec.ErrorObject) *spec.ErrorObject {
	err.Field = prefix + err.Field
	return err
}

// A member is a key of an object and how to read its value, which may
// name members of the object to read after the others (a move's kind
// names those of its kind).
type member struct {
	key  string
	read func(v *jsonNode) ([]member, *spec.ErrorObject)
}

// value reads the whole value from the root of the tree.
func (s *shaper) value(root *jsonNode) (*Value, *spec.ErrorObject) {
	err := malformed("", "the value is not an object")
	if root.kind == jsonObject {
		err = s.members(root, true, s.chunkMember("state", func() { s.val.State = &s.state }, s.stateMembers()...),
			s.chunkMember("record", func() { s.val.Record = &s.record }, s.recordMember()))
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

// chunkMember returns the member key of the whole value: null, or an
// object of the members ms, which has calls first.
func (s *shaper) chunkMember(key string, has func(), ms ...member) member {
	object := s.objectMember(key, ms...)
	return member{key, func(v *jsonNode) ([]member, *spec.ErrorObject) {
		if v.kind == jsonNull {
			return nil, nil
		}
		has()
		return object.read(v)
	}}
}

// members reads the members ms of the object n, in order, and those they
// name after them; then it refuses n's unknown keys. top says whether n
// is the whole value.
func (s *shaper) members(n *jsonNode, top bool, ms ...member) *spec.ErrorObject {
	if n.kind != jsonObject {
		return malformed("", "not an object")
	}
	var keys []string
	for i := 0; i < len(ms); i++ {
		v, err := s.member(n, ms[i].key)
		if err != nil {
			return err
		}
		more, err := ms[i].read(v)
		if err != nil {
			return under("."+ms[i].key, err)
		}
		keys = append(keys, ms[i].key)
		ms = append(ms, more...)
	}
	return s.unknown(n, top, keys...)
}

// member returns the value of the key of object o: malformed when it is
// missing or repeated.
func (s *shaper) member(o *jsonNode, key string) (*jsonNode, *spec.ErrorObject) {
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
	case seen > 1 && !s.faults[RepeatedKeyLastWins]:
		return nil, malformed("."+key, "key "+strconv.Quote(key)+" repeated")
	}
	return val, nil
}

// unknown returns malformed for the first, in byte order, of the keys of
// object o that are not known; top says whether o is the whole value.
func (s *shaper) unknown(o *jsonNode, top bool, known ...string) *spec.ErrorObject {
	if !top && s.faults[NestedUnknownSkipped] {
		return nil
	}
	unknown := slices.DeleteFunc(slices.Clone(o.keys), func(k string) bool { return slices.Contains(known, k) })
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
	quoted, _ := jsontext.AppendQuote(nil, key) // RFC 8259's minimal form
	if s.faults[HTMLEscapedPaths] {
		quoted, _ = json.Marshal(key)
	}
	return "[" + string(quoted) + "]"
}

// integer reads an integer; out-of-range values are left to the encoder.
func (s *shaper) integer(node *jsonNode) (int64, *spec.ErrorObject) {
	if node.kind != jsonNumber {
		return 0, malformed("", "not a number")
	}
	v, ok := integer(node.text)
	if s.faults[NumbersAsFloat64] {
		f, err := strconv.ParseFloat(node.text, 64)
		v, ok = int64(max(min(f, hugeInt), -hugeInt)), err == nil && f == math.Trunc(f)
	}
	if !ok {
		return 0, malformed("", "not an integer: "+node.text)
	}
	return v, nil
}

// array reads each item of an array with read.
func (s *shaper) array(node *jsonNode, read func(item *jsonNode) *spec.ErrorObject) *spec.ErrorObject {
	if node.kind != jsonArray {
		return malformed("", "not a list")
	}
	for i, item := range node.items {
		if err := read(item); err != nil {
			return under("["+strconv.Itoa(i)+"]", err)
		}
	}
	return nil
}

// integerMember returns the member key, an integer read into x.
func (s *shaper) integerMember(key string, x *int64) member {
	return member{key, func(v *jsonNode) (_ []member, err *spec.ErrorObject) {
		*x, err = s.integer(v)
		return nil, err
	}}
}

// nameMember returns the member key, a string that must be one of
// names, its index read into i.
func (s *shaper) nameMember(key string, i *int, names [2]string) member {
	return member{key, func(v *jsonNode) ([]member, *spec.ErrorObject) {
		if *i = slices.Index(names[:], v.text); v.kind == jsonString && *i >= 0 {
			return nil, nil
		}
		return nil, malformed("", "not one of "+strings.Join(names[:], ", "))
	}}
}

// listMember returns the member key, an array of integers read into xs.
func (s *shaper) listMember(key string, xs *[]int64) member {
	return member{key, func(v *jsonNode) ([]member, *spec.ErrorObject) {
		return nil, s.array(v, func(item *jsonNode) *spec.ErrorObject {
			x, err := s.integer(item)
			*xs = append(*xs, x)
			return err
		})
	}}
}

// objectMember returns the member key, an object of the members ms.
func (s *shaper) objectMember(key string, ms ...member) member {
	return member{key, func(v *jsonNode) ([]member, *spec.ErrorObject) {
		return nil, s.members(v, false, ms...)
	}}
}
