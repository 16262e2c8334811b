// Package protocol holds the message types of the qf conformance protocol,
// spec/protocol.md in this module: newline-delimited JSON requests on an
// implementation's standard input, one response line per request line on
// its standard output.
//
// Both sides use these types: the servers of an implementation (package
// serve answers for the reference; Funcs makes a Handler of any
// implementation's functions), and the tools that ask one (package driver
// starts and talks to it). The package knows the wire and nothing of the
// codec: an error object is spec.ErrorObject, a profile travels by name.
package protocol

import (
	"encoding/json"
	"strings"

	"github.com/qf-format/qf-conformance/spec"
)

// An Op is the operation a request asks for, named as on the wire.
type Op string

// The ops of spec/protocol.md.
const (
	Hello    Op = "hello"
	Decode   Op = "decode"
	Encode   Op = "encode"
	Replay   Op = "replay"
	Validate Op = "validate"
)

// Ops lists the ops an implementation may list in its hello, in the order
// of spec/protocol.md.
var Ops = []Op{Decode, Encode, Replay, Validate}

// reads reports whether op reads the request member named m, one of the
// string members "code" and "profile".
func (op Op) reads(m string) bool {
	switch op {
	case Decode:
		return m == "code" || m == "profile"
	case Replay, Validate:
		return m == "code"
	}
	return false
}

// OpNames returns the names of Ops, comma-separated: "decode, encode,
// replay, validate", for messages.
func OpNames() string {
	names := make([]string, len(Ops))
	for i, op := range Ops {
		names[i] = string(op)
	}
	return strings.Join(names, ", ")
}

// Error kinds of the protocol itself, beside the codec's kinds.
// Version is the version of the protocol, spec/protocol.md's.
const Version = "1.3.0"

const (
	KindUnsupported = "unsupported" // an op or profile the implementation lacks
	KindBadRequest  = "bad_request" // a line that is not a request
)

// A Request is one request line. ID is echoed in the response as given.
type Request struct {
	ID      json.RawMessage `json:"id,omitempty"`
	Op      Op              `json:"op"`
	Code    *string         `json:"code,omitempty"`    // decode, replay, validate
	Profile string          `json:"profile,omitempty"` // decode: "strict" (the default when absent) or "lenient"
	Value   json.RawMessage `json:"value,omitempty"`   // encode

	code         string   // what Code points to, when ParseRequest read it
	mistyped     []string // the members of the wrong type (ParseRequest)
	profileGiven bool     // whether the line has a string "profile": "" is then a profile, not its absence
}

// A Response is one response line. Which members are set depends on the
// request's op; ID is always present, null when the request had none.
type Response struct {
	ID json.RawMessage `json:"id"`

	// hello: the names as the implementation gives them, known or not.
	Name     string   `json:"name,omitempty"`
	Version  string   `json:"version,omitempty"`
	Ops      []string `json:"ops,omitempty"`
	Profiles []string `json:"profiles,omitempty"`

	Value json.RawMessage `json:"value,omitempty"` // decode
	Code  *string         `json:"code,omitempty"`  // encode

	// replay: the squares [white, black] after each move before the first
	// violation, and the violation, {"move": i, "kind": K} or null (the
	// literal null is kept in Violation, so that it is written).
	Squares   *[][2]int       `json:"squares,omitempty"`
	Violation json.RawMessage `json:"violation,omitempty"`

	// validate: the distinct kinds of the rules the code's State breaks.
	Violations *[]string `json:"violations,omitempty"`

	Error *spec.ErrorObject `json:"error,omitempty"` // any op

	members members // the result members ParseResponse found, for Check
}

// Unsupported returns the answer to a request for an op or profile the
// implementation does not have, saying which in its message.
func Unsupported(what string) *Response {
	return &Response{Error: &spec.ErrorObject{Kind: KindUnsupported, Message: "protocol: unsupported " + what}}
}

// BadRequest returns the answer to a request that is not one: why says
// how, in its message.
func BadRequest(why string) *Response {
	return badRequest(nil, why)
}
