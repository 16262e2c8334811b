package diagnosis

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// The causes in words: each sentence an observation that a reader can
// ask again (the inputs, the answers, what the spec requires there,
// counted over exactly the failures it lists), or a mechanism whose model
// reproduced the answers. A fix names code to change only from a
// mechanism; otherwise it says what the spec requires at that place.

// mechanismCause returns the cause of a mechanism's failures: what it is,
// its shape, what was observed, and how many answers its model
// reproduces.
func (d *diagnosis) mechanismCause(f *faults.Fault, g *group) Cause {
	k := slices.Index(d.mechanisms, f)
	c := Cause{Name: f.Family, Title: f.What, Fault: f.Name, Rule: string(f.Rule), Fix: f.Fix, Variant: f.Shape, Variants: []string{f.Name}}
	if len(f.Fields) > 0 {
		c.Field = f.Fields[0].Name
	}
	switch len(f.Flags) {
	case 0:
	case 1:
		c.Flag = f.Flags[0]
	default:
		c.Flags = f.Flags
	}
	switch f.Kind {
	case faults.Layout:
		c.Refs = []string{"Layout"}
	case faults.Rule:
		c.Refs = []string{"Replay and validation"}
	}
	for _, flag := range f.Flags {
		for _, r := range vectors.Notes[flag].Refs {
			if !slices.Contains(c.Refs, r) {
				c.Refs = append(c.Refs, r)
			}
		}
	}
	c.Observed = d.describe(g.members)
	own := len(g.members) - len(g.follows)
	model := "its model"
	if k > 0 {
		model = "its model, with the mechanisms found before it,"
	}
	c.Evidence = fmt.Sprintf("%s reproduces each of its %d failures", model, own)
	if own == 1 {
		c.Evidence = model + " reproduces its one failure"
	}
	if n := len(g.follows); n > 0 {
		c.Evidence += fmt.Sprintf(" and the decodings of the codes of the %d that %s from it", n, term.Plural(n, "follows", "follow"))
	}
	c.Evidence += fmt.Sprintf(", and answers as the implementation every test it bears on that passes (%d)", d.bears(f))
	if f.Seen > 0 {
		c.Evidence += fmt.Sprintf("; seen in public implementations (fault %d)", f.Seen)
	}
	return c
}

// bears returns how many passing tests the model of the mechanisms found
// bears on through f: those whose answers read its knobs.
func (d *diagnosis) bears(f *faults.Fault) int {
	if d.finalReads == nil {
		d.finalReads = d.reads(d.mechanisms)
	}
	reads := d.finalReads
	n := 0
	for i, o := range d.obs {
		if o.Status == suite.Pass && reads[i]&f.Knobs() != 0 {
			n++
		}
	}
	return n
}

// observationCause returns the cause of failures that no mechanism
// reproduces, grouped by their part, way and place: what they share that
// the passing tests lack, what was observed, and what the spec requires.
func (d *diagnosis) observationCause(g *group) Cause {
	k := g.key
	o := d.obs[g.members[0]]
	if dec := g.follows[g.members[0]]; dec != nil {
		o = dec.result
	}
	n := noun(o.Category)
	if k.part == Decoding {
		n = "codes"
	}
	c := Cause{Name: string(k.part) + ": " + string(k.way), Title: wayWords(k.way, rules.Rule(k.place), n), Field: k.place}
	switch {
	case k.way == "" && k.part == Rules:
		c.Name, c.Field, c.Rule = string(k.part)+": "+n+" "+k.place, "", d.firstRule(g)
		c.Title = "answered otherwise than spec/qf.md says, in several ways"
	case k.way == "":
		c.Name, c.Field = string(k.part)+": "+n+" "+k.place, d.firstField(g)
		c.Title = "answered otherwise than spec/qf.md says, in several ways"
	case k.part == Rules:
		c.Name, c.Field, c.Rule = k.place+": "+ruleWay[k.way], "", k.place
		if k.way == suite.OtherSquares {
			c.Name, c.Title = "legal moves land on other squares", "the pawn stands elsewhere under spec/qf.md's rules"
		}
	case k.place != "":
		c.Name = k.place + ": " + string(k.way) // the title goes on from the name: it says no place again
	default:
		c.Field = d.firstField(g)
	}
	c.Observed = d.describe(g.members)
	if s, ok := d.shared(g.members); ok && s.tells {
		c.Observed = s.String() + "; " + c.Observed
	}
	c.Evidence = fmt.Sprintf("the %d answers observed, each compared with spec/qf.md's; no model of a known fault reproduces them", len(g.members))
	if len(g.members) == 1 {
		c.Evidence = "the answer observed, compared with spec/qf.md's; no model of a known fault reproduces it"
	}
	c.Fix, c.Refs = d.observationFix(k, g.members)
	return c
}

// firstField returns the field of the layout where the most failures of
// g first part from the spec, the first in the layout on a tie.
func (d *diagnosis) firstField(g *group) string {
	count := map[string]int{}
	for _, i := range g.members {
		diff := d.diffs[i]
		if dec := g.follows[i]; dec != nil {
			diff = dec.result.Difference()
		}
		count[diff.Place.Field]++
	}
	return most(count, spec.Layout, func(f spec.Field) string { return f.Name })
}

// firstRule returns the rule that the most failures of g first part at,
// the first of rules.Rules on a tie.
func (d *diagnosis) firstRule(g *group) string {
	count := map[string]int{}
	for _, i := range g.members {
		count[string(d.diffs[i].Rule)]++
	}
	return most(count, rules.Rules, func(r rules.Rule) string { return string(r) })
}

// most returns the name of the first of order that count counts the
// most, "" for none.
func most[T any](count map[string]int, order []T, name func(T) string) string {
	best, n := "", 0
	for _, x := range order {
		if k := name(x); count[k] > n {
			best, n = k, count[k]
		}
	}
	return best
}

// ruleWay names the ways of the rules, as a rule's cause's name ends.
var ruleWay = map[suite.Way]string{suite.ViolationMissed: "not reported", suite.ViolationFalse: "reported where there is none",
	suite.ViolationOther: "another reported first"}

// wayWords says a way in words, for the title of a cause whose inputs are
// noun ("codes", "values"); of a way of the rules, what was done with the
// rule, said before it.
func wayWords(w suite.Way, rule rules.Rule, noun string) string {
	switch w {
	case suite.AcceptedInvalid, suite.EncodedInvalid, suite.AnsweredInvalid:
		return noun + " that spec/qf.md refuses answered with a result"
	case suite.RefusedLater:
		return noun + " that spec/qf.md refuses refused after its error, not at it"
	case suite.RejectedValid, suite.RefusedValid, suite.ErrorForValid:
		return noun + " refused where spec/qf.md accepts them"
	case suite.RefusedEarlier:
		return noun + " refused before the error spec/qf.md finds in them"
	case suite.OtherKind, suite.NoOffset, suite.OtherUnit, suite.OtherField:
		return "errors that spec/qf.md requires reported otherwise" // how, the cause's name says
	case suite.OtherValue:
		return noun + " decoded to other values than spec/qf.md's"
	case suite.OtherCode:
		return noun + " encoded as other codes than spec/qf.md's"
	case suite.ViolationMissed:
		return "not reported where spec/qf.md's rules find it"
	case suite.ViolationFalse:
		return "reported where spec/qf.md's rules find none"
	case suite.ViolationOther:
		return "not reported first where spec/qf.md's rules report it first: another is"
	}
	return "legal moves landing on other squares than spec/qf.md's rules say"
}

// observationFix returns what spec/qf.md requires where failures of key
// k first part from it, and the sections that say so.
func (d *diagnosis) observationFix(k causeKey, members []int) (string, []string) {
	switch w := k.way; {
	case w == "" && k.part == Encoding:
		return "encode these values as spec/qf.md section Encoding says: what was observed says where each first parts from it", []string{"Encoding"}
	case w == "" && k.part == Rules:
		return "apply the rules to these codes as spec/qf.md section Replay and validation says: what was observed says where each first parts from it", []string{"Replay and validation"}
	case w == "":
		return "decode these codes as spec/qf.md's layout says: what was observed says where each first parts from it", append([]string{"Layout"}, d.decodingSections(members)...)
	case w.Accepts():
		var kinds, fixes, refs []string
		for _, i := range members {
			o := d.obs[i]
			if o.Test.Error == nil || slices.Contains(kinds, o.Test.Error.Kind) {
				continue
			}
			kinds = append(kinds, o.Test.Error.Kind)
			fix, r := acceptFix(k.part, o.Test.Error.Kind)
			fixes = append(fixes, fix)
			for _, x := range r {
				if !slices.Contains(refs, x) {
					refs = append(refs, x)
				}
			}
		}
		return strings.Join(fixes[:min(3, len(fixes))], "; "), refs
	case w.Refuses() && k.part == Encoding:
		return "encode them: their values are within the ranges of spec/qf.md section Encoding (the example's want is the code)", []string{"Encoding"}
	case w.Refuses():
		return "decode them as spec/qf.md's layout reads them (the example's want is the value)", d.decodingSections(members)
	case w.Reported():
		var rules []string
		for _, i := range members {
			if e := d.obs[i].Test.Error; e != nil && !slices.Contains(rules, e.Kind+" "+spec.ErrorRules[e.Kind].Reported) {
				rules = append(rules, e.Kind+" "+spec.ErrorRules[e.Kind].Reported)
			}
		}
		return "report each error as spec/qf.md section Errors says: " + strings.Join(rules[:min(3, len(rules))], "; "), []string{"Errors"}
	case w == suite.OtherCode:
		return "write " + orWhole(k.place) + " as spec/qf.md section Encoding requires (the example shows the first difference)", []string{"Encoding"}
	case w == suite.OtherValue:
		return "decode " + orWhole(k.place) + " to the value spec/qf.md's layout gives (the example shows the first difference)", []string{"Layout"}
	}
	refs := []string{"Replay and validation"}
	if ids := d.decidingRules(members); len(ids) <= 3 {
		refs = append(refs, ids...)
	}
	return d.ruleFix(k, members), refs
}

// orWhole names a field for a fix, or the whole value for none.
func orWhole(field string) string {
	if field == "" {
		return "each field"
	}
	return field
}

// acceptFix returns what spec/qf.md requires of an input it refuses as
// kind, in part p, and where it says so.
func acceptFix(p Part, kind string) (string, []string) {
	r := spec.ErrorRules[kind]
	switch {
	case p == Encoding && kind == string(ref.ErrMalformed):
		return r.Encoder, []string{"Canonical JSON", "Errors"}
	case p == Encoding:
		return spec.ErrorRules[string(ref.ErrOutOfRange)].Encoder, []string{"Encoding"}
	case r.Refuse == "":
		return "refuse what spec/qf.md refuses, as section Errors says", []string{"Errors"}
	}
	return r.Refuse, r.Sections
}

// ruleFix says what spec/qf.md requires of a rule that failures of key k
// apply otherwise, naming the vectors of its flag when some failed.
func (d *diagnosis) ruleFix(k causeKey, members []int) string {
	rule := k.place
	fix := "apply the rules as spec/qf.md section Replay and validation says"
	if k.way == suite.OtherSquares {
		return fix + ": a legal move lands where spec/qf.md's rules say (the example shows the first square that differs)"
	}
	if !slices.Contains(rules.Rules, rules.Rule(rule)) {
		return fix
	}
	fix = "report " + rule + " exactly where spec/qf.md section Replay and validation says it applies, and nowhere else"
	if ids := d.decidingRules(members); len(ids) > 0 && len(ids) <= 3 {
		var named []string
		for _, id := range ids {
			named = append(named, id+" ("+strings.ToLower(spec.RuleTitle(id))+")")
		}
		fix = "report " + rule + " exactly where spec/qf.md's rules say it applies, and nowhere else: these moves fall under " + strings.Join(named, ", ")
	}
	if flag := vectors.KindFlag(rule); flag != "" && slices.ContainsFunc(members, func(i int) bool { return slices.Contains(d.obs[i].Test.Flags, flag) }) {
		fix += " (the failing vectors flagged " + flag + ")"
	}
	return fix
}

// maxDetails is how many different details of misbehaviour a cause says.
const maxDetails = 10

// digits are the numbers of a detail of misbehaviour.
var digits = regexp.MustCompile(`[0-9]+`)

// misbehaviourCause returns the cause of the failures of one reason: what
// happened, in the words of the driver, what the inputs share, and what
// the protocol requires.
func (d *diagnosis) misbehaviourCause(reason suite.Reason, members []int) Cause {
	m := suite.Misbehaviours[reason]
	// Details that differ only in their numbers (the ids of a request and
	// of the answer read for it) are one sentence, said once.
	count, first, distinct := map[string]int{}, map[string]string{}, map[string]map[string]bool{}
	var shapes []string
	for _, i := range members {
		detail := d.obs[i].Detail
		shape := digits.ReplaceAllString(detail, "0")
		if count[shape] == 0 {
			shapes, first[shape], distinct[shape] = append(shapes, shape), detail, map[string]bool{}
		}
		count[shape]++
		distinct[shape][detail] = true
	}
	slices.SortStableFunc(shapes, func(a, b string) int { return cmp.Or(count[b]-count[a], strings.Compare(first[a], first[b])) })
	var said []string
	for _, s := range shapes[:min(len(shapes), maxDetails)] {
		said = append(said, fmt.Sprintf("%s (%d%s)", first[s], count[s], map[bool]string{true: ", alike but for their numbers"}[len(distinct[s]) > 1]))
	}
	observed := fmt.Sprintf("%d %s: %s", len(members), term.Plural(len(members), "request"), strings.Join(said, "; "))
	if len(shapes) > maxDetails {
		observed += fmt.Sprintf(" (the %d most frequent of %d different details)", maxDetails, len(shapes))
	}
	var lines []string
	for _, i := range members {
		if l := string(d.obs[i].Line); l != "" && !slices.Contains(lines, l) && len(lines) < 2 {
			lines = append(lines, l)
		}
	}
	if len(lines) > 0 {
		observed += "; it answered " + term.Clip(strings.Join(lines, " and "), 160)
	}
	if s, ok := d.shared(members); ok {
		observed += "; " + s.String()
	}
	evidence := fmt.Sprintf("seen by the runner, on each of the %d requests", len(members))
	if len(members) == 1 {
		evidence = "seen by the runner, on the one request"
	}
	return Cause{Name: string(reason), Title: m.Title, Fix: m.Fix, Refs: []string{"spec/protocol.md"}, Observed: observed, Evidence: evidence}
}

// decodingSections returns the sections of spec/qf.md that decide the
// decodings among members: Strict decoding, Lenient decoding, or both.
func (d *diagnosis) decodingSections(members []int) []string {
	lenient := slices.ContainsFunc(members, func(i int) bool { return d.obs[i].Category.Profile() == ref.Lenient })
	if !lenient {
		return []string{"Strict decoding"}
	}
	if slices.ContainsFunc(members, func(i int) bool { return d.obs[i].Category.Profile() != ref.Lenient }) {
		return []string{"Strict decoding", "Lenient decoding"}
	}
	return []string{"Lenient decoding"}
}

// noun names what a category's tests give: codes, or values.
func noun(c suite.Category) string { return counted(c, 2) }

// counted names n of what a category's tests give: "1 code", "2 codes",
// "1 value", "2 values", less the count.
func counted(c suite.Category, n int) string {
	if c.Reads() == suite.Value {
		return term.Plural(n, "value")
	}
	return term.Plural(n, "code")
}

// decidingRules returns the ids of spec/qf.md's rules of replay
// (spec.Rules) that decide the moves where the answers of members first
// part from the spec's (their difference's move), in the spec's order.
func (d *diagnosis) decidingRules(members []int) []string {
	seen := map[string]bool{}
	for _, i := range members {
		o, at := d.obs[i], d.diffs[i].Place.Move
		if o.Category != suite.Replay || at < 0 {
			continue
		}
		if v, err := ref.Decode(*o.Test.Code); err == nil && v.Record != nil && at < len(v.Record.Moves) {
			p := rules.Start(v)
			for _, m := range v.Record.Moves[:at] {
				p, _ = p.Apply(m)
			}
			seen[p.RuleID(v.Record.Moves[at])] = true
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

// describe says what the implementation did with the failures members:
// which inputs, what it answered, what the spec requires there, counted
// by kind, the most common first.
func (d *diagnosis) describe(members []int) string {
	type group struct {
		n      int
		first  int             // its first failure, of which its words are said
		errs   map[string]bool // the positions of the errors answered
		fields []string
	}
	groups := map[string]*group{}
	var order []string
	for _, i := range members {
		o := d.obs[i]
		what := observation(o, d.diffs[i], 2)
		g := groups[what]
		if g == nil {
			g = &group{first: i, errs: map[string]bool{}}
			groups[what] = g
			order = append(order, what)
		}
		g.n++
		if o.Answer != nil && o.Answer.Error != nil {
			g.errs[describePosition(o.Answer.Error)] = true
		}
		if field := d.diffs[i].Place.Field; field != "" && !slices.Contains(g.fields, field) {
			g.fields = append(g.fields, field)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return groups[order[a]].n > groups[order[b]].n })
	var parts []string
	rest := 0
	for k, what := range order {
		g := groups[what]
		if k >= 3 {
			rest += g.n
			continue
		}
		s := fmt.Sprintf("%d %s", g.n, observation(d.obs[g.first], d.diffs[g.first], g.n))
		for e := range g.errs {
			s += map[bool]string{true: ", all " + e}[len(g.errs) == 1]
		}
		if len(g.fields) > 0 {
			at := map[bool]string{true: " (first at ", false: " (at "}[strings.Contains(what, " answered with another ")]
			s += at + strings.Join(g.fields[:min(4, len(g.fields))], ", ")
			s += map[bool]string{true: fmt.Sprintf(" and %d more", len(g.fields)-4)}[len(g.fields) > 4] + ")"
		}
		parts = append(parts, s)
	}
	if rest > 0 {
		parts = append(parts, fmt.Sprintf("and %d more", rest))
	}
	return term.Printable(strings.Join(parts, "; "), false)
}

// observation says what a failure is, in words that many failures share
// ("strict codes the spec refuses as truncated answered with a value"),
// its difference diff, its inputs counted as n of them ("1 strict code",
// "2 strict codes").
func observation(o *suite.Result, diff suite.Difference, n int) string {
	cat, want, got := o.Category, o.Test, o.Answer
	inputs := cat.Name() + " " + counted(cat, n)
	switch {
	case got == nil:
		return inputs + " without an answer: " + string(o.Reason)
	case want.Error != nil && got.Error == nil:
		return fmt.Sprintf("%s the spec refuses as %s answered with %s", inputs, want.Error.Kind, cat.Writes())
	case want.Error == nil && got.Error != nil:
		return fmt.Sprintf("%s the spec accepts refused as %s", inputs, got.Error.Kind)
	case want.Error != nil && got.Error.Kind != want.Error.Kind:
		return fmt.Sprintf("%s the spec refuses as %s refused as %s", inputs, want.Error.Kind, got.Error.Kind)
	case want.Error != nil:
		return fmt.Sprintf("%s the spec refuses as %s refused at another offset or field", inputs, want.Error.Kind)
	case diff.Way.Rules():
		return strings.Join(strings.Fields(inputs+": "+string(diff.Rule)+" "+wayWords(diff.Way, diff.Rule, noun(cat))), " ")
	}
	return fmt.Sprintf("%s answered with another %s than the spec's", inputs, strings.TrimPrefix(cat.Writes().String(), "a "))
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
