package suite

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/vectors"
)

// The ops: decoding (in a profile), encoding, replay and validation.
type (
	decoding   struct{}
	encoding   struct{}
	replaying  struct{}
	validating struct{}
)

func (decoding) levels() []Level   { return []Level{L1, L2, L3} }
func (encoding) levels() []Level   { return []Level{E} }
func (replaying) levels() []Level  { return []Level{R} }
func (validating) levels() []Level { return []Level{R} }

func (decoding) answer() string   { return "a value" }
func (encoding) answer() string   { return "a code" }
func (replaying) answer() string  { return "a replay" }
func (validating) answer() string { return "violations" }

func (decoding) request(c Category, input string) *protocol.Request {
	code := onTheWire(input)
	return &protocol.Request{Op: protocol.Decode, Code: &code, Profile: c.profile.String()}
}

// onTheWire returns s as a JSON string carries it: each byte that is not
// UTF-8 replaced by U+FFFD, as encoding/json writes it, so that a handler
// in this process reads what a program reads from the same request.
func onTheWire(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func (encoding) request(c Category, input string) *protocol.Request {
	return &protocol.Request{Op: protocol.Encode, Value: json.RawMessage(input)}
}

func (d decoding) inputJSON(t *vectors.Test) json.RawMessage { return mustJSON(d.input(t)) }
func (encoding) inputJSON(t *vectors.Test) json.RawMessage   { return t.Value }
func (replaying) inputJSON(t *vectors.Test) json.RawMessage  { return mustJSON(*t.Code) }
func (validating) inputJSON(t *vectors.Test) json.RawMessage { return mustJSON(*t.Code) }

func (replaying) request(c Category, input string) *protocol.Request {
	code := onTheWire(input)
	return &protocol.Request{Op: protocol.Replay, Code: &code}
}

func (validating) request(c Category, input string) *protocol.Request {
	code := onTheWire(input)
	return &protocol.Request{Op: protocol.Validate, Code: &code}
}

func (decoding) input(t *vectors.Test) string {
	input, _ := t.Input()
	return input
}

func (encoding) input(t *vectors.Test) string   { return string(t.Value) }
func (replaying) input(t *vectors.Test) string  { return *t.Code }
func (validating) input(t *vectors.Test) string { return *t.Code }

func (decoding) want(t *vectors.Test) json.RawMessage {
	if t.Error != nil {
		return mustJSON(t.Error)
	}
	return t.Value
}

func (encoding) want(t *vectors.Test) json.RawMessage {
	if t.Error != nil {
		return mustJSON(t.Error)
	}
	return mustJSON(*t.Code)
}

func (replaying) want(t *vectors.Test) json.RawMessage {
	if t.Error != nil {
		return mustJSON(t.Error)
	}
	return replayJSON(*t.Squares, mustJSON(t.Violation))
}

func (validating) want(t *vectors.Test) json.RawMessage {
	if t.Error != nil {
		return mustJSON(t.Error)
	}
	return mustJSON(*t.Violations)
}

func (decoding) code(t *vectors.Test) string { return t.Canonical }

func (encoding) code(t *vectors.Test) string {
	if t.Code == nil {
		return ""
	}
	return *t.Code
}

func (replaying) code(t *vectors.Test) string  { return *t.Code }
func (validating) code(t *vectors.Test) string { return *t.Code }

// replayJSON returns a replay's answer as the reports show it.
func replayJSON(squares [][2]int, violation json.RawMessage) json.RawMessage {
	return mustJSON(struct {
		Squares   [][2]int        `json:"squares"`
		Violation json.RawMessage `json:"violation"`
	}{squares, violation})
}

// mustJSON returns v as JSON; v is of a type that always marshals.
func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
