package diagnosis

import (
	"fmt"
	"sort"

	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/suite"
)

// misbehaviour adds a cause for each reason an implementation gave no
// usable answer (a crash, a timeout, a protocol error, "unsupported"),
// of the failures no known fault explains.
func (d *diagnosis) misbehaviour() {
	notes := map[suite.Reason]string{
		suite.Crash:       "the implementation exited or closed its output instead of answering",
		suite.Timeout:     "no answer within the timeout (or its input not read)",
		suite.Protocol:    "an answer that breaks spec/protocol.md",
		suite.Unsupported: `"unsupported" for an op and profile the implementation's hello lists`,
	}
	fixes := map[suite.Reason]string{
		suite.Crash:       "answer every request, an error object for what cannot be decoded or encoded; never exit before the end of the input",
		suite.Timeout:     "answer each request as soon as it is read, and flush",
		suite.Protocol:    "answer each request with one line of JSON as spec/protocol.md says: its id, then a result or an error object",
		suite.Unsupported: "list in hello only the ops and profiles implemented, or implement them",
	}
	for _, reason := range []suite.Reason{suite.Crash, suite.Timeout, suite.Protocol, suite.Unsupported} {
		var members []int
		for _, i := range d.unexplainedFailures() {
			if d.obs[i].Reason == reason {
				members = append(members, i)
			}
		}
		c := Cause{Kind: Misbehaviour, Name: string(reason), Title: notes[reason], Fix: fixes[reason], Refs: []string{"spec/protocol.md"},
			Evidence: fmt.Sprintf("%d %s", len(members), term.Plural(len(members), "test"))}
		d.add(c, members)
	}
}

// minFacet is the least number of tests a facet must have for its
// failing as a whole to be told.
const minFacet = 3

// facets adds a cause for each facet whose tests fail as a whole (nine
// in ten or more) while the other tests of its categories do not (half
// or fewer fail), for the failures left: every code with a State,
// neither chunk, every move of one direction or one player, every test
// of one category.
func (d *diagnosis) facets() {
	type tally struct {
		ran, failed         int
		otherRan, otherFail int
		members             []int
	}
	tallies := map[string]*tally{}
	left := map[int]bool{}
	for _, i := range d.unexplainedFailures() {
		left[i] = true
	}
	for i := range d.obs {
		r := d.obs[i]
		if !r.Status.Ran() {
			continue
		}
		for _, name := range facetNames(r) {
			t := tallies[name]
			if t == nil {
				t = new(tally)
				tallies[name] = t
			}
			t.ran++
			if r.Status == suite.Fail {
				t.failed++
				if left[i] {
					t.members = append(t.members, i)
				}
			}
		}
	}
	// The others of each facet: the tests of its categories without it
	// (of every category, for a category's facet).
	cats := map[string]map[suite.Category]bool{}
	for i := range d.obs {
		r := d.obs[i]
		for _, name := range facetNames(r) {
			if cats[name] == nil {
				cats[name] = map[suite.Category]bool{}
			}
			cats[name][r.Category] = true
		}
	}
	for i := range d.obs {
		r := d.obs[i]
		if !r.Status.Ran() {
			continue
		}
		for name, t := range tallies {
			if hasFacet(r, name) || !isCategoryFacet(name) && !cats[name][r.Category] {
				continue
			}
			t.otherRan++
			if r.Status == suite.Fail {
				t.otherFail++
			}
		}
	}
	names := make([]string, 0, len(tallies))
	for n := range tallies {
		names = append(names, n)
	}
	sort.Slice(names, func(a, b int) bool {
		if x, y := len(tallies[names[a]].members), len(tallies[names[b]].members); x != y {
			return x > y
		}
		return names[a] < names[b]
	})
	for _, name := range names {
		t := tallies[name]
		whole := t.ran >= minFacet && float64(t.failed) >= 0.9*float64(t.ran)
		apart := t.otherRan == 0 && isCategoryFacet(name) || t.otherRan > 0 && 2*t.otherFail <= t.otherRan
		if !whole || !apart {
			continue
		}
		c := Cause{Kind: Facet, Name: name, Title: facetTitle(name),
			Evidence: fmt.Sprintf("%d of its %d tests fail; %d of the %d others of %s", t.failed, t.ran, t.otherFail, t.otherRan, "the same categories"),
			Fix:      "handle " + facetTitle(name) + " as spec/qf.md says: the example shows where it first goes wrong"}
		if isCategoryFacet(name) {
			c.Evidence = fmt.Sprintf("%d of its %d tests fail; %d of the %d tests of the other categories", t.failed, t.ran, t.otherFail, t.otherRan)
		}
		c.Only = []string{}
		d.add(c, t.members)
	}
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

func hasFacet(r *suite.Result, name string) bool {
	for _, n := range facetNames(r) {
		if n == name {
			return true
		}
	}
	return false
}

func isCategoryFacet(name string) bool { return len(name) > 9 && name[:9] == "category:" }

// facetTitle says what tests a facet has, in words.
func facetTitle(name string) string {
	if isCategoryFacet(name) {
		return "every " + name[9:] + " test"
	}
	if note := suite.Facet(name).Note(); note != "" {
		return "tests where " + lower(note)
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

// unexplained adds the cause of the failures no other cause explains.
func (d *diagnosis) unexplained() {
	left := d.unexplainedFailures()
	d.add(Cause{Kind: Unexplained, Name: "unexplained", Title: "failures no cause explains",
		Evidence: fmt.Sprintf("%d %s", len(left), term.Plural(len(left), "failure"))}, left)
}
