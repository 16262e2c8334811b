package suite

import (
	"encoding/json"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

// A Category is one of the suite's vector files: its tests ask one op, in
// one profile for decoding, and are graded at the op's levels. Its name is
// the prefix of its tests' ids ("strict/empty"). Categories are values:
// compare them with ==.
type Category struct {
	name string
	file string
	op   op // what is done with its tests: decoding.go, encoding.go, replaying.go, validating.go
}

// The categories, one per vector file.
var (
	Strict   = Category{"strict", vectors.DecodeStrictFile, decoding{ref.Strict}}
	Lenient  = Category{"lenient", vectors.DecodeLenientFile, decoding{ref.Lenient}}
	Encode   = Category{"encode", vectors.EncodeFile, encoding{}}
	Replay   = Category{"replay", vectors.ReplayFile, replaying{}}
	Validate = Category{"validate", vectors.ValidateFile, validating{}}
)

// Categories lists the categories in the order of the reports and of
// vectors.Files.
var Categories = []Category{Strict, Lenient, Encode, Replay, Validate}

// An op is what is done with the tests of a category: one type per op of
// the protocol, each in a file of its own.
type op interface {
	checker
	generator
}

// A checker is what checking an implementation needs of an op: what it
// is, the request of an input, the reference's expectation, the grade of
// an answer, and what the reports say of a test.
type checker interface {
	// protocolOp returns the op of the requests; profile the profile its
	// codes are decoded in.
	protocolOp() protocol.Op
	profile() ref.Profile
	// levels lists the levels the op grades, lowest first.
	levels() []Level
	// reads and writes return what the op reads, and what it answers
	// when it answers no error.
	reads() Form
	writes() Form
	// request returns the request of an input, a test's input as text
	// (input).
	request(input string) *protocol.Request
	input(t *vectors.Test) string
	// expect returns the test of input with the reference's expectation
	// (expect.go): its result, and error or answer.
	expect(input string) (vectors.Test, error)
	// grade returns the highest level at which resp meets t, and the way
	// it misses the level above.
	grade(t *vectors.Test, resp *protocol.Response) (Level, Way)
	// want returns what a test expects, as the JSON the reports show, and
	// code the code it is about.
	want(t *vectors.Test) json.RawMessage
	code(t *vectors.Test) string
	// facets returns the facets of a test's input; flags the flags of a
	// test made from a generated case (Fuzz, and the corners the
	// reference finds in it).
	facets(t *vectors.Test) []Facet
	flags(input string, t *vectors.Test) []string
}

// A generator is what generating cases of an op needs: drawing an input,
// and the inputs simpler than one, to shrink a case with.
type generator interface {
	draw(r *gen.Rand) string
	// simpler yields inputs simpler than input, the most promising first,
	// made only as they are asked for; smaller orders two inputs of the
	// same length.
	simpler(input string) iter.Seq[string]
	smaller(a, b string) bool
}

// A Form is what an op reads or answers: a code, a value, a replay or
// violations.
type Form uint8

// The forms.
const (
	Code       Form = iota + 1 // a qf code
	Value                      // a value, as the canonical JSON of spec/qf.md
	Squares                    // a replay: the squares after each move, and the first violation
	Violations                 // the kinds of the rules a State breaks
)

var formNames = [...]string{Code: "a code", Value: "a value", Squares: "a replay", Violations: "violations"}

// String names the form as the reports do: "a code", "a value", "a
// replay", "violations".
func (f Form) String() string {
	if int(f) < len(formNames) && formNames[f] != "" {
		return formNames[f]
	}
	return fmt.Sprintf("Form(%d)", uint8(f))
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
func (c Category) Op() protocol.Op { return c.op.protocolOp() }

// Profile returns the profile the category's codes are decoded in: its
// own for decoding, Strict for replay and validation (which decode
// strictly first) and for encoding (whose codes are canonical).
func (c Category) Profile() ref.Profile { return c.op.profile() }

// Reads returns what the category's tests give the implementation: a
// code, or for encoding a value.
func (c Category) Reads() Form { return c.op.reads() }

// Writes returns what the implementation answers to the category's tests
// when it answers no error: a value, a code, a replay or violations.
func (c Category) Writes() Form { return c.op.writes() }

// Header returns a vector file of the category with no tests: its format,
// versions, schema, op and profile, and no notes yet.
func (c Category) Header() vectors.File {
	f := vectors.File{Format: "qf", FormatVersion: spec.Version, SuiteVersion: vectors.SuiteVersion, Schema: c.Schema(),
		Op: string(c.Op()), Notes: map[string]vectors.Note{}}
	if c.Op() == protocol.Decode {
		f.Profile = c.Profile().String()
	}
	return f
}

// Levels lists the levels the category grades, lowest first: L1, L2 and L3
// for decoding, E for encoding, R for replay and validation.
func (c Category) Levels() []Level { return c.op.levels() }

// Top returns the highest level the category grades.
func (c Category) Top() Level {
	l := c.op.levels()
	return l[len(l)-1]
}

// Required returns the level a test of the category must meet to pass
// when decoding tests must meet decoding, L1, L2 or L3: decoding itself
// for a category graded at those levels, the category's one level
// otherwise.
func (c Category) Required(decoding Level) Level {
	if slices.Contains(c.op.levels(), decoding) {
		return decoding
	}
	return c.Top()
}

// Next returns the level above l among the category's levels, or None
// when l is the top one.
func (c Category) Next(l Level) Level {
	for _, x := range c.op.levels() {
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
	return c.op.request(c.op.input(t))
}

// RequestOf returns the request of an input, a code or for encoding a
// JSON text.
func (c Category) RequestOf(input string) *protocol.Request { return c.op.request(input) }

// Input returns a test's input as text: its code (the bytes of code_hex),
// or for encoding its value's JSON text.
func (c Category) Input(t *vectors.Test) string { return c.op.input(t) }

// inputJSON returns a test's input as the reports show it: the value, or
// the code as a JSON string.
func (c Category) inputJSON(t *vectors.Test) json.RawMessage {
	if c.Reads() == Value {
		return t.Value
	}
	return mustJSON(c.op.input(t))
}

// Want returns what a test expects, as the JSON the reports show: its
// error object, value, code, squares and violation, or violations.
func (c Category) Want(t *vectors.Test) json.RawMessage { return c.op.want(t) }

// Code returns the code a test is about, whose board a page of it can
// draw: the canonical code of a valid decoding test, the code of a valid
// encoding test, the code replayed or validated; "" for none.
func (c Category) Code(t *vectors.Test) string { return c.op.code(t) }

// Fields returns the fields of the layout that a test's code holds, as
// the reference reads them in the category's profile (up to an error):
// the code of Code, or for a decoding test without one its input. It
// returns false when the test has no code (an invalid value to encode).
func (c Category) Fields(t *vectors.Test) ([]ref.FieldValue, bool) {
	code, p := c.op.code(t), ref.Strict
	if code == "" && c.Reads() == Code {
		code, p = c.op.input(t), c.Profile()
	}
	if code == "" {
		return nil, false
	}
	fields, _, _ := p.Trace(code)
	return fields, true
}

// Expect returns the test of input, a code or for encoding a JSON text,
// with the reference's expectation, and the id, comment and flags given.
// Its error is for an encoding input that is not JSON.
func (c Category) Expect(id, comment, input string, flags ...string) (vectors.Test, error) {
	t, err := c.op.expect(input)
	if err != nil {
		return vectors.Test{}, fmt.Errorf("suite: %s: %v", id, err)
	}
	t.ID, t.Comment, t.Flags = id, comment, flags
	return t, nil
}

// Facets returns the facets of a test's input (facets.go).
func (c Category) Facets(t *vectors.Test) []Facet { return c.op.facets(t) }

// Draw returns the input of a case drawn from r for generative checking:
// a code, or for encoding a JSON text.
func (c Category) Draw(r *gen.Rand) string { return c.op.draw(r) }

// Simpler yields inputs simpler than input, the most promising first, made
// only as they are asked for: what shrinking a case tries.
func (c Category) Simpler(input string) iter.Seq[string] { return c.op.simpler(input) }

// Smaller reports whether input a is simpler than b, two inputs of the
// category: shorter, or as long and smaller. For codes, smaller is
// earlier in the order of the alphabet's values, character by character
// (other bytes after the alphabet), so that the numbers of the first
// fields that differ are smaller; for JSON texts, a smaller sum of the
// numbers in it. It is an order with no infinite descent, so a shrink
// that takes only smaller inputs ends.
func (c Category) Smaller(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return c.op.smaller(a, b)
}

// Flags returns the flags of a test made from a generated case: Fuzz, and
// the flags of what the reference makes of it, named as the suite names
// them (vectors.Notes).
func (c Category) Flags(input string, t *vectors.Test) []string { return c.op.flags(input, t) }

// MarshalText returns the category's name.
func (c Category) MarshalText() ([]byte, error) {
	if c.op == nil {
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
		if h := c.Header(); h.Op == f.Op && h.Profile == f.Profile {
			return c, true
		}
	}
	return Category{}, false
}
