// Package serve answers the conformance protocol of spec/protocol.md for
// the reference: decoding and encoding with package ref, replay and
// validation with package rules. It is what `qf serve` runs, and the
// built-in implementation that `qf check` and `qf fuzz` check when given
// no command.
package serve

import (
	"encoding/json"
	"errors"
	"strconv"
	"sync"

	"github.com/qf-format/qf-conformance/internal/jsonstring"
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
	return decoded(p, code, func(v *ref.Value) *protocol.Response {
		b, err := v.AppendJSON(nil)
		if err != nil {
			return Error(err)
		}
		return &protocol.Response{Value: b}
	})
}

// A scratch is a Value to decode or read JSON into, pointed at a State
// and a Record of its own, so that decoding and reading the common JSON
// allocate nothing once they have held values as long. Scratches are pooled: the handler may be called from several
// goroutines at once.
type scratch struct {
	v      ref.Value
	state  ref.State
	record ref.Record
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// decoded decodes code in profile p into a scratch and returns the answer
// answer makes of the value, which it must not keep; or the error.
func decoded(p ref.Profile, code string, answer func(*ref.Value) *protocol.Response) *protocol.Response {
	s := scratches.Get().(*scratch)
	defer scratches.Put(s)
	s.v = ref.Value{State: &s.state, Record: &s.record}
	if err := p.DecodeInto(&s.v, code); err != nil {
		return Error(err)
	}
	return answer(&s.v)
}

func encode(value json.RawMessage) *protocol.Response {
	s := scratches.Get().(*scratch)
	defer scratches.Put(s)
	s.v = ref.Value{State: &s.state, Record: &s.record}
	if !readCanonical(&s.v, value) {
		if err := s.v.UnmarshalJSON(value); err != nil {
			return Error(err)
		}
	}
	code, err := ref.Encode(&s.v)
	if err != nil {
		return Error(err)
	}
	return &protocol.Response{Code: &code}
}

func replay(code string) *protocol.Response {
	return decoded(ref.Strict, code, replayed)
}

func replayed(v *ref.Value) *protocol.Response {
	var moves int
	if v.Record != nil {
		moves = len(v.Record.Moves)
	}
	// The answer and its squares in one allocation.
	answer := new(struct {
		resp    protocol.Response
		squares [][2]int
	})
	squares, violation := rules.Squares(v, make([][2]int, 0, moves))
	answer.squares = squares
	answer.resp = protocol.Response{Squares: &answer.squares, Violation: noViolation}
	if violation != nil {
		answer.resp.Violation = appendViolation(make([]byte, 0, len(`{"move":1023,"kind":"illegal_diagonal"}`)), violation)
	}
	return &answer.resp
}

// noViolation is the violation of a replay's answer when every move is
// legal, shared by every answer: nothing writes to it.
var noViolation = json.RawMessage("null")[:4:4] // full: an append copies it

// appendViolation appends v's JSON to b as json.Marshal writes it, without
// its reflection: a replay's answer a case of qf fuzz.
func appendViolation(b []byte, v *rules.Violation) []byte {
	b = strconv.AppendInt(append(b, `{"move":`...), int64(v.Move), 10)
	b = jsonstring.Append(append(b, `,"kind":`...), string(v.Kind), true)
	return append(b, '}')
}

func validate(code string) *protocol.Response {
	return decoded(ref.Strict, code, validated)
}

func validated(v *ref.Value) *protocol.Response {
	kinds := []string{}
	if v.State != nil {
		broken := rules.Validate(v.State)
		kinds = make([]string, len(broken))
		for i, k := range broken {
			kinds[i] = string(k)
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
