package explain_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/ref"
)

// The playground's JSON: for a valid code its fields, the six bits of
// each character, its value and its record replayed; for a rejected one
// the error and its span; every list present, never null.
func TestJSON(t *testing.T) {
	j := explain.Code("j7oklAHMe1ICg", ref.Strict).JSON()
	if !j.Accepted || j.Canonical != "j7oklAHMe1ICg" || len(j.Fields) != 16 || len(j.Values) != 13 || j.Values[0] != 35 || j.Error != nil {
		t.Errorf("%+v", j)
	}
	if !strings.Contains(j.Text, "state.turn") {
		t.Errorf("text %q", j.Text)
	}
	b, err := json.Marshal(explain.Code("QBQ", ref.Strict).JSON())
	if err != nil || !strings.Contains(string(b), `"record":{"moves":[],"violation":{"move":0,`) {
		t.Errorf("%s %v", b, err)
	}
	bad := explain.Code("gkw AAAQ", ref.Strict).JSON()
	if bad.Accepted || bad.Error == nil || bad.Error.Kind != "invalid_character" || bad.Span != [2]int{3, 4} {
		t.Errorf("%+v", bad)
	}
	b, _ = json.Marshal(explain.Code("", ref.Strict).JSON())
	if strings.Contains(string(b), "null") {
		t.Errorf("a list is null: %s", b)
	}
}
