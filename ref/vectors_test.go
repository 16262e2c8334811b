package ref_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// The reference agrees with every decoding and encoding vector: decoding
// and encoding each test's input again gives exactly what the test says.
// The vectors are written from the reference (cmd/vectorgen); this test is
// what a mutation of the codec must break, and it runs with ref's own
// tests so that a mutation-testing tool run on ./ref sees it.
func TestVectors(t *testing.T) {
	for _, name := range []string{suite.Strict.File(), suite.Lenient.File(), suite.Encode.File()} {
		f, err := vectors.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range f.Tests {
			var got vectors.Test
			if f.Op == "decode" {
				got, err = decodeAgain(test, f.Profile)
			} else {
				got, err = encodeAgain(test)
			}
			if err != nil {
				t.Errorf("%s: %v", test.ID, err)
				continue
			}
			if diff := cmp.Diff(test, got); diff != "" {
				t.Errorf("%s (-file +reference):\n%s", test.ID, diff)
			}
		}
	}
}

// decodeAgain returns test with its expectation replaced by the reference's.
func decodeAgain(test vectors.Test, profile string) (vectors.Test, error) {
	input, err := test.Input()
	if err != nil {
		return test, err
	}
	decode := ref.Decode
	if profile == "lenient" {
		decode = ref.Lenient.Decode
	}
	got := vectors.Test{ID: test.ID, Comment: test.Comment, Flags: test.Flags, Code: test.Code, CodeHex: test.CodeHex}
	v, err := decode(input)
	if err != nil {
		got.Result, got.Error = vectors.Invalid, errorObject(err)
		return got, nil
	}
	got.Result = vectors.Valid
	got.Value, _ = json.Marshal(v)
	got.Canonical, err = ref.Encode(v)
	if err != nil {
		return got, err
	}
	fields, _, err := ref.Fields(got.Canonical)
	for _, f := range fields {
		got.Fields = append(got.Fields, vectors.Field(f))
	}
	return got, err
}

func encodeAgain(test vectors.Test) (vectors.Test, error) {
	got := vectors.Test{ID: test.ID, Comment: test.Comment, Flags: test.Flags, Value: test.Value, ValueText: test.ValueText}
	var v ref.Value
	err := v.UnmarshalJSON(test.ValueInput())
	var code string
	if err == nil {
		code, err = ref.Encode(&v)
	}
	if err != nil {
		got.Result, got.Error = vectors.Invalid, errorObject(err)
	} else {
		got.Result, got.Code = vectors.Valid, &code
	}
	return got, nil
}

func errorObject(err error) *spec.ErrorObject {
	e, ok := err.(*ref.Error)
	if !ok {
		return &spec.ErrorObject{Kind: "not a ref.Error: " + err.Error()}
	}
	obj := e.Object()
	obj.Message = ""
	return obj
}
