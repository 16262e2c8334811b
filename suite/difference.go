package suite

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

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
		return "want " + describeError(want.err, false) + ", got " + describeError(got.err, hasOffset(want.err))
	case want.err != nil:
		return "want " + describeError(want.err, false) + ", got " + describeValue(got.value)
	case got.err != nil:
		return "want " + describeValue(want.value) + ", got " + describeError(got.err, false)
	}
	var w, g any
	if json.Unmarshal(want.value, &w) != nil || json.Unmarshal(got.value, &g) != nil {
		return "want " + clipJSON(string(want.value)) + ", got " + clipJSON(string(got.value))
	}
	path, a, b, ok := firstDifference("", w, g)
	switch {
	case !ok:
		return "the same, but for spacing or order"
	case path == "":
		return "want " + a + ", got " + b
	}
	return "at " + path + ": want " + a + ", got " + b
}

func hasOffset(e *spec.ErrorObject) bool { return e.Bit != nil || e.Char != nil }

// describeError returns an error object in words: "truncated at bit 34
// (state.turn)", or when noOffset is set and it has none, "truncated with
// no offset".
func describeError(e *spec.ErrorObject, noOffset bool) string {
	s := strconv.Quote(e.Kind)
	if isKindName(e.Kind) {
		s = e.Kind
	}
	switch {
	case e.Bit != nil:
		s += fmt.Sprintf(" at bit %d", *e.Bit)
	case e.Char != nil:
		s += fmt.Sprintf(" at char %d", *e.Char)
	case noOffset:
		s += " with no offset"
	}
	if e.Field != "" {
		s += " (" + e.Field + ")"
	}
	return s
}

// isKindName reports whether kind reads well unquoted: lower-case letters
// and underscores.
func isKindName(kind string) bool {
	for i := 0; i < len(kind); i++ {
		if c := kind[i]; !('a' <= c && c <= 'z' || c == '_') {
			return false
		}
	}
	return kind != ""
}

// describeValue names an answer that is not an error, from its JSON.
func describeValue(b json.RawMessage) string {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return "a value"
	}
	switch x := v.(type) {
	case string:
		return "the code " + clipJSON(string(b))
	case []any:
		return "the violations " + clipJSON(string(b))
	case map[string]any:
		if _, ok := x["squares"]; ok {
			return "a replay"
		}
	}
	return "a value"
}

// firstDifference returns the path of the first place, depth first, where
// got differs from want, and both there as short JSON.
func firstDifference(path string, want, got any) (string, string, string, bool) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			break
		}
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			wv, inW := w[k]
			gv, inG := g[k]
			switch {
			case !inG:
				return join(path, k), short(wv), "nothing", true
			case !inW:
				return join(path, k), "nothing", short(gv), true
			}
			if p, a, b, ok := firstDifference(join(path, k), wv, gv); ok {
				return p, a, b, true
			}
		}
		return "", "", "", false
	case []any:
		g, ok := got.([]any)
		if !ok {
			break
		}
		for i := 0; i < max(len(w), len(g)); i++ {
			p := path + "[" + strconv.Itoa(i) + "]"
			switch {
			case i >= len(g):
				return p, short(w[i]), "nothing (the list ends)", true
			case i >= len(w):
				return p, "nothing (the list ends)", short(g[i]), true
			}
			if p, a, b, ok := firstDifference(p, w[i], g[i]); ok {
				return p, a, b, true
			}
		}
		return "", "", "", false
	default:
		if short(want) == short(got) {
			return "", "", "", false
		}
	}
	return path, short(want), short(got), true
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// short returns v as JSON of at most about 60 bytes.
func short(v any) string {
	b, _ := json.Marshal(v)
	return clipJSON(string(b))
}

// clipJSON returns JSON text cut to about 60 bytes.
func clipJSON(s string) string {
	const n = 60
	if len(s) <= n {
		return s
	}
	return string(prefix([]byte(s), n)) + "..."
}
