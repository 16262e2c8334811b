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
	OpHello  = "hello"
	OpDecode = "decode"
	OpEncode = "encode"

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
	Code    *string         `json:"code,omitempty"`    // decode
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

	Value json.RawMessage  `json:"value,omitempty"` // decode
	Code  *string          `json:"code,omitempty"`  // encode
	Error *ref.ErrorObject `json:"error,omitempty"` // any op
}
