package protocol

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// ParseRequest parses one request line as spec/protocol.md says a request
// is: a JSON object in UTF-8 with no repeated member names, whose members
// are matched by their exact names ("OP" is not "op"; members it does not
// know are ignored), with a string "op" and members of the right types. It
// returns the request, or the bad_request response to send for a line
// that is not one; the response has the line's "id" when it could be read,
// null otherwise. The request's ID and Value are slices of line.
func ParseRequest(line []byte) (*Request, *Response) {
	dec := jsontext.NewDecoder(bytes.NewBuffer(line))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil, badRequest(null, "not a JSON object")
	}
	req := new(Request)
	var op *string
	var wrong []string // members of the wrong type
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, badRequest(null, notJSON(err))
		}
		key := tok.String() // before the next read, which voids tok
		val, err := dec.ReadValue()
		if err != nil {
			return nil, badRequest(null, notJSON(err))
		}
		end := int(dec.InputOffset())
		raw := line[end-len(val) : end : end]
		switch key {
		case "id":
			req.ID = raw
		case "value":
			req.Value = raw
		case "op", "code", "profile":
			if val.Kind() != '"' {
				wrong = append(wrong, key)
				continue
			}
			s := unquote(val)
			switch key {
			case "op":
				op = &s
			case "code":
				req.Code = &s
			default:
				req.Profile = s
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
	case op == nil && !slices.Contains(wrong, "op"):
		return nil, badRequest(id, `no "op"`)
	case len(wrong) > 0:
		return nil, badRequest(id, `not a string: "`+strings.Join(wrong, `", "`)+`"`)
	}
	req.Op = Op(*op)
	return req, nil
}

// unquote returns the string a JSON string token holds.
func unquote(v jsontext.Value) string {
	b, _ := jsontext.AppendUnquote(nil, v)
	return string(b)
}

func notJSON(err error) string {
	return "not a JSON object in UTF-8 with distinct member names: " + err.Error()
}

var null = json.RawMessage("null")
