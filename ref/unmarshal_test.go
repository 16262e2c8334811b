package ref

import (
	"testing"
)

// A move that the quick reading reads (as the full reading's item does) is
// read as move reads it, and it leaves the others to move: texts in
// canonical form and near it (numbers out of range and long, keys in
// another order, spaces, other names).
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
		q := quickReader{b: []byte(text), ok: true}
		quick := q.move()
		if !q.ok || len(q.b) > 0 {
			continue
		}
		read++
		var full Move
		r := newReader([]byte(text))
		err := r.move(&full, path{outer: "record.moves", index: 0})
		r.free()
		if err != nil || quick != full {
			t.Errorf("%s: the quick reading reads %+v; move %+v, %v", text, quick, full, err)
		}
	}
	if read != 11 {
		t.Errorf("the quick reading read %d of the texts, want 11", read)
	}
}
