package protocol_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
)

// Funcs answers hello from the functions it has, checks each request's
// members, and calls the function of its op with the profile asked for,
// or the first one listed.
func TestFuncs(t *testing.T) {
	var calls []string
	f := &protocol.Funcs{
		Name: "fake", Version: "1", Profiles: []string{"strict", "lenient"},
		Decode: func(code, profile string) *protocol.Response {
			calls = append(calls, "decode "+code+" "+profile)
			return &protocol.Response{Value: json.RawMessage(`{}`)}
		},
		Validate: func(code string) *protocol.Response {
			calls = append(calls, "validate "+code)
			return &protocol.Response{Violations: &[]string{}}
		},
	}
	code := "A"
	for _, c := range []struct {
		req  protocol.Request
		want string // the error kind, or "" for a result
	}{
		{protocol.Request{Op: protocol.Decode, Code: &code}, ""},
		{protocol.Request{Op: protocol.Decode, Code: &code, Profile: "lenient"}, ""},
		{protocol.Request{Op: protocol.Decode, Code: &code, Profile: "loose"}, protocol.KindUnsupported},
		{protocol.Request{Op: protocol.Decode}, protocol.KindBadRequest},
		{protocol.Request{Op: protocol.Validate, Code: &code}, ""},
		{protocol.Request{Op: protocol.Validate}, protocol.KindBadRequest},
		{protocol.Request{Op: protocol.Encode, Value: json.RawMessage(`{}`)}, protocol.KindUnsupported},
		{protocol.Request{Op: protocol.Replay, Code: &code}, protocol.KindUnsupported},
		{protocol.Request{Op: "frobnicate"}, protocol.KindUnsupported},
		{protocol.Request{Op: ""}, protocol.KindUnsupported},
	} {
		resp := f.Handle(&c.req)
		got := ""
		if resp.Error != nil {
			got = resp.Error.Kind
		}
		if got != c.want {
			t.Errorf("%+v: got %q, want %q", c.req, got, c.want)
		}
	}
	if strings.Join(calls, "; ") != "decode A strict; decode A lenient; validate A" {
		t.Errorf("calls: %q", calls)
	}
	hello := f.Handle(&protocol.Request{Op: protocol.Hello})
	if hello.Name != "fake" || hello.Version != "1" || strings.Join(hello.Ops, ",") != "decode,validate" || strings.Join(hello.Profiles, ",") != "strict,lenient" {
		t.Errorf("hello %+v", hello)
	}
}

// Funcs has a function for every op of protocol.Ops: with all of them
// set, it lists each in its hello and answers a request of each (with
// the member it reads mistyped, a bad request; were an op not its, it
// would be unsupported).
func TestFuncsHaveEveryOp(t *testing.T) {
	answer := func() *protocol.Response { return &protocol.Response{} }
	f := &protocol.Funcs{
		Profiles: []string{"strict"},
		Decode:   func(string, string) *protocol.Response { return answer() },
		Encode:   func(json.RawMessage) *protocol.Response { return answer() },
		Replay:   func(string) *protocol.Response { return answer() },
		Validate: func(string) *protocol.Response { return answer() },
	}
	for _, op := range protocol.Ops {
		if resp := f.Handle(&protocol.Request{Op: op}); resp.Error == nil || resp.Error.Kind != protocol.KindBadRequest {
			t.Errorf("%s without its members: %+v, want a bad request", op, resp.Error)
		}
	}
	if hello := f.Handle(&protocol.Request{Op: protocol.Hello}); strings.Join(hello.Ops, ", ") != protocol.OpNames() {
		t.Errorf("hello lists %q, want %s", hello.Ops, protocol.OpNames())
	}
}
