package protocol

import (
	"encoding/json"
	"slices"
	"strconv"
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

// Handle answers req. An op it has with a member it reads of the wrong
// type, or missing, is a bad request; the members an op does not read are
// ignored, whatever their type.
func (f *Funcs) Handle(req *Request) *Response {
	if req.Op != Hello && !f.has(req.Op) {
		return Unsupported("op " + strconv.Quote(string(req.Op)))
	}
	for _, m := range req.Mistyped() {
		if req.Op.reads(m) {
			return BadRequest(`not a string: "` + m + `"`)
		}
	}
	switch req.Op {
	case Hello:
		return f.hello()
	case Decode:
		if req.Code == nil {
			return BadRequest(`decode needs a "code" string`)
		}
		profile := req.Profile
		if req.Profile == "" && !req.profileGiven && len(f.Profiles) > 0 {
			profile = f.Profiles[0]
		}
		if slices.Contains(f.Profiles, profile) {
			return f.Decode(*req.Code, profile)
		}
		return Unsupported("profile " + strconv.Quote(req.Profile))
	case Encode:
		if req.Value == nil {
			return BadRequest(`encode needs a "value"`)
		}
		return f.Encode(req.Value)
	default:
		call := f.Replay
		if req.Op == Validate {
			call = f.Validate
		}
		if req.Code == nil {
			return BadRequest(string(req.Op) + ` needs a "code" string`)
		}
		return call(*req.Code)
	}
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
