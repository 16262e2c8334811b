package protocol

import (
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
	resultMembers = []string{"ops", "value", "code", "squares", "violation", "violations"}
	// results lists the members that must answer each op.
	results = map[Op][]string{
		Hello:    {"ops"},
		Decode:   {"value"},
		Encode:   {"code"},
		Replay:   {"squares", "violation"},
		Validate: {"violations"},
	}
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
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, notJSONAnswer(err)
		}
		name := tok.String() // before the next read, which voids tok
		val, err := dec.ReadValue()
		if err != nil {
			return nil, notJSONAnswer(err)
		}
		if err := exactName(name, responseMembers); err != nil {
			return nil, err
		}
		seen.add(name)
		if err := resp.set(name, val); err != nil {
			return nil, fmt.Errorf("member %q: %v", name, err)
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, notJSONAnswer(err)
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, errors.New("more than one JSON value on the answer's line")
	}
	var got []string
	for _, name := range resultMembers {
		if seen.has(name) {
			got = append(got, name)
		}
	}
	switch {
	case seen.has("error") && len(got) > 0:
		return nil, fmt.Errorf(`both "error" and a result ("%s"): an answer is one or the other`, strings.Join(got, `", "`))
	case seen.has("error") && resp.Error.Kind == "":
		return nil, errors.New(`an error object without a "kind"`)
	}
	resp.members = got
	return resp, nil
}

// Check returns an error unless resp, from ParseResponse, answers a
// request of op: with an error object, or with the result op calls for
// (hello: "ops"; decode: "value"; encode: "code"; replay: "squares" and
// "violation"; validate: "violations").
func (resp *Response) Check(op Op) error {
	want, ok := results[op]
	if !ok {
		return fmt.Errorf("no such op %q", op)
	}
	if resp.Error != nil {
		return nil
	}
	for _, name := range want {
		if !slices.Contains(resp.members, name) {
			return fmt.Errorf(`a %s answer without %q or "error"`, op, name)
		}
	}
	return nil
}

// set sets the member name of resp from its JSON text val.
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
		err = jsonv2.Unmarshal(val, &resp.Code)
		if err == nil && resp.Code == nil {
			err = errors.New("null")
		}
	case "squares":
		err = jsonv2.Unmarshal(val, &resp.Squares)
		if err == nil && resp.Squares == nil {
			err = errors.New("null")
		}
	case "violations":
		err = jsonv2.Unmarshal(val, &resp.Violations)
		if err == nil && resp.Violations == nil {
			err = errors.New("null")
		}
	case "error":
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

// compact returns val without its insignificant whitespace, in new memory.
func compact(val jsontext.Value) (json.RawMessage, error) {
	return jsontext.AppendFormat(nil, val)
}

// members is a set of names of responseMembers; add ignores others.
type members uint32

func (m *members) add(name string) {
	if i := slices.Index(responseMembers, name); i >= 0 {
		*m |= 1 << i
	}
}

func (m members) has(name string) bool { return m&(1<<slices.Index(responseMembers, name)) != 0 }

func notJSONAnswer(err error) error {
	return fmt.Errorf("the answer is not a JSON object in UTF-8 with distinct member names: %v", err)
}
