// Package diagnosis explains the failures of a run as their causes: the
// code behind the causes that qf check, qf report and qf fuzz show.
package diagnosis

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
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
	Reason suite.Reason `json:"reason,omitempty"`
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
const ReasonSpread suite.Reason = "spread"

// Name returns the cause's flag, or its reason.
func (c *Cause) Name() string {
	if c.Flag != "" {
		return c.Flag
	}
	return string(c.Reason)
}

// Causes groups the failed results by cause: first the
// misbehaviours, by reason; then the flags and facets of the failing
// vectors that explain failures, the Fault flags first, each time the one
// that explains the most failures not yet explained; then, for the
// failures left, the spread cause. The flags and facets that explain
// nothing more are marked Also. Every failed vector is explained by a
// cause not marked Also.
func Causes(results []suite.Result, notes map[string]vectors.Note) []Cause {
	var failed []*suite.Result
	type counts struct{ failed, ran int }
	byCategory := map[suite.Category]*counts{}
	for i := range results {
		res := &results[i]
		if res.Status != suite.Pass && res.Status != suite.Fail {
			continue
		}
		c := byCategory[res.Category]
		if c == nil {
			c = new(counts)
			byCategory[res.Category] = c
		}
		c.ran++
		if res.Status == suite.Fail {
			c.failed++
			failed = append(failed, res)
		}
	}
	if len(failed) == 0 {
		return nil
	}
	covered := map[*suite.Result]bool{}
	var causes []Cause
	// take marks members explained and returns the causes' examples: the
	// shortest of those not explained before, one per category if many.
	var fresh []*suite.Result // the failures the last cause explained first
	take := func(members []*suite.Result, perCategory bool) []Example {
		fresh = nil
		for _, m := range members {
			if !covered[m] {
				fresh = append(fresh, m)
				covered[m] = true
			}
		}
		var examples []Example
		for _, cf := range suite.Categories {
			var inCategory []*suite.Result
			for _, m := range fresh {
				if m.Category == cf || !perCategory {
					inCategory = append(inCategory, m)
				}
			}
			if len(inCategory) > 0 {
				ex := shortest(inCategory)
				examples = append(examples, Example{ex.ID, ex.Explain()})
				if !perCategory {
					break
				}
			}
		}
		return examples
	}

	// Misbehaviours first: they are the implementation's, not a rule's.
	byReason := map[suite.Reason][]*suite.Result{}
	for _, res := range failed {
		if res.Reason != suite.Mismatch {
			byReason[res.Reason] = append(byReason[res.Reason], res)
		}
	}
	for _, reason := range []suite.Reason{suite.Crash, suite.Timeout, suite.Protocol, suite.Unsupported} {
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
		members       []*suite.Result            // its failed vectors
		ran           int                        // its vectors run
		byCategory    map[suite.Category]*counts // its vectors run and failed, by category
		others        float64                    // the share of the other vectors that failed, weighted by its vectors' categories
		explains, all bool
	}
	byName := map[string]*candidate{}
	for i := range results {
		res := &results[i]
		if res.Status != suite.Pass && res.Status != suite.Fail {
			continue
		}
		for _, name := range names(res) {
			c := byName[name]
			if c == nil {
				c = &candidate{name: name, byCategory: map[suite.Category]*counts{}}
				byName[name] = c
			}
			in := c.byCategory[res.Category]
			if in == nil {
				in = new(counts)
				c.byCategory[res.Category] = in
			}
			c.ran++
			in.ran++
			if res.Status == suite.Fail {
				in.failed++
			}
			if res.Status == suite.Fail && explainedBy(res, name) {
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
			cause := causeOf(notes, best.name, len(best.members), best.ran, best.others, take(best.members, false))
			cause.Only = shared(fresh, best.name, results)
			causes = append(causes, cause)
		}
	}
	// What no flag or facet singles out.
	var rest []*suite.Result
	for _, res := range failed {
		if !covered[res] && res.Reason == suite.Mismatch {
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
			cause := causeOf(notes, c.name, len(c.members), c.ran, c.others, nil)
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
func explainedBy(res *suite.Result, name string) bool {
	if name == "FaultCrashOnShortInput" {
		return res.Reason == suite.Crash
	}
	if res.Reason != suite.Mismatch {
		return false
	}
	_, decoding := res.Category.Profile()
	return !(isFault(name) && decoding && res.Level >= suite.L2)
}

// names returns the flags and facets of a result.
func names(res *suite.Result) []string {
	names := append([]string(nil), res.Flags...)
	for _, f := range res.Facets {
		names = append(names, string(f))
	}
	return names
}

// shared returns the flags and facets, but name, that every result of
// failures carries and some vector run with name does not (all of them
// run, when name is ""): where the failures are confined. At most three,
// those carried by the fewest vectors run first.
func shared(failures []*suite.Result, name string, all []suite.Result) []string {
	if len(failures) == 0 {
		return nil
	}
	count := map[string]int{}
	for _, f := range failures {
		for _, n := range names(f) {
			count[n]++
		}
	}
	// How many of the vectors run with name carry each, and how many
	// vectors run carry each at all.
	withName, carried, ran := map[string]int{}, map[string]int{}, 0
	for i := range all {
		res := &all[i]
		if res.Status != suite.Pass && res.Status != suite.Fail {
			continue
		}
		ns := names(res)
		has := name == "" || slices.Contains(ns, name)
		if has {
			ran++
		}
		for _, n := range ns {
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
func causeOf(notes map[string]vectors.Note, name string, failed, total int, others float64, examples []Example) Cause {
	c := Cause{Flag: name, Failed: failed, Total: total, Others: others, Examples: examples}
	if note := suite.Facet(name).Note(); note != "" {
		c.Note = note
	} else {
		c.Note, c.Refs = notes[name].Description, notes[name].Refs
	}
	return c
}

// Ways returns how the failures fail, most first: "another offset 55,
// crash 2"; the mismatches by their way, the others by reason.
func Ways(results []suite.Result) string {
	counts := map[string]int{}
	for _, res := range results {
		if res.Status == suite.Fail {
			counts[res.Why()]++
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

var reasonNotes = map[suite.Reason]string{
	suite.Crash:       "the implementation exited or closed its output instead of answering",
	suite.Timeout:     "no answer within the timeout (or its input not read)",
	suite.Protocol:    "an answer that breaks spec/protocol.md",
	suite.Unsupported: `"unsupported" for an op and profile the implementation's hello lists`,
}

// shortest returns the result with the shortest input, the first of
// those.
func shortest(results []*suite.Result) *suite.Result {
	best := results[0]
	for _, r := range results[1:] {
		if len(r.Input) < len(best.Input) {
			best = r
		}
	}
	return best
}
