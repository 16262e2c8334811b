package suite

import (
	"github.com/qf-format/qf-conformance/internal/gen"
	"github.com/qf-format/qf-conformance/ref"
)

// Drawing cases for generative checking (qf fuzz): the values come from
// package gen, biased toward the corners where implementations go wrong.

func (decoding) draw(c Category, r *gen.Rand) string { return r.Code() }

func (encoding) draw(c Category, r *gen.Rand) string { return string(r.EncodeValue()) }

func (replaying) draw(c Category, r *gen.Rand) string {
	code, _ := ref.Encode(r.ReplayValue())
	return code
}

func (validating) draw(c Category, r *gen.Rand) string {
	code, _ := ref.Encode(&ref.Value{State: r.ValidateState()})
	if r.Intn(10) == 0 {
		code = r.Code() // now and then a code that may not decode, or has no State
	}
	return code
}
