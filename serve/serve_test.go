package serve_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
)

// Error answers a *ref.Error with its error object, message included, and
// any other error as an internal one.
func TestError(t *testing.T) {
	_, err := ref.Decode("qIAAAAAA")
	resp := serve.Error(err)
	if e := resp.Error; e == nil || e.Kind != "out_of_range" || e.Bit == nil || *e.Bit != 2 || e.Field != "state.white" || e.Message != err.Error() {
		t.Errorf("%+v", resp.Error)
	}
	if e := serve.Error(errors.New("boom")).Error; e == nil || e.Kind != "internal" || e.Message != "boom" {
		t.Errorf("%+v", e)
	}
}

// The reference answers every op of the protocol, in both profiles.
func TestReferenceHasEveryOp(t *testing.T) {
	hello := serve.Reference.Handle(&protocol.Request{Op: protocol.Hello})
	if got := strings.Join(hello.Ops, ", "); got != protocol.OpNames() {
		t.Errorf("the reference's hello lists the ops %s, want %s", got, protocol.OpNames())
	}
	for _, p := range ref.Profiles {
		if !slices.Contains(hello.Profiles, p.String()) {
			t.Errorf("the reference's hello lists the profiles %q, without %s", hello.Profiles, p)
		}
	}
}
