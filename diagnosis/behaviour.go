package diagnosis

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/jsondiff"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Behaviours: what the implementation does where no model reproduces its
// answers, grouped by what it does, not by where in the code it first
// shows: values the spec refuses as out_of_range encoded is one behaviour
// over every field. A behaviour's cause says what was observed and, as
// its fix, what the spec requires there; it names no mechanism, which no
// model verified.

// A step is what an answer goes wrong in: reading a code, writing one,
// or applying the rules to what was read.
type step uint8

const (
	decoding step = iota // a code read into a value: decoding, and replay and validation first
	encoding             // a value written as a code
	ruling               // the rules applied to a value: replay and validation
)

func (s step) String() string { return [...]string{"decoding", "encoding", "the rules"}[s] }

// stepOf returns the step of a category's answers: encoding when it
// reads a value, decoding when it answers one, and for replay and
// validation the rules, but decoding where either side is an error.
func stepOf(c suite.Category, err bool) step {
	switch {
	case c.Reads() == suite.Value:
		return encoding
	case c.Writes() == suite.Value || err:
		return decoding
	}
	return ruling
}

// reportedCause returns the cause of errors reported otherwise: the kinds
// the spec gives them, and how the spec reports each.
func (d *diagnosis) reportedCause(members []int) Cause {
	var kinds, rules []string
	for _, i := range members {
		if k := d.obs[i].Test.Error.Kind; !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
			rules = append(rules, k+" "+errorRule(k))
		}
	}
	return Cause{Title: "errors that spec/qf.md requires reported otherwise: " + strings.Join(kinds, ", "), Refs: []string{"Errors"},
		Fix: "report each error as spec/qf.md section Errors says: " + strings.Join(rules[:min(3, len(rules))], "; ")}
}

// errorRule says how spec/qf.md section Errors reports an error kind.
func errorRule(kind string) string {
	switch ref.ErrorKind(kind) {
	case ref.ErrInvalidCharacter:
		return "at char, the byte offset of the first byte outside the alphabet, with no field"
	case ref.ErrTruncated:
		return "at bit, the first bit of the field that runs past the end, with its path"
	case ref.ErrOutOfRange:
		return "decoding, at bit, the field's first bit, with its path; encoding, with no offset, naming the field"
	case ref.ErrTrailingData:
		return "at char, the offset of the first extra character, with no field"
	case ref.ErrNonzeroPadding:
		return "at bit, the first padding bit, with no field"
	case ref.ErrMalformed:
		return "with no offset, naming the path when there is one"
	}
	return "its kind, offset and field as the table says"
}

// A behaviour is what the implementation does where no model reproduces
// its answers: failures of one step whose answers first part from the
// spec's in one way (difference.go), and share one trait (traits.go);
// its trait is zero for those of its way that share none.
type behaviour struct {
	step  step
	way   way
	rule  rules.Rule
	trait trait
}

// group returns the behaviour without its trait: the step and way whose
// failures it splits.
func (b behaviour) group() behaviour {
	b.trait = trait{}
	return b
}

// name returns the behaviour's name, its cause's: "decoding refuses:
// codes with a wall group of 10 walls".
func (b behaviour) name() string {
	n := difference{step: b.step, way: b.way, rule: b.rule}.name()
	if b.trait != (trait{}) {
		noun := "codes"
		if b.step == encoding {
			noun = "values"
		}
		n += ": " + noun + " " + b.trait.words
	}
	return n
}

// findBehaviours splits the failures left to the behaviour stage by what
// they share, greedily: first, a step at a time, the trait of the inputs
// that the most failures of the step share in two ways or more, where
// they outnumber those of any one way that share a trait (a decoder that
// misreads every code whose last character holds padding bits, refusing
// some and misreading others), the failures of the rules whose codes have
// the trait of such a behaviour of decoding going with it (cascades);
// then, by step and way, the trait the most failures of the way share. A trait of the inputs names a behaviour only
// where at least TraitShare of the tests having it fail so (the others
// pass), and at least MinShared failures have it; each trait chosen is a
// behaviour of the failures that have it, and those of a way that share
// none are one behaviour more.
func (d *diagnosis) findBehaviours(left []int) {
	d.behaviours = nil
	d.behaviourNamed = map[string]behaviour{}
	groups := map[behaviour][]int{}
	var order []behaviour
	for _, i := range left {
		f := d.failureOf(i)
		dif, ok := differenceOf(f.r, f.got.err)
		if !ok {
			continue
		}
		g := behaviour{step: dif.step, way: dif.way, rule: dif.rule}
		if groups[g] == nil {
			order = append(order, g)
		}
		groups[g] = append(groups[g], i)
	}
	for _, st := range []step{decoding, encoding, ruling} {
		d.splitSeveral(st, order, groups)
	}
	d.cascades(order, groups)
	for _, g := range order {
		d.split(g, groups[g])
	}
	for _, b := range d.behaviours {
		d.behaviourNamed[b.name()] = b
	}
}

// splitSeveral takes from the groups of step st the behaviours of several
// ways: a trait of the inputs shared by failures of two ways or more, more
// of them than any one way's best trait covers.
func (d *diagnosis) splitSeveral(st step, order []behaviour, groups map[behaviour][]int) {
	for {
		var all []int
		wayOf := map[int]behaviour{}
		for _, g := range order {
			if g.step == st {
				for _, i := range groups[g] {
					all = append(all, i)
					wayOf[i] = g
				}
			}
		}
		t, n, ok := d.bestTrait(all, true)
		if !ok {
			return
		}
		ways := map[behaviour]bool{}
		for _, i := range all {
			if slices.Contains(d.inputTraits(i), t) {
				ways[wayOf[i]] = true
			}
		}
		if len(ways) < 2 {
			return
		}
		for g := range ways {
			if _, m, ok := d.bestTrait(groups[g], false); ok && m >= n {
				return // one way's trait says as much
			}
		}
		d.behaviours = append(d.behaviours, behaviour{step: st, way: severalWays, trait: t})
		for g := range ways {
			groups[g] = slices.DeleteFunc(groups[g], func(i int) bool { return slices.Contains(d.inputTraits(i), t) })
		}
	}
}

// cascades takes from the groups of the rules the failures whose codes
// have the trait of a behaviour of decoding in several ways: the rules
// were applied to codes that the implementation reads otherwise (a
// replay of a code whose last move it misreads reports a violation where
// there is none), and the first difference is the reading.
func (d *diagnosis) cascades(order []behaviour, groups map[behaviour][]int) {
	for _, b := range d.behaviours {
		if b.step != decoding || b.way != severalWays {
			continue
		}
		for _, g := range order {
			if g.step == ruling {
				groups[g] = slices.DeleteFunc(groups[g], func(i int) bool { return slices.Contains(d.inputTraits(i), b.trait) })
			}
		}
	}
}

// bestTrait returns the trait the most of the failures members share, of
// their inputs only when inputsOnly is set, that names a behaviour (see
// findBehaviours), and how many of them have it.
func (d *diagnosis) bestTrait(members []int, inputsOnly bool) (trait, int, bool) {
	if len(members) == 0 {
		return trait{}, 0, false
	}
	count := map[trait]int{}
	for _, i := range members {
		traits := d.inputTraits(i)
		if !inputsOnly {
			traits = d.traitsOf(d.failureOf(i))
		}
		for _, t := range traits {
			count[t]++
		}
	}
	passing := d.passing(members)

	best, found := trait{}, false
	for t, n := range count {
		if n < d.th.MinShared || float64(n) < d.th.TraitShare*float64(n+passing[t]) {
			continue
		}
		if !found || better(t, n, passing[t], best, count[best], passing[best]) {
			best, found = t, true
		}
	}
	return best, count[best], found
}

// passing returns how many tests of the categories of members pass, by
// the traits of their inputs.
func (d *diagnosis) passing(members []int) map[trait]int {
	cats := map[suite.Category]bool{}
	for _, i := range members {
		cats[d.obs[i].Category] = true
	}
	out := map[trait]int{}
	for i, o := range d.obs {
		if cats[o.Category] && o.Status == suite.Pass {
			for _, t := range d.inputTraits(i) {
				out[t]++
			}
		}
	}
	return out
}

// split splits the failures members of group g by the traits they share;
// a violation not reported is not split where it is missed in nearly
// every input in which the spec finds it (its way says what they share).
func (d *diagnosis) split(g behaviour, members []int) {
	if g.way == ruleMissed && len(members) > 0 && d.missedWherever(g.rule, members) {
		d.behaviours = append(d.behaviours, g)
		return
	}
	for len(members) > 0 {
		best, _, found := d.bestTrait(members, false)
		if !found {
			break
		}
		b := g
		b.trait = best
		d.behaviours = append(d.behaviours, b)
		members = slices.DeleteFunc(members, func(i int) bool { return slices.Contains(d.traitsOf(d.failureOf(i)), best) })
	}
	if len(members) > 0 {
		d.behaviours = append(d.behaviours, g)
	}
}

// missedWherever reports whether the failures members, in which rule r
// was not reported, are at least TraitShare of the tests in which the
// spec finds it.
func (d *diagnosis) missedWherever(r rules.Rule, members []int) bool {
	s := d.shareOf(findsRule(r), members)
	return float64(s.n) >= d.th.TraitShare*float64(s.had)
}

// better reports whether trait t, shared by n failures and passing tests,
// is a better split than u: more failures; then a trait of the input,
// which says what the spec says of it; then fewer passing tests; then the
// first in byte order.
func better(t trait, n, passing int, u trait, un, upassing int) bool {
	switch {
	case n != un:
		return n > un
	case t.input != u.input:
		return t.input
	case passing != upassing:
		return passing < upassing
	}
	return t.words < u.words
}

// traitsOf returns the traits of a failure: its input's, and where its
// answer first parts from the spec's.
func (d *diagnosis) traitsOf(f *failure) []trait {
	var out []trait
	if f.i >= 0 {
		out = slices.Clone(d.inputTraits(f.i))
	} else {
		out = inputTraits(f.r)
	}
	if dif, ok := differenceOf(f.r, f.got.err); ok {
		out = append(out, differenceTraits(f.r, dif)...)
	}
	return out
}

// explainBehaviour explains a mismatch by what the implementation does:
// the first behaviour of its step and way whose trait it has, or the one
// of those that share none.
func (d *diagnosis) explainBehaviour(f *failure) (causeID, bool) {
	dif, ok := differenceOf(f.r, f.got.err)
	if !ok {
		return causeID{}, false
	}
	g := behaviour{step: dif.step, way: dif.way, rule: dif.rule}
	var traits []trait
	for _, b := range d.behaviours {
		several := b.way == severalWays && (b.step == g.step || b.step == decoding && g.step == ruling)
		if b.group() != g && !several {
			continue
		}
		if traits == nil {
			traits = d.traitsOf(f)
		}
		if b.trait == (trait{}) && !several || slices.Contains(traits, b.trait) {
			return causeID{faults.Behaviour, b.name()}, true
		}
	}
	return causeID{}, false
}

// behaviourCause returns the cause of a behaviour: what its failures
// share and what was observed, and what the spec requires as its fix.
func (d *diagnosis) behaviourCause(id causeID, members []int) Cause {
	b := d.behaviourNamed[id.name]
	o := d.obs[members[0]]
	noun := noun(o.Category)
	dif := difference{step: b.step, way: b.way, rule: b.rule}
	c := Cause{Title: dif.words(noun), Observed: d.describe(members), Evidence: fmt.Sprintf("%d %s", len(members), term.Plural(len(members), "answer"))}
	if b.trait != (trait{}) {
		// The trait is the name's last words, so that the headline (the
		// name, then the title) says it once.
		c.Observed = d.shareOf(b.trait, members).String() + "; " + c.Observed
	} else if len(members) > 1 && b.way < ruleMissed {
		c.Title += " (no trait shared by most of them)"
	} else if b.way == ruleMissed {
		c.Observed = d.shareOf(findsRule(b.rule), members).String() + "; " + c.Observed
	}
	c.Fix, c.Refs = d.behaviourFix(b, members)
	return c
}

// shareOf returns how many of the failures members have trait t, and how
// many tests of their categories that pass have it too.
func (d *diagnosis) shareOf(t trait, members []int) share {
	s := share{trait: t, noun: noun(d.obs[members[0]].Category), n: len(members), of: len(members), had: len(members)}
	if !t.input {
		return s
	}
	cats := map[suite.Category]bool{}
	for _, i := range members {
		cats[d.obs[i].Category] = true
	}
	for i, o := range d.obs {
		if cats[o.Category] && o.Status == suite.Pass && slices.Contains(d.inputTraits(i), t) {
			s.had++
		}
	}
	return s
}

// behaviourFix returns what spec/qf.md requires where a behaviour goes
// wrong, and the sections that say so.
func (d *diagnosis) behaviourFix(b behaviour, members []int) (string, []string) {
	switch b.way {
	case notRefused:
		var kinds, fixes, refs []string
		for _, i := range members {
			if k := d.obs[i].Test.Error.Kind; !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
				fix, r := acceptFix(b.step, k)
				fixes = append(fixes, fix)
				for _, x := range r {
					if !slices.Contains(refs, x) {
						refs = append(refs, x)
					}
				}
			}
		}
		return strings.Join(fixes[:min(3, len(fixes))], "; "), refs
	case refused:
		if b.step == encoding {
			return "encode them: their values are within the ranges of spec/qf.md section Encoding (the example's want is the code)", []string{"Encoding"}
		}
		refs := d.decodingSections(members)
		var ways []string
		if slices.Contains(refs, "Strict decoding") {
			ways = append(ways, "spec/qf.md's layout allows them")
		}
		if slices.Contains(refs, "Lenient decoding") {
			ways = append(ways, "leniently, delete the bytes outside the alphabet and ignore what follows the last field, as spec/qf.md section Lenient decoding says")
		}
		return "decode them: " + strings.Join(ways, "; ") + " (the example's want is the value it gives)", refs
	case reportedWay:
		r := d.reportedCause(members)
		return r.Fix, r.Refs
	case severalWays:
		switch b.step {
		case encoding:
			return "encode these values as spec/qf.md section Encoding says: what was observed says the ways they are encoded otherwise, the example where one first parts from it", []string{"Encoding"}
		case ruling:
			return "apply the rules to these inputs as spec/qf.md section Replay and validation says: what was observed says the ways they are answered otherwise", []string{"Replay and validation"}
		}
		return "decode these codes as spec/qf.md's layout says: what was observed says the ways they are decoded otherwise, the example where one first parts from it", append([]string{"Layout"}, d.decodingSections(members)...)
	case otherResult:
		if b.step == encoding {
			return "write the canonical code that spec/qf.md section Encoding requires (the example shows the first difference)", []string{"Encoding"}
		}
		return "decode each field to the value spec/qf.md's layout gives (the example shows the first difference)", []string{"Layout"}
	}
	refs := []string{"Replay and validation"}
	if ids := d.decidingRules(members); len(ids) <= 3 {
		refs = append(refs, ids...)
	}
	return d.ruleFix(b, members), refs
}

// decodingSections returns the sections of spec/qf.md that decide the
// decodings among members: Strict decoding, Lenient decoding, or both.
func (d *diagnosis) decodingSections(members []int) []string {
	var strict, lenient bool
	for _, i := range members {
		switch d.obs[i].Category.Profile() {
		case ref.Lenient:
			lenient = true
		default:
			strict = true
		}
	}
	var out []string
	if strict || !lenient {
		out = append(out, "Strict decoding")
	}
	if lenient {
		out = append(out, "Lenient decoding")
	}
	return out
}

// noun names what a category's tests give: codes, or values.
func noun(c suite.Category) string {
	if c.Reads() == suite.Value {
		return "values"
	}
	return "codes"
}

// acceptFix returns what spec/qf.md requires of an input it refuses as
// kind, in step st, and where it says so.
func acceptFix(st step, kind string) (string, []string) {
	if st == encoding {
		if kind == string(ref.ErrMalformed) {
			return "refuse JSON that is not a canonical value with malformed, naming its path (spec/qf.md Canonical JSON)", []string{"Canonical JSON", "Errors"}
		}
		return "refuse any value outside its field's range with out_of_range naming the field, never mask, spill or wrap it (spec/qf.md Encoding)", []string{"Encoding"}
	}
	switch ref.ErrorKind(kind) {
	case ref.ErrInvalidCharacter:
		return "strictly, refuse a byte outside A-Z a-z 0-9 + / with invalid_character at its byte offset; nothing is skipped (spec/qf.md Strict decoding)", []string{"Strict decoding", "Characters"}
	case ref.ErrTruncated:
		return "refuse a field that runs past the last bit with truncated at the field's first bit, naming it; nothing is zero-filled (spec/qf.md Strict decoding)", []string{"Strict decoding"}
	case ref.ErrOutOfRange:
		return "refuse a square above 80 or a wall count above 10 with out_of_range at the field's first bit (spec/qf.md Strict decoding)", []string{"Strict decoding", "Layout"}
	case ref.ErrTrailingData:
		return "strictly, refuse characters beyond ceil(bits/6) with trailing_data at the first of them (spec/qf.md Strict decoding)", []string{"Strict decoding"}
	case ref.ErrNonzeroPadding:
		return "strictly, refuse a 1 among the padding bits with nonzero_padding at the first padding bit (spec/qf.md Strict decoding)", []string{"Strict decoding"}
	}
	return "refuse what spec/qf.md refuses, as section Errors says", []string{"Errors"}
}

// ruleFix says what spec/qf.md requires of a rule behaviour, naming the
// vectors of its flag when some of them failed.
func (d *diagnosis) ruleFix(b behaviour, members []int) string {
	rule := string(b.rule)
	fix := "apply the rules as spec/qf.md section Replay and validation says"
	if b.way == ruleSquares {
		return fix + ": a legal move lands where spec/qf.md's rules say (the example shows the first square that differs)"
	}
	if slices.Contains(rules.Rules, rules.Rule(rule)) {
		fix = "report " + rule + " exactly where spec/qf.md section Replay and validation says it applies, and nowhere else"
	}
	if ids := d.decidingRules(members); len(ids) > 0 && len(ids) <= 3 && slices.Contains(rules.Rules, rules.Rule(rule)) {
		var named []string
		for _, id := range ids {
			named = append(named, id+" ("+strings.ToLower(spec.RuleTitle(id))+")")
		}
		fix = "report " + rule + " exactly where spec/qf.md's rules say it applies, and nowhere else: these moves fall under " + strings.Join(named, ", ")
	}
	if flag := vectors.KindFlag(rule); flag != "" {
		if slices.ContainsFunc(members, func(i int) bool { return slices.Contains(d.obs[i].Test.Flags, flag) }) {
			fix += " (the failing vectors flagged " + flag + ")"
		}
	}
	return fix
}

// decidingRules returns the ids of spec/qf.md's rules of replay
// (spec.Rules) that decide the moves where the answers of members first
// part from the spec's: the move of the earlier violation, the spec's or
// the answer's, in the spec's order.
func (d *diagnosis) decidingRules(members []int) []string {
	seen := map[string]bool{}
	for _, i := range members {
		o := d.obs[i]
		if o.Category != suite.Replay || o.Test.Code == nil || o.Answer == nil {
			continue
		}
		v, err := ref.Decode(*o.Test.Code)
		if err != nil || v.Record == nil {
			continue
		}
		moves := v.Record.Moves
		at := len(moves)
		if w := o.Test.Violation; w != nil {
			at = w.Move
		}
		var got rules.Violation
		if json.Unmarshal(o.Answer.Violation, &got) == nil && o.Answer.Violation != nil && got.Kind != "" && got.Move >= 0 && got.Move < at {
			at = got.Move
		}
		if at >= len(moves) {
			continue
		}
		p := rules.Start(v)
		for _, m := range moves[:at] {
			p, _ = p.Apply(m)
		}
		if id := p.RuleID(moves[at]); id != "" {
			seen[id] = true
		}
	}
	var ids []string
	for _, r := range spec.Rules {
		if seen[r.ID] {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// codeDifference returns the field of code want that holds the first bit
// where got differs from it; "the end of the code" when got has more or
// fewer characters and is otherwise the same. It is found once in a
// process for two codes (differences).
func codeDifference(want, got string) string {
	d := differences.of([3]string{"code", want, got}, func() fieldFound {
		return fieldFound{firstCodeDifference(want, got), true}
	})
	return d.field
}

// firstCodeDifference is codeDifference, found.
func firstCodeDifference(want, got string) string {
	d, ok := ref.FirstDifference(want, got)
	switch {
	case !ok:
		return "the code"
	case d.Field == "":
		return "the end of the code"
	}
	return nameOf(d.Field)
}

// nameOf returns the name of the layout's field at path
// ("state.walls.white.h[3]" is "state.walls.white.h[]").
func nameOf(path string) string {
	if f, ok := spec.FieldOf(path); ok {
		return f.Name
	}
	return path
}

// valueDifference returns the field of the layout where value got first
// differs from want: a list that ends early or late differs at its count,
// a chunk present or not at its flag. It is found once in a process for
// two values (differences).
func valueDifference(want, got json.RawMessage) (string, bool) {
	d := differences.of([3]string{"value", string(want), string(got)}, func() fieldFound {
		field, ok := firstDifference(want, got)
		return fieldFound{field, ok}
	})
	return d.field, d.ok
}

// differences holds the differences found between two values, or two
// codes, by what they are and the two: at most maxRows, starting again
// when full.
var differences = &differencesFound{m: map[[3]string]fieldFound{}}

// differencesFound holds differences found, by a key of what they are
// between.
type differencesFound struct {
	sync.Mutex
	m map[[3]string]fieldFound
}

// of returns the difference of key k, by find once.
func (c *differencesFound) of(k [3]string, find func() fieldFound) fieldFound {
	c.Lock()
	d, ok := c.m[k]
	c.Unlock()
	if !ok {
		d = find()
		c.Lock()
		if len(c.m) >= maxRows {
			c.m = map[[3]string]fieldFound{}
		}
		c.m[k] = d
		c.Unlock()
	}
	return d
}

// A fieldFound is a field, and whether it was found.
type fieldFound struct {
	field string
	ok    bool
}

// firstDifference is valueDifference, found.
func firstDifference(want, got json.RawMessage) (string, bool) {
	var w, g any
	if json.Unmarshal(want, &w) != nil || json.Unmarshal(got, &g) != nil {
		return "", false
	}
	d, ok := jsondiff.First(w, g)
	if !ok {
		return "", false
	}
	path := d.Path
	switch {
	case path == "state" || path == "record":
		return "flags." + path, true
	case d.Ends:
		list := path[:strings.LastIndexByte(path, '[')]
		if list == "record.moves" {
			return spec.MoveCount.Name, true
		}
		return nameOf(list + ".count"), true
	}
	return nameOf(path), true
}

// describe says what the implementation did with the failures members:
// which inputs, what it answered, what the spec requires there, counted
// by kind, the most common first.
func (d *diagnosis) describe(members []int) string {
	type group struct {
		n, looked int
		errs      map[string]bool // the positions of the errors answered
		fields    []string
	}
	groups := map[string]*group{}
	var order []string
	for _, i := range members {
		o := d.obs[i]
		what, where := observation(o)
		g := groups[what]
		if g == nil {
			g = &group{errs: map[string]bool{}}
			groups[what] = g
			order = append(order, what)
		}
		g.n++
		if o.Answer != nil && o.Answer.Error != nil {
			g.errs[describePosition(o.Answer.Error)] = true
		}
		if g.looked < fieldsLooked {
			g.looked++
			if field := where(); field != "" && !slices.Contains(g.fields, field) {
				g.fields = append(g.fields, field)
			}
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return groups[order[a]].n > groups[order[b]].n })
	var parts []string
	for k, what := range order {
		if k == 3 {
			rest := 0
			for _, w := range order[3:] {
				rest += groups[w].n
			}
			parts = append(parts, fmt.Sprintf("and %d more", rest))
			break
		}
		g := groups[what]
		s := fmt.Sprintf("%d %s", g.n, what)
		if g.n == 1 {
			s = "1 " + strings.Replace(strings.Replace(what, " codes ", " code ", 1), " values ", " value ", 1)
		}
		if len(g.errs) == 1 {
			for e := range g.errs {
				s += ", all " + e
			}
		}
		if len(g.fields) > 0 {
			at := " (at "
			if strings.Contains(what, " answered with another ") {
				at = " (first at "
			}
			s += at + strings.Join(g.fields[:min(4, len(g.fields))], ", ")
			switch {
			case len(g.fields) > 4:
				s += fmt.Sprintf(" and %d more", len(g.fields)-4)
			case g.looked < g.n:
				s += " and maybe more"
			}
			s += ")"
		}
		parts = append(parts, s)
	}
	return term.Printable(strings.Join(parts, "; "), false)
}

// fieldsLooked is how many failures of a kind describe looks at for the
// fields they concern: finding where two values first differ reads both.
const fieldsLooked = 64

// observation says what a failure is, in words that many failures share
// ("strict codes the spec refuses as truncated answered with a value"),
// and where returns the field of the layout it concerns.
func observation(o *suite.Result) (what string, where func() string) {
	cat, want, got := o.Category, o.Test, o.Answer
	inputs := cat.Name() + " " + noun(cat)
	none := func() string { return "" }
	wanted := func() string {
		if f, ok := spec.FieldOf(want.Error.Field); ok {
			return f.Name
		}
		return ""
	}
	switch {
	case got == nil:
		return inputs + " without an answer: " + string(o.Reason), none
	case want.Error != nil && got.Error == nil:
		return fmt.Sprintf("%s the spec refuses as %s answered with %s", inputs, want.Error.Kind, cat.Writes()), wanted
	case want.Error == nil && got.Error != nil:
		return fmt.Sprintf("%s the spec accepts refused as %s", inputs, got.Error.Kind), none
	case want.Error != nil && got.Error.Kind != want.Error.Kind:
		return fmt.Sprintf("%s the spec refuses as %s refused as %s", inputs, want.Error.Kind, got.Error.Kind), wanted
	case want.Error != nil:
		return fmt.Sprintf("%s the spec refuses as %s refused at another offset or field", inputs, want.Error.Kind), wanted
	case want.Violation != nil || got.Violation != nil || want.Violations != nil:
		if dif, ok := differenceOf(o, got.Error); ok {
			return inputs + ": " + dif.name(), none
		}
	}
	what = fmt.Sprintf("%s answered with another %s than the spec's", inputs, strings.TrimPrefix(cat.Writes().String(), "a "))
	return what, func() string {
		switch {
		case got.Value != nil && want.Value != nil:
			field, _ := valueDifference(want.Value, got.Value)
			return field
		case got.Code != nil && want.Code != nil:
			return codeDifference(*want.Code, *got.Code)
		}
		return ""
	}
}

// describePosition says where an error object is: "at char 0", "at bit 3
// (state.white)", "with no offset", "with no offset (state.white)".
func describePosition(e *spec.ErrorObject) string {
	short := &spec.ErrorObject{Bit: e.Bit, Char: e.Char, Field: term.Clip(e.Field, 40)}
	switch {
	case e.HasOffset():
		return short.Position()
	case e.Field != "":
		return "with no offset " + short.Position()
	}
	return "with no offset"
}
