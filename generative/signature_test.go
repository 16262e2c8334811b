package generative

import (
	"encoding/json"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
)

// A disagreement's signature says what each side answered only where it
// adds to the way: the kinds of two errors, or an error and a result;
// not "(a value)" after "accepted with another value".
func TestSignatureWords(t *testing.T) {
	answer := func(c fcase, edit func(*protocol.Response)) *protocol.Response {
		resp := serve.Reference.Handle(c.request())
		edit(resp)
		return resp
	}
	decoded := fcase{suite.Strict, "QA"}
	truncated := fcase{suite.Strict, "g"}
	for _, c := range []struct {
		c    fcase
		edit func(*protocol.Response)
		want string
	}{
		{decoded, func(r *protocol.Response) { r.Value = json.RawMessage(`{"state":null,"record":null}`) }, "strict: accepted with another value"},
		{truncated, func(r *protocol.Response) { r.Error.Field = "state.black" }, "strict: another field (truncated)"},
		{truncated, func(r *protocol.Response) { r.Error.Kind = "out_of_range" }, "strict: another error kind (want truncated, got out_of_range)"},
	} {
		want := c.c.test()
		if got := judge(c.c, &want, answer(c.c, c.edit), nil, suite.L3).signature; got != c.want {
			t.Errorf("%s %q: signature %q, want %q", c.c.cat, c.c.input, got, c.want)
		}
	}
}
