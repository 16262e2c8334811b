package diagnosis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// Traits: what a test's input is, told from the test alone, in words
// that finish "N codes ...": the chunks it holds, what the spec requires
// of it (accepted, or refused as a kind, in a chunk). What a group of
// failures shares is the trait all of them have that the fewest of the
// other tests run have: an observation, counted, that a reader can ask
// again.

// A trait of an input, as the words that follow its count.
type trait string

// traitsOf returns the traits of a test's input.
func traitsOf(o *suite.Result) []trait {
	noun := noun(o.Category)
	var out []trait
	for _, f := range o.Facets {
		switch f {
		case suite.ChunksNeither:
			out = append(out, trait(noun+" with neither chunk"))
		case suite.ChunksStateOnly:
			out = append(out, trait(noun+" with a State alone"), trait(noun+" with a State"))
		case suite.ChunksRecordOnly:
			out = append(out, trait(noun+" with a Record alone"), trait(noun+" with a Record"))
		case suite.ChunksStateAndRecord:
			out = append(out, trait(noun+" with a State and a Record"), trait(noun+" with a State"), trait(noun+" with a Record"))
		}
	}
	e := o.Test.Error
	if e == nil {
		return append(out, trait(noun+" the spec accepts"))
	}
	out = append(out, trait(noun+" the spec refuses"), trait(fmt.Sprintf("%s the spec refuses as %s", noun, e.Kind)))
	if f, ok := spec.FieldOf(e.Field); ok {
		chunk, _, _ := strings.Cut(f.Name, ".")
		out = append(out, trait(fmt.Sprintf("%s the spec refuses as %s in %s", noun, e.Kind, chunkWord(chunk))))
	}
	return out
}

// chunkWord names the part of the layout a field's path starts with.
func chunkWord(chunk string) string {
	switch chunk {
	case "state":
		return "the State"
	case "record":
		return "the Record"
	case "flags":
		return "the flags"
	}
	return chunk
}

// A share is what some failures share: a trait, how many of them have it
// (of how many), and how many tests have it.
type share struct {
	trait      trait
	n, of, had int
}

// String says it: "they are 45 codes with a Record: every such test",
// "among them, 30 codes with a Record, of 300 such tests".
func (s share) String() string {
	lead := fmt.Sprintf("they are %d %s", s.n, s.trait)
	if s.n < s.of {
		lead = fmt.Sprintf("among them, %d %s", s.n, s.trait)
	}
	if s.had == s.n {
		return lead + ": every such test"
	}
	return fmt.Sprintf("%s, of %d such tests", lead, s.had)
}

// shared returns what the failures members share, among the tests run of
// their categories: the trait that the most of them have, and of those
// the one the fewest other tests have; false when no trait is had by half
// of them.
func (d *diagnosis) shared(members []int) (share, bool) {
	cats := map[suite.Category]bool{}
	count := map[trait]int{}
	for _, i := range members {
		cats[d.obs[i].Category] = true
		for _, t := range traitsOf(d.obs[i]) {
			count[t]++
		}
	}
	had := map[trait]int{}
	for _, o := range d.obs {
		if cats[o.Category] && o.Status.Ran() {
			for _, t := range traitsOf(o) {
				had[t]++
			}
		}
	}
	var all []trait
	for t := range count {
		all = append(all, t)
	}
	sort.Slice(all, func(a, b int) bool {
		x, y := all[a], all[b]
		switch {
		case count[x] != count[y]:
			return count[x] > count[y]
		case had[x] != had[y]:
			return had[x] < had[y]
		}
		return x < y
	})
	if len(all) == 0 || 2*count[all[0]] < len(members) {
		return share{}, false
	}
	best := all[0]
	return share{trait: best, n: count[best], of: len(members), had: had[best]}, true
}
