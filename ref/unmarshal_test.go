package ref

import (
	"testing"
)

// A move that the quick reading reads is read as the full reading reads
// it, and it leaves the others to the full reading: texts in canonical
// form and near it (numbers out of range and long, keys in another order,
// spaces, other names), as the move of a record.
func TestQuickMoveAsMove(t *testing.T) {
	read := 0
	for _, text := range []string{
		`{"kind":"piece","dir":3}`, `{"kind":"piece","dir":0}`, `{"kind":"piece","dir":-1}`, `{"kind":"piece","dir":9999}`,
		`{"kind":"piece","dir":12345}`, `{"kind":"piece","dir":-0}`, `{"kind":"piece","dir":1.5}`, `{"kind":"piece","dir":1e2}`,
		`{"kind":"wall","orientation":"h","place":63}`, `{"kind":"wall","orientation":"v","place":0}`, `{"kind":"wall","orientation":"v","place":-64}`,
		`{"dir":3,"kind":"piece"}`, `{"kind":"piece", "dir":3}`, `{"kind":"piece","dir":3,"x":1}`, `{"kind":"pawn","dir":3}`,
		`{"kind":"wall","orientation":"x","place":1}`, `{"kind":"wall","place":1,"orientation":"h"}`, `{"kind":"piece","dir":"3"}`,
		`{"kind":"wall","orientation":"h","place":1,"dir":2}`, `{"kind":"piece"}`, `{}`, `{"dir":5,"kind":"piece"}`, `{"dir":5,"kind":"wall"}`,
		`{"dir":5,"x":1,"kind":"piece"}`, `{"dir":"kind":"piece"}`,
	} {
		value := []byte(`{"state":null,"record":{"moves":[` + text + `]}}`)
		var quick Value
		if !quickValue(&quick, value) {
			continue
		}
		read++
		var full Value
		if err := full.unmarshalFull(value); err != nil || len(quick.Record.Moves) != 1 || quick.Record.Moves[0] != full.Record.Moves[0] {
			t.Errorf("%s: the quick reading reads %+v; the full reading %+v, %v", text, quick.Record, full.Record, err)
		}
	}
	if read != 11 {
		t.Errorf("the quick reading read %d of the texts, want 11", read)
	}
}
