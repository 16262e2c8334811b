package vectors

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// Building tests: every expectation comes from the reference (packages
// ref and rules); what the caller gives is the input, the id, the comment
// and the flags. cmd/vectorgen builds the suite's files this way, and
// qf fuzz the vectors of the disagreements it finds.

// NewDecodeTest returns a test of decoding input in the strict profile,
// or the lenient one: the reference's error, or its value with the
// canonical code and, when withFields is set, the field breakdown of the
// canonical code.
func NewDecodeTest(id, comment, input string, lenient, withFields bool, flags ...string) Test {
	decode := ref.Decode
	if lenient {
		decode = ref.DecodeLenient
	}
	t := Test{ID: id, Comment: comment, Flags: flags}
	if utf8.ValidString(input) {
		t.Code = &input
	} else {
		t.CodeHex = hex.EncodeToString([]byte(input))
	}
	v, err := decode(input)
	if err != nil {
		t.Result, t.Error = Invalid, errorObject(err)
		return t
	}
	t.Result = Valid
	t.Value, _ = v.AppendJSON(nil) // a decoded value always has names
	t.Canonical, _ = ref.Encode(v) // a decoded value always encodes
	if withFields {
		fields, _, _ := ref.Fields(t.Canonical)
		for _, f := range fields {
			t.Fields = append(t.Fields, Field(f))
		}
	}
	return t
}

// NewEncodeTest returns a test of encoding value, any JSON text: the
// reference's code, or its error. The value is kept compacted.
func NewEncodeTest(id, comment string, value []byte, flags ...string) (Test, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, value); err != nil {
		return Test{}, fmt.Errorf("vectors: %s: the value is not JSON: %v", id, err)
	}
	t := Test{ID: id, Comment: comment, Flags: flags, Value: compact.Bytes()}
	var v ref.Value
	err := v.UnmarshalJSON(value)
	var code string
	if err == nil {
		code, err = ref.Encode(&v)
	}
	if err != nil {
		t.Result, t.Error = Invalid, errorObject(err)
		return t, nil
	}
	t.Result, t.Code = Valid, &code
	return t, nil
}

// NewReplayTest returns a test of replaying code: the squares after each
// move and the first violation, or the error of a code that does not
// decode strictly.
func NewReplayTest(id, comment, code string, flags ...string) Test {
	t := Test{ID: id, Comment: comment, Flags: flags, Code: &code}
	v, err := ref.Decode(code)
	if err != nil {
		t.Result, t.Error = Invalid, errorObject(err)
		return t
	}
	positions, violation := rules.Replay(v)
	squares := make([][2]int, len(positions))
	for i, p := range positions {
		squares[i] = [2]int{p.White, p.Black}
	}
	t.Result, t.Squares, t.Violation = Valid, &squares, violation
	return t
}

// NewValidateTest returns a test of validating code's State: the kinds of
// the rules it breaks, or the error of a code that does not decode
// strictly.
func NewValidateTest(id, comment, code string, flags ...string) Test {
	t := Test{ID: id, Comment: comment, Flags: flags, Code: &code}
	v, err := ref.Decode(code)
	if err != nil {
		t.Result, t.Error = Invalid, errorObject(err)
		return t
	}
	kinds := []string{}
	if v.State != nil {
		for _, k := range rules.Validate(v.State) {
			kinds = append(kinds, string(k))
		}
	}
	t.Result, t.Violations = Valid, &kinds
	return t
}

// errorObject returns the error object a test expects of err, a *ref.Error:
// without its message, which is free text.
func errorObject(err error) *ref.ErrorObject {
	var e *ref.Error
	if !errors.As(err, &e) {
		return &ref.ErrorObject{Kind: "internal", Message: err.Error()}
	}
	obj := e.Object()
	obj.Message = ""
	return obj
}
