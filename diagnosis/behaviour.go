package diagnosis

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/bitstring"
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

// reported names the behaviour of a failure where the reference and the
// implementation both refuse, and the refusal is reported otherwise:
// another kind, offset or field; one behaviour a step, whatever the
// kinds.
func reported(f *failure) (string, bool) {
	if f.r.Reason != suite.Mismatch || f.r.Test.Error == nil || f.got.err == nil {
		return "", false
	}
	return stepOf(f.r.Category, true).String() + " reports errors otherwise", true
}

// reportedCause returns the cause of errors reported otherwise.
func (d *diagnosis) reportedCause(members []int) Cause {
	var kinds, rules []string
	for _, i := range members {
		if k := d.obs[i].Test.Error.Kind; !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
			rules = append(rules, k+" "+errorRule(k))
		}
	}
	return Cause{Title: "errors that spec/qf.md requires reported otherwise: " + strings.Join(kinds, ", "), Observed: d.describe(members), Refs: []string{"Errors"},
		Evidence: fmt.Sprintf("%d %s the reference refuses too", len(members), term.Plural(len(members), "input")),
		Fix:      "report each error as spec/qf.md section Errors says: " + strings.Join(rules[:min(3, len(rules))], "; ")}
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

// explainBehaviour explains a mismatch by what the implementation does,
// one cause a step: reports errors otherwise, accepts what the spec
// refuses, refuses what it accepts, answers other values or codes; or,
// for the rules, breaks a rule. Where the failures of a step go wrong in
// more than two of these ways (findMerged), they are one cause: what the
// implementation does there, which no model reproduces, is one
// behaviour seen several ways.
func (d *diagnosis) explainBehaviour(f *failure) (causeID, bool) {
	name, st, ok := behaviour(f)
	if !ok {
		return causeID{}, false
	}
	if k := mergeKey(f.r.Category, st); d.merged[k] {
		name = k + " answers otherwise"
	}
	return causeID{faults.Behaviour, name}, true
}

// mergeKey names where behaviours are merged: the step, and for the rules
// the op ("replay", "validate").
func mergeKey(c suite.Category, st step) string {
	if st == ruling {
		return string(c.Op())
	}
	return st.String()
}

// behaviour names the behaviour of a failure, and its step.
func behaviour(f *failure) (string, step, bool) {
	o := f.r
	want, got := o.Test, o.Answer
	if got == nil || o.Reason != suite.Mismatch {
		return "", 0, false
	}
	st := stepOf(o.Category, want.Error != nil || got.Error != nil)
	if name, ok := reported(f); ok {
		return name, st, true
	}
	switch {
	case st == ruling:
		r, ok := ruleBehaviour(o)
		return r, st, ok
	case want.Error != nil && got.Error == nil:
		return fmt.Sprintf("%s accepts what the spec refuses", st), st, true
	case want.Error == nil && got.Error != nil:
		return fmt.Sprintf("%s refuses valid %s", st, noun(o.Category)), st, true
	case st == encoding && got.Code != nil && want.Code != nil:
		return "encoding answers other codes", st, true
	case st == decoding && got.Value != nil:
		return "decoding answers other values", st, true
	}
	return "", 0, false
}

// findMerged finds the steps (and ops of the rules) whose failures, left
// to the behaviour stage, go wrong in more than two ways.
func (d *diagnosis) findMerged(left []int) {
	ways := map[string]map[string]bool{}
	for _, i := range left {
		f := d.failureOf(i)
		name, st, ok := behaviour(f)
		if !ok {
			continue
		}
		k := mergeKey(f.r.Category, st)
		if ways[k] == nil {
			ways[k] = map[string]bool{}
		}
		ways[k][name] = true
	}
	d.merged = map[string]bool{}
	for k, w := range ways {
		d.merged[k] = len(w) > 2
	}
}

// behaviourCause returns the cause of a behaviour: what was observed, and
// what the spec requires as its fix.
func (d *diagnosis) behaviourCause(id causeID, members []int) Cause {
	o := d.obs[members[0]]
	c := Cause{Observed: d.describe(members), Evidence: fmt.Sprintf("%d %s", len(members), term.Plural(len(members), "answer"))}
	st := stepOf(o.Category, o.Test.Error != nil || o.Answer.Error != nil)
	switch {
	case strings.HasSuffix(id.name, " answers otherwise"):
		where, _ := strings.CutSuffix(id.name, " answers otherwise")
		c.Title = where + " answers otherwise than spec/qf.md says, in several ways"
		switch where {
		case "decoding":
			sections := d.decodingSections(members)
			c.Fix = "decode as spec/qf.md's layout and section " + strings.Join(sections, " and section ") + " say (the example shows where it first goes wrong)"
			c.Refs = append([]string{"Layout"}, sections...)
		case "encoding":
			c.Fix, c.Refs = "encode as spec/qf.md section Encoding says (the example shows where it first goes wrong)", []string{"Encoding"}
		default:
			c.Fix, c.Refs = "apply the rules as spec/qf.md section Replay and validation says (the example shows where it first goes wrong)", []string{"Replay and validation"}
		}
	case strings.HasSuffix(id.name, " reports errors otherwise"):
		r := d.reportedCause(members)
		r.Observed = c.Observed
		return r
	case st == ruling:
		c.Title, c.Fix, c.Refs = ruleTitle(id.name), d.ruleFix(id.name, members), []string{"Replay and validation"}
		if ids := d.decidingRules(members); len(ids) <= 3 {
			c.Refs = append(c.Refs, ids...)
		}
	case o.Test.Error != nil:
		var kinds, fixes []string
		for _, i := range members {
			if k := d.obs[i].Test.Error.Kind; !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
				fix, refs := acceptFix(st, k)
				fixes = append(fixes, fix)
				for _, r := range refs {
					if !slices.Contains(c.Refs, r) {
						c.Refs = append(c.Refs, r)
					}
				}
			}
		}
		c.Title = fmt.Sprintf("%s that spec/qf.md refuses (%s) %s", noun(o.Category), strings.Join(kinds, ", "), map[step]string{decoding: "decoded", encoding: "encoded"}[st])
		c.Fix = strings.Join(fixes[:min(3, len(fixes))], "; ")
	case o.Answer.Error != nil:
		c.Title = fmt.Sprintf("%s that spec/qf.md %s refused", noun(o.Category), map[step]string{decoding: "decodes", encoding: "encodes"}[st])
		c.Fix, c.Refs = "encode them: their values are within the ranges of spec/qf.md section Encoding (the example's want is the code)", []string{"Encoding"}
		if st == decoding {
			c.Refs = d.decodingSections(members)
			var ways []string
			if slices.Contains(c.Refs, "Strict decoding") {
				ways = append(ways, "spec/qf.md's layout allows them")
			}
			if slices.Contains(c.Refs, "Lenient decoding") {
				ways = append(ways, "leniently, delete the bytes outside the alphabet and ignore what follows the last field, as spec/qf.md section Lenient decoding says")
			}
			c.Fix = "decode them: " + strings.Join(ways, "; ") + " (the example's want is the value it gives)"
		}
	default:
		c.Title = map[step]string{decoding: "codes decoded to other values than spec/qf.md's", encoding: "values encoded as other codes than spec/qf.md's"}[st]
		c.Fix = map[step]string{decoding: "decode each field to the value spec/qf.md's layout gives (the example shows the first difference)",
			encoding: "write the canonical code that spec/qf.md section Encoding requires (the example shows the first difference)"}[st]
		c.Refs = []string{map[step]string{decoding: "Layout", encoding: "Encoding"}[st]}
	}
	return c
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

// ruleBehaviour returns the behaviour of a replay or validation answer
// that breaks a rule: the violation missed, found where there is none, or
// told otherwise, or the squares a legal move reaches.
func ruleBehaviour(o *suite.Result) (string, bool) {
	want, got := o.Test, o.Answer
	if o.Category == suite.Validate {
		if want.Violations == nil || got.Violations == nil {
			return "", false
		}
		for _, k := range *want.Violations {
			if !slices.Contains(*got.Violations, k) {
				return k + ": not found", true
			}
		}
		for _, k := range *got.Violations {
			if !slices.Contains(*want.Violations, k) {
				return k + ": found where there is none", true
			}
		}
		return "violations in another order", true
	}
	if want.Squares == nil || got.Squares == nil {
		return "", false
	}
	var gv *rules.Violation
	if len(got.Violation) > 0 && string(got.Violation) != "null" {
		gv = new(rules.Violation)
		if json.Unmarshal(got.Violation, gv) != nil {
			return "", false
		}
	}
	wv := want.Violation
	switch {
	case gv != nil && (wv == nil || gv.Move < wv.Move):
		return string(gv.Kind) + ": legal moves refused", true
	case wv != nil && (gv == nil || gv.Move > wv.Move || wv.Kind != gv.Kind):
		return string(wv.Kind) + ": not reported", true
	}
	return "legal moves land on other squares", true
}

// ruleTitle says a rule behaviour in words.
func ruleTitle(name string) string {
	if op, ok := strings.CutSuffix(name, " answers otherwise"); ok {
		return op + " answered otherwise than spec/qf.md's rules say, breaking several of them"
	}
	rule, how, ok := strings.Cut(name, ": ")
	if !ok {
		return name
	}
	switch {
	case how == "not reported":
		return "moves that break " + rule + " not reported as " + rule
	case how == "legal moves refused":
		return "legal moves refused as " + rule
	case how == "not found":
		return "States that break " + rule + " validated without it"
	case how == "found where there is none":
		return rule + " found in States that do not break it"
	}
	return rule + " " + how
}

// ruleFix says what spec/qf.md requires of a rule behaviour, naming the
// vectors of its flag when some of them failed.
func (d *diagnosis) ruleFix(name string, members []int) string {
	rule, _, _ := strings.Cut(name, ": ")
	fix := "apply the rules as spec/qf.md section Replay and validation says"
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
// fewer characters and is otherwise the same.
func codeDifference(want, got string) string {
	fields, _, err := ref.Fields(want)
	if err != nil {
		return "the code"
	}
	wb := bitstring.Bits(want)
	gb := bits(got)
	n := min(len(wb), len(gb))
	at := n
	for i := 0; i < n; i++ {
		if wb[i] != gb[i] {
			at = i
			break
		}
	}
	for _, f := range fields {
		if at < f.Offset+f.Width {
			return nameOf(f.Path)
		}
	}
	return "the end of the code"
}

// bits returns the bits of a code, a character outside the alphabet read
// as bits that no character has.
func bits(code string) string {
	var b strings.Builder
	for i := 0; i < len(code); i++ {
		if v := strings.IndexByte(spec.Alphabet, code[i]); v >= 0 {
			fmt.Fprintf(&b, "%06b", v)
		} else {
			b.WriteString("xxxxxx")
		}
	}
	return b.String()
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
// a chunk present or not at its flag.
func valueDifference(want, got json.RawMessage) (string, bool) {
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
		if r, ok := ruleBehaviour(o); ok {
			return inputs + ": " + r, none
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

// describeError says an error object in a few words: "invalid_character
// at char 0", "truncated with no offset".
func describeError(e *spec.ErrorObject) string {
	return term.Clip((&spec.ErrorObject{Kind: e.Kind}).String()+" "+describePosition(e), 80)
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
