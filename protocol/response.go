package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/qf-format/qf-conformance/spec"
)

// The member names of a response and of an error object, exactly as
// spec/protocol.md writes them.
var (
	responseMembers = []string{"id", "name", "version", "ops", "profiles", "value", "code", "squares", "violation", "violations", "error"}
	errorMembers    = []string{"kind", "bit", "char", "field", "message"}
	// resultMembers are the members that carry a result, of any op.
	resultMembers = slices.DeleteFunc(slices.Clone(responseMembers), func(m string) bool {
		return !slices.ContainsFunc(ops, func(row opRow) bool { return slices.Contains(row.answers, m) })
	})
)

// ParseResponse parses a response line as strictly as spec/protocol.md
// allows: a JSON object in UTF-8 with no repeated member names; its
// members named exactly as the spec writes them (a member whose name
// differs only in case, such as "ID" or "Value", is an error that says
// so; members the spec does not have are ignored), each of its type; and
// not both an error object and a result. Check then says whether it
// answers a request of a given op. Values are kept compacted, so that the
// whitespace an implementation pads them with costs nothing once read.
func ParseResponse(line []byte) (*Response, error) {
	dec := newLineDecoder(line)
	defer dec.free()
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil, errors.New("the answer is not a JSON object")
	}
	resp := new(Response)
	var seen members
	for dec.PeekKind() != '}' {
		quoted, err := dec.ReadValue()
		if err != nil {
			return nil, notJSONAnswer(err)
		}
		k, name := memberOf(quoted) // before the next read, which voids quoted
		val, err := dec.ReadValue()
		if err != nil {
			return nil, notJSONAnswer(err)
		}
		if k < 0 {
			if err := exactName(name, responseMembers); err != nil {
				return nil, err
			}
			continue
		}
		seen |= 1 << k
		if err := resp.set(responseMembers[k], val); err != nil {
			return nil, fmt.Errorf("member %q: %v", responseMembers[k], err)
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, notJSONAnswer(err)
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, errors.New("more than one JSON value on the answer's line")
	}
	results := seen & resultSet
	switch {
	case seen.has("error") && results != 0:
		var got []string
		for _, name := range resultMembers {
			if results.has(name) {
				got = append(got, name)
			}
		}
		return nil, fmt.Errorf(`both "error" and a result ("%s"): an answer is one or the other`, strings.Join(got, `", "`))
	case seen.has("error") && resp.Error.Kind == "":
		return nil, errors.New(`an error object without a "kind"`)
	}
	resp.members = results
	return resp, nil
}

// memberOf returns the index in responseMembers of the member name that
// the JSON string quoted spells, without making a string of it; or -1
// and the name, for a member the spec does not have.
func memberOf(quoted jsontext.Value) (int, string) {
	if bytes.IndexByte(quoted, '\\') < 0 {
		name := quoted[1 : len(quoted)-1]
		if k := slices.IndexFunc(responseMembers, func(m string) bool { return string(name) == m }); k >= 0 {
			return k, ""
		}
		return -1, string(name)
	}
	name := unquote(quoted)
	return slices.Index(responseMembers, name), name
}

// Check returns an error unless resp, from ParseResponse, answers a
// request of op: with an error object, or with the result op calls for
// (hello: "ops"; decode: "value"; encode: "code"; replay: "squares" and
// "violation"; validate: "violations").
func (resp *Response) Check(op Op) error {
	row, ok := op.row()
	if !ok {
		return fmt.Errorf("no such op %q", op)
	}
	if resp.Error != nil {
		return nil
	}
	for _, name := range row.answers {
		if !resp.members.has(name) {
			return fmt.Errorf(`a %s answer without %q or "error"`, op, name)
		}
	}
	return nil
}

// set sets the member name of resp from its JSON text val. The common
// shapes of each member are read by hand (scan.go); any other text by
// package json, whose errors are the messages.
func (resp *Response) set(name string, val jsontext.Value) error {
	var err error
	switch name {
	case "id":
		resp.ID, err = compact(val)
	case "value":
		resp.Value, err = compact(val)
	case "violation":
		resp.Violation, err = compact(val)
	case "name":
		err = jsonv2.Unmarshal(val, &resp.Name)
	case "version":
		err = jsonv2.Unmarshal(val, &resp.Version)
	case "ops":
		err = jsonv2.Unmarshal(val, &resp.Ops)
	case "profiles":
		err = jsonv2.Unmarshal(val, &resp.Profiles)
	case "code":
		if code, ok := plainString(val); ok {
			resp.Code = &code
			return nil
		}
		err = jsonv2.Unmarshal(val, &resp.Code)
		if err == nil && resp.Code == nil {
			err = errors.New("null")
		}
	case "squares":
		if squares, ok := scanSquares(val); ok {
			resp.Squares = &squares
			return nil
		}
		err = jsonv2.Unmarshal(val, &resp.Squares)
		if err == nil && resp.Squares == nil {
			err = errors.New("null")
		}
	case "violations":
		if kinds, ok := scanStrings(val); ok {
			resp.Violations = &kinds
			return nil
		}
		err = jsonv2.Unmarshal(val, &resp.Violations)
		if err == nil && resp.Violations == nil {
			err = errors.New("null")
		}
	case "error":
		if e, ok := scanError(val); ok {
			resp.Error = e
			return nil
		}
		if val.Kind() != '{' {
			return errors.New("not an object")
		}
		if err := exactNames(val, errorMembers); err != nil {
			return err
		}
		resp.Error = new(spec.ErrorObject)
		err = jsonv2.Unmarshal(val, resp.Error)
	}
	return err
}

// exactName returns an error when name is not one of names but differs
// from one only in case.
func exactName(name string, names []string) error {
	for _, n := range names {
		if name != n && strings.EqualFold(name, n) {
			return fmt.Errorf("member %q where spec/protocol.md has %q: member names are case-sensitive", name, n)
		}
	}
	return nil
}

// exactNames applies exactName to the member names of the object obj.
func exactNames(obj jsontext.Value, names []string) error {
	dec := newLineDecoder(obj)
	defer dec.free()
	dec.ReadToken()
	for dec.PeekKind() == '"' {
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if err := exactName(tok.String(), names); err != nil {
			return err
		}
		if err := dec.SkipValue(); err != nil {
			return err
		}
	}
	return nil
}

// compact returns val without its insignificant whitespace, in new memory,
// as jsontext.AppendFormat writes it. A text without spaces and escapes,
// the common one, is copied: it is written so already.
func compact(val jsontext.Value) (json.RawMessage, error) {
	if !plain(val) {
		return jsontext.AppendFormat(nil, val)
	}
	return append(json.RawMessage(nil), val...), nil
}

// members is a set of names of responseMembers.
type members uint32

// resultSet is the set of resultMembers.
var resultSet = func() (m members) {
	for _, name := range resultMembers {
		m |= 1 << slices.Index(responseMembers, name)
	}
	return m
}()

func (m members) has(name string) bool { return m&(1<<slices.Index(responseMembers, name)) != 0 }

func notJSONAnswer(err error) error {
	return fmt.Errorf("the answer is not a JSON object in UTF-8 with distinct member names: %v", err)
}
