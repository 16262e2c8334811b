package protocol

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/spec"
)

// writeStrings are strings of every kind jsonstring.Append escapes: quotes,
// backslashes, control characters, HTML, non-ASCII, U+2028 and U+2029,
// invalid UTF-8.
var writeStrings = []string{"", "strict", "j7oklAHMe1ICg", `a"b`, `a\b`, "a\nb\tc\rd\be\ff\x00g\x1fh\x7f", "<&>", "é🙂",
	"\u2028\u2029", "\xff", "a\xe2\x80", "ref: invalid character \"🙂\" (U+1F642)"}

// writeRaws are raw JSON texts: compact ASCII, padded, HTML, non-ASCII,
// not JSON, empty.
var writeRaws = []json.RawMessage{nil, json.RawMessage(`1`), json.RawMessage(`"x"`), json.RawMessage(`{"state":null,"record":{"moves":[]}}`),
	json.RawMessage(`{"a": [1, 2]}`), json.RawMessage(`"<&>"`), json.RawMessage(`"é\u2028"`), json.RawMessage("\"\u2028\""),
	json.RawMessage(`{"a":1,"a":2}`), json.RawMessage(`{`), json.RawMessage(`nul`), json.RawMessage{}, json.RawMessage(`null`)}

func randomRequest(r *rand.Rand) *Request {
	req := &Request{ID: writeRaws[r.IntN(len(writeRaws))], Op: Op(writeStrings[r.IntN(len(writeStrings))]),
		Profile: writeStrings[r.IntN(len(writeStrings))], Value: writeRaws[r.IntN(len(writeRaws))]}
	if r.IntN(2) == 0 {
		req.Code = &writeStrings[r.IntN(len(writeStrings))]
	}
	return req
}

func randomResponse(r *rand.Rand) *Response {
	str := func() string { return writeStrings[r.IntN(len(writeStrings))] }
	list := func() []string {
		switch r.IntN(3) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		return []string{str(), str()}
	}
	resp := &Response{ID: writeRaws[r.IntN(len(writeRaws))], Name: str(), Version: str(), Ops: list(), Profiles: list(),
		Value: writeRaws[r.IntN(len(writeRaws))], Violation: writeRaws[r.IntN(len(writeRaws))]}
	if r.IntN(2) == 0 {
		c := str()
		resp.Code = &c
	}
	if r.IntN(2) == 0 {
		squares := [][][2]int{nil, {}, {{40, 44}, {-1, 1 << 40}}}[r.IntN(3)]
		resp.Squares = &squares
	}
	if r.IntN(2) == 0 {
		v := list()
		resp.Violations = &v
	}
	if r.IntN(2) == 0 {
		resp.Error = &spec.ErrorObject{Kind: str(), Field: str(), Message: str()}
		if r.IntN(2) == 0 {
			n := r.IntN(100) - 10
			resp.Error.Bit, resp.Error.Char = &n, &n
		}
	}
	return resp
}

// Requests are written as json.Marshal writes them, and responses as a
// json.Encoder that does not escape HTML writes them, byte for byte, with
// the same errors: 20,000 requests and the responses among 20,000 whose
// raw members are JSON, drawn from strings and raw texts of every kind.
func TestWriteAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(20261124, 2))
	for i := 0; i < 20000; i++ {
		req := randomRequest(r)
		want, wantErr := json.Marshal(req)
		got, err := req.AppendJSON([]byte("x"))
		if (err != nil) != (wantErr != nil) || err == nil && !bytes.Equal(got, append([]byte("x"), want...)) {
			t.Fatalf("request %#v:\n got %s, %v\nwant %s, %v", req, got, err, want, wantErr)
		}
		resp := randomResponse(r)
		if !validRaws(resp.ID, resp.Value, resp.Violation) {
			continue // a Handler answers with JSON (Handler)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		wantErr = enc.Encode(resp)
		got, err = resp.appendJSON(nil)
		if (err != nil) != (wantErr != nil) || err == nil && !bytes.Equal(append(got, '\n'), buf.Bytes()) {
			t.Fatalf("response %#v:\n got %s, %v\nwant %s, %v", resp, got, err, buf.Bytes(), wantErr)
		}
	}
}

// validRaws reports whether each raw text, if any, is JSON.
func validRaws(raws ...json.RawMessage) bool {
	for _, v := range raws {
		if v != nil && !json.Valid(v) {
			return false
		}
	}
	return true
}

// The line Serve writes for a response is `{"id":`, its id, then what
// AppendAnswer appends, whenever AppendAnswer appends it; IsAnswer knows
// that line, and no line one byte shorter, longer or otherwise.
func TestAppendAnswer(t *testing.T) {
	r := rand.New(rand.NewPCG(20261126, 3))
	for i := 0; i < 20000; i++ {
		resp := randomResponse(r)
		if !validRaws(resp.ID, resp.Value, resp.Violation) || len(resp.ID) == 0 {
			continue
		}
		var e encoder
		line := bytes.TrimSuffix(e.line(resp), []byte("\n"))
		answer, ok := resp.AppendAnswer([]byte("x"))
		if !ok {
			if !spaced(resp.Value) && !spaced(resp.Violation) {
				t.Fatalf("response %#v: no answer appended", resp)
			}
			continue
		}
		answer = answer[1:]
		id := resp.ID
		if spaced(resp.ID) {
			continue // Serve writes it compacted
		}
		if !IsAnswer(line, id, answer) {
			t.Fatalf("response %#v:\nline   %s\nanswer %s", resp, line, answer)
		}
		for _, other := range [][]byte{line[:len(line)-1], append(bytes.Clone(line), ' '), bytes.Replace(line, []byte(`"id"`), []byte(`"ID"`), 1)} {
			if IsAnswer(other, id, answer) {
				t.Fatalf("response %#v: %s taken for %s", resp, other, line)
			}
		}
		if IsAnswer(line, append(bytes.Clone(id), '0'), answer) {
			t.Fatalf("response %#v: %s taken for id %s0", resp, line, id)
		}
	}
}

// validCompact decides as json.Valid on printable ASCII without spaces:
// 200,000 texts made of JSON's pieces, whole, cut, with a byte changed,
// inserted or dropped, and the nesting on each side of 10,000 levels
// (json.Marshal's limit: deeper, the request goes to it, which refuses it).
func TestValidCompactAsJSONValid(t *testing.T) {
	pieces := []string{`{`, `}`, `[`, `]`, `,`, `:`, `"a"`, `"\u00e9"`, `"\ud800"`, `"\n\"\\\/"`, `"\u12"`, `"\x"`, `"`, `\`,
		`0`, `-0`, `12`, `01`, `-`, `1.5`, `1.`, `.5`, `1e3`, `1E+3`, `2e-`, `e3`, `true`, `false`, `null`, `nul`, `tru`, `x`}
	r := rand.New(rand.NewPCG(20261128, 51))
	check := func(text []byte) {
		for _, c := range text {
			if c <= ' ' || c > '~' {
				return
			}
		}
		if got, want := validCompact(text), json.Valid(text); got != want {
			t.Fatalf("validCompact(%s) = %v, json.Valid %v", text, got, want)
		}
	}
	for i := 0; i < 200000; i++ {
		var text []byte
		if i%2 == 0 {
			text = randomJSON(r, 0)
		} else {
			for n := r.IntN(8); n >= 0; n-- {
				text = append(text, pieces[r.IntN(len(pieces))]...)
			}
		}
		check(text)
		if len(text) > 0 {
			k := r.IntN(len(text))
			check(text[:k])
			check(append(append(text[:k:k], byte('!'+r.IntN('~'-'!'+1))), text[k+1:]...))
			check(append(append(text[:k:k], pieces[r.IntN(len(pieces))]...), text[k:]...))
			check(append(text[:k:k], text[k+1:]...))
		}
	}
	for _, depth := range []int{9999, 10000, 10001} {
		deep := []byte(strings.Repeat("[", depth) + strings.Repeat("]", depth))
		if validCompact(deep) && !json.Valid(deep) {
			t.Errorf("validCompact takes %d levels, which json.Valid refuses", depth)
		}
	}
}

// randomJSON returns a compact JSON text of printable ASCII.
func randomJSON(r *rand.Rand, depth int) []byte {
	atoms := []string{`0`, `-7`, `3.25`, `1e400`, `-0.0E-5`, `true`, `false`, `null`, `""`, `"x"`, `"a\"b\\c\u001b\ud83d\ude00"`}
	switch n := r.IntN(4); {
	case depth > 4 || n < 2:
		return []byte(atoms[r.IntN(len(atoms))])
	case n == 2:
		b := []byte{'['}
		for k := r.IntN(4); k > 0; k-- {
			b = append(append(b, randomJSON(r, depth+1)...), ',')
		}
		return append(bytes.TrimSuffix(b, []byte(",")), ']')
	default:
		b := []byte{'{'}
		for k := r.IntN(4); k > 0; k-- {
			b = append(append(append(b, atoms[8+r.IntN(3)]...), ':'), randomJSON(r, depth+1)...)
			b = append(b, ',')
		}
		return append(bytes.TrimSuffix(b, []byte(",")), '}')
	}
}
