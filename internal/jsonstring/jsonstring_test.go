package jsonstring

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// pieces are the parts of strings of every kind Append escapes: quotes,
// backslashes, control characters, HTML, non-ASCII, U+2028 and U+2029,
// invalid UTF-8 and a rune cut short.
var pieces = []string{"", "a", "j7oklAHMe1ICg", `"`, `\`, "\n", "\t", "\r", "\b", "\f", "\x00", "\x1f", "\x7f",
	"<", ">", "&", "é", "🙂", "\u2028", "\u2029", "\xff", "\xe2\x80", "ref: invalid character"}

// Append writes what json.Marshal writes, and, without html, what an
// Encoder that does not escape HTML writes: 20,000 strings of up to 6
// pieces.
func TestAppendAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(20261125, 1))
	for range 20000 {
		var s string
		for range r.IntN(7) {
			s += pieces[r.IntN(len(pieces))]
		}
		want, _ := json.Marshal(s)
		if got := Append([]byte("x"), s, true); !bytes.Equal(got, append([]byte("x"), want...)) {
			t.Fatalf("Append(%q, html): %s, want %s", s, got, want)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		if got := Append(nil, s, false); !bytes.Equal(append(got, '\n'), buf.Bytes()) {
			t.Fatalf("Append(%q): %s, want %s", s, got, buf.Bytes())
		}
	}
}
