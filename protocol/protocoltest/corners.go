// Package protocoltest checks that an implementation answers the corners
// of spec/protocol.md as the document defines them: members that are null
// or of the wrong type, ids of every JSON type, the depth limit, lone
// surrogate escapes, lines that are no request. The corners are data
// (corners.json), so that every implementation the project ships, the
// reference and the three examples, is held to the same table.
package protocoltest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// A Corner is a request line and the response spec/protocol.md defines
// for it, less its message (and, for hello, the name and version).
type Corner struct {
	Comment  string `json:"comment"`
	Request  string `json:"request"`
	Response string `json:"response"`
}

//go:embed corners.json
var cornersJSON []byte

// Corners returns the corners, in the order of corners.json.
func Corners() []Corner {
	var cs []Corner
	if err := json.Unmarshal(cornersJSON, &cs); err != nil {
		panic("protocoltest: corners.json: " + err.Error())
	}
	return cs
}

// Input returns the corners' requests, a line each.
func Input() []byte {
	var b bytes.Buffer
	for _, c := range Corners() {
		b.WriteString(c.Request + "\n")
	}
	return b.Bytes()
}

// Check compares output, the responses of an implementation to Input, a
// line each, with the corners' responses, and returns an error naming
// every corner answered otherwise, or nil. Responses are compared as JSON
// values, their members in any order, without "message" (and hello's
// "name" and "version"); a response that is not JSON as spec/protocol.md
// says a response is (one holding a lone surrogate escape, say) is
// answered otherwise.
func Check(output []byte) error {
	cs := Corners()
	lines := strings.Split(strings.TrimSuffix(string(output), "\n"), "\n")
	if len(output) == 0 {
		lines = nil
	}
	var errs []string
	if len(lines) != len(cs) {
		errs = append(errs, fmt.Sprintf("%d responses to %d requests", len(lines), len(cs)))
	}
	for i, c := range cs {
		if i >= len(lines) {
			break
		}
		if want, ok := c.Answered(lines[i]); !ok {
			errs = append(errs, fmt.Sprintf("%s:\n\trequest  %.200q\n\tresponse %.200q\n\twant     %s", c.Comment, c.Request, lines[i], want))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("protocoltest: %d corners answered otherwise:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	return nil
}

// Answered reports whether line, an implementation's response to c's
// request (its line end, CR LF too, aside), is the response c defines,
// compared as Check compares them; want is that response as compared:
// canonical JSON (RFC 8785) without "message", hello's "name" and
// "version".
func (c Corner) Answered(line string) (want string, ok bool) {
	want, _ = normal(c.Response)
	got, err := normal(line)
	return want, err == nil && got == want
}

// normal returns a response line canonicalized (RFC 8785), without the
// members that may differ between implementations. A lone surrogate
// escape makes it an error, as it makes a response line a protocol error.
func normal(line string) (string, error) {
	line = strings.TrimSuffix(line, "\r")
	var m map[string]jsontext.Value
	v := jsontext.Value(line)
	if err := v.Canonicalize(); err != nil {
		return "", err
	}
	if err := json.Unmarshal(v, &m); err != nil {
		return "", err
	}
	delete(m, "name")
	delete(m, "version")
	if e, ok := m["error"]; ok {
		var em map[string]jsontext.Value
		if err := json.Unmarshal(e, &em); err != nil {
			return "", err
		}
		delete(em, "message")
		b, _ := json.Marshal(em)
		m["error"] = b
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	out := jsontext.Value(b)
	if err := out.Canonicalize(); err != nil {
		return "", err
	}
	return string(out), nil
}
