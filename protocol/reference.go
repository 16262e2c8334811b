package protocol

import (
	"encoding/json"
	"errors"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// Reference is the Handler that answers for the reference codec, package
// ref: what `qf serve` runs.
type Reference struct{}

// Hello is the reference's answer to hello.
var referenceHello = Response{
	Name:     "qf-conformance reference (ref)",
	Version:  spec.Version,
	Ops:      []string{OpDecode, OpEncode, OpReplay, OpValidate},
	Profiles: []string{ProfileStrict, ProfileLenient},
}

// Handle answers one request.
func (Reference) Handle(req *Request) *Response {
	switch req.Op {
	case OpHello:
		resp := referenceHello
		return &resp
	case OpDecode:
		if req.Code == nil {
			return badRequest(nil, `decode needs a "code" string`)
		}
		var decode func(string) (*ref.Value, error)
		switch req.Profile {
		case "", ProfileStrict:
			decode = ref.Decode
		case ProfileLenient:
			decode = ref.DecodeLenient
		default:
			return unsupported("profile " + quote(req.Profile))
		}
		v, err := decode(*req.Code)
		if err != nil {
			return &Response{Error: ErrorOf(err)}
		}
		b, err := v.AppendJSON(nil)
		if err != nil {
			return &Response{Error: ErrorOf(err)}
		}
		return &Response{Value: b}
	case OpEncode:
		if req.Value == nil {
			return badRequest(nil, `encode needs a "value"`)
		}
		var v ref.Value
		if err := v.UnmarshalJSON(req.Value); err != nil {
			return &Response{Error: ErrorOf(err)}
		}
		code, err := ref.Encode(&v)
		if err != nil {
			return &Response{Error: ErrorOf(err)}
		}
		return &Response{Code: &code}
	case OpReplay, OpValidate:
		if req.Code == nil {
			return badRequest(nil, req.Op+` needs a "code" string`)
		}
		v, err := ref.Decode(*req.Code)
		if err != nil {
			return &Response{Error: ErrorOf(err)}
		}
		if req.Op == OpReplay {
			return replay(v)
		}
		kinds := []string{}
		if v.State != nil {
			for _, k := range rules.Validate(v.State) {
				kinds = append(kinds, string(k))
			}
		}
		return &Response{Violations: &kinds}
	}
	return unsupported("op " + quote(req.Op))
}

func replay(v *ref.Value) *Response {
	positions, violation := rules.Replay(v)
	squares := make([][2]int, len(positions))
	for i, p := range positions {
		squares[i] = [2]int{p.White, p.Black}
	}
	resp := &Response{Squares: &squares, Violation: json.RawMessage("null")}
	if violation != nil {
		resp.Violation, _ = json.Marshal(violation)
	}
	return resp
}

func unsupported(what string) *Response {
	return &Response{Error: &ref.ErrorObject{Kind: KindUnsupported, Message: "protocol: unsupported " + what}}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// ErrorOf returns the error object of err: its kind, offset, field and
// message when err is a *ref.Error.
func ErrorOf(err error) *ref.ErrorObject {
	var e *ref.Error
	if !errors.As(err, &e) {
		return &ref.ErrorObject{Kind: "internal", Message: err.Error()}
	}
	return e.Object()
}
