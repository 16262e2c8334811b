package protocol

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Funcs is a Handler made of an implementation's functions, one per op:
// it answers hello from its fields and the ops whose function is set,
// checks that a request has the members its op needs (bad_request
// otherwise), answers "unsupported" for an op without a function or a
// profile not listed, and calls the function. It is the one place where a
// request is told apart by its op.
type Funcs struct {
	Name, Version string
	// Profiles lists the decoding profiles, by name; a decode request with
	// another is unsupported. A request without a profile asks for the
	// first.
	Profiles []string

	// The ops; nil means unsupported. A function returns the result, or
	// an error object, without the id.
	Decode   func(code, profile string) *Response
	Encode   func(value json.RawMessage) *Response
	Replay   func(code string) *Response
	Validate func(code string) *Response
}

// Handle answers req.
func (f *Funcs) Handle(req *Request) *Response {
	if m := req.Mistyped(); len(m) > 0 && (f.has(req.Op) || req.Op == Hello) {
		return BadRequest(`not a string: "` + strings.Join(m, `", "`) + `"`)
	}
	switch req.Op {
	case Hello:
		return f.hello()
	case Decode:
		if f.Decode == nil {
			break
		}
		if req.Code == nil {
			return BadRequest(`decode needs a "code" string`)
		}
		profile := req.Profile
		if profile == "" && len(f.Profiles) > 0 {
			profile = f.Profiles[0]
		}
		for _, p := range f.Profiles {
			if p == profile {
				return f.Decode(*req.Code, profile)
			}
		}
		return Unsupported("profile " + strconv.Quote(req.Profile))
	case Encode:
		if f.Encode == nil {
			break
		}
		if req.Value == nil {
			return BadRequest(`encode needs a "value"`)
		}
		return f.Encode(req.Value)
	case Replay, Validate:
		call := f.Replay
		if req.Op == Validate {
			call = f.Validate
		}
		if call == nil {
			break
		}
		if req.Code == nil {
			return BadRequest(string(req.Op) + ` needs a "code" string`)
		}
		return call(*req.Code)
	}
	return Unsupported("op " + strconv.Quote(string(req.Op)))
}

func (f *Funcs) hello() *Response {
	resp := &Response{Name: f.Name, Version: f.Version, Ops: []string{}, Profiles: f.Profiles}
	for _, op := range Ops {
		if f.has(op) {
			resp.Ops = append(resp.Ops, string(op))
		}
	}
	return resp
}

// has reports whether f has a function for op.
func (f *Funcs) has(op Op) bool {
	switch op {
	case Decode:
		return f.Decode != nil
	case Encode:
		return f.Encode != nil
	case Replay:
		return f.Replay != nil
	case Validate:
		return f.Validate != nil
	}
	return false
}
