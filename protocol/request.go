package protocol

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// ParseRequest parses one request line as spec/protocol.md says a request
// is: a JSON object in UTF-8 with no repeated member names, whose members
// are matched by their exact names ("OP" is not "op"; members it does not
// know are ignored), with a string "op". Inside "value" (the encoder's
// input) names may repeat: that is the encoder's malformed. A string
// escape of a lone surrogate ("\ud800") is read as U+FFFD. It returns the
// request, or the bad_request response to send for a line that is not
// one; the response has the line's "id" when it could be read, null
// otherwise. Members of the wrong type ("code": 5) do not make the line a
// bad request by themselves: an op the implementation does not have is
// unsupported whatever its members (Request.Mistyped). The request's ID
// and Value are slices of line.
func ParseRequest(line []byte) (*Request, *Response) {
	if !utf8.Valid(line) {
		return nil, badRequest(null, "not UTF-8")
	}
	dec := newLineDecoder(line, requestOptions...)
	defer dec.free()
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil, badRequest(null, "not a JSON object")
	}
	req := new(Request)
	var op *string
	var names []string
	for dec.PeekKind() != '}' {
		name, err := dec.ReadValue()
		if err != nil {
			return nil, badRequest(null, notJSON(err))
		}
		key := unquote(name) // before the next read, which voids name
		if slices.Contains(names, key) {
			return nil, badRequest(null, "member "+strconv.Quote(key)+" repeated")
		}
		names = append(names, key)
		val, err := dec.ReadValue()
		if err != nil {
			return nil, badRequest(null, notJSON(err))
		}
		end := int(dec.InputOffset())
		raw := line[end-len(val) : end : end]
		switch key {
		case "id":
			req.ID = wellFormed(raw)
		case "value":
			req.Value = raw
		case "op", "code", "profile":
			if val.Kind() != '"' {
				req.mistyped = append(req.mistyped, key)
				continue
			}
			s := unquote(val)
			switch key {
			case "op":
				op = &s
			case "code":
				req.code = s
				req.Code = &req.code
			default:
				req.Profile, req.profileGiven = s, true
			}
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, badRequest(null, notJSON(err))
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, badRequest(null, "more than one JSON value on the line")
	}
	id := req.ID
	if id == nil {
		id = null
	}
	switch {
	case slices.Contains(req.mistyped, "op"):
		return nil, badRequest(id, `not a string: "op"`)
	case op == nil:
		return nil, badRequest(id, `no "op"`)
	}
	req.Op = Op(*op)
	return req, nil
}

// wellFormed returns the raw JSON value v with each escape of a lone
// surrogate ("\ud800" not followed by a low one, or a low one alone)
// written as "\ufffd", as the request was read; the rest of v, paired
// surrogates and other escapes included, as it was. So an id echoed holds
// no lone surrogate escape, which in a response is a protocol error, and
// is otherwise as given.
func wellFormed(v []byte) []byte {
	out, copied := v, false
	for i := 0; i < len(v); i++ {
		if v[i] != '\\' {
			continue
		}
		if i+5 >= len(v) || v[i+1] != 'u' {
			i++ // an escape of one character
			continue
		}
		r := hexRune(v[i+2 : i+6])
		switch {
		case 0xd800 <= r && r < 0xdc00 && i+11 < len(v) && v[i+6] == '\\' && v[i+7] == 'u' && isLow(hexRune(v[i+8:i+12])):
			i += 11 // a pair
		case 0xd800 <= r && r < 0xe000:
			if !copied {
				out, copied = bytes.Clone(v), true
			}
			copy(out[i:i+6], `\ufffd`)
			i += 5
		default:
			i += 5
		}
	}
	return out
}

// hexRune returns the value of four hex digits, or -1.
func hexRune(h []byte) rune {
	n, err := strconv.ParseUint(string(h), 16, 32)
	if err != nil {
		return -1
	}
	return rune(n)
}

func isLow(r rune) bool { return 0xdc00 <= r && r < 0xe000 }

// Mistyped returns the members of the request of the wrong type ("code":
// 5): for an op the implementation has, the request is a bad_request.
func (r *Request) Mistyped() []string { return r.mistyped }

// unquote returns the string a JSON string token holds.
func unquote(v jsontext.Value) string {
	if s, ok := plainString(v); ok {
		return s
	}
	b, _ := jsontext.AppendUnquote(nil, v)
	return string(b)
}

func notJSON(err error) string {
	return "not a JSON object in UTF-8 with distinct member names: " + err.Error()
}

var null = json.RawMessage("null")
