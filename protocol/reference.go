package protocol

import (
	"encoding/json"
	"errors"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// Reference is the Handler that answers for the reference codec, package
// ref: what `qf serve` runs.
type Reference struct{}

// Hello is the reference's answer to hello.
var referenceHello = Response{
	Name:     "qf-conformance reference (ref)",
	Version:  spec.Version,
	Ops:      []string{OpDecode, OpEncode},
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
		b, err := json.Marshal(v)
		if err != nil {
			return &Response{Error: ErrorOf(err)}
		}
		return &Response{Value: b}
	case OpEncode:
		if req.Value == nil {
			return badRequest(nil, `encode needs a "value"`)
		}
		var v ref.Value
		if err := json.Unmarshal(req.Value, &v); err != nil {
			return &Response{Error: ErrorOf(err)}
		}
		code, err := ref.Encode(&v)
		if err != nil {
			return &Response{Error: ErrorOf(err)}
		}
		return &Response{Code: &code}
	}
	return unsupported("op " + quote(req.Op))
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
