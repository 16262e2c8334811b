package gen

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/internal/jsonstring"
)

// A JSON tree is what encoding/json decodes a text into with UseNumber:
// map[string]any, []any, string, json.Number, bool and nil. EncodeValue
// breaks a value's JSON as such a tree. The two functions here read and
// write one as encoding/json does, byte for byte (tree_test.go holds them
// to it), at a fraction of its cost: reading a tree and writing it were
// most of the time of drawing an encoding case.

// parseTree returns the tree of text, JSON that ref.Value.AppendJSON
// wrote: objects, lists, integers, strings without escapes and null.
func parseTree(text []byte) any {
	x, _ := parseValue(text)
	return x
}

func parseValue(b []byte) (any, []byte) {
	switch b[0] {
	case '{':
		m := map[string]any{}
		b = b[1:]
		for b[0] != '}' {
			key, rest := parseString(b)
			m[key], b = parseValue(rest[1:]) // after the ':'
			if b[0] == ',' {
				b = b[1:]
			}
		}
		return m, b[1:]
	case '[':
		list := []any{}
		b = b[1:]
		for b[0] != ']' {
			var x any
			x, b = parseValue(b)
			list = append(list, x)
			if b[0] == ',' {
				b = b[1:]
			}
		}
		return list, b[1:]
	case '"':
		return parseString(b)
	case 'n':
		return nil, b[len("null"):]
	}
	i := 1
	for i < len(b) && (b[i] == '-' || '0' <= b[i] && b[i] <= '9') {
		i++
	}
	return json.Number(b[:i]), b[i:]
}

// parseString returns the string at the start of b, which has no escapes.
func parseString(b []byte) (string, []byte) {
	i := 1
	for b[i] != '"' {
		i++
	}
	return string(b[1:i]), b[i+1:]
}

// appendTree appends the JSON of tree to b as json.Marshal writes it: the
// members of an object in the order of their keys, strings escaped for
// HTML.
func appendTree(b []byte, tree any) []byte {
	switch x := tree.(type) {
	case map[string]any:
		var buf [16]string
		b = append(b, '{')
		for i, k := range sortedKeys(x, &buf) {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonstring.Append(b, strings.TrimSuffix(k, repeated), true)
			b = append(b, ':')
			b = appendTree(b, x[k])
		}
		return append(b, '}')
	case []any:
		if x == nil {
			return append(b, "null"...)
		}
		b = append(b, '[')
		for i, item := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendTree(b, item)
		}
		return append(b, ']')
	case string:
		return jsonstring.Append(b, x, true)
	case json.Number:
		if x == "" {
			return append(b, '0')
		}
		return append(b, x...)
	case bool:
		return strconv.AppendBool(b, x)
	case nil:
		return append(b, "null"...)
	}
	out, _ := json.Marshal(tree) // no tree holds other types
	return append(b, out...)
}

// repeated ends a key of a tree that stands for its key written once more,
// right after it: the text a map cannot hold, of a repeated key.
const repeated = "\x00repeated"

// sortedKeys returns the keys of m in byte order, in buf when they fit.
func sortedKeys(m map[string]any, buf *[16]string) []string {
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
