package protocol

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// quickLines returns request lines of the shapes qf fuzz sends and of
// shapes near them: spaces, escapes of every kind, surrogates paired and
// lone, numbers written every way and not quite, members repeated,
// mistyped, unknown or missing, nesting, and text that is not JSON.
func quickLines() []string {
	lines := []string{
		`{"id":7,"op":"decode","code":"j7oklAHMe1ICg","profile":"strict"}`,
		`{"id":7,"op":"encode","value":{"state":null,"record":{"moves":[{"kind":"piece","dir":3}]}}}`,
		`{"op":"hello"}`, `{"id":"x","op":"hello"}`, `{"id":null,"op":"replay","code":""}`, `{}`, `{"op":5}`, `{"op":"decode","op":"decode"}`,
		`{"id":1,"op":"decode","code":"\u0000\t\n\"\\\/\b\f\r\u00e9","profile":"lenient"}`, `{"id":"\ud800","op":"hello"}`,
		`{"id":"\ud83d\ude00","op":"hello"}`, `{"id":1,"op":"validate","code":5}`, `{"id":1,"op":"encode","value":[[[[[]]]]]}`,
		`{"id":1,"op":"encode","value":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`,
		`{"id":1,"op":"encode","value":{"a":1,"a":2}}`, `{"id":1,"op":"encode","value":1e400}`, `{"id":1,"op":"encode","value":-0.5E+3}`,
		`{"id":1,"op":"encode","value":01}`, `{"id":1,"op":"encode","value":1.}`, `{"id":1,"op":"encode","value":.5}`, `{"id":1,"op":"encode","value":-}`,
		`{"id":1,"op":"encode","value":tru}`, `{"id":1,"op":"encode","value":"é"}`, `{"id":1,"op":"encode","value":"\x"}`, `{"id":1,"op":"encode","value":"\u12"}`,
		`{"id":1,"op":"hello"} `, `{"id":1,"op":"hello"}{}`, `{"id":1,"op":"hello",}`, `{"id":1 ,"op":"hello"}`, `{"i\u0064":1,"op":"hello"}`,
		`{"id":{}}`, `{"id":[}`, `{"id"}`, `{"id":}`, `{"OP":"hello"}`, `{"op":"hello","profile":""}`, `{"op":"decode","profile":null,"code":"A"}`,
	}
	r := rand.New(rand.NewPCG(20261127, 44))
	keys := []string{`"id"`, `"op"`, `"code"`, `"profile"`, `"value"`, `"x"`, `"Op"`, `"i\u0064"`, `"op"`}
	values := []string{`1`, `-12`, `0.5`, `1e3`, `"decode"`, `"encode"`, `"hello"`, `"strict"`, `"lenient"`, `"AAAA"`, `"a\u0000b"`, `"\ud800"`,
		`"\ud83d\ude00"`, `null`, `true`, `false`, `[]`, `{}`, `[1,"a",{"b":null}]`, `{"state":null,"record":null}`, `{"a":1,"a":[2]}`, `"é"`,
		`"\t"`, `01`, `1.`, `[1,]`, `{"a"}`, `"`, `nul`, ` 1`, `1 `, `"\/"`, `-0`, `1E+2`, `[[[[]]]]`}
	for i := 0; i < 30000; i++ {
		var b strings.Builder
		b.WriteByte('{')
		for n := r.IntN(5); n > 0; n-- {
			b.WriteString(keys[r.IntN(len(keys))])
			b.WriteByte(':')
			b.WriteString(values[r.IntN(len(values))])
			if n > 1 || r.IntN(20) == 0 {
				b.WriteByte(',')
			}
		}
		if r.IntN(20) > 0 {
			b.WriteByte('}')
		}
		lines = append(lines, b.String())
	}
	return lines
}

// The quick reading of a request reads what it reads as the full reading
// does, member for member, and leaves to it every line it refuses.
func TestQuickRequestAsFull(t *testing.T) {
	quick := 0
	for _, line := range quickLines() {
		if !utf8.ValidString(line) {
			continue
		}
		got, ok := quickRequest([]byte(line))
		want, bad := parseRequest([]byte(line))
		if !ok {
			continue
		}
		quick++
		if bad != nil {
			t.Errorf("%s: quick reading %+v, full reading bad_request %s", line, got, bad.Error.Message)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: quick reading %+v, full reading %+v", line, got, want)
		}
	}
	if quick < 500 {
		t.Errorf("the quick reading read %d lines: the test reaches too few", quick)
	}
}

// quickValue accepts only JSON, read by jsontext both with and without
// AllowInvalidUTF8, and says its length as jsontext reads it.
func TestQuickValueIsJSON(t *testing.T) {
	quick := 0
	for _, line := range append(quickLines(), scanTexts()...) {
		for start := 0; start < len(line); start++ {
			text := []byte(line[start:])
			n, ok := quickValue(text, 0)
			if !ok {
				continue
			}
			quick++
			for _, opts := range [][]jsontext.Options{{jsontext.AllowDuplicateNames(true)}, requestOptions} {
				dec := jsontext.NewDecoder(strings.NewReader(string(text)), opts...)
				v, err := dec.ReadValue()
				if err != nil || len(v) != n {
					t.Errorf("%s: quickValue reads %d bytes; jsontext %d bytes (%v)", text, n, len(v), err)
				}
			}
		}
	}
	if quick < 10000 {
		t.Errorf("quickValue read %d values: the test reaches too few", quick)
	}
}
