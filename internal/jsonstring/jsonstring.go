// Package jsonstring writes a JSON string as package encoding/json
// writes it, byte for byte, without reflection: for the protocol's
// messages (package protocol) and the generator's JSON trees
// (gen), which are written many times a second; and a Marshal that
// writes qf's JSON without HTML escapes.
package jsonstring

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// Append appends s quoted as package json quotes it: ", \ and the
// control characters escaped (\b, \f, \n, \r, \t by name), invalid UTF-8
// as \ufffd, U+2028 and U+2029 escaped, and <, > and & when html is set.
func Append(b []byte, s string, html bool) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && !(html && (c == '<' || c == '>' || c == '&')) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Marshal returns the JSON of v as json.Marshal does, but with '<', '>'
// and '&' written as they are: qf's output is not for HTML, and
// spec/qf.md's minimal escapes are what it shows (U+2028 and U+2029
// aside, which encoding/json escapes always).
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
