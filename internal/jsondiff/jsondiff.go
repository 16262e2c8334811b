// Package jsondiff finds where two JSON values first differ: the path of
// the place, in the order of spec/qf.md's canonical JSON, and what each
// holds there. The grading of an answer says it in a line (package
// suite), and the diagnosis names the field of the layout it falls in
// (package diagnosis).
package jsondiff

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/spec"
)

// A Difference is the first place where two values differ.
type Difference struct {
	// Path is the place, "state.walls.white.h[3]"; "" for the values
	// themselves.
	Path string
	// Want and Got are the values there. When a list is longer on one
	// side, the path is of the first element beyond the shorter list's
	// end, and the shorter side's Has is false; likewise for a member one
	// side lacks.
	Want, Got       any
	WantHas, GotHas bool
	// Ends is set when a list ends on one side: the lists differ in
	// length, and are otherwise the same up to Path.
	Ends bool
}

// First returns where got first differs from want, two values decoded
// from JSON (maps, lists, strings, numbers, booleans, nil), depth first:
// members in the order of the canonical JSON (spec.Members), then the
// others sorted by name; elements in order. It returns false when they
// are equal.
func First(want, got any) (Difference, bool) { return first("", want, got) }

func first(path string, want, got any) (Difference, bool) {
	switch w := want.(type) {
	case map[string]any:
		if g, ok := got.(map[string]any); ok {
			return firstMember(path, w, g)
		}
	case []any:
		if g, ok := got.([]any); ok {
			return firstElement(path, w, g)
		}
	default:
		if text(want) == text(got) {
			return Difference{}, false
		}
	}
	return Difference{Path: path, Want: want, Got: got, WantHas: true, GotHas: true}, true
}

func firstMember(path string, w, g map[string]any) (Difference, bool) {
	for _, k := range keys(path, w, g) {
		wv, inW := w[k]
		gv, inG := g[k]
		if !inW || !inG {
			return Difference{Path: Join(path, k), Want: wv, Got: gv, WantHas: inW, GotHas: inG}, true
		}
		if d, ok := first(Join(path, k), wv, gv); ok {
			return d, true
		}
	}
	return Difference{}, false
}

func firstElement(path string, w, g []any) (Difference, bool) {
	for i := 0; i < max(len(w), len(g)); i++ {
		p := path + "[" + strconv.Itoa(i) + "]"
		if i >= len(w) || i >= len(g) {
			d := Difference{Path: p, Ends: true, WantHas: i < len(w), GotHas: i < len(g)}
			if d.WantHas {
				d.Want = w[i]
			}
			if d.GotHas {
				d.Got = g[i]
			}
			return d, true
		}
		if d, ok := first(p, w[i], g[i]); ok {
			return d, true
		}
	}
	return Difference{}, false
}

// keys returns the names of the members of two objects at path: those
// spec.Members lists for the object there, in its order, then the others
// sorted.
func keys(path string, a, b map[string]any) []string {
	order := spec.Members[pointer(path)]
	var out, rest []string
	for _, k := range order {
		_, inA := a[k]
		_, inB := b[k]
		if inA || inB {
			out = append(out, k)
		}
	}
	for _, m := range []map[string]any{a, b} {
		for k := range m {
			if !slices.Contains(order, k) && !slices.Contains(rest, k) {
				rest = append(rest, k)
			}
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// pointer returns the JSON Pointer of a path as spec.Members keys it:
// "record.moves[2]" is "/record/moves/#".
func pointer(path string) string {
	if path == "" {
		return ""
	}
	return index.ReplaceAllString("/"+strings.ReplaceAll(path, ".", "/"), "/#")
}

var index = regexp.MustCompile(`\[\d+\]`)

// Join returns the path of member key of the value at path.
func Join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func text(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
