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
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/spec"
)

// An Op is the operation a request asks for, named as on the wire. Each
// is a row of the table ops, which says what it reads and what answers
// it; Ops, OpNames and the checks of requests and responses follow from
// it. Adding one is adding its constant and row, its function to Funcs,
// and its section to spec/protocol.md (the tests hold all three); then
// the reference answers it (serve/serve.go), the model of faults runs
// parts for it (faults/model.go) and a category of package suite tests
// it, as their tests ask.
type Op string

// The ops of spec/protocol.md.
const (
	Hello    Op = "hello"
	Decode   Op = "decode"
	Encode   Op = "encode"
	Replay   Op = "replay"
	Validate Op = "validate"
)

// An opRow is what an op is: the request members it reads, and the
// response members that carry its result (Response.Check).
type opRow struct {
	op             Op
	reads, answers []string
}

// ops holds the ops, in the order of spec/protocol.md.
var ops = []opRow{
	{Hello, nil, []string{"ops"}},
	{Decode, []string{"code", "profile"}, []string{"value"}},
	{Encode, []string{"value"}, []string{"code"}},
	{Replay, []string{"code"}, []string{"squares", "violation"}},
	{Validate, []string{"code"}, []string{"violations"}},
}

// Ops lists the ops an implementation may list in its hello, in the order
// of spec/protocol.md: every op but hello.
var Ops = func() []Op {
	var list []Op
	for _, row := range ops {
		if row.op != Hello {
			list = append(list, row.op)
		}
	}
	return list
}()

// row returns what op is, and false for a name that is no op.
func (op Op) row() (opRow, bool) {
	for _, row := range ops {
		if row.op == op {
			return row, true
		}
	}
	return opRow{}, false
}

// reads reports whether op reads the request member named m.
func (op Op) reads(m string) bool {
	row, _ := op.row()
	return slices.Contains(row.reads, m)
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
