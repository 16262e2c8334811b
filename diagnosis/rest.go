package diagnosis

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/suite"
)

// Misbehaviour: the reasons an implementation gave no usable answer,
// each with what spec/protocol.md requires instead.
var misbehaviours = map[suite.Reason]struct{ title, fix string }{
	suite.Crash: {"the implementation exited or closed its output instead of answering",
		"answer every request, with an error object for what cannot be decoded or encoded, and exit only at the end of the input (spec/protocol.md)"},
	suite.Timeout: {"no answer within the timeout",
		"answer each request within the timeout, with an error object for what cannot be decoded or encoded (spec/protocol.md)"},
	suite.Protocol: {"an answer that breaks spec/protocol.md",
		"answer each request with one line of JSON as spec/protocol.md says: its id, then a result or an error object"},
	suite.Unsupported: {`"unsupported" for an op and profile the implementation's hello lists`,
		"list in hello only the ops and profiles implemented, or implement them (spec/protocol.md)"},
}

// explainMisbehaviour explains a failure without a usable answer by its
// reason.
func (d *diagnosis) explainMisbehaviour(f *failure) (causeID, bool) {
	if _, ok := misbehaviours[f.r.Reason]; !ok {
		return causeID{}, false
	}
	return causeID{faults.Misbehaviour, string(f.r.Reason)}, true
}

// maxDetails is how many different details of misbehaviour a cause says.
const maxDetails = 10

// misbehaviourCause returns the cause of the failures of one reason: what
// happened, in the words of the driver, and what the protocol requires.
func (d *diagnosis) misbehaviourCause(id causeID, members []int) Cause {
	m := misbehaviours[suite.Reason(id.name)]
	details := map[string]int{}
	for _, i := range members {
		details[d.obs[i].Detail]++
	}
	kinds := make([]string, 0, len(details))
	for detail := range details {
		kinds = append(kinds, detail)
	}
	sort.Slice(kinds, func(a, b int) bool {
		if details[kinds[a]] != details[kinds[b]] {
			return details[kinds[a]] > details[kinds[b]]
		}
		return kinds[a] < kinds[b]
	})
	var said []string
	for _, detail := range kinds[:min(len(kinds), maxDetails)] {
		said = append(said, fmt.Sprintf("%s (%d)", detail, details[detail]))
	}
	observed := fmt.Sprintf("%d %s: %s", len(members), term.Plural(len(members), "request"), strings.Join(said, "; "))
	if len(kinds) > maxDetails {
		observed += fmt.Sprintf(" (the %d most frequent of %d different details)", maxDetails, len(kinds))
	}
	if s, ok := d.shared(members); ok {
		observed += "; " + s.String()
	}
	return Cause{Title: m.title, Fix: m.fix, Refs: []string{"spec/protocol.md"},
		Observed: observed,
		Evidence: fmt.Sprintf("%d %s", len(members), term.Plural(len(members), "test"))}
}

// A tally counts the tests of a facet, and of the others of its
// categories.
type tally struct {
	ran, failed         int
	otherRan, otherFail int
	left                int // failures of it not explained before
}

// findFacets finds the facets whose tests fail as a whole (FacetShare of
// them or more) while the other tests of their categories do not
// (OthersShare or fewer fail), among the failures left: every code with a
// State, neither chunk, every move of one direction or one player, every
// test of one category.
func (d *diagnosis) findFacets(left []int) {
	tallies := d.tallies(left)
	names := make([]string, 0, len(tallies))
	for n := range tallies {
		names = append(names, n)
	}
	sort.Slice(names, func(a, b int) bool {
		if x, y := tallies[names[a]].left, tallies[names[b]].left; x != y {
			return x > y
		}
		return names[a] < names[b]
	})
	d.facets = nil
	for _, name := range names {
		t := tallies[name]
		whole := t.ran >= d.th.MinFacet && float64(t.failed) >= d.th.FacetShare*float64(t.ran)
		apart := t.otherRan == 0 && isCategoryFacet(name) || t.otherRan > 0 && float64(t.otherFail) <= d.th.OthersShare*float64(t.otherRan)
		if whole && apart && t.left > 0 && !d.spanned(name, left) {
			d.facets = append(d.facets, name)
		}
	}
}

// spanned reports whether the failures left of facet name are a slice of
// what a trait of their inputs does beyond it: TraitShare of them have
// the trait, TraitShare of the tests run that have it fail, and as many
// failures left outside the facet have it as inside. A decoder that
// misreads every code whose last character holds padding bits fails the
// replays of one move in one direction as a whole, and the codes of
// every other op alike: the trait, not the facet, says what they share
// (the behaviours' stage names it).
func (d *diagnosis) spanned(name string, left []int) bool {
	var in, out []int
	for _, i := range left {
		if hasFacet(d.obs[i], name) {
			in = append(in, i)
		} else {
			out = append(out, i)
		}
	}
	count := map[trait]int{}
	for _, i := range in {
		for _, t := range d.inputTraits(i) {
			count[t]++
		}
	}
	var wide []trait
	for t, n := range count {
		if float64(n) >= d.th.TraitShare*float64(len(in)) {
			wide = append(wide, t)
		}
	}
	if len(wide) == 0 {
		return false
	}
	outside := map[trait]int{}
	for _, i := range out {
		for _, t := range d.inputTraits(i) {
			if slices.Contains(wide, t) {
				outside[t]++
			}
		}
	}
	ran, failed := map[trait]int{}, map[trait]int{}
	for i, o := range d.obs {
		if !o.Status.Ran() {
			continue
		}
		for _, t := range d.inputTraits(i) {
			if slices.Contains(wide, t) {
				ran[t]++
				if o.Status == suite.Fail {
					failed[t]++
				}
			}
		}
	}
	for _, t := range wide {
		if outside[t] >= len(in) && float64(failed[t]) >= d.th.TraitShare*float64(ran[t]) {
			return true
		}
	}
	return false
}

// tallies counts the tests of each facet and of the others of its
// categories (of every category, for a category's facet).
func (d *diagnosis) tallies(left []int) map[string]*tally {
	isLeft := map[int]bool{}
	for _, i := range left {
		isLeft[i] = true
	}
	tallies := map[string]*tally{}
	cats := map[string]map[suite.Category]bool{}
	ran, failed := map[suite.Category]int{}, map[suite.Category]int{}
	allRan, allFailed := 0, 0
	for i, r := range d.obs {
		if r.Status.Ran() {
			ran[r.Category]++
			allRan++
		}
		if r.Status == suite.Fail {
			failed[r.Category]++
			allFailed++
		}
		for _, name := range facetNames(r) {
			if cats[name] == nil {
				cats[name] = map[suite.Category]bool{}
				tallies[name] = new(tally)
			}
			cats[name][r.Category] = true
			t := tallies[name]
			if r.Status.Ran() {
				t.ran++
			}
			if r.Status == suite.Fail {
				t.failed++
				if isLeft[i] {
					t.left++
				}
			}
		}
	}
	// The others: the tests of its categories without it, those of every
	// category for a category's facet.
	for name, t := range tallies {
		t.otherRan, t.otherFail = allRan-t.ran, allFailed-t.failed
		if !isCategoryFacet(name) {
			t.otherRan, t.otherFail = -t.ran, -t.failed
			for c := range cats[name] {
				t.otherRan += ran[c]
				t.otherFail += failed[c]
			}
		}
	}
	return tallies
}

// explainFacet explains a failure by the first facet found that it has.
func (d *diagnosis) explainFacet(f *failure) (causeID, bool) {
	for _, name := range d.facets {
		if hasFacet(f.r, name) {
			return causeID{faults.Facet, name}, true
		}
	}
	return causeID{}, false
}

// facetCause returns the cause of a facet's failures: which tests, what
// the implementation answered, and that the spec treats them as any
// other.
func (d *diagnosis) facetCause(id causeID, members []int) Cause {
	t := d.tallies(members)[id.name]
	c := Cause{Title: facetTitle(id.name) + " fails", Only: []string{}, Observed: d.describe(members),
		Evidence: fmt.Sprintf("%d of its %d tests fail; %d of the %d others of the same categories", t.failed, t.ran, t.otherFail, t.otherRan),
		Fix:      "answer " + facetTitle(id.name) + " as spec/qf.md says, as the tests of the other facets are"}
	if isCategoryFacet(id.name) {
		c.Evidence = fmt.Sprintf("%d of its %d tests fail; %d of the %d tests of the other categories", t.failed, t.ran, t.otherFail, t.otherRan)
	}
	return c
}

// facetNames returns the facets a result is counted under: its own, and
// its category's ("category:encode").
func facetNames(r *suite.Result) []string {
	out := []string{"category:" + r.Category.Name()}
	for _, f := range r.Facets {
		out = append(out, string(f))
	}
	return out
}

func hasFacet(r *suite.Result, name string) bool { return slices.Contains(facetNames(r), name) }

func isCategoryFacet(name string) bool { return strings.HasPrefix(name, "category:") }

// facetTitle says what tests a facet has, in words.
func facetTitle(name string) string {
	if c, ok := strings.CutPrefix(name, "category:"); ok {
		return "every " + c + " test"
	}
	if note := suite.Facet(name).Note(); note != "" {
		return "every test where " + lower(note)
	}
	return name
}

func lower(s string) string {
	if s == "" {
		return s
	}
	s = string(s[0]|0x20) + s[1:]
	if s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return s
}
