package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/vectors"
)

// Levels, as CONFORMANCE.md defines them. A decode test is met at L1 when
// the implementation accepts or rejects it as the test says (with the
// test's value when it accepts), at L2 when it also reports the error's
// kind, at L3 when it also reports the offset and, if it reports a field,
// the test's field. An encode test is met at E when the implementation
// writes the test's code, or refuses with the test's kind (and field, if
// it reports one).
const (
	L1 = 1
	L2 = 2
	L3 = 3
	E  = 3 // an encode test is graded at one level, the highest
	R  = 3 // so is a replay or validate test
)

// levelName names the level an implementation reaches on a category.
func levelName(category string, level int) string {
	switch category {
	case CategoryEncode:
		if level >= E {
			return "E"
		}
		return "none"
	case CategoryReplay, CategoryValidate:
		if level >= R {
			return "R"
		}
		return "none"
	}
	if level == 0 {
		return "none"
	}
	return "L" + string(rune('0'+level))
}

// gradeDecode returns the highest level at which resp meets a decode test,
// and what was wrong above it.
func gradeDecode(t *vectors.Test, resp *protocol.Response) (level int, why string) {
	if t.Result == vectors.Valid {
		if resp.Error != nil {
			return 0, "rejected a valid code"
		}
		if !sameJSON(resp.Value, t.Value) {
			return 0, "accepted with another value"
		}
		return L3, ""
	}
	if resp.Error == nil {
		return 0, "accepted an invalid code"
	}
	if resp.Error.Kind != t.Error.Kind {
		return L1, "another error kind"
	}
	if !sameOffset(resp.Error, t.Error) {
		return L2, "another offset"
	}
	if resp.Error.Field != "" && resp.Error.Field != t.Error.Field {
		return L2, "another field"
	}
	return L3, ""
}

// gradeEncode returns E when resp meets an encode test, 0 and why not
// otherwise.
func gradeEncode(t *vectors.Test, resp *protocol.Response) (level int, why string) {
	if t.Result == vectors.Valid {
		switch {
		case resp.Error != nil:
			return 0, "refused a valid value"
		case resp.Code == nil || *resp.Code != *t.Code:
			return 0, "another code"
		}
		return E, ""
	}
	switch {
	case resp.Error == nil:
		return 0, "encoded an invalid value"
	case resp.Error.Kind != t.Error.Kind:
		return 0, "another error kind"
	case resp.Error.Field != "" && resp.Error.Field != t.Error.Field:
		return 0, "another field"
	}
	return E, ""
}

func sameOffset(got, want *ref.ErrorObject) bool {
	eq := func(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
	return eq(got.Bit, want.Bit) && eq(got.Char, want.Char)
}

// sameJSON reports whether two JSON texts hold equal values, whatever
// their spacing and key order.
func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var va, vb any
	if json.Unmarshal(a, &va) != nil || json.Unmarshal(b, &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// judgement returns what a replay or validate test expects, as JSON: the
// error, the squares and violation, or the violations.
func judgement(t *vectors.Test) json.RawMessage {
	var b []byte
	switch {
	case t.Error != nil:
		b, _ = json.Marshal(t.Error)
	case t.Squares != nil:
		b, _ = json.Marshal(struct {
			Squares   [][2]int         `json:"squares"`
			Violation *rules.Violation `json:"violation"`
		}{*t.Squares, t.Violation})
	default:
		b, _ = json.Marshal(t.Violations)
	}
	return b
}

// gradeJudgement returns R when resp meets a replay or validate test: the
// same squares and violation, or the same violations in the same order,
// or, for a code that does not decode, the same error kind and offset.
func gradeJudgement(t *vectors.Test, resp *protocol.Response) (level int, why string) {
	if t.Error != nil {
		switch {
		case resp.Error == nil:
			return 0, "answered for a code that does not decode"
		case resp.Error.Kind != t.Error.Kind || !sameOffset(resp.Error, t.Error):
			return 0, "another decoding error"
		}
		return R, ""
	}
	if resp.Error != nil {
		return 0, "an error for a code that decodes"
	}
	if t.Squares != nil {
		want, _ := json.Marshal(t.Squares)
		got, _ := json.Marshal(resp.Squares)
		if !sameJSON(got, want) {
			return 0, "other squares"
		}
		wantV, _ := json.Marshal(t.Violation)
		if !sameJSON(resp.Violation, wantV) {
			return 0, "another violation"
		}
		return R, ""
	}
	want, _ := json.Marshal(t.Violations)
	got, _ := json.Marshal(resp.Violations)
	if !sameJSON(got, want) {
		return 0, "other violations"
	}
	return R, ""
}

// gotOf returns the answer of resp as the report shows it beside the
// test's want: the error (without its free-text message, shown apart),
// the code, the squares and violation, the violations or the value.
func gotOf(resp *protocol.Response) json.RawMessage {
	var b []byte
	switch {
	case resp.Error != nil:
		e := *resp.Error
		e.Message = ""
		b, _ = json.Marshal(e)
	case resp.Code != nil:
		b, _ = json.Marshal(*resp.Code)
	case resp.Squares != nil:
		b, _ = json.Marshal(struct {
			Squares   [][2]int        `json:"squares"`
			Violation json.RawMessage `json:"violation"`
		}{*resp.Squares, resp.Violation})
	case resp.Violations != nil:
		b, _ = json.Marshal(*resp.Violations)
	default:
		b = resp.Value
	}
	return b
}

// gotLimit bounds what is kept of an answer: the longest answer the
// vectors call for (the value of the longest code) is about 46 KB.
const gotLimit = 64 << 10

// keep returns b, valid JSON in UTF-8, for the report: as it is when it
// is at most gotLimit bytes, and otherwise as a JSON string of its start
// that says how long it was.
func keep(b json.RawMessage) json.RawMessage {
	if len(b) <= gotLimit {
		return b
	}
	s, _ := json.Marshal(fmt.Sprintf("%s... (%d bytes in all)", prefix(b, gotLimit), len(b)))
	return s
}

// keepLine returns a line that broke the protocol for the report, in new
// memory: as JSON when it is valid JSON in UTF-8 of at most gotLimit
// bytes, and otherwise as a JSON string of its start, bytes that are not
// UTF-8 replaced.
func keepLine(line []byte) json.RawMessage {
	if len(line) <= gotLimit && jsontext.Value(line).IsValid() {
		return append(json.RawMessage(nil), line...)
	}
	text := string(prefix(line, gotLimit))
	if len(line) > gotLimit {
		text += fmt.Sprintf("... (%d bytes in all)", len(line))
	}
	s, _ := json.Marshal(text) // replaces bytes that are not UTF-8
	return s
}

// prefix returns the first n bytes of b at most, not cutting a UTF-8
// sequence.
func prefix(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return b[:n]
}
