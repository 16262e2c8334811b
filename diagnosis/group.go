package diagnosis

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// A causeKey is a cause's identity: its kind, part, way, place, mechanism.
type causeKey struct {
	kind  faults.Kind
	part  Part
	way   suite.Way
	place string
	fault *faults.Fault
}

// A group is a cause's failures, and which follow from a decoding.
type group struct {
	key     causeKey
	members []int
	follows map[int]*decoding
}

// assign puts each failure under its cause (the package doc's rule).
func (d *diagnosis) assign() {
	groups := map[causeKey]*group{}
	var order []*group
	for _, i := range d.failed {
		k, dec := d.keyOf(i)
		g := groups[k]
		if g == nil {
			g = &group{key: k, follows: map[int]*decoding{}}
			groups[k] = g
			order = append(order, g)
		}
		g.members = append(g.members, i)
		if dec != nil {
			g.follows[i] = dec
		}
	}
	for _, g := range d.join(order) {
		for _, part := range d.split(g) {
			d.add(d.causeOf(part), part)
		}
	}
}

// join joins the behaviours of one part whose inputs share what tells
// them from the tests that pass: a trait TraitShare of the failures of
// each has, and TraitShare of the tests having it fail (a decoder that
// misreads every code whose last character holds padding bits and a 1,
// at one field or another). Those with it, of two groups or more, are
// one cause, the trait its place, noted in joined for Explain.
func (d *diagnosis) join(groups []*group) []*group {
	for {
		best, n := trait{}, 0
		var covered []*group
		tried := map[trait]bool{}
		for _, g := range groups {
			if g.key.kind != faults.Behaviour || g.key.way == "" {
				continue
			}
			for _, t := range d.inputTraits(g.members[0]) {
				if tried[t] {
					continue
				}
				tried[t] = true
				var with []*group
				m := 0
				for _, h := range groups {
					if k := d.having(h, t); k > 0 && h.key.kind == faults.Behaviour && h.key.way != "" && h.key.part == g.key.part && float64(k) >= d.th.TraitShare*float64(len(h.members)) {
						with, m = append(with, h), m+k
					}
				}
				if len(with) >= 2 && m > n && d.tells(t, m, with) {
					best, covered, n = t, with, m
				}
			}
		}
		if covered == nil {
			return groups
		}
		j := &group{key: causeKey{kind: faults.Behaviour, part: covered[0].key.part, place: best.words}, follows: map[int]*decoding{}}
		for _, h := range covered {
			var rest []int
			for _, i := range h.members {
				if slices.Contains(d.inputTraits(i), best) {
					j.members = append(j.members, i)
					if dec := h.follows[i]; dec != nil {
						j.follows[i] = dec
					}
				} else {
					rest = append(rest, i)
				}
			}
			h.members = rest
			d.joined[h.key] = joining{j.key, best}
		}
		groups = slices.DeleteFunc(groups, func(h *group) bool { return len(h.members) == 0 })
		groups = append(groups, j)
	}
}

// A joining is the cause a behaviour's failures with a trait joined.
type joining struct {
	key   causeKey
	trait trait
}

// having returns how many failures of g have trait t.
func (d *diagnosis) having(g *group, t trait) int {
	n := 0
	for _, i := range g.members {
		if slices.Contains(d.inputTraits(i), t) {
			n++
		}
	}
	return n
}

// tells reports whether n failures with trait t, of the groups, are
// TraitShare of the tests having it of the groups' categories.
func (d *diagnosis) tells(t trait, n int, groups []*group) bool {
	cats := map[suite.Category]bool{}
	for _, g := range groups {
		for _, i := range g.members {
			cats[d.obs[i].Category] = true
		}
	}
	return float64(n) >= d.th.TraitShare*float64(d.had(cats)[t])
}

// split splits the answers that break the protocol by what their
// requests share: while a trait tells some from the tests that pass (a
// request of more than 16 KiB, bytes that are not ASCII), those with it
// are a cause of their own. A crash's cause says what it shares, unsplit.
func (d *diagnosis) split(g *group) []*group {
	if g.key.kind != faults.Misbehaviour || g.key.place != string(suite.Protocol) {
		return []*group{g}
	}
	var out []*group
	for rest := g.members; len(rest) > 0; {
		sh, ok := d.shared(rest)
		if !ok || sh.n < d.th.MinShared || float64(sh.n) < d.th.TraitShare*float64(sh.had) {
			out = append(out, &group{key: g.key, members: rest})
			break
		}
		t, k := sh.trait, g.key
		k.place += ": " + t.words
		var have, lack []int
		for _, i := range rest {
			if slices.Contains(d.inputTraits(i), t) {
				have = append(have, i)
			} else {
				lack = append(lack, i)
			}
		}
		out = append(out, &group{key: k, members: have})
		rest = lack
	}
	return out
}

// keyOf returns the cause of failure i: the way of reporting every error,
// where the answer is the reference's but for it; the first mechanism
// whose model reproduces it; for a replay or validation of a code decoded
// otherwise, that decoding's (and the decoding); the reason it gave no
// answer; else its part, way and place.
func (d *diagnosis) keyOf(i int) (causeKey, *decoding) {
	o := d.obs[i]
	if d.byStyle(i) {
		return causeKey{kind: faults.Reporting, part: Errors, place: d.style.name()}, nil
	}
	if k, ok := d.firstMechanism(d.request(i), i, d.got[i]); ok {
		return d.mechanismKey(k), nil
	}
	if dec := d.decoded[i]; dec != nil {
		if k, ok := d.firstMechanism(dec.req, -1, dec.got); ok {
			return d.mechanismKey(k), dec
		}
		return observationKey(dec.result, dec.result.Difference()), dec
	}
	if _, ok := suite.Misbehaviours[o.Reason]; ok {
		return causeKey{kind: faults.Misbehaviour, part: Protocol, place: string(o.Reason)}, nil
	}
	if diff := d.diffs[i]; diff.Way != "" {
		return observationKey(o, diff), nil
	}
	return causeKey{kind: faults.Unexplained, part: Unknown}, nil
}

// mechanismKey returns the key of the k-th mechanism's cause.
func (d *diagnosis) mechanismKey(k int) causeKey {
	f := d.mechanisms[k]
	return causeKey{kind: f.Kind, part: partOf(f), fault: f}
}

// partOf returns the part of the spec a mechanism is in.
func partOf(f *faults.Fault) Part {
	switch dec, enc := f.Changes(protocol.Decode), f.Changes(protocol.Encode); {
	case f.Kind == faults.Rule || !dec && !enc:
		return Rules
	case dec && enc:
		return Codec
	case enc:
		return Encoding
	}
	return Decoding
}

// observationKey returns the key of a failure no mechanism reproduces:
// its part, way and place (the field of the layout, or the rule).
func observationKey(o *suite.Result, diff suite.Difference) causeKey {
	k := causeKey{kind: faults.Behaviour, way: diff.Way, place: diff.Place.Field}
	switch {
	case diff.Way.Reported():
		k.part, k.place = Errors, ""
	case encodes(o.Category):
		k.part = Encoding
	case diff.Way.Rules():
		k.part, k.place = Rules, string(diff.Rule)
	default:
		k.part = Decoding
	}
	if k.part == Decoding {
		// A replay or validation that decodes first parts from the spec
		// as a decoding does.
		switch k.way {
		case suite.AnsweredInvalid:
			k.way = suite.AcceptedInvalid
		case suite.ErrorForValid:
			k.way = suite.RejectedValid
		}
	}
	if k.place == "" && k.part != Errors {
		// An error of no field is at its check: trailing_data, a character.
		switch {
		case k.way.Accepts() && diff.WantError != nil:
			k.place = diff.WantError.Kind
		case k.way.Refuses() && diff.GotError != nil:
			k.place = diff.GotError.Kind
		}
	}
	return k
}

// add adds the cause of group g, with its ids, counts, example and claims.
func (d *diagnosis) add(c Cause, g *group) {
	c.Kind, c.Part, c.Way, c.key = g.key.kind, g.key.part, g.key.way, g.key
	for _, i := range g.members {
		c.IDs = append(c.IDs, d.obs[i].Test.ID)
		if g.follows[i] != nil {
			if c.Follows == nil {
				c.Follows = map[suite.Category]int{}
			}
			c.Follows[d.obs[i].Category]++
		}
	}
	c.Failed = len(g.members)
	results := make([]*suite.Result, len(g.members))
	for k, i := range g.members {
		results[k] = d.obs[i]
	}
	c.Example = ExampleOf(results)
	if c.Only == nil {
		c.Only = slices.DeleteFunc(d.only(g.members), func(n string) bool { return n == c.Flag || slices.Contains(c.Flags, n) })
	}
	c.Claims = d.claims(c, g)
	d.causes = append(d.causes, c)
}

// claims returns the claims of a cause: its example's failure first, then
// failures of other categories or fields, up to th.Claims.
func (d *diagnosis) claims(c Cause, g *group) []Claim {
	order := slices.Clone(g.members)
	slices.SortStableFunc(order, func(a, b int) int {
		return boolInt(d.obs[b].Test.ID == c.Example.ID) - boolInt(d.obs[a].Test.ID == c.Example.ID)
	})
	var out []Claim
	seen := map[string]bool{}
	for _, i := range order {
		if len(out) >= d.th.Claims {
			break
		}
		o := d.obs[i]
		where := o.Category.Name() + " " + wantField(o)
		if seen[where] && len(order) > d.th.Claims {
			continue
		}
		seen[where] = true
		cl := Claim{Category: o.Category, Input: o.Category.Input(o.Test), Want: o.Category.Want(o.Test)}
		if o.Answer != nil {
			cl.Got = suite.Shown(o.Answer)
		} else {
			cl.Reason = o.Reason
		}
		if g.key.fault != nil {
			k := slices.Index(d.mechanisms, g.key.fault)
			cl.Model = d.predict(d.mechanisms[:k+1], i).shown()
		}
		if dec := g.follows[i]; dec != nil {
			cl.Decoded = dec.got.shown()
		}
		out = append(out, cl)
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// causeOf returns the cause of group g in words.
func (d *diagnosis) causeOf(g *group) Cause {
	var c Cause
	switch k := g.key; {
	case k.kind == faults.Reporting:
		c = d.style.cause()
		c.Observed = d.describe(g.members)
	case k.fault != nil:
		c = d.mechanismCause(k.fault, g)
	case k.kind == faults.Misbehaviour:
		reason, _, _ := strings.Cut(k.place, ": ")
		c = d.misbehaviourCause(suite.Reason(reason), g.members)
		c.Name = k.place
	case k.kind == faults.Behaviour:
		c = d.observationCause(g)
	default:
		c = Cause{Name: "unexplained", Title: "failures no cause explains", Observed: d.describe(g.members),
			Evidence: fmt.Sprintf("%d %s", len(g.members), term.Plural(len(g.members), "failure"))}
	}
	if n := len(g.follows); n > 0 {
		c.Observed += "; " + followsWords(g, d.obs)
	}
	return c
}

// followsWords says which failures of g follow from a decoding.
func followsWords(g *group, obs []*suite.Result) string {
	var parts []string
	for _, c := range suite.Categories {
		if n := len(slices.DeleteFunc(slices.Collect(maps.Keys(g.follows)), func(i int) bool { return obs[i].Category != c })); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, term.Plural(n, c.Noun())))
		}
	}
	return "and " + strings.Join(parts, ", ") + " of codes the implementation decodes so (its strict decoding of each, in the run or asked), which follow from it"
}
