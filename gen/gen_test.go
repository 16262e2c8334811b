package gen

import (
	"fmt"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// The random values behind the vectors must not change with the Go
// version: these are the first draws from seed 1.
func TestRandIsStable(t *testing.T) {
	r := NewRand(1)
	var got []int
	for i := 0; i < 8; i++ {
		got = append(got, r.Intn(1000))
	}
	if s := fmt.Sprint(got); s != golden {
		t.Errorf("NewRand(1) draws %s, want %s: the vectors' random tests would change", s, golden)
	}
}

const golden = "[869 133 678 716 94 286 493 308]"

func TestMaxValue(t *testing.T) {
	code, err := ref.Encode(MaxValue())
	if err != nil || len(code) != spec.MaxChars {
		t.Errorf("MaxValue encodes to %d characters (%v), want %d", len(code), err, spec.MaxChars)
	}
}

func TestValuesEncode(t *testing.T) {
	r := NewRand(7)
	for i := 0; i < 500; i++ {
		if _, err := ref.Encode(r.Value()); err != nil {
			t.Fatalf("value %d: %v", i, err)
		}
	}
}

// A Rand rewound to a mark draws again what it drew after the mark,
// every category's inputs, though it drew others in between.
func TestRewind(t *testing.T) {
	r := NewRand(7)
	for range 100 {
		r.Input(suite.Categories[r.Intn(len(suite.Categories))])
	}
	m := r.Mark()
	draw := func() []string {
		var inputs []string
		for i := range 400 {
			inputs = append(inputs, r.Input(suite.Categories[i%len(suite.Categories)]))
		}
		return inputs
	}
	first := draw()
	draw() // others in between, reusing r's memory
	r.Rewind(m)
	again := draw()
	for i := range first {
		if again[i] != first[i] {
			t.Fatalf("input %d after the mark: %q, rewound %q", i, first[i], again[i])
		}
	}
}

// Each category of package suite has its inputs here, and none else
// does: a category added to suite's table needs a way to draw, shrink and
// order its inputs.
func TestInputsFollowCategories(t *testing.T) {
	for _, c := range suite.Categories {
		if in, ok := inputs[c]; !ok || in.draw == nil || in.simpler == nil || in.less == nil {
			t.Errorf("%s: no inputs in gen/inputs.go", c)
		}
	}
	if len(inputs) != len(suite.Categories) {
		t.Errorf("gen/inputs.go has inputs of %d categories, suite %d", len(inputs), len(suite.Categories))
	}
}
