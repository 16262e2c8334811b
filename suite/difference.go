package suite

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/internal/jsondiff"
	"github.com/qf-format/qf-conformance/internal/jsonstring"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// An answer is one side of a comparison: an error object, or a result as
// JSON.
type answer struct {
	err   *spec.ErrorObject
	value json.RawMessage
}

// answerOf returns the answer of an error object (nil for none) and of the
// JSON the report shows.
func answerOf(err *spec.ErrorObject, report json.RawMessage) answer {
	return answer{err, report}
}

// difference says in a line where got first differs from want: "want
// truncated at bit 34 (state.turn), got a value", "want truncated at bit
// 0 (flags.state), got truncated with no offset", "at
// state.walls.white.h[0]: want 63, got 0".
func difference(want, got answer) string {
	switch {
	case want.err != nil && got.err != nil:
		w, g := describeError(want.err, false), describeError(got.err, want.err.HasOffset())
		if w != g && term.Printable(w, false) == term.Printable(g, false) {
			// The same once escaped for the terminal: say the fields by code point.
			return "want " + w + ", got " + g + ": the fields differ, want " + codePoints(want.err.Field) + ", got " + codePoints(got.err.Field)
		}
		return "want " + w + ", got " + g
	case want.err != nil:
		return "want " + describeError(want.err, false) + ", got " + describeValue(got.value)
	case got.err != nil:
		return "want " + describeValue(want.value) + ", got " + describeError(got.err, false)
	}
	var w, g any
	if json.Unmarshal(want.value, &w) != nil || json.Unmarshal(got.value, &g) != nil {
		return "want " + string(want.value) + ", got " + string(got.value)
	}
	if wc, ok := w.(string); ok {
		if gc, ok := g.(string); ok {
			return codeDifference(wc, gc)
		}
	}
	d, ok := jsondiff.First(w, g)
	if !ok {
		return "the same, but for spacing or order"
	}
	a, b := side(d.Want, d.WantHas, d.Ends), side(d.Got, d.GotHas, d.Ends)
	if d.Path == "" {
		return "want " + a + ", got " + b
	}
	return "at " + d.Path + ": want " + a + ", got " + b + violations(w, g, d.Path)
}

// violations says, for two replays that differ first in their squares,
// the violations too when they differ: what ended one replay before the
// other.
func violations(want, got any, path string) string {
	w, ok1 := want.(map[string]any)
	g, ok2 := got.(map[string]any)
	if !ok1 || !ok2 || !strings.HasPrefix(path, "squares") {
		return ""
	}
	wv, gv := short(w["violation"]), short(g["violation"])
	if wv == gv {
		return ""
	}
	return "; the violation: want " + wv + ", got " + gv
}

// codeDifference says where code got first differs from code want: the
// character, the bit and the field.
func codeDifference(want, got string) string {
	d, ok := ref.FirstDifference(want, got)
	if !ok {
		return "want the code " + strconv.Quote(want) + ", got " + strconv.Quote(got)
	}
	where := fmt.Sprintf("at char %d, bit %d", d.Char, d.Bit)
	switch {
	case d.Field != "":
		where += " (" + d.Field + ")"
	case d.Char >= len(want) || d.Char >= len(got):
		where += " (the end of the shorter code)"
	default:
		where += " (the padding)"
	}
	return where + ": want the code " + strconv.Quote(want) + ", got " + strconv.Quote(got)
}

// codePoints returns s as its code points, "U+005B U+2028", so that two
// strings that print alike are seen to differ.
func codePoints(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "U+%04X", r)
	}
	return b.String()
}

// side returns one side of a difference as short JSON, or says it has
// nothing there: the end of a list, or a member missing.
func side(v any, has, ends bool) string {
	switch {
	case has:
		return short(v)
	case ends:
		return "nothing (the list ends)"
	}
	return "nothing"
}

// describeError returns an error object in words: "truncated at bit 34
// (state.turn)", or when noOffset is set and it has none, "truncated with
// no offset".
func describeError(e *spec.ErrorObject, noOffset bool) string {
	if noOffset && !e.HasOffset() {
		kind := (&spec.ErrorObject{Kind: e.Kind}).String()
		if e.Field != "" {
			return kind + " with no offset (" + e.Field + ")"
		}
		return kind + " with no offset"
	}
	return e.String()
}

// describeValue names an answer that is not an error, from its JSON.
func describeValue(b json.RawMessage) string {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return "a value"
	}
	switch x := v.(type) {
	case string:
		return "the code " + string(b)
	case []any:
		return "the violations " + string(b)
	case map[string]any:
		if _, ok := x["squares"]; ok {
			return "a replay"
		}
	}
	return "a value"
}

// short returns v as JSON, whole: the text reports fold it.
func short(v any) string {
	b, _ := jsonstring.Marshal(v)
	return string(b)
}
