// Package protocol holds the message types of the qf conformance protocol,
// spec/protocol.md in this module: newline-delimited JSON requests on an
// implementation's standard input, one response line per request line on
// its standard output.
//
// Both sides use these types: `qf serve`, which answers for the reference
// codec, and the runner, which asks any implementation.
package protocol

import (
	"encoding/json"

	"github.com/qf-format/qf-conformance/ref"
)

// Ops and profiles.
const (
	OpHello    = "hello"
	OpDecode   = "decode"
	OpEncode   = "encode"
	OpReplay   = "replay"
	OpValidate = "validate"

	ProfileStrict  = "strict"
	ProfileLenient = "lenient"
)

// Error kinds of the protocol itself, beside the codec's kinds.
const (
	KindUnsupported = "unsupported" // an op or profile the implementation lacks
	KindBadRequest  = "bad_request" // a line that is not a request
)

// A Request is one request line. ID is echoed in the response as given.
type Request struct {
	ID      json.RawMessage `json:"id,omitempty"`
	Op      string          `json:"op"`
	Code    *string         `json:"code,omitempty"`    // decode, replay, validate
	Profile string          `json:"profile,omitempty"` // decode: "strict" (the default) or "lenient"
	Value   json.RawMessage `json:"value,omitempty"`   // encode
}

// A Response is one response line. Which members are set depends on the
// request's op; ID is always present, null when the request had none.
type Response struct {
	ID json.RawMessage `json:"id"`

	// hello
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

	Error *ref.ErrorObject `json:"error,omitempty"` // any op

	members []string // the result members ParseResponse found, for Check
}
