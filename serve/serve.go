// Package serve answers the conformance protocol of spec/protocol.md for
// the reference: decoding and encoding with package ref, replay and
// validation with package rules. It is what `qf serve` runs, and the
// built-in implementation that `qf check` and `qf fuzz` check when given
// no command.
package serve

import (
	"encoding/json"
	"errors"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// Name is the name the reference gives in its hello.
const Name = "qf-conformance reference (ref)"

// Reference is the protocol handler of the reference.
var Reference protocol.Handler = &protocol.Funcs{
	Name:     Name,
	Version:  spec.Version,
	Profiles: []string{ref.Strict.String(), ref.Lenient.String()},
	Decode:   decode,
	Encode:   encode,
	Replay:   replay,
	Validate: validate,
}

func decode(code, profile string) *protocol.Response {
	p, err := ref.ParseProfile(profile)
	if err != nil {
		return protocol.Unsupported("profile " + profile)
	}
	v, err := p.Decode(code)
	if err != nil {
		return Error(err)
	}
	b, err := v.AppendJSON(nil)
	if err != nil {
		return Error(err)
	}
	return &protocol.Response{Value: b}
}

func encode(value json.RawMessage) *protocol.Response {
	var v ref.Value
	if err := v.UnmarshalJSON(value); err != nil {
		return Error(err)
	}
	code, err := ref.Encode(&v)
	if err != nil {
		return Error(err)
	}
	return &protocol.Response{Code: &code}
}

func replay(code string) *protocol.Response {
	v, err := ref.Decode(code)
	if err != nil {
		return Error(err)
	}
	positions, violation := rules.Replay(v)
	squares := make([][2]int, len(positions))
	for i, p := range positions {
		squares[i] = [2]int{p.White, p.Black}
	}
	resp := &protocol.Response{Squares: &squares, Violation: json.RawMessage("null")}
	if violation != nil {
		resp.Violation, _ = json.Marshal(violation)
	}
	return resp
}

func validate(code string) *protocol.Response {
	v, err := ref.Decode(code)
	if err != nil {
		return Error(err)
	}
	kinds := []string{}
	if v.State != nil {
		for _, k := range rules.Validate(v.State) {
			kinds = append(kinds, string(k))
		}
	}
	return &protocol.Response{Violations: &kinds}
}

// Error returns the answer of an error: its error object, with its kind,
// offset, field and message when err is a *ref.Error.
func Error(err error) *protocol.Response {
	var e *ref.Error
	if !errors.As(err, &e) {
		return &protocol.Response{Error: &spec.ErrorObject{Kind: "internal", Message: err.Error()}}
	}
	return &protocol.Response{Error: e.Object()}
}
