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
				req.Code = &s
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

// wellFormed returns the raw JSON value v with every string in it that
// holds a lone surrogate escape ("\ud800") written again with U+FFFD in
// its place, as the request was read, so that an id echoed holds none: in
// a response, a lone surrogate escape is a protocol error. Most ids hold
// no escape, and are v itself.
func wellFormed(v []byte) []byte {
	if !bytes.Contains(v, []byte(`\u`)) && !bytes.Contains(v, []byte(`\U`)) {
		return v
	}
	dec := jsontext.NewDecoder(bytes.NewReader(v), requestOptions...)
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out)
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return v
		}
		if tok.Kind() == '"' {
			tok = jsontext.String(tok.String())
		}
		if err := enc.WriteToken(tok); err != nil {
			return v
		}
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n"))
}

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
