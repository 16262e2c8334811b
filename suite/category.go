package suite

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

// A Category is one of the suite's vector files: its tests ask one op, in
// one profile for decoding, and are graded at the op's levels. Its name is
// the prefix of its tests' ids ("strict/empty"). The zero Category is
// none.
type Category uint8

// The categories, one per vector file: each is a row of the table
// categories below, which carries all it is.
const (
	Strict Category = iota + 1
	Lenient
	Encode
	Replay
	Validate
)

// Categories lists the categories in the order of the reports: every row
// of the table categories.
var Categories = func() []Category {
	var all []Category
	for c := range categories {
		if c > 0 {
			all = append(all, Category(c))
		}
	}
	return all
}()

// A category is what a Category is: its constants, and what is done with
// its tests.
type category struct {
	name    string
	noun    string      // what a test asks, as the diagnosis words it
	file    string      // in vectors/, its schema in vectors/schema/ (Schema)
	op      protocol.Op // of its requests
	profile ref.Profile // its codes are decoded in: its own for decoding, Strict for the others
	levels  []Level     // lowest first
	reads   Form        // what a test gives the implementation
	writes  Form        // what the implementation answers when it answers no error
	does    op          // decoding.go, encoding.go, replaying.go, validating.go
}

var categories = [...]category{
	Strict:   {"strict", "strict decoding", "decode_strict.json", protocol.Decode, ref.Strict, []Level{L1, L2, L3}, Code, Value, decoding{}},
	Lenient:  {"lenient", "lenient decoding", "decode_lenient.json", protocol.Decode, ref.Lenient, []Level{L1, L2, L3}, Code, Value, decoding{}},
	Encode:   {"encode", "encoding", "encode.json", protocol.Encode, ref.Strict, []Level{E}, Value, Code, encoding{}},
	Replay:   {"replay", "replay", "replay.json", protocol.Replay, ref.Strict, []Level{R}, Code, Squares, replaying{}},
	Validate: {"validate", "validation", "validate.json", protocol.Validate, ref.Strict, []Level{R}, Code, Violations, validating{}},
}

// An op is what is done with the tests of a category, one type per op of
// the protocol, each in a file of its own: the reference's answer made a
// test's expectation, an answer graded, what a test expects, the code it
// is about, its facets, and the flags of a generated case. Its methods
// are given the category when they need its profile.
type op interface {
	// expect returns the test of input whose expectation is the
	// reference's answer, resp, without its message (expect.go).
	expect(c *category, input string, resp *protocol.Response) (vectors.Test, error)
	// grade returns the highest level at which resp meets t, and the way
	// it misses the level above.
	grade(t *vectors.Test, resp *protocol.Response) (Level, Way)
	// want returns what a test expects, as the JSON the reports show;
	// code the code it is about.
	want(t *vectors.Test) json.RawMessage
	code(t *vectors.Test) string
	// facets returns the facets of a test's input.
	facets(c *category, t *vectors.Test) []Facet
	// flags returns the flags of a test made from a generated case (Fuzz,
	// and the corners the reference finds in it).
	flags(input string, t *vectors.Test) []string
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

// of returns what c is; the zero Category, and any other not among
// Categories, is nothing.
func (c Category) of() *category {
	if int(c) < len(categories) {
		return &categories[c]
	}
	return &categories[0]
}

// Name returns the category's name, the prefix of its tests' ids.
func (c Category) Name() string { return c.of().name }

// String returns the category's name.
func (c Category) String() string {
	if c.of().name == "" {
		return fmt.Sprintf("Category(%d)", uint8(c))
	}
	return c.of().name
}

// Noun returns what a test of the category asks, as a noun: "strict
// decoding", "lenient decoding", "encoding", "replay", "validation".
func (c Category) Noun() string { return c.of().noun }

// Rules reports whether the category applies the rules of the game to a
// code it decodes strictly first, graded at R: replay and validation.
func (c Category) Rules() bool { return slices.Contains(c.of().levels, R) }

// File returns the name of the category's vector file in vectors/.
func (c Category) File() string { return c.of().file }

// Schema returns the name of the JSON Schema of the category's files.
func (c Category) Schema() string { return strings.TrimSuffix(c.of().file, ".json") + ".schema.json" }

// Op returns the op of the category's requests.
func (c Category) Op() protocol.Op { return c.of().op }

// Profile returns the profile the category's codes are decoded in: its
// own for decoding, Strict for replay and validation (which decode
// strictly first) and for encoding (whose codes are canonical).
func (c Category) Profile() ref.Profile { return c.of().profile }

// Reads returns what the category's tests give the implementation: a
// code, or for encoding a value.
func (c Category) Reads() Form { return c.of().reads }

// Writes returns what the implementation answers to the category's tests
// when it answers no error: a value, a code, a replay or violations.
func (c Category) Writes() Form { return c.of().writes }

// Levels lists the levels the category grades, lowest first: L1, L2 and L3
// for decoding, E for encoding, R for replay and validation.
func (c Category) Levels() []Level { return slices.Clone(c.of().levels) }

// Top returns the highest level the category grades.
func (c Category) Top() Level {
	l := c.of().levels
	return l[len(l)-1]
}

// Required returns the level a test of the category must meet to pass
// when decoding tests must meet decoding, L1, L2 or L3: decoding itself
// for a category graded at those levels, the category's one level
// otherwise.
func (c Category) Required(decoding Level) Level {
	if slices.Contains(c.of().levels, decoding) {
		return decoding
	}
	return c.Top()
}

// Next returns the level above l among the category's levels, or None
// when l is the top one.
func (c Category) Next(l Level) Level {
	for _, x := range c.of().levels {
		if x > l {
			return x
		}
	}
	return None
}

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

// Request returns the request of a test; the client sets its id.
func (c Category) Request(t *vectors.Test) *protocol.Request { return c.RequestOf(c.Input(t)) }

// RequestOf returns the request of an input, a code or for encoding a
// JSON text. A code that is not UTF-8 (code_hex) travels with U+FFFD in
// place of each bad byte (JSON strings are Unicode); the first is where
// the first bad byte was, so the expected error is unchanged.
func (c Category) RequestOf(input string) *protocol.Request {
	req := &protocol.Request{Op: c.Op()}
	switch {
	case c.Reads() == Value:
		req.Value = json.RawMessage(input)
		return req
	case c.Op() == protocol.Decode:
		req.Profile = c.Profile().String()
	}
	code := onTheWire(input)
	req.Code = &code
	return req
}

// Input returns a test's input as text: its code (the bytes of code_hex),
// or for encoding its value's JSON text.
func (c Category) Input(t *vectors.Test) string {
	if c.Reads() == Value {
		return string(t.ValueInput())
	}
	input, _ := t.Input()
	return input
}

// inputJSON returns a test's input as the reports show it: the value, or
// the code as a JSON string.
func (c Category) inputJSON(t *vectors.Test) json.RawMessage {
	if c.Reads() == Value {
		return t.ValueInput()
	}
	return mustJSON(c.Input(t))
}

// Want returns what a test expects, as the JSON the reports show: its
// error object, value, code, squares and violation, or violations.
func (c Category) Want(t *vectors.Test) json.RawMessage { return c.of().does.want(t) }

// Code returns the code a test is about, whose board a page of it can
// draw: the canonical code of a valid decoding test, the code of a valid
// encoding test, the code replayed or validated; "" for none.
func (c Category) Code(t *vectors.Test) string { return c.of().does.code(t) }

// Fields returns the fields of the layout that a test's code holds, as
// the reference reads them in the category's profile (up to an error):
// the code of Code, or for a decoding test without one its input. It
// returns false when the test has no code (an invalid value to encode).
func (c Category) Fields(t *vectors.Test) ([]ref.FieldValue, bool) {
	code, p := c.Code(t), ref.Strict
	if code == "" && c.Reads() == Code {
		code, p = c.Input(t), c.Profile()
	}
	if code == "" {
		return nil, false
	}
	fields, _, _ := p.Trace(code)
	return fields, true
}

// Expect returns the test of input, a code or for encoding a JSON text,
// whose expectation is resp, the reference's answer to c.RequestOf(input)
// (package serve answers as qf serve does), with the id, comment and flags
// given. Its error is for an encoding input that is not JSON.
func (c Category) Expect(input string, resp *protocol.Response, id, comment string, flags ...string) (vectors.Test, error) {
	t, err := c.of().does.expect(c.of(), input, resp)
	if err != nil {
		return vectors.Test{}, fmt.Errorf("suite: %s: %v", id, err)
	}
	t.ID, t.Comment, t.Flags = id, comment, flags
	return t, nil
}

// Facets returns the facets of a test's input (facets.go).
func (c Category) Facets(t *vectors.Test) []Facet { return c.of().does.facets(c.of(), t) }

// Flags returns the flags of a test made from a generated case: Fuzz, and
// the flags of what the reference makes of it, named as the suite names
// them (vectors.Notes).
func (c Category) Flags(input string, t *vectors.Test) []string { return c.of().does.flags(input, t) }

// MarshalText returns the category's name.
func (c Category) MarshalText() ([]byte, error) {
	if c.of().name == "" {
		return nil, fmt.Errorf("suite: %s has no name", c)
	}
	return []byte(c.of().name), nil
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
		if c.Name() == name {
			return c, true
		}
	}
	return 0, false
}

// Of returns the category of a vector file's tests, from its op and
// profile.
func Of(f *vectors.File) (Category, bool) {
	for _, c := range Categories {
		if h := c.Header(); h.Op == f.Op && h.Profile == f.Profile {
			return c, true
		}
	}
	return 0, false
}
