package runner

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// A Cause is a reason shared by failing vectors: a way the implementation
// misbehaved (a crash, a timeout, a protocol error, "unsupported"); a flag
// that the failing vectors carry, which names the rule or the known fault
// they check; a facet of their inputs (facets.go), such as the chunks
// their codes hold; or, for what none of these singles out, the failures
// spread across the suite.
type Cause struct {
	// Reason is the failures' reason for a misbehaviour (ReasonCrash, ...),
	// ReasonSpread for failures that no flag or facet singles out, and ""
	// for a flag or facet.
	Reason string `json:"reason,omitempty"`
	// Flag is the flag or facet the failing vectors share.
	Flag string `json:"flag,omitempty"`
	// Note is what the flag's vectors check, and Refs the edge cases and
	// spec sections they document.
	Note string   `json:"note,omitempty"`
	Refs []string `json:"refs,omitempty"`
	// Failed is how many vectors with the flag (or reason) failed, of
	// Total run; Others is the share of the other vectors that failed,
	// category by category, weighted as the flag's vectors are. A flag
	// explains failures when its vectors fail at least twice as often.
	Failed int     `json:"failed"`
	Total  int     `json:"total"`
	Others float64 `json:"others_failed"`
	// Only lists the flags and facets that all the failures it explains
	// share and its other vectors do not: where the fault is confined.
	Only []string `json:"only,omitempty"`
	// Examples are the shortest failing vectors among those the causes
	// before this one do not explain: one, or one per category for the
	// failures spread across the suite.
	Examples []Example `json:"examples,omitempty"`
	// Also is true for a flag that explains nothing more: its failures
	// are explained by the causes before it, or its vectors fail no more
	// often than the others. It is listed after the others, without an
	// example.
	Also bool `json:"also,omitempty"`
}

// An Example is a failing vector and what was wrong with it.
type Example struct {
	ID         string `json:"id"`
	Difference string `json:"difference"`
}

// ReasonSpread is the reason of the cause that gathers the failures no
// flag or facet singles out: the implementation fails vectors of every
// kind about as often, a fault at its root.
const ReasonSpread = "spread"

// Name returns the cause's flag, or its reason.
func (c *Cause) Name() string {
	if c.Flag != "" {
		return c.Flag
	}
	return c.Reason
}

// causes groups the failed vectors of the report by cause: first the
// misbehaviours, by reason; then the flags and facets of the failing
// vectors that explain failures, the Fault flags first, each time the one
// that explains the most failures not yet explained; then, for the
// failures left, the spread cause. The flags and facets that explain
// nothing more are marked Also. Every failed vector is explained by a
// cause not marked Also.
func (r *Report) causes() []Cause {
	var failed []*Result
	type counts struct{ failed, ran int }
	byCategory := map[string]*counts{}
	for i := range r.Results {
		res := &r.Results[i]
		if res.Status != StatusPass && res.Status != StatusFail {
			continue
		}
		c := byCategory[res.Category]
		if c == nil {
			c = new(counts)
			byCategory[res.Category] = c
		}
		c.ran++
		if res.Status == StatusFail {
			c.failed++
			failed = append(failed, res)
		}
	}
	if len(failed) == 0 {
		return nil
	}
	covered := map[*Result]bool{}
	var causes []Cause
	// take marks members explained and returns the causes' examples: the
	// shortest of those not explained before, one per category if many.
	var fresh []*Result // the failures the last cause explained first
	take := func(members []*Result, perCategory bool) []Example {
		fresh = nil
		for _, m := range members {
			if !covered[m] {
				fresh = append(fresh, m)
				covered[m] = true
			}
		}
		var examples []Example
		for _, cf := range Categories {
			var inCategory []*Result
			for _, m := range fresh {
				if m.Category == cf.Name || !perCategory {
					inCategory = append(inCategory, m)
				}
			}
			if len(inCategory) > 0 {
				ex := shortest(inCategory)
				examples = append(examples, Example{ex.ID, ex.Difference()})
				if !perCategory {
					break
				}
			}
		}
		return examples
	}

	// Misbehaviours first: they are the implementation's, not a rule's.
	byReason := map[string][]*Result{}
	for _, res := range failed {
		if res.Reason != ReasonMismatch {
			byReason[res.Reason] = append(byReason[res.Reason], res)
		}
	}
	for _, reason := range []string{ReasonCrash, ReasonTimeout, ReasonProtocol, ReasonUnsupported} {
		if m := byReason[reason]; len(m) > 0 {
			c := Cause{Reason: reason, Note: reasonNotes[reason], Failed: len(m), Total: len(m), Examples: take(m, false)}
			c.Only = shared(fresh, "", nil)
			causes = append(causes, c)
		}
	}

	// The flags and facets of the mismatches. A fault flag names a wrong
	// answer, not a wrong offset: it does not explain a decoding failure
	// with the right error kind (level L2).
	type candidate struct {
		name          string
		members       []*Result          // its failed vectors
		ran           int                // its vectors run
		byCategory    map[string]*counts // its vectors run and failed, by category
		others        float64            // the share of the other vectors that failed, weighted by its vectors' categories
		explains, all bool
	}
	byName := map[string]*candidate{}
	for i := range r.Results {
		res := &r.Results[i]
		if res.Status != StatusPass && res.Status != StatusFail {
			continue
		}
		for _, name := range append(append([]string(nil), res.Flags...), res.Facets...) {
			c := byName[name]
			if c == nil {
				c = &candidate{name: name, byCategory: map[string]*counts{}}
				byName[name] = c
			}
			in := c.byCategory[res.Category]
			if in == nil {
				in = new(counts)
				c.byCategory[res.Category] = in
			}
			c.ran++
			in.ran++
			if res.Status == StatusFail {
				in.failed++
			}
			if res.Status == StatusFail && explainedBy(res, name) {
				c.members = append(c.members, res)
			}
		}
	}
	// A flag explains failures when its vectors fail at least twice as
	// often as the others would, category by category: the failures
	// expected of it are, in each category, its vectors there times the
	// share of the category's other vectors that failed.
	var candidates []*candidate
	for _, c := range byName {
		if len(c.members) == 0 {
			continue
		}
		expected := 0.0
		for cat, in := range c.byCategory {
			all := byCategory[cat]
			if otherRan := all.ran - in.ran; otherRan > 0 {
				expected += float64(in.ran) * float64(all.failed-in.failed) / float64(otherRan)
			}
		}
		c.others = expected / float64(c.ran)
		c.explains = float64(len(c.members)) >= 2*expected
		candidates = append(candidates, c)
	}
	sort.Slice(candidates, func(i, j int) bool { return candidates[i].name < candidates[j].name })
	// Greedily: each time, of the flags that explain failures, the fault
	// flags before the others, the one that explains the most failures not
	// yet explained; of those explaining as many, the one whose vectors
	// fail most often. Then likewise the facets, for the failures no flag
	// explains: a flag names what a vector checks, a facet only its input.
	for _, facets := range []bool{false, true} {
		for {
			var best *candidate
			bestNew := 0
			for _, c := range candidates {
				if !c.explains || c.all || isFacet(c.name) != facets {
					continue
				}
				n := 0
				for _, m := range c.members {
					if !covered[m] {
						n++
					}
				}
				better := best == nil || isFault(c.name) && !isFault(best.name) ||
					isFault(c.name) == isFault(best.name) && (n > bestNew || n == bestNew && len(c.members)*best.ran > len(best.members)*c.ran)
				if n > 0 && better {
					best, bestNew = c, n
				}
			}
			if best == nil {
				break
			}
			best.all = true
			cause := r.causeOf(best.name, len(best.members), best.ran, best.others, take(best.members, false))
			cause.Only = shared(fresh, best.name, r.Results)
			causes = append(causes, cause)
		}
	}
	// What no flag or facet singles out.
	var rest []*Result
	for _, res := range failed {
		if !covered[res] && res.Reason == ReasonMismatch {
			rest = append(rest, res)
		}
	}
	if len(rest) > 0 {
		total := 0
		for _, c := range byCategory {
			total += c.ran
		}
		causes = append(causes, Cause{Reason: ReasonSpread, Note: "failures that no flag or facet singles out: vectors of every kind fail about as often, a fault at the root; the shortest of each kind",
			Failed: len(rest), Total: total, Examples: take(rest, true)})
	}
	// The others, by name.
	for _, c := range candidates {
		if !c.all {
			cause := r.causeOf(c.name, len(c.members), c.ran, c.others, nil)
			cause.Also = true
			causes = append(causes, cause)
		}
	}
	return causes
}

func isFault(name string) bool { return strings.HasPrefix(name, "Fault") }

func isFacet(name string) bool { return strings.Contains(name, ":") }

// explainedBy reports whether a failed result may be explained by the flag
// or facet name. Misbehaviours are causes of their own. A fault flag names
// a wrong answer, not a wrong offset: it does not explain a decoding
// failure with the right error kind (level L2); and a crash fault only a
// crash.
func explainedBy(res *Result, name string) bool {
	if name == "FaultCrashOnShortInput" {
		return res.Reason == ReasonCrash
	}
	if res.Reason != ReasonMismatch {
		return false
	}
	decoding := res.Category == CategoryStrict || res.Category == CategoryLenient
	return !(isFault(name) && decoding && res.Level >= L2)
}

// shared returns the flags and facets, but name, that every result of
// failures carries and some vector run with name does not (all of them
// run, when name is ""): where the failures are confined. At most three,
// those carried by the fewest vectors run first.
func shared(failures []*Result, name string, all []Result) []string {
	if len(failures) == 0 {
		return nil
	}
	count := map[string]int{}
	for _, f := range failures {
		for _, n := range append(append([]string(nil), f.Flags...), f.Facets...) {
			count[n]++
		}
	}
	// How many of the vectors run with name carry each, and how many
	// vectors run carry each at all.
	withName, carried, ran := map[string]int{}, map[string]int{}, 0
	for i := range all {
		res := &all[i]
		if res.Status != StatusPass && res.Status != StatusFail {
			continue
		}
		names := append(append([]string(nil), res.Flags...), res.Facets...)
		has := name == "" || slices.Contains(names, name)
		if has {
			ran++
		}
		for _, n := range names {
			carried[n]++
			if has {
				withName[n]++
			}
		}
	}
	var out []string
	for n, k := range count {
		if k == len(failures) && n != name && (all == nil || withName[n] < ran) {
			out = append(out, n)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if carried[out[i]] != carried[out[j]] {
			return carried[out[i]] < carried[out[j]]
		}
		return out[i] < out[j]
	})
	return out[:min(3, len(out))]
}

// causeOf returns the cause of a flag or facet.
func (r *Report) causeOf(name string, failed, total int, others float64, examples []Example) Cause {
	c := Cause{Flag: name, Failed: failed, Total: total, Others: others, Examples: examples}
	if note, ok := facetNotes[name]; ok {
		c.Note = note
	} else {
		c.Note, c.Refs = r.FlagNotes[name].Description, r.FlagNotes[name].Refs
	}
	return c
}

// Ways returns how the failures fail, most first: "another offset 55,
// crash 2"; the mismatches by what differs, the others by reason.
func (r *Report) Ways() string {
	counts := map[string]int{}
	for _, res := range r.Results {
		if res.Status == StatusFail {
			counts[res.Way()]++
		}
	}
	ways := make([]string, 0, len(counts))
	for w := range counts {
		ways = append(ways, w)
	}
	sort.Slice(ways, func(i, j int) bool {
		if counts[ways[i]] != counts[ways[j]] {
			return counts[ways[i]] > counts[ways[j]]
		}
		return ways[i] < ways[j]
	})
	for i, w := range ways {
		ways[i] = fmt.Sprintf("%s %d", w, counts[w])
	}
	return strings.Join(ways, ", ")
}

// Way returns how a failed result fails: for a mismatch, what differs
// ("another offset", "accepted an invalid code", ...), otherwise its
// reason.
func (r *Result) Way() string {
	if r.Reason != ReasonMismatch {
		return r.Reason
	}
	way, _, _ := strings.Cut(r.Detail, ":")
	return way
}

var reasonNotes = map[string]string{
	ReasonCrash:       "the implementation exited or closed its output instead of answering",
	ReasonTimeout:     "no answer within the timeout (or its input not read)",
	ReasonProtocol:    "an answer that breaks spec/protocol.md",
	ReasonUnsupported: `"unsupported" for an op and profile the implementation's hello lists`,
}

// shortest returns the result with the shortest input, the first of
// those.
func shortest(results []*Result) *Result {
	best := results[0]
	for _, r := range results[1:] {
		if len(r.Input) < len(best.Input) {
			best = r
		}
	}
	return best
}

// Difference says in a line what was wrong with a failed result: for a
// mismatch, the first place where the answer differs from the expected
// one ("want truncated at bit 34 (state.turn), got a value", "at
// state.walls.white.h[0]: want 63, got 0"); otherwise the reason's
// detail.
func (r *Result) Difference() string {
	if r.Reason != ReasonMismatch {
		return r.Detail
	}
	var want, got any
	if json.Unmarshal(r.Want, &want) != nil {
		return r.Detail
	}
	if json.Unmarshal(r.Got, &got) != nil {
		return r.Detail + "; got: " + string(r.Got)
	}
	wantErr, gotErr := errorOf(want), errorOf(got)
	switch {
	case wantErr != nil && gotErr != nil:
		return "want " + describeError(wantErr) + ", got " + describeError(gotErr)
	case wantErr != nil:
		return "want " + describeError(wantErr) + ", got " + describeAnswer(got)
	case gotErr != nil:
		return "want " + describeAnswer(want) + ", got " + describeError(gotErr)
	}
	if path, w, g, ok := firstDifference("", want, got); ok {
		if path == "" {
			return "want " + w + ", got " + g
		}
		return "at " + path + ": want " + w + ", got " + g
	}
	return r.Detail
}

// errorOf returns v as an error object, if it is one: an object with a
// string "kind" and nothing of a value.
func errorOf(v any) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if _, ok := m["kind"].(string); !ok {
		return nil
	}
	if _, ok := m["squares"]; ok {
		return nil
	}
	return m
}

// describeError returns an error object in words: "truncated at bit 34
// (state.turn)".
func describeError(e map[string]any) string {
	s := fmt.Sprint(e["kind"])
	for _, unit := range []string{"bit", "char"} {
		if n, ok := e[unit].(float64); ok {
			s += fmt.Sprintf(" at %s %d", unit, int(n))
		}
	}
	if f, ok := e["field"].(string); ok && f != "" {
		s += " (" + f + ")"
	}
	return s
}

// describeAnswer names an answer that is not an error.
func describeAnswer(v any) string {
	switch x := v.(type) {
	case string:
		return "the code " + clipJSON(x)
	case []any:
		return "the violations " + clipJSON(x)
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
				return join(path, k), clipJSON(wv), "nothing", true
			case !inW:
				return join(path, k), "nothing", clipJSON(gv), true
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
				return p, clipJSON(w[i]), "nothing (the list ends)", true
			case i >= len(w):
				return p, "nothing (the list ends)", clipJSON(g[i]), true
			}
			if p, a, b, ok := firstDifference(p, w[i], g[i]); ok {
				return p, a, b, true
			}
		}
		return "", "", "", false
	default:
		if jsonEqual(want, got) {
			return "", "", "", false
		}
	}
	return path, clipJSON(want), clipJSON(got), true
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// clipJSON returns v as JSON of at most about 60 bytes.
func clipJSON(v any) string {
	b, _ := json.Marshal(v)
	const n = 60
	if len(b) <= n {
		return string(b)
	}
	return string(prefix(b, n)) + "..."
}
