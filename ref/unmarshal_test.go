package ref

import (
	"testing"
)

// A move that canonicalMove reads is read as move reads it, and so is a
// move it leaves to move: texts in canonical form and near it (numbers
// out of range and long, keys in another order, spaces, other names).
func TestCanonicalMoveAsMove(t *testing.T) {
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
		var fast Move
		if !canonicalMove(&fast, []byte(text)) {
			continue
		}
		read++
		var slow Move
		r := newReader([]byte(text))
		err := r.move(&slow, path{outer: "record.moves", index: 0})
		r.free()
		if err != nil || fast != slow {
			t.Errorf("%s: canonicalMove reads %+v; move %+v, %v", text, fast, slow, err)
		}
	}
	if read != 10 {
		t.Errorf("canonicalMove read %d of the texts, want 10", read)
	}
}
