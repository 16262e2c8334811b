package ref_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
)

// Messages say the position, the field in words, the value and the range.
func TestMessages(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"gkw\xffAAAQ", "ref: char 3: invalid character byte 0xff (not UTF-8)"},
		{"gkwAéAAAQ", "ref: char 4: invalid character 'é' (U+00E9)"},
		{"", "ref: bit 0: truncated: state flag needs 1 bit, 0 left"},
		{"g", "ref: bit 2: truncated: white square needs 7 bits, 4 left"},
		{"qMwAAAAQ", "ref: bit 2: white square 81 out of range 0-80"},
		{"gkwAAAAQA", "ref: char 8: trailing data: 1 character after the code's 8 (44 bits)"},
		{"gkwAAAAQAAA", "ref: char 8: trailing data: 3 characters after the code's 8 (44 bits)"},
		{"gkwAAAAR", "ref: bit 44: nonzero padding bits 0001 after the last field"},
	} {
		_, err := ref.Decode(c.code)
		if err == nil || err.Error() != c.want {
			t.Errorf("Decode(%q): %v\nwant %s", c.code, err, c.want)
		}
	}
	var v ref.Value
	for _, c := range []struct{ json, want string }{
		{`[]`, "ref: malformed value: not an object"},
		{`{"state":null}`, "ref: malformed value: record: missing"},
		{`{"state":null,"record":{"moves":[{"kind":"jump","dir":0}]}}`, `ref: malformed value: record.moves[0].kind: "jump" is not "piece" or "wall"`},
	} {
		if err := v.UnmarshalJSON([]byte(c.json)); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v\nwant %s", c.json, err, c.want)
		}
	}
}

// Enumerations outside their two values have no name and do not marshal.
func TestInvalidNames(t *testing.T) {
	if s := ref.Player(2).String() + ref.MoveKind(2).String() + ref.Orientation(3).String(); s != "invalid(2)invalid(2)invalid(3)" {
		t.Errorf("got %s", s)
	}
	for _, v := range []any{ref.Player(2), ref.MoveKind(2), ref.Orientation(2)} {
		if b, err := json.Marshal(v); err == nil || !strings.Contains(err.Error(), "has no name") {
			t.Errorf("Marshal(%v) = %s, %v", v, b, err)
		}
	}
}
