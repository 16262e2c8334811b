package gen

import (
	"iter"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/suite"
)

// The inputs of generated cases, by category of package suite: how qf
// fuzz and the diagnosis's probes draw one, and how a shrink makes one
// simpler.

// inputs holds, by category, how to draw an input, to yield the inputs
// simpler than one (given the category's profile), and to order two of
// the same length.
var inputs = map[suite.Category]struct {
	draw    func(r *Rand) string
	simpler func(input string, p ref.Profile) iter.Seq[string]
	less    func(a, b string) bool
}{
	suite.Strict:   {(*Rand).Code, SimplerCodes, CodeLess},
	suite.Lenient:  {(*Rand).Code, SimplerCodes, CodeLess},
	suite.Encode:   {func(r *Rand) string { return string(r.EncodeValue()) }, simplerJSON, JSONLess},
	suite.Replay:   {(*Rand).replayCode, simplerGames, CodeLess},
	suite.Validate: {(*Rand).validateCode, SimplerCodes, CodeLess},
}

// Input returns the input of a case of category c drawn from r: a code,
// or for encoding a JSON text.
func (r *Rand) Input(c suite.Category) string { return inputs[c].draw(r) }

// Simpler yields inputs of category c simpler than input, the most
// promising first, made only as they are asked for: what shrinking a case
// tries.
func Simpler(c suite.Category, input string) iter.Seq[string] {
	return inputs[c].simpler(input, c.Profile())
}

// Smaller reports whether input a of category c is simpler than b:
// shorter, or as long and smaller. For codes, smaller is earlier in the
// order of the alphabet's values, character by character (other bytes
// after the alphabet), so that the numbers of the first fields that
// differ are smaller; for JSON texts, a smaller sum of the numbers in it.
// It is an order with no infinite descent, so a shrink that takes only
// smaller inputs ends.
func Smaller(c suite.Category, a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return inputs[c].less(a, b)
}

func simplerJSON(text string, _ ref.Profile) iter.Seq[string] { return SimplerJSON(text) }

func simplerGames(code string, _ ref.Profile) iter.Seq[string] { return SimplerGames(code) }

// replayCode draws the code of a game to replay.
func (r *Rand) replayCode() string {
	code, _ := ref.Encode(r.ReplayValue())
	return code
}

// validateCode draws the code of a State that breaks rules now and then,
// and now and then a code that may not decode, or has no State.
func (r *Rand) validateCode() string {
	code, _ := ref.Encode(&ref.Value{State: r.ValidateState()})
	if r.Intn(10) == 0 {
		code = r.Code()
	}
	return code
}
