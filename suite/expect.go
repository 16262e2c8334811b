package suite

import (
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/vectors"
)

// Expectations: every one is the reference's answer (package serve, the
// same answer qf serve gives); what the caller gives is the input, the
// id, the comment and the flags. cmd/vectorgen builds the suite's files
// this way, and qf fuzz the tests of the cases it draws and the vectors
// of what it finds.

// reference returns the reference's answer to req, its error without the
// message, which is free text.
func reference(req *protocol.Request) *protocol.Response {
	resp := serve.Reference.Handle(req)
	if resp.Error != nil {
		e := *resp.Error
		e.Message = ""
		resp.Error = &e
	}
	return resp
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
