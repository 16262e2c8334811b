package faultstest

import (
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/spec"
)

// RefusesLateJunk is an implementation with a fault that no model of the
// catalogue has: it answers as the reference (package serve) but for a
// lenient code with a byte outside the alphabet after its eighth
// character, which it refuses as invalid_character there, as a mutant of
// ref's decoder did (its check of the characters it had not read forgot
// the profile).
var RefusesLateJunk protocol.Handler = handlerFunc(func(req *protocol.Request) *protocol.Response {
	if req.Op == protocol.Decode && req.Profile == "lenient" && req.Code != nil {
		code := *req.Code
		for i := 8; i < len(code); i++ {
			if !spec.InAlphabet(code[i : i+1]) {
				return &protocol.Response{Error: &spec.ErrorObject{Kind: "invalid_character", Char: &i}}
			}
		}
	}
	return serve.Reference.Handle(req)
})
