package diagnosis

import (
	"encoding/json"
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
	c := Cause{Name: k.part.String() + ": " + string(k.way), Title: wayWords(k.way, rules.Rule(k.place), n), Field: k.place}
	switch {
	case k.way == "" && k.part == Rules:
		c.Name, c.Field, c.Rule = k.part.String()+": "+n+" "+k.place, "", d.firstRule(g)
		c.Title = "answered otherwise than spec/qf.md says, in several ways"
	case k.way == "":
		c.Name, c.Field = k.part.String()+": "+n+" "+k.place, d.firstField(g)
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
	c.Evidence = observedEvidence(len(g.members))
	c.Fix, c.Refs = d.observationFix(k, g.members)
	return c
}

// observedEvidence says what proves a cause that no model reproduces:
// its n answers themselves, as observed.
func observedEvidence(n int) string {
	if n == 1 {
		return "the answer observed, compared with spec/qf.md's; no model of a known fault reproduces it"
	}
	return fmt.Sprintf("the %d answers observed, each compared with spec/qf.md's; no model of a known fault reproduces them", n)
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
		if f := diff.Place.Field; f != "" {
			count[f]++
		}
	}
	best := ""
	for _, f := range spec.Layout {
		if count[f.Name] > count[best] {
			best = f.Name
		}
	}
	return best
}

// firstRule returns the rule that the most failures of g first part at,
// the first of rules.Rules on a tie.
func (d *diagnosis) firstRule(g *group) string {
	count := map[rules.Rule]int{}
	for _, i := range g.members {
		count[d.diffs[i].Rule]++
	}
	best := rules.Rule("")
	for _, r := range rules.Rules {
		if count[r] > count[best] {
			best = r
		}
	}
	return string(best)
}

// ruleWay names the ways of the rules, as a rule's cause's name ends.
var ruleWay = map[suite.Way]string{suite.ViolationMissed: "not reported", suite.ViolationFalse: "reported where there is none",
	suite.ViolationOther: "another reported first"}

// String names the part, as a cause's name begins.
func (p Part) String() string { return string(p) }

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
			if e := d.obs[i].Test.Error; e != nil && !slices.Contains(rules, e.Kind+" "+errorRule(e.Kind)) {
				rules = append(rules, e.Kind+" "+errorRule(e.Kind))
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
	if p == Encoding {
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

// maxDetails is how many different details of misbehaviour a cause says.
const maxDetails = 10

// digits are the numbers of a detail of misbehaviour.
var digits = regexp.MustCompile(`[0-9]+`)

// misbehaviourCause returns the cause of the failures of one reason: what
// happened, in the words of the driver, what the inputs share, and what
// the protocol requires.
func (d *diagnosis) misbehaviourCause(reason suite.Reason, members []int) Cause {
	m := misbehaviours[reason]
	// Details that differ only in their numbers (the ids of a request and
	// of the answer read for it) are one sentence, said once.
	type alike struct {
		first    string // the first detail of the sentence
		n        int    // its failures
		distinct map[string]bool
	}
	details := map[string]*alike{}
	for _, i := range members {
		detail := d.obs[i].Detail
		shape := digits.ReplaceAllString(detail, "0")
		a := details[shape]
		if a == nil {
			a = &alike{first: detail, distinct: map[string]bool{}}
			details[shape] = a
		}
		a.n++
		a.distinct[detail] = true
	}
	kinds := make([]*alike, 0, len(details))
	for _, a := range details {
		kinds = append(kinds, a)
	}
	sort.Slice(kinds, func(a, b int) bool {
		if kinds[a].n != kinds[b].n {
			return kinds[a].n > kinds[b].n
		}
		return kinds[a].first < kinds[b].first
	})
	var said []string
	for _, a := range kinds[:min(len(kinds), maxDetails)] {
		if len(a.distinct) == 1 {
			said = append(said, fmt.Sprintf("%s (%d)", a.first, a.n))
			continue
		}
		said = append(said, fmt.Sprintf("%s (%d, alike but for their numbers)", a.first, a.n))
	}
	observed := fmt.Sprintf("%d %s: %s", len(members), term.Plural(len(members), "request"), strings.Join(said, "; "))
	if len(kinds) > maxDetails {
		observed += fmt.Sprintf(" (the %d most frequent of %d different details)", maxDetails, len(kinds))
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
	return Cause{Name: string(reason), Title: m.title, Fix: m.fix, Refs: []string{"spec/protocol.md"}, Observed: observed,
		Evidence: seenEvidence(len(members))}
}

// seenEvidence says what proves a misbehaviour: the runner saw it, on
// each of n requests.
func seenEvidence(n int) string {
	if n == 1 {
		return "seen by the runner, on the one request"
	}
	return fmt.Sprintf("seen by the runner, on each of the %d requests", n)
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
		s := fmt.Sprintf("%d %s", g.n, observation(d.obs[g.first], d.diffs[g.first], g.n))
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
			if len(g.fields) > 4 {
				s += fmt.Sprintf(" and %d more", len(g.fields)-4)
			}
			s += ")"
		}
		parts = append(parts, s)
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
