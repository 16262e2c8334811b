package serve_test

import (
	"errors"
	"testing"

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
