package ref_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
	"pgregory.net/rapid"
)

// checkInto decodes code into v with p.DecodeInto and checks that it gives
// what p.Decode gives: the same error, or the same value (exactly, when
// exact, else but that an empty list of anchors may be nil in one and not
// the other); and the zero Value on failure.
func checkInto(t fataler, p ref.Profile, v *ref.Value, code string, exact bool) {
	t.Helper()
	want, wantErr := p.Decode(code)
	gotErr := p.DecodeInto(v, code)
	if diff := cmp.Diff(wantErr, gotErr); diff != "" {
		t.Fatalf("%v.DecodeInto(%q): error (-Decode +DecodeInto):\n%s", p, code, diff)
	}
	if wantErr != nil {
		if *v != (ref.Value{}) {
			t.Fatalf("%v.DecodeInto(%q) failed, leaving %+v, want the zero Value", p, code, *v)
		}
		return
	}
	got := v
	if !exact {
		want, got = emptyAsNil(want), emptyAsNil(v)
	}
	if !reflect.DeepEqual(want, got) { // cmp.Diff is slow on long records
		t.Fatalf("%v.DecodeInto(%q) (-Decode +DecodeInto):\n%s", p, code, cmp.Diff(want, got))
	}
}

// emptyAsNil returns a copy of v whose empty lists of anchors are nil.
func emptyAsNil(v *ref.Value) *ref.Value {
	c := *v
	if s := v.State; s != nil {
		c.State = new(ref.State)
		*c.State = *s
		for _, list := range []*[]int{&c.State.Walls.White.H, &c.State.Walls.White.V, &c.State.Walls.Black.H, &c.State.Walls.Black.V} {
			if len(*list) == 0 {
				*list = nil
			}
		}
	}
	return &c
}

// fataler is what checkInto needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// decodeInputs returns the inputs of the decoding vectors of profile p.
func decodeInputs(t testing.TB, p ref.Profile) []string {
	name := suite.Strict.File()
	if p == ref.Lenient {
		name = suite.Lenient.File()
	}
	f, err := vectors.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for _, test := range f.Tests {
		input, err := test.Input()
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input)
	}
	return inputs
}

// Over the vectors, decoding into a zero Value gives exactly what Decode
// gives; into one Value reused from vector to vector, in both orders, and
// into one that held the longest value, the same value.
func TestDecodeIntoVectors(t *testing.T) {
	long := mustEncode(maxValue())
	for _, p := range ref.Profiles {
		inputs := decodeInputs(t, p)
		var forward, backward ref.Value
		for i, input := range inputs {
			var zero ref.Value
			checkInto(t, p, &zero, input, true)
			checkInto(t, p, &forward, input, false)
			checkInto(t, p, &backward, inputs[len(inputs)-1-i], false)
			var big ref.Value
			if err := ref.Strict.DecodeInto(&big, long); err != nil {
				t.Fatal(err)
			}
			checkInto(t, p, &big, input, false)
		}
	}
}

// Decoding any code into a Value that held any other, kept or pointed at
// a State and a Record kept aside, gives what Decode gives: nothing of
// the value before is left.
func TestRapidDecodeIntoReused(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := rapid.SampledFrom(ref.Profiles).Draw(t, "profile")
		before := mustEncode(genValue(t))
		code := drawCode(t)
		var v ref.Value
		var s ref.State
		var r ref.Record
		if rapid.Bool().Draw(t, "kept aside") {
			v = ref.Value{State: &s, Record: &r}
		}
		checkInto(t, ref.Strict, &v, before, false)
		if rapid.Bool().Draw(t, "kept aside again") {
			v = ref.Value{State: &s, Record: &r}
		}
		checkInto(t, p, &v, code, false)
	})
}

// drawCode draws a code: a value's, one with a character changed, cut
// short or made longer, or any string of Base64 characters and others.
func drawCode(t *rapid.T) string {
	code := mustEncode(genValue(t))
	switch rapid.IntRange(0, 4).Draw(t, "how") {
	case 1:
		i := rapid.IntRange(0, len(code)-1).Draw(t, "position")
		c := rapid.SampledFrom([]byte(spec.Alphabet+" =\n")).Draw(t, "character")
		code = code[:i] + string(c) + code[i+1:]
	case 2:
		code = code[:rapid.IntRange(0, len(code)).Draw(t, "length")]
	case 3:
		code += string(rapid.SliceOfN(rapid.SampledFrom([]byte(spec.Alphabet)), 1, 8).Draw(t, "more"))
	case 4:
		code = string(rapid.SliceOf(rapid.SampledFrom([]byte(spec.Alphabet+" =\n\xff"))).Draw(t, "any"))
	}
	return code
}

// A warm Value, pointed at a State and a Record kept aside, decodes every
// valid code of the vectors without allocating; a Value decoding the same
// code again allocates nothing either.
func TestDecodeIntoAllocs(t *testing.T) {
	for _, p := range ref.Profiles {
		var valid []string
		for _, input := range decodeInputs(t, p) {
			if _, err := p.Decode(input); err == nil {
				valid = append(valid, input)
			}
		}
		var v ref.Value
		var s ref.State
		var r ref.Record
		decodeAll := func() {
			for _, code := range valid {
				v = ref.Value{State: &s, Record: &r}
				if err := p.DecodeInto(&v, code); err != nil {
					t.Fatal(err)
				}
			}
		}
		decodeAll()
		if n := testing.AllocsPerRun(10, decodeAll); n != 0 {
			t.Errorf("%v: %v allocations decoding %d valid codes into a warm Value, want 0", p, n, len(valid))
		}
		for _, code := range []string{"j7oklAHMe1ICg", mustEncode(maxValue())} {
			var v ref.Value
			if n := testing.AllocsPerRun(10, func() { p.DecodeInto(&v, code) }); n != 0 {
				t.Errorf("%v: %v allocations decoding %q again, want 0", p, n, code)
			}
		}
	}
}
