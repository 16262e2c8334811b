package suite

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

// Expectations: every one comes from the reference (packages ref and
// rules); what the caller gives is the input, the id, the comment and the
// flags. cmd/vectorgen builds the suite's files this way, and qf fuzz the
// tests of the cases it draws and the vectors of what it finds.

// expect returns a test of decoding input in the category's profile: the
// reference's error, or its value with the canonical code (AddFields adds
// the field breakdown).
func (decoding) expect(c Category, id, comment, input string, flags []string) (vectors.Test, error) {
	t := vectors.Test{ID: id, Comment: comment, Flags: flags}
	if utf8.ValidString(input) {
		t.Code = &input
	} else {
		t.CodeHex = hex.EncodeToString([]byte(input))
	}
	v, err := c.profile.Decode(input)
	if err != nil {
		t.Result, t.Error = vectors.Invalid, errorObject(err)
		return t, nil
	}
	t.Result = vectors.Valid
	t.Value, _ = v.AppendJSON(nil) // a decoded value always has names
	t.Canonical, _ = ref.Encode(v) // a decoded value always encodes
	return t, nil
}

// expect returns a test of encoding input, any JSON text: the reference's
// code, or its error. The value is kept compacted.
func (encoding) expect(c Category, id, comment, input string, flags []string) (vectors.Test, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(input)); err != nil {
		return vectors.Test{}, fmt.Errorf("suite: %s: the value is not JSON: %v", id, err)
	}
	t := vectors.Test{ID: id, Comment: comment, Flags: flags, Value: compact.Bytes()}
	var v ref.Value
	err := v.UnmarshalJSON([]byte(input))
	var code string
	if err == nil {
		code, err = ref.Encode(&v)
	}
	if err != nil {
		t.Result, t.Error = vectors.Invalid, errorObject(err)
		return t, nil
	}
	t.Result, t.Code = vectors.Valid, &code
	return t, nil
}

// expect returns a test of replaying input: the squares after each move
// and the first violation, or the error of a code that does not decode
// strictly.
func (replaying) expect(c Category, id, comment, input string, flags []string) (vectors.Test, error) {
	t := vectors.Test{ID: id, Comment: comment, Flags: flags, Code: &input}
	v, err := ref.Decode(input)
	if err != nil {
		t.Result, t.Error = vectors.Invalid, errorObject(err)
		return t, nil
	}
	positions, violation := rules.Replay(v)
	squares := make([][2]int, len(positions))
	for i, p := range positions {
		squares[i] = [2]int{p.White, p.Black}
	}
	t.Result, t.Squares, t.Violation = vectors.Valid, &squares, violation
	return t, nil
}

// expect returns a test of validating input's State: the kinds of the
// rules it breaks, or the error of a code that does not decode strictly.
func (validating) expect(c Category, id, comment, input string, flags []string) (vectors.Test, error) {
	t := vectors.Test{ID: id, Comment: comment, Flags: flags, Code: &input}
	v, err := ref.Decode(input)
	if err != nil {
		t.Result, t.Error = vectors.Invalid, errorObject(err)
		return t, nil
	}
	kinds := []string{}
	if v.State != nil {
		for _, k := range rules.Validate(v.State) {
			kinds = append(kinds, string(k))
		}
	}
	t.Result, t.Violations = vectors.Valid, &kinds
	return t, nil
}

// AddFields adds to a valid decoding test the field breakdown of its
// canonical code, as in the worked examples of spec/qf.md; it does
// nothing to other tests.
func AddFields(t *vectors.Test) {
	if t.Canonical == "" || t.Result != vectors.Valid {
		return
	}
	fields, _, _ := ref.Fields(t.Canonical)
	for _, f := range fields {
		t.Fields = append(t.Fields, vectors.Field(f))
	}
}

// errorObject returns the error object a test expects of err, a *ref.Error:
// without its message, which is free text.
func errorObject(err error) *spec.ErrorObject {
	var e *ref.Error
	if !errors.As(err, &e) {
		return &spec.ErrorObject{Kind: "internal", Message: err.Error()}
	}
	obj := e.Object()
	obj.Message = ""
	return obj
}
