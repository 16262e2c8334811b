package suite

import (
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

// Expectations: every one is the reference's answer, which the caller
// gives (package serve answers as qf serve does), with the input, the
// id, the comment and the flags. cmd/vectorgen builds the suite's files
// this way, and qf fuzz the tests of the cases it draws and the vectors
// of what it finds; every other user reads them from the vectors.

// withoutMessage returns an error object without its message, which is
// free text: no test expects one.
func withoutMessage(e *spec.ErrorObject) *spec.ErrorObject {
	c := *e
	c.Message = ""
	return &c
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
