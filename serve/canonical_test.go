package serve_test

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
)

// edges are texts near the edges of what the quick reading reads: spaces,
// escapes, repeated and missing keys, numbers not written as digits
// alone or too long, names of the wrong case, trailing commas.
var edges = []string{
	`{"state":null,"record":null}`, `{"record":null,"state":null}`, `{"state":null}`, `{"state":null,"record":null,"state":null}`,
	`{"state":null,"record":{"moves":[]}}`, `{"state":null,"record":{"moves":[{"kind":"piece","dir":-0}]}}`,
	`{"state":null,"record":{"moves":[{"kind":"piece","dir":01}]}}`, `{"state":null,"record":{"moves":[{"kind":"piece","dir":1.0}]}}`,
	`{"state":null,"record":{"moves":[{"kind":"piece","dir":1e0}]}}`, `{"state":null,"record":{"moves":[{"kind":"piece","dir":99999999999999999999}]}}`,
	`{"state":null,"record":{"moves":[{"kind":"piece","dir":-99999999999999999999}]}}`, `{"state":null,"record":{"moves":[{"kind":"wall","dir":1}]}}`,
	`{"state":null,"record":{"moves":[{"kind":"piece","orientation":"h","dir":1}]}}`, `{"state":null,"record":{"moves":[{"kind":"wall","orientation":"v","place":70000}]}}`,
	`{"state":null,"record":{"moves":[{"dir":1}]}}`, `{"state":null,"record":{"moves":[{"kind":"piece","dir":1},]}}`, `{"state":null,"record":{"moves":[,]}}`,
	`{"state":null,"record":{"moves":[{"dir":5,"kind":"piece"},{"kind":"wall","orientation":"h","place":-64}]}}`,
	`{"state":null,"record":{"moves":[{"kind":"wall","place":1,"orientation":"h"}]}}`, `{"state":null,"record":{"moves":[{"kind":"piece","dir":"3"}]}}`,
	`{ "state":null,"record":null}`, `{"state":null,"record":null} `, `{"st\u0061te":null,"record":null}`, `{"state":null,"record":null}x`,
	`{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`,
	`{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece","place":3},"turn":1},"record":null}`,
	`{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"wall"},"turn":1},"record":null}`,
	`{"state":{"white":4,"black":76,"walls":{"white":{"h":[1,2,],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`,
	`{"state":{"white":4,"black":76,"walls":{"white":{"h":[1,2],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"Black","kind":"piece"},"turn":1},"record":null}`,
	`{"state":{"white":4,"black":76,"walls":{"white":{"h":[1,2],"v":[]},"black":{"h":[]}},"last_move":{"player":"black","kind":"piece"},"turn":1},"record":null}`,
	`{"state":{"white":4,"black":76,"walls":{"white":{"h":[1,2],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"black","kind":"piece"},"turn":1,"turn":2},"record":null}`,
	`{"state":{"white":-0,"black":999999999999999999,"walls":{"white":{"h":[-999999999999999999,1000000000000000000],"v":[9223372036854775807,9223372036854775808,-9223372036854775808,-9223372036854775809]},"black":{"h":[],"v":[]}},"last_move":{"player":"black","kind":"piece"},"turn":1},"record":null}`,
	`{"state":{"walls":{"black":{"h":[],"v":[]},"white":{"h":[],"v":[]}},"white":1,"turn":1,"last_move":{"place":7,"player":"black","kind":"wall"},"black":2},"record":null}`,
}

// The quick reading reads what it reads as ref.Value.UnmarshalJSON does, into a
// zero Value, and declines any text with a space or an escape: the edges
// and the texts qf fuzz sends the encoder, canonical, with their keys in
// byte order and broken every way it breaks them. It reads most of them.
func TestReadCanonicalAsUnmarshalJSON(t *testing.T) {
	texts := edges
	for seed := uint64(1); seed <= 20000; seed++ {
		texts = append(texts, string(gen.NewRand(seed).EncodeValue()))
	}
	read := 0
	for _, text := range texts {
		var got, want ref.Value
		if !serve.ReadCanonical(&got, []byte(text)) {
			continue
		}
		read++
		if err := want.UnmarshalJSON([]byte(text)); err != nil {
			t.Errorf("%s: the quick reading read it, UnmarshalJSON says %v", text, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the quick reading read %+v, UnmarshalJSON %+v", text, got, want)
		}
		if strings.ContainsAny(text, " \\") {
			t.Errorf("%s: the quick reading read a text with a space or an escape", text)
		}
	}
	t.Logf("the quick reading read %d texts of %d", read, len(texts))
	if read < len(texts)/2 {
		t.Errorf("the quick reading read %d texts of %d", read, len(texts))
	}
}

// The quick reading, into the same Value again and again, pointed at the same
// State and Record before each text as package serve points it, reads
// what UnmarshalJSON reads (a group of no anchors nil or empty), written
// and encoded alike: encoders' inputs, mostly broken, and values of the
// whole space, long and short in turn so that lists shrink and grow in
// the arrays they reuse.
func TestReadCanonicalReused(t *testing.T) {
	r := gen.NewRand(3)
	var (
		into   ref.Value
		state  ref.State
		record ref.Record
	)
	reused := 0
	for i := range 20000 {
		text := r.EncodeValue()
		if i%2 == 0 {
			text, _ = r.Value().AppendJSON(nil)
		}
		into = ref.Value{State: &state, Record: &record}
		if !serve.ReadCanonical(&into, text) {
			continue
		}
		var want ref.Value
		if err := want.UnmarshalJSON(text); err != nil {
			t.Fatalf("%s: the quick reading read it, UnmarshalJSON says %v", text, err)
		}
		if into.State == &state || into.Record == &record {
			reused++
		}
		if !reflect.DeepEqual(withNilGroups(into), withNilGroups(want)) {
			t.Fatalf("%s: the quick reading read %+v, UnmarshalJSON %+v", text, into, want)
		}
		got, _ := into.AppendJSON(nil)
		wantText, _ := want.AppendJSON(nil)
		gotCode, gotErr := ref.Encode(&into)
		wantCode, wantErr := ref.Encode(&want)
		if !bytes.Equal(got, wantText) || gotCode != wantCode || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("%s: the quick reading's value writes %s and encodes to %q, %v; UnmarshalJSON's %s, %q, %v",
				text, got, gotCode, gotErr, wantText, wantCode, wantErr)
		}
	}
	if reused < 5000 {
		t.Fatalf("the State or Record was reused for %d texts of 20000: the test tells little", reused)
	}
}

// withNilGroups returns a copy of v whose empty groups of walls are nil.
func withNilGroups(v ref.Value) ref.Value {
	if v.State == nil {
		return v
	}
	s := *v.State
	for _, l := range []*[]int{&s.Walls.White.H, &s.Walls.White.V, &s.Walls.Black.H, &s.Walls.Black.V} {
		if len(*l) == 0 {
			*l = nil
		}
	}
	v.State = &s
	return v
}
