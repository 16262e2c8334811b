package diagnosis_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/spec"
)

// refusesLateJunk answers as the reference but for lenient codes with a
// byte outside the alphabet after their eighth character, which it
// refuses as invalid_character there: a fault of no model.
type refusesLateJunk struct{}

func (refusesLateJunk) Handle(req *protocol.Request) *protocol.Response {
	if req.Op == protocol.Decode && req.Profile == "lenient" && req.Code != nil {
		code := *req.Code
		for i := 8; i < len(code); i++ {
			if !spec.InAlphabet(code[i : i+1]) {
				return &protocol.Response{Error: &spec.ErrorObject{Kind: "invalid_character", Char: &i}}
			}
		}
	}
	return serve.Reference.Handle(req)
}

// A lenient decoder that refuses valid codes is sent to section Lenient
// decoding, not to the layout or Strict decoding, which do not decide
// them.
func TestRefusedLenientCodes(t *testing.T) {
	h := refusesLateJunk{}
	obs := observe(t, h)
	causes := diagnosis.Diagnose(obs, askerOf(h)).Causes
	check(t, "refuses-late-junk", nil, nil, obs, causes)
	i := slices.IndexFunc(causes, func(c diagnosis.Cause) bool { return c.Name == "decoding refuses valid codes" })
	if i < 0 {
		t.Fatalf("no cause of valid codes refused: %s", summary(causes))
	}
	c := causes[i]
	if !slices.Equal(c.Refs, []string{"Lenient decoding"}) || !strings.Contains(c.Fix, "Lenient decoding") || strings.Contains(c.Fix, "layout") {
		t.Errorf("cause %q: refs %q, fix %q; want Lenient decoding alone", c.Name, c.Refs, c.Fix)
	}
}
