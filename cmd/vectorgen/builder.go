package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// A builder builds one vector file. Every expectation comes from
// the reference codec; what the generator adds is the input, the id, the
// comment and the flags, and the result it means the test to show, which it
// checks against the reference so that a test cannot silently mean
// something else than its comment says.
type builder struct {
	name string // the file's name, such as "decode_strict.json"
	cat  suite.Category
	file vectors.File
	ids  map[string]bool
	errs *[]string
}

func newBuilder(c suite.Category, errs *[]string) *builder {
	s := &builder{
		name: c.File(),
		cat:  c,
		file: c.Header(),
		ids:  map[string]bool{},
		errs: errs,
	}
	return s
}

func (s *builder) failf(format string, args ...any) {
	*s.errs = append(*s.errs, fmt.Sprintf(format, args...))
}

// prefix is the id prefix of the file's tests: its category's name.
func (s *builder) prefix() string { return s.cat.Name() }

func (s *builder) add(t vectors.Test) {
	t.ID = s.prefix() + "/" + t.ID
	if s.ids[t.ID] {
		s.failf("%s: duplicate id", t.ID)
	}
	s.ids[t.ID] = true
	sort.Strings(t.Flags)
	t.Flags = slices.Compact(t.Flags)
	for _, f := range t.Flags {
		n, ok := vectors.Notes[f]
		if !ok {
			s.failf("%s: flag %s has no note", t.ID, f)
		}
		s.file.Notes[f] = n
	}
	s.file.Tests = append(s.file.Tests, t)
}

// expect returns the test of input with the reference's expectation: its
// answer, as qf serve answers.
func (s *builder) expect(id, comment, input string, flags []string) vectors.Test {
	t, err := s.cat.Expect(input, serve.Reference.Handle(s.cat.RequestOf(input)), id, comment, flags...)
	if err != nil {
		panic(err) // a value written by hand in this program
	}
	return t
}

// check fails the generation when the test's outcome is not want:
// "valid" or an error kind.
func (s *builder) check(t *vectors.Test, want string) {
	got := t.Result
	if t.Error != nil {
		got = t.Error.Kind
	}
	if got != want {
		s.failf("%s: meant to be %s, the reference says %s", t.ID, want, got)
	}
}

// decode adds a decoding test of input, meant to show want.
func (s *builder) decode(id, comment, want, input string, flags ...string) {
	t := s.expect(id, comment, input, flags)
	suite.AddFields(&t)
	if t.Error != nil && t.Error.Kind == string(ref.ErrOutOfRange) {
		// Only squares and wall counts can be out of range when decoding:
		// a decoder without range checks takes them.
		t.Flags = append(t.Flags, "FaultNoRangeCheck")
	}
	t.ID = s.prefix() + "/" + id
	s.check(&t, want)
	t.ID = id
	s.add(t)
}

// decodeValue adds a decoding test of v's code, meant to be valid.
func (s *builder) decodeValue(id, comment string, v *ref.Value, flags ...string) {
	s.decode(id, comment, vectors.Valid, mustEncode(v), flags...)
}

// encode adds an encoding test of the JSON text value, meant to show want.
func (s *builder) encode(id, comment, want, value string, flags ...string) {
	t := s.expect(id, comment, value, flags)
	t.ID = s.prefix() + "/" + id
	s.check(&t, want)
	t.ID = id
	s.add(t)
}

// encodeText adds an encoding test of the JSON text value, sent as
// written (value_text), meant to be malformed at field.
func (s *builder) encodeText(id, comment, value, field string, flags ...string) {
	s.encodeTextOf(id, comment, string(ref.ErrMalformed), value, field, flags...)
}

// encodeTextOf adds an encoding test of the JSON text value, sent as
// written (value_text), meant to show want (at field, for an error).
func (s *builder) encodeTextOf(id, comment, want, value, field string, flags ...string) {
	t := s.expect(id, comment, value, flags)
	t.ID = s.prefix() + "/" + id
	s.check(&t, want)
	if t.Error != nil && t.Error.Field != field {
		s.failf("%s: meant to be %s at %s, the reference says %s", t.ID, want, field, t.Error.Field)
	}
	t.ID, t.Value, t.ValueText = id, nil, value
	s.add(t)
}

// encodeValue adds an encoding test of v.
func (s *builder) encodeValue(id, comment, want string, v *ref.Value, flags ...string) {
	s.encode(id, comment, want, string(mustJSON(v)), flags...)
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
