package serve

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/qf-format/qf-conformance/rules"
)

// A replay's violation is written as json.Marshal writes it: every rule,
// moves of every size, and kinds that need escapes.
func TestViolationAsEncodingJSON(t *testing.T) {
	kinds := []rules.Rule{"<&>", "a\"b\\c", "\u2028", "é"}
	for _, r := range rules.Rules {
		kinds = append(kinds, r)
	}
	for _, kind := range kinds {
		for _, move := range []int{0, 1, 9, 10, 1022, -1} {
			v := &rules.Violation{Move: move, Kind: kind}
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if got := appendViolation(nil, v); !bytes.Equal(got, want) {
				t.Errorf("%+v: %s, json.Marshal %s", v, got, want)
			}
		}
	}
}
