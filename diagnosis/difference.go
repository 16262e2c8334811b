package diagnosis

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// Where an answer first parts from the spec's, and how: the first
// difference, which explains those after it. A decoder that refuses a
// wall count of 10 refuses a code before the error the spec finds later
// in it, and the difference is the refusal, not the error reported
// otherwise; an encoder that skips an unknown key reports the error
// after it, and the difference is the key not refused; a replay that
// reports a violation where there is none ends before the spec's, and the
// difference is the false violation. Errors are reported otherwise only
// where the implementation refuses at the place the spec does.

// A way is how an answer first parts from the spec's.
type way uint8

const (
	notRefused  way = iota // the spec refuses the input there; the implementation goes on: it answers a result, or refuses further on
	refused                // the implementation refuses where the spec goes on: an input the spec accepts, or before the spec's error
	reportedWay            // both refuse the input at the same place, and the implementation reports it otherwise
	otherResult            // both answer a result, and they differ
	ruleMissed             // the implementation does not report a violation the spec does (first)
	ruleFalse              // the implementation reports a violation that the move or the State does not break
	ruleOrder              // the implementation reports a violation the move breaks, where the spec reports another before it
	ruleSquares            // a legal move lands on another square
	severalWays            // of a behaviour, not of a difference: failures that part from the spec in several of the ways above
)

// A difference is where a failure's answer first parts from the spec's.
type difference struct {
	step step
	way  way
	// want and got are the errors where the way concerns errors: the
	// spec's (notRefused, reportedWay) and the implementation's
	// (refused, reportedWay).
	want, got *spec.ErrorObject
	// field names the field of the layout, or the path of the value,
	// where the answers first differ, as the layout names it
	// ("state.walls.white.h[]"); "" when there is none to name.
	field string
	rule  rules.Rule // the violation of a way of the rules
}

// differenceOf returns where failure o's answer first parts from the
// spec's, its error taken as gotErr (the implementation's, its offsets
// moved as its way of reporting every error moves them); false for a
// failure without an answer, or one whose answer cannot be compared (a
// replay without squares).
func differenceOf(o *suite.Result, gotErr *spec.ErrorObject) (difference, bool) {
	want, got := o.Test, o.Answer
	if got == nil || o.Reason != suite.Mismatch {
		return difference{}, false
	}
	dif := difference{step: stepOf(o.Category, want.Error != nil || got.Error != nil)}
	switch {
	case want.Error != nil && gotErr == nil:
		dif.way, dif.want = notRefused, want.Error
		dif.field = fieldName(want.Error.Field)
	case want.Error == nil && gotErr != nil:
		dif.way, dif.got = refused, gotErr
		dif.field = fieldName(gotErr.Field)
	case want.Error != nil:
		dif.want, dif.got = want.Error, gotErr
		dif.way = errorsOrder(want.Error, gotErr, encodes(o.Category))
		dif.field = fieldName(want.Error.Field)
		if dif.way == refused {
			dif.field = fieldName(gotErr.Field)
		}
	case dif.step == ruling:
		return ruleDifference(o, dif)
	case got.Value != nil && want.Value != nil:
		dif.way = otherResult
		dif.field, _ = valueDifference(want.Value, got.Value)
	case got.Code != nil && want.Code != nil:
		dif.way = otherResult
		dif.field = codeDifference(*want.Code, *got.Code)
	default:
		return difference{}, false
	}
	return dif, true
}

// fieldName returns the name of the layout's field at path, or, for a
// path of a value the layout has no field for (an unknown key), the path
// with its indexes taken out ("record.moves[][\"x\"]").
func fieldName(path string) string {
	if path == "" {
		return ""
	}
	if f, ok := spec.FieldOf(path); ok {
		return f.Name
	}
	return indexes.ReplaceAllString(path, "[]")
}

// errorsOrder returns the way of a failure where the spec refuses with
// want and the implementation with got: reported otherwise where got is
// at want's place; else, for a code, notRefused when got is further on
// (the implementation read past the spec's error) and refused when it is
// before it; for a value, notRefused when the spec finds it malformed and
// the implementation only out of range (malformed comes first), refused
// the other way round.
func errorsOrder(want, got *spec.ErrorObject, enc bool) way {
	if enc {
		switch {
		case want.Kind == string(ref.ErrMalformed) && got.Kind == string(ref.ErrOutOfRange):
			return notRefused
		case want.Kind == string(ref.ErrOutOfRange) && got.Kind == string(ref.ErrMalformed):
			return refused
		}
		return reportedWay
	}
	w, wok := bitOf(want)
	g, gok := bitOf(got)
	switch {
	case !wok || !gok:
		return reportedWay
	case g > w:
		return notRefused
	case g < w:
		return refused
	}
	return reportedWay
}

// bitOf returns the first bit an error of a code concerns: its bit, or
// the first bit of its character; false when it has no offset.
func bitOf(e *spec.ErrorObject) (int, bool) {
	switch {
	case e.Bit != nil:
		return *e.Bit, true
	case e.Char != nil:
		return 6 * *e.Char, true
	}
	return 0, false
}

// ruleDifference returns the way a replay or a validation breaks the
// rules otherwise than the spec: the first violation missed, found where
// there is none, or reported out of the spec's order; or the squares.
func ruleDifference(o *suite.Result, dif difference) (difference, bool) {
	want, got := o.Test, o.Answer
	if o.Category == suite.Validate {
		if want.Violations == nil || got.Violations == nil {
			return difference{}, false
		}
		for _, k := range *want.Violations {
			if !slices.Contains(*got.Violations, k) {
				dif.way, dif.rule = ruleMissed, rules.Rule(k)
				return dif, true
			}
		}
		for _, k := range *got.Violations {
			if !slices.Contains(*want.Violations, k) {
				dif.way, dif.rule = ruleFalse, rules.Rule(k)
				return dif, true
			}
		}
		dif.way = ruleOrder
		return dif, true
	}
	if want.Squares == nil || got.Squares == nil {
		return difference{}, false
	}
	var gv *rules.Violation
	if len(got.Violation) > 0 && string(got.Violation) != "null" {
		gv = new(rules.Violation)
		if json.Unmarshal(got.Violation, gv) != nil {
			return difference{}, false
		}
	}
	wv := want.Violation
	switch {
	case gv != nil && (wv == nil || gv.Move < wv.Move):
		dif.way, dif.rule = ruleFalse, gv.Kind
	case wv != nil && (gv == nil || gv.Move > wv.Move):
		dif.way, dif.rule = ruleMissed, wv.Kind
	case wv != nil && wv.Kind != gv.Kind && precedes(gv.Kind, wv.Kind):
		// The spec checks gv's rule first, and found the move keeps it.
		dif.way, dif.rule = ruleFalse, gv.Kind
	case wv != nil && wv.Kind != gv.Kind:
		dif.way, dif.rule = ruleOrder, gv.Kind
	default:
		dif.way = ruleSquares
	}
	return dif, true
}

// precedes reports whether the spec checks rule a before rule b, for a
// move that breaks both (rules.Rules lists them in that order).
func precedes(a, b rules.Rule) bool {
	i, j := slices.Index(rules.Rules, a), slices.Index(rules.Rules, b)
	return i >= 0 && j >= 0 && i < j
}

// words returns the way in words, for the title of its cause, of inputs
// called noun ("codes", "values").
func (dif difference) words(noun string) string {
	switch dif.way {
	case notRefused:
		return map[step]string{decoding: noun + " that spec/qf.md refuses decoded or refused further on", encoding: noun + " that spec/qf.md refuses encoded or refused at another field"}[dif.step]
	case refused:
		return noun + " refused where spec/qf.md " + map[step]string{decoding: "decodes them", encoding: "encodes them"}[dif.step]
	case reportedWay:
		return "errors that spec/qf.md requires reported otherwise"
	case otherResult:
		return map[step]string{decoding: "codes decoded to other values than spec/qf.md's", encoding: "values encoded as other codes than spec/qf.md's"}[dif.step]
	case ruleMissed:
		return string(dif.rule) + " not reported where spec/qf.md's rules find it"
	case ruleFalse:
		return string(dif.rule) + " reported where spec/qf.md's rules find none"
	case ruleOrder:
		return string(dif.rule) + " reported where spec/qf.md's rules report another first"
	case severalWays:
		return map[step]string{decoding: noun + " decoded otherwise than spec/qf.md says, in several ways", encoding: noun + " encoded otherwise than spec/qf.md says, in several ways",
			ruling: "the rules applied otherwise than spec/qf.md says, in several ways"}[dif.step]
	}
	return "legal moves landing on other squares than spec/qf.md's rules say"
}

// name returns the way as a cause's name: "decoding refuses", "encoding
// does not refuse", "no_path: not reported".
func (dif difference) name() string {
	switch dif.way {
	case notRefused:
		return dif.step.String() + " does not refuse"
	case refused:
		return dif.step.String() + " refuses"
	case reportedWay:
		return dif.step.String() + " reports errors otherwise"
	case otherResult:
		return dif.step.String() + " answers other " + map[step]string{decoding: "values", encoding: "codes"}[dif.step]
	case ruleMissed:
		return string(dif.rule) + ": not reported"
	case ruleFalse:
		return string(dif.rule) + ": reported where there is none"
	case ruleOrder:
		return string(dif.rule) + ": reported before another"
	case severalWays:
		if dif.step == ruling {
			return "the rules applied otherwise"
		}
		return dif.step.String() + " answers otherwise"
	}
	return "legal moves land on other squares"
}

// at says where the answers first differ, in words that finish "N codes
// ...": "first differing at state.turn"; "" when the way says it all.
func (dif difference) at() string {
	switch {
	case dif.way == refused && dif.got != nil:
		s := "refused as " + (&spec.ErrorObject{Kind: dif.got.Kind}).String()
		if dif.field != "" {
			s += " at " + dif.field
		}
		return s
	case dif.way == notRefused && dif.want != nil:
		s := "that the spec refuses as " + (&spec.ErrorObject{Kind: dif.want.Kind}).String()
		if dif.field != "" {
			s += " at " + dif.field
		}
		return s
	case dif.field != "" && strings.HasPrefix(dif.field, "the "):
		return "first differing in " + dif.field
	case dif.field != "":
		return "first differing at " + dif.field
	}
	return ""
}
