package suite

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/internal/jsondiff"
	"github.com/qf-format/qf-conformance/internal/jsonstring"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// A Difference is where a mismatch's answer first parts from the test's
// expectation, and how, as a value: its way (the way it was graded), its
// place, what each side holds there, and for the rules the violation.
// A difference explains those after it: a decoder that reads a field
// with another width misreads every later field, and the difference is
// at the first. Every reader of a failure (the reports, qf fuzz's
// sample, the diagnosis) reads this value; String says it in a line.
type Difference struct {
	Way   Way
	Place Place
	// Want and Got are what each side holds at the place, as short JSON
	// or in words; WantError and GotError the errors, where there are.
	Want, Got           string
	WantError, GotError *spec.ErrorObject
	// Rule is the violation missed, or reported where there is none, of a
	// way of the rules; "" for the others.
	Rule rules.Rule
	text string
}

// A Place is where in an answer two answers first part: the field of the
// layout, and for a code the character and bit, for a replay the move.
type Place struct {
	// Field is the name of the layout's field ("state.walls.white.h[]"),
	// or for a path of a value the layout has no field for (an unknown
	// key) the path with its indexes taken out; "" for none.
	Field string
	// Path is the field's path with its indexes ("state.walls.white.h[3]").
	Path string
	// Char and Bit are the character and bit of a code, Move the move of
	// a replay; -1 where there is none.
	Char, Bit, Move int
}

// noPlace is a place with none of its offsets.
var noPlace = Place{Char: -1, Bit: -1, Move: -1}

// String says the difference in a line: "want truncated at bit 34
// (state.turn), got a value", "at state.walls.white.h[0]: want 63, got 0".
func (d Difference) String() string { return d.text }

// Difference returns where a mismatch's answer first parts from the
// expectation; the zero Difference for any other result.
func (r *Result) Difference() Difference {
	if r.Reason != Mismatch || r.Answer == nil {
		return Difference{Place: noPlace}
	}
	want := answerOf(r.Test.Error, r.Category.Want(r.Test))
	got := answerOf(r.Answer.Error, keep(Shown(r.Answer)))
	d := differenceOf(want, got)
	d.Way = r.Way
	switch {
	case r.Way.Rules() && r.Category == Replay:
		d.Way, d.Rule = replayWay(r.Test.Violation, r.Answer.Violation)
		d.Place.Move = violationMove(r.Test.Violation, r.Answer.Violation)
	case r.Way.Rules() && r.Answer.Violations != nil:
		d.Way, d.Rule = violationsWay(*r.Test.Violations, *r.Answer.Violations)
	}
	return d
}

// violationMove returns the move of the earlier of two violations, -1
// for none.
func violationMove(want *rules.Violation, got json.RawMessage) int {
	move := -1
	if want != nil {
		move = want.Move
	}
	var gv rules.Violation
	if json.Unmarshal(got, &gv) == nil && gv.Kind != "" && (move < 0 || gv.Move < move) {
		move = gv.Move
	}
	return move
}

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

// differenceOf returns where got first differs from want, and says it:
// "want truncated at bit 34 (state.turn), got a value", "want truncated
// at bit 0 (flags.state), got truncated with no offset", "at
// state.walls.white.h[0]: want 63, got 0".
func differenceOf(want, got answer) Difference {
	d := Difference{Place: noPlace, WantError: want.err, GotError: got.err}
	switch {
	case want.err != nil && got.err != nil:
		d.Place = errorPlace(want.err)
		if w, ok := FirstBit(want.err); ok {
			if g, ok := FirstBit(got.err); ok && g < w {
				d.Place = errorPlace(got.err) // refused before the spec's error: the first difference is there
			}
		}
		d.Want, d.Got = describeError(want.err, false), describeError(got.err, want.err.HasOffset())
		d.text = "want " + d.Want + ", got " + d.Got
		if d.Want != d.Got && term.Printable(d.Want, false) == term.Printable(d.Got, false) {
			// The same once escaped for the terminal: say the fields by code point.
			d.text += ": the fields differ, want " + codePoints(want.err.Field) + ", got " + codePoints(got.err.Field)
		}
		return d
	case want.err != nil:
		d.Place, d.Want, d.Got = errorPlace(want.err), describeError(want.err, false), describeValue(got.value)
		d.text = "want " + d.Want + ", got " + d.Got
		return d
	case got.err != nil:
		d.Place, d.Want, d.Got = errorPlace(got.err), describeValue(want.value), describeError(got.err, false)
		d.text = "want " + d.Want + ", got " + d.Got
		return d
	}
	var w, g any
	if json.Unmarshal(want.value, &w) != nil || json.Unmarshal(got.value, &g) != nil {
		d.Want, d.Got = string(want.value), string(got.value)
		d.text = "want " + d.Want + ", got " + d.Got
		return d
	}
	if wc, ok := w.(string); ok {
		if gc, ok := g.(string); ok {
			return codeDifference(d, wc, gc)
		}
	}
	j, ok := jsondiff.First(w, g)
	if !ok {
		d.text = "the same, but for spacing or order"
		return d
	}
	d.Want, d.Got = side(j.Want, j.WantHas, j.Ends), side(j.Got, j.GotHas, j.Ends)
	d.Place.Path, d.Place.Field = j.Path, valueField(j)
	if j.Path == "" {
		d.text = "want " + d.Want + ", got " + d.Got
		return d
	}
	d.text = "at " + j.Path + ": want " + d.Want + ", got " + d.Got + violations(w, g, j.Path)
	return d
}

// errorPlace returns the place of an error: its field, char and bit.
func errorPlace(e *spec.ErrorObject) Place {
	p := noPlace
	p.Path, p.Field = e.Field, FieldName(e.Field)
	if e.Char != nil {
		p.Char = *e.Char
	}
	if e.Bit != nil {
		p.Bit, p.Char = *e.Bit, *e.Bit/6
	}
	return p
}

// valueField returns the layout's field where two values first differ:
// a list that ends early or late differs at its count, a chunk present
// or not at its flag.
func valueField(j jsondiff.Difference) string {
	path := j.Path
	switch {
	case path == "state" || path == "record":
		return "flags." + path
	case j.Ends:
		list := path[:strings.LastIndexByte(path, '[')]
		if list == "record.moves" {
			return spec.MoveCount.Name
		}
		return FieldName(list + ".count")
	}
	return FieldName(path)
}

// indexes matches the indexes of a path.
var indexes = regexp.MustCompile(`\[\d+\]`)

// FieldName returns the name of the layout's field at path
// ("state.walls.white.h[3]" is "state.walls.white.h[]"), or for a path
// of a value the layout has no field for (an unknown key) the path with
// its indexes taken out.
func FieldName(path string) string {
	if path == "" {
		return ""
	}
	if f, ok := spec.FieldOf(path); ok {
		return f.Name
	}
	return indexes.ReplaceAllString(path, "[]")
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

// codeDifference returns where code got first differs from code want:
// the character, the bit and the field.
func codeDifference(d Difference, want, got string) Difference {
	d.Want, d.Got = strconv.Quote(want), strconv.Quote(got)
	c, ok := ref.FirstDifference(want, got)
	if !ok {
		d.text = "want the code " + d.Want + ", got " + d.Got
		return d
	}
	d.Place.Char, d.Place.Bit, d.Place.Path, d.Place.Field = c.Char, c.Bit, c.Field, FieldName(c.Field)
	where := fmt.Sprintf("at char %d, bit %d", c.Char, c.Bit)
	switch {
	case c.Field != "":
		where += " (" + c.Field + ")"
	case c.Char >= len(want) || c.Char >= len(got):
		where += " (the end of the shorter code)"
	default:
		where += " (the padding)"
	}
	d.text = where + ": want the code " + d.Want + ", got " + d.Got
	return d
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
