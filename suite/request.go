package suite

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/internal/jsonstring"
)

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

// replayJSON returns a replay's answer as the reports show it.
func replayJSON(squares [][2]int, violation json.RawMessage) json.RawMessage {
	return mustJSON(struct {
		Squares   [][2]int        `json:"squares"`
		Violation json.RawMessage `json:"violation"`
	}{squares, violation})
}

// mustJSON returns v as JSON; v is of a type that always marshals.
func mustJSON(v any) json.RawMessage {
	b, err := jsonstring.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
