package protocol

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/qf-format/qf-conformance/internal/jsonstring"
	"github.com/qf-format/qf-conformance/spec"
)

// Writing requests and responses as package json writes them, byte for
// byte (write_test.go holds them to it), without its reflection: qf fuzz
// writes a request and a response a case. A raw member (an id, a value,
// a violation) with spaces in it is left to package json, which compacts
// and checks it; so is a request's that is not compact ASCII JSON. A
// response's without spaces is written as it is: a Handler answers with
// JSON (Handler), and an ID is one that ParseRequest read.

// AppendJSON appends the request's JSON to b as json.Marshal writes it:
// its error is json.Marshal's, for an ID or Value that is not JSON.
func (req *Request) AppendJSON(b []byte) ([]byte, error) {
	if !compactASCII(req.ID) || !compactASCII(req.Value) {
		out, err := json.Marshal(req)
		return append(b, out...), err
	}
	b = append(b, '{')
	if len(req.ID) > 0 {
		b = append(b, `"id":`...)
		b = append(b, req.ID...)
		b = append(b, ',')
	}
	b = append(b, `"op":`...)
	b = jsonstring.Append(b, string(req.Op), true)
	if req.Code != nil {
		b = append(b, `,"code":`...)
		b = jsonstring.Append(b, *req.Code, true)
	}
	if req.Profile != "" {
		b = append(b, `,"profile":`...)
		b = jsonstring.Append(b, req.Profile, true)
	}
	if len(req.Value) > 0 {
		b = append(b, `,"value":`...)
		b = append(b, req.Value...)
	}
	return append(b, '}'), nil
}

// appendJSON appends the response's JSON to b as a json.Encoder with
// SetEscapeHTML(false) writes it, without the newline.
func (resp *Response) appendJSON(b []byte) ([]byte, error) {
	if resp.ID != nil && len(resp.ID) == 0 || spaced(resp.ID) || spaced(resp.Value) || spaced(resp.Violation) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(resp); err != nil {
			return b, err
		}
		return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...), nil
	}
	b = append(b, `{"id":`...)
	if resp.ID == nil {
		b = append(b, "null"...)
	}
	return resp.appendMembers(append(b, resp.ID...)), nil
}

// AppendAnswer appends the bytes of the line Serve writes for resp that
// follow its id: the line is `{"id":` and the id, then these. It reports
// false, appending nothing, for a response whose raw members hold spaces,
// which Serve writes through package json. A client that knows the answer
// a request calls for compares the line to it with IsAnswer, byte for
// byte, and parses only the lines that differ.
func (resp *Response) AppendAnswer(b []byte) ([]byte, bool) {
	if spaced(resp.Value) || spaced(resp.Violation) {
		return b, false
	}
	return resp.appendMembers(b), true
}

// IsAnswer reports whether line is `{"id":`, then id, then answer (from
// AppendAnswer), byte for byte.
func IsAnswer(line, id, answer []byte) bool {
	const start = `{"id":`
	return len(line) == len(start)+len(id)+len(answer) && string(line[:len(start)]) == start &&
		bytes.Equal(line[len(start):len(start)+len(id)], id) && bytes.Equal(line[len(start)+len(id):], answer)
}

// appendMembers appends the response's members after its id, and the
// closing brace.
func (resp *Response) appendMembers(b []byte) []byte {
	b = appendMember(b, "name", resp.Name)
	b = appendMember(b, "version", resp.Version)
	b = appendList(b, "ops", resp.Ops)
	b = appendList(b, "profiles", resp.Profiles)
	if len(resp.Value) > 0 {
		b = append(append(b, `,"value":`...), resp.Value...)
	}
	if resp.Code != nil {
		b = jsonstring.Append(append(b, `,"code":`...), *resp.Code, false)
	}
	if resp.Squares != nil {
		b = appendSquares(append(b, `,"squares":`...), *resp.Squares)
	}
	if len(resp.Violation) > 0 {
		b = append(append(b, `,"violation":`...), resp.Violation...)
	}
	if resp.Violations != nil {
		b = append(b, `,"violations":`...)
		if *resp.Violations == nil {
			b = append(b, "null"...)
		} else {
			b = appendStrings(b, *resp.Violations)
		}
	}
	if resp.Error != nil {
		b = appendError(append(b, `,"error":`...), resp.Error)
	}
	return append(b, '}')
}

// appendMember appends ,"name":"s" unless s is empty.
func appendMember(b []byte, name, s string) []byte {
	if s == "" {
		return b
	}
	b = append(append(append(b, `,"`...), name...), `":`...)
	return jsonstring.Append(b, s, false)
}

// appendList appends ,"name":[...] unless list is empty.
func appendList(b []byte, name string, list []string) []byte {
	if len(list) == 0 {
		return b
	}
	b = append(append(append(b, `,"`...), name...), `":`...)
	return appendStrings(b, list)
}

func appendStrings(b []byte, list []string) []byte {
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonstring.Append(b, s, false)
	}
	return append(b, ']')
}

func appendSquares(b []byte, squares [][2]int) []byte {
	if squares == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, pair := range squares {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(pair[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(pair[1]), 10)
		b = append(b, ']')
	}
	return append(b, ']')
}

func appendError(b []byte, e *spec.ErrorObject) []byte {
	b = jsonstring.Append(append(b, `{"kind":`...), e.Kind, false)
	if e.Bit != nil {
		b = strconv.AppendInt(append(b, `,"bit":`...), int64(*e.Bit), 10)
	}
	if e.Char != nil {
		b = strconv.AppendInt(append(b, `,"char":`...), int64(*e.Char), 10)
	}
	b = appendMember(b, "field", e.Field)
	b = appendMember(b, "message", e.Message)
	return append(b, '}')
}

// compactASCII reports whether the raw JSON text v, if any, is written
// as json.Marshal writes it: valid JSON of printable ASCII without spaces
// and without <, > and &, which it escapes.
func compactASCII(v json.RawMessage) bool {
	if len(v) == 0 {
		return true
	}
	for _, c := range v {
		if c <= ' ' || c > '~' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return validCompact(v)
}

// validCompact reports whether v, printable ASCII without spaces, is one
// JSON value, nested at most 10,000 deep (json.Marshal's limit): a quick
// check, a loop over its bytes, for the values qf fuzz sends a case.
func validCompact(v []byte) bool {
	var open [64]byte
	stack := open[:0] // the objects and arrays open: '{' or '['
	i := 0
	for {
		// A value begins at i.
		if i >= len(v) {
			return false
		}
		switch c := v[i]; {
		case c == '{' || c == '[':
			if len(stack) >= 10000 {
				return false
			}
			i++
			if i < len(v) && v[i] == c+2 { // '}' or ']': empty
				i++
				break
			}
			stack = append(stack, c)
			if c == '{' {
				if i = member(v, i); i < 0 {
					return false
				}
			}
			continue
		case c == '"':
			i = asciiString(v, i)
		case c == '-' || '0' <= c && c <= '9':
			i = number(v, i)
		default:
			i = literalWord(v, i)
		}
		if i < 0 {
			return false
		}
		// After a value: the containers it closes, then a comma or the end.
		for {
			if len(stack) == 0 {
				return i == len(v)
			}
			if i >= len(v) {
				return false
			}
			top := stack[len(stack)-1]
			if v[i] == top+2 {
				stack = stack[:len(stack)-1]
				i++
				continue
			}
			if v[i] != ',' {
				return false
			}
			i++
			if top == '{' {
				if i = member(v, i); i < 0 {
					return false
				}
			}
			break
		}
	}
}

// member returns the index past an object member's name and colon at i,
// or -1.
func member(v []byte, i int) int {
	if i = asciiString(v, i); i < 0 || i >= len(v) || v[i] != ':' {
		return -1
	}
	return i + 1
}

// asciiString returns the index past the JSON string at i, of printable
// ASCII, or -1.
func asciiString(v []byte, i int) int {
	if i >= len(v) || v[i] != '"' {
		return -1
	}
	for i++; i < len(v); i++ {
		switch v[i] {
		case '"':
			return i + 1
		case '\\':
			i++
			if i >= len(v) {
				return -1
			}
			switch v[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(v)-i <= 4 || !hex4(v[i+1:i+5]) {
					return -1
				}
				i += 4
			default:
				return -1
			}
		}
	}
	return -1
}

func hex4(h []byte) bool {
	for _, c := range h {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// number returns the index past the JSON number at i, or -1.
func number(v []byte, i int) int {
	digits := func(i int) (int, bool) {
		start := i
		for i < len(v) && '0' <= v[i] && v[i] <= '9' {
			i++
		}
		return i, i > start
	}
	if v[i] == '-' {
		i++
	}
	if i < len(v) && v[i] == '0' {
		i++
	} else if j, ok := digits(i); ok {
		i = j
	} else {
		return -1
	}
	if i < len(v) && v[i] == '.' {
		j, ok := digits(i + 1)
		if !ok {
			return -1
		}
		i = j
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && (v[i] == '+' || v[i] == '-') {
			i++
		}
		j, ok := digits(i)
		if !ok {
			return -1
		}
		i = j
	}
	return i
}

// literalWord returns the index past true, false or null at i, or -1.
func literalWord(v []byte, i int) int {
	for _, word := range []string{"true", "false", "null"} {
		if len(v)-i >= len(word) && string(v[i:i+len(word)]) == word {
			return i + len(word)
		}
	}
	return -1
}

// spaced reports whether the raw text v holds a JSON space.
func spaced(v json.RawMessage) bool {
	return bytes.ContainsAny(v, " \t\r\n")
}
