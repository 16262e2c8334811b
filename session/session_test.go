package session_test

import (
	"testing"

	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/suite"
)

// What an implementation does not list of a category: its op, or for
// decoding its profile.
func TestMissing(t *testing.T) {
	h := &session.Hello{Ops: []string{"decode", "replay"}, Profiles: []string{"strict"}}
	for _, c := range []struct {
		cat  suite.Category
		says string
	}{
		{suite.Strict, ""},
		{suite.Lenient, `the implementation does not list profile "lenient"`},
		{suite.Encode, `the implementation does not list op "encode"`},
		{suite.Replay, ""},
	} {
		if got := h.Missing(c.cat); got != c.says || h.Lists(c.cat) != (c.says == "") {
			t.Errorf("%s: %q, lists %v", c.cat, got, h.Lists(c.cat))
		}
	}
}
