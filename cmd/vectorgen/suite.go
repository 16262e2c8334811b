package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

// A suite is one vector file being built. Every expectation comes from
// the reference codec; what the generator adds is the input, the id, the
// comment and the flags, and the result it means the test to show, which it
// checks against the reference so that a test cannot silently mean
// something else than its comment says.
type suite struct {
	name string // the file's name, such as "decode_strict.json"
	file vectors.File
	ids  map[string]bool
	errs *[]string
}

func newSuite(name, op, profile string, errs *[]string) *suite {
	schema := strings.TrimSuffix(name, ".json") + ".schema.json"
	return &suite{
		name: name,
		file: vectors.File{
			Format:        "qf",
			FormatVersion: spec.Version,
			SuiteVersion:  vectors.SuiteVersion,
			Schema:        schema,
			Op:            op,
			Profile:       profile,
			Notes:         map[string]vectors.Note{},
		},
		ids:  map[string]bool{},
		errs: errs,
	}
}

func (s *suite) failf(format string, args ...any) {
	*s.errs = append(*s.errs, fmt.Sprintf(format, args...))
}

// prefix is the id prefix of the suite's tests: "strict", "lenient" or
// "encode".
func (s *suite) prefix() string {
	if s.file.Op == "decode" {
		return s.file.Profile
	}
	return s.file.Op
}

func (s *suite) add(t vectors.Test) {
	t.ID = s.prefix() + "/" + t.ID
	if s.ids[t.ID] {
		s.failf("%s: duplicate id", t.ID)
	}
	s.ids[t.ID] = true
	sort.Strings(t.Flags)
	for _, f := range t.Flags {
		n, ok := notes[f]
		if !ok {
			s.failf("%s: flag %s has no note", t.ID, f)
		}
		s.file.Notes[f] = n
	}
	s.file.Tests = append(s.file.Tests, t)
}

// check fails the generation when the reference's outcome, err, is not
// want: "valid" or an error kind.
func (s *suite) check(id string, want string, err error) {
	got := vectors.Valid
	if err != nil {
		var e *ref.Error
		if !errors.As(err, &e) {
			s.failf("%s: %v", id, err)
			return
		}
		got = string(e.Kind)
	}
	if got != want {
		s.failf("%s: meant to be %s, the reference says %s (%v)", id, want, got, err)
	}
}

// decode adds a decoding test of input, meant to show want.
func (s *suite) decode(id, comment, want, input string, flags ...string) {
	decode := ref.Decode
	if s.file.Profile == "lenient" {
		decode = ref.DecodeLenient
	}
	v, err := decode(input)
	s.check(s.prefix()+"/"+id, want, err)
	t := vectors.Test{ID: id, Comment: comment, Flags: flags}
	if utf8.ValidString(input) {
		t.Code = &input
	} else {
		t.CodeHex = hex.EncodeToString([]byte(input))
	}
	if err != nil {
		t.Result = vectors.Invalid
		t.Error = expected(err)
		s.add(t)
		return
	}
	t.Result = vectors.Valid
	t.Value = mustJSON(v)
	t.Canonical, err = ref.Encode(v)
	if err != nil {
		s.failf("%s: %v", id, err)
	}
	fields, _, err := ref.Fields(t.Canonical)
	if err != nil {
		s.failf("%s: %v", id, err)
	}
	for _, f := range fields {
		t.Fields = append(t.Fields, vectors.Field(f))
	}
	s.add(t)
}

// decodeValue adds a decoding test of v's code, meant to be valid.
func (s *suite) decodeValue(id, comment string, v *ref.Value, flags ...string) {
	s.decode(id, comment, vectors.Valid, mustEncode(v), flags...)
}

// encode adds an encoding test of the JSON text value, meant to show want.
func (s *suite) encode(id, comment, want, value string, flags ...string) {
	var v ref.Value
	err := json.Unmarshal([]byte(value), &v)
	var code string
	if err == nil {
		code, err = ref.Encode(&v)
	}
	s.check(s.prefix()+"/"+id, want, err)
	t := vectors.Test{ID: id, Comment: comment, Flags: flags, Value: compact(value)}
	if err != nil {
		t.Result = vectors.Invalid
		t.Error = expected(err)
	} else {
		t.Result = vectors.Valid
		t.Code = &code
	}
	s.add(t)
}

// encodeValue adds an encoding test of v.
func (s *suite) encodeValue(id, comment, want string, v *ref.Value, flags ...string) {
	s.encode(id, comment, want, string(mustJSON(v)), flags...)
}

// expected returns the error object a test expects: the reference's,
// without its message, which is free text.
func expected(err error) *ref.ErrorObject {
	var e *ref.Error
	errors.As(err, &e)
	obj := e.Object()
	obj.Message = ""
	return obj
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func compact(s string) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(s)); err != nil {
		panic(fmt.Sprintf("vectorgen: bad JSON in a test: %v: %s", err, s))
	}
	return buf.Bytes()
}
