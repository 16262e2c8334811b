package suite

import (
	"encoding/json"
	"fmt"
	"iter"
	"strings"

	"github.com/qf-format/qf-conformance/internal/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/vectors"
)

// A Category is one of the suite's vector files: its tests ask one op, in
// one profile for decoding, and are graded at the category's levels. Its
// name is the prefix of its tests' ids ("strict/empty"). Categories are
// values: compare them with ==.
type Category struct {
	name    string
	file    string
	op      protocol.Op
	profile ref.Profile // for decoding
	do      operation   // what is done with its tests
}

// The categories, one per vector file.
var (
	Strict   = Category{"strict", vectors.DecodeStrictFile, protocol.Decode, ref.Strict, decoding{}}
	Lenient  = Category{"lenient", vectors.DecodeLenientFile, protocol.Decode, ref.Lenient, decoding{}}
	Encode   = Category{"encode", vectors.EncodeFile, protocol.Encode, 0, encoding{}}
	Replay   = Category{"replay", vectors.ReplayFile, protocol.Replay, 0, replaying{}}
	Validate = Category{"validate", vectors.ValidateFile, protocol.Validate, 0, validating{}}
)

// Categories lists the categories in the order of the reports.
var Categories = []Category{Strict, Lenient, Encode, Replay, Validate}

// An operation is what is done with the tests of an op; each op is a type
// that implements it.
type operation interface {
	// levels lists the levels the op grades, lowest first.
	levels() []Level
	// answer names what the op answers when it does not answer an error.
	answer() string
	// request returns the request of input, a test's input as text.
	request(c Category, input string) *protocol.Request
	// input returns a test's input as text, and inputJSON as the reports
	// show it.
	input(t *vectors.Test) string
	inputJSON(t *vectors.Test) json.RawMessage
	// want returns what a test expects, as the JSON the reports show.
	want(t *vectors.Test) json.RawMessage
	// code returns the code a test is about.
	code(t *vectors.Test) string
	// grade returns the highest level at which resp meets t, and the way
	// it misses the level above.
	grade(t *vectors.Test, resp *protocol.Response) (Level, Way)
	// expect returns the test of input with the reference's expectation.
	expect(c Category, id, comment, input string, flags []string) (vectors.Test, error)
	// facets returns the facets of a test's input.
	facets(c Category, t *vectors.Test) []Facet
	// draw returns the input of a generated case.
	draw(c Category, r *gen.Rand) string
	// simpler yields inputs simpler than input, to shrink a case with, and
	// smaller orders two inputs of the same length.
	simpler(c Category, input string) iter.Seq[string]
	smaller(a, b string) bool
	// flags returns the flags that describe a test of a generated case.
	flags(c Category, input string, t *vectors.Test) []string
}

// Name returns the category's name, the prefix of its tests' ids.
func (c Category) Name() string { return c.name }

// String returns the category's name.
func (c Category) String() string { return c.name }

// File returns the name of the category's vector file in vectors/.
func (c Category) File() string { return c.file }

// Schema returns the name of the JSON Schema of the category's files.
func (c Category) Schema() string { return strings.TrimSuffix(c.file, ".json") + ".schema.json" }

// Op returns the op of the category's requests.
func (c Category) Op() protocol.Op { return c.op }

// Profile returns the decoding profile of the category, and whether it is
// a category of decoding.
func (c Category) Profile() (ref.Profile, bool) { return c.profile, c.op == protocol.Decode }

// Levels lists the levels the category grades, lowest first: L1, L2 and L3
// for decoding, E for encoding, R for replay and validation.
func (c Category) Levels() []Level { return c.do.levels() }

// Answer names what an implementation answers to the category's tests
// when it does not answer an error: "a value", "a code", "a replay" or
// "violations".
func (c Category) Answer() string { return c.do.answer() }

// Top returns the highest level the category grades.
func (c Category) Top() Level {
	l := c.do.levels()
	return l[len(l)-1]
}

// Required returns the level a test of the category must meet to pass
// when decoding tests must meet decoding, L1, L2 or L3: decoding itself
// for a category of decoding, the category's one level otherwise.
func (c Category) Required(decoding Level) Level {
	if _, ok := c.Profile(); ok {
		return decoding
	}
	return c.Top()
}

// Next returns the level above l among the category's levels, or None
// when l is the top one.
func (c Category) Next(l Level) Level {
	for _, x := range c.do.levels() {
		if x > l {
			return x
		}
	}
	return None
}

// Request returns the request of a test; the client sets its id. An input
// that is not UTF-8 (code_hex) travels with U+FFFD in place of each bad
// byte (JSON strings are Unicode); the first is where the first bad byte
// was, so the expected error is unchanged.
func (c Category) Request(t *vectors.Test) *protocol.Request {
	return c.do.request(c, c.do.input(t))
}

// RequestOf returns the request of an input, a code or for encoding a
// JSON text.
func (c Category) RequestOf(input string) *protocol.Request { return c.do.request(c, input) }

// Input returns a test's input as text: its code (the bytes of code_hex),
// or for encoding its value's JSON text.
func (c Category) Input(t *vectors.Test) string { return c.do.input(t) }

// Want returns what a test expects, as the JSON the reports show: its
// error object, value, code, squares and violation, or violations.
func (c Category) Want(t *vectors.Test) json.RawMessage { return c.do.want(t) }

// Code returns the code a test is about, whose board a page of it can
// draw: the canonical code of a valid decoding test, the code of a valid
// encoding test, the code replayed or validated; "" for none.
func (c Category) Code(t *vectors.Test) string { return c.do.code(t) }

// Expect returns the test of input, a code or for encoding a JSON text,
// with the reference's expectation, and the id, comment and flags given.
// Its error is for an encoding input that is not JSON.
func (c Category) Expect(id, comment, input string, flags ...string) (vectors.Test, error) {
	return c.do.expect(c, id, comment, input, flags)
}

// Facets returns the facets of a test's input (facets.go).
func (c Category) Facets(t *vectors.Test) []Facet { return c.do.facets(c, t) }

// Draw returns the input of a case drawn from r for generative checking:
// a code, or for encoding a JSON text.
func (c Category) Draw(r *gen.Rand) string { return c.do.draw(c, r) }

// Simpler yields inputs simpler than input, the most promising first, made
// only as they are asked for: what shrinking a case tries.
func (c Category) Simpler(input string) iter.Seq[string] { return c.do.simpler(c, input) }

// Flags returns the flags of a test made from a generated case: Fuzz, and
// the flags of what the reference makes of it, named as the suite names
// them (vectors.Notes).
func (c Category) Flags(input string, t *vectors.Test) []string { return c.do.flags(c, input, t) }

// MarshalText returns the category's name.
func (c Category) MarshalText() ([]byte, error) {
	if c.do == nil {
		return nil, fmt.Errorf("suite: the zero Category has no name")
	}
	return []byte(c.name), nil
}

// UnmarshalText sets c to the category named by text.
func (c *Category) UnmarshalText(text []byte) error {
	named, ok := Named(string(text))
	if !ok {
		return fmt.Errorf("suite: no category %q", text)
	}
	*c = named
	return nil
}

// Named returns the category of that name.
func Named(name string) (Category, bool) {
	for _, c := range Categories {
		if c.name == name {
			return c, true
		}
	}
	return Category{}, false
}

// Of returns the category of a vector file's tests, from its op and
// profile.
func Of(f *vectors.File) (Category, bool) {
	for _, c := range Categories {
		p, decoding := c.Profile()
		if string(c.op) == f.Op && (!decoding && f.Profile == "" || decoding && f.Profile == p.String()) {
			return c, true
		}
	}
	return Category{}, false
}
