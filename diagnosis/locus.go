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

// A locus is where a wrong answer goes wrong: a field of the layout for
// decoding (replay and validation decode first) and encoding, a rule for
// replay and validation.
type locus struct {
	stage stage
	field string // a field of spec.Layout ("state.turn"), or for an error without a field its kind
	how   how
	rule  string // for the rules: the rule, and how it fails
}

// A stage is what an answer goes wrong in: reading a code, writing one,
// or applying the rules to what was read.
type stage uint8

const (
	decoding stage = iota // a code read into a value: decoding, and replay and validation first
	encoding              // a value written as a code
	ruling                // the rules applied to a value: replay and validation
)

// String names the stage: the words of a cause's title.
func (s stage) String() string { return [...]string{"decoding", "encoding", "the rules"}[s] }

// stageOf returns the stage of a category's answers: encoding when it
// reads a value, decoding when it answers one, and for replay and
// validation the rules, but decoding for an error.
func stageOf(c suite.Category, err bool) stage {
	switch {
	case c.Reads() == suite.Value:
		return encoding
	case c.Writes() == suite.Value || err:
		return decoding
	}
	return ruling
}

// How an answer goes wrong at its locus.
type how uint8

const (
	differs how = iota // a value or code that differs first at the field
	accepts            // an answer where the reference has this error
	rejects            // an error, at the field, where the reference answers
	errs               // another error, where the reference has one at the field
)

// locusOf returns where failure o goes wrong, and false when it cannot
// be told (no answer, an answer of the wrong shape).
func (d *diagnosis) locusOf(o *suite.Result) (locus, bool) {
	got := o.Answer
	if got == nil || o.Reason != suite.Mismatch {
		return locus{}, false
	}
	want := o.Test
	st := stageOf(o.Category, want.Error != nil || got.Error != nil)
	switch {
	case st == ruling:
		return d.ruleLocus(o)
	case want.Error != nil && got.Error != nil:
		return locus{stage: st, field: errorField(want.Error), how: errs}, true
	case want.Error != nil:
		return locus{stage: st, field: errorField(want.Error), how: accepts}, true
	case got.Error != nil:
		return locus{stage: st, field: d.style.where(got.Error, st == encoding), how: rejects}, true
	case st == encoding && got.Code != nil:
		return locus{stage: st, field: codeDifference(*want.Code, *got.Code), how: differs}, true
	case st == decoding && got.Value != nil:
		if f, ok := valueDifference(want.Value, got.Value); ok {
			return locus{stage: st, field: f, how: differs}, true
		}
	}
	return locus{}, false
}

// where returns where an implementation's error is: as errorField says,
// but for an implementation that reports one kind for every error, its
// field whatever the kind.
func (s *style) where(e *spec.ErrorObject, enc bool) string {
	if f, ok := spec.FieldOf(e.Field); ok && s.oneKind[way(enc)] != "" {
		return f.Name
	}
	return errorField(e)
}

// errorField returns where an error is: for a value out of range, its
// field of the layout; for the other kinds, whose field is where the
// input happens to end (truncated) or that have none, the kind.
func errorField(e *spec.ErrorObject) string {
	if f, ok := spec.FieldOf(e.Field); ok && e.Kind == string(ref.ErrOutOfRange) {
		return f.Name
	}
	return e.Kind
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

// ruleLocus returns the rule a replay or validation answer breaks: the
// violation missed, found where there is none, or told otherwise, or the
// squares a legal move reaches.
func (d *diagnosis) ruleLocus(o *suite.Result) (locus, bool) {
	want, got := o.Test, o.Answer
	if o.Category == suite.Validate {
		if want.Violations == nil || got.Violations == nil {
			return locus{}, false
		}
		for _, k := range *want.Violations {
			if !slices.Contains(*got.Violations, k) {
				return locus{stage: ruling, rule: k + " not found"}, true
			}
		}
		for _, k := range *got.Violations {
			if !slices.Contains(*want.Violations, k) {
				return locus{stage: ruling, rule: k + " found where there is none"}, true
			}
		}
		return locus{stage: ruling, rule: "violations in another order"}, true
	}
	if want.Squares == nil || got.Squares == nil {
		return locus{}, false
	}
	var gv *rules.Violation
	if len(got.Violation) > 0 && string(got.Violation) != "null" {
		gv = new(rules.Violation)
		if json.Unmarshal(got.Violation, gv) != nil {
			return locus{}, false
		}
	}
	wv := want.Violation
	switch {
	case wv != nil && (gv == nil || gv.Move > wv.Move):
		return locus{stage: ruling, rule: string(wv.Kind) + ": an illegal move allowed"}, true
	case gv != nil && (wv == nil || gv.Move < wv.Move):
		return locus{stage: ruling, rule: string(gv.Kind) + ": a legal move refused"}, true
	case wv != nil && gv != nil && wv.Kind != gv.Kind:
		return locus{stage: ruling, rule: string(wv.Kind) + " reported as " + string(gv.Kind)}, true
	}
	return locus{stage: ruling, rule: "a legal move lands on another square"}, true
}

// loci adds the causes of the failures left by where they go wrong: the
// fields of decoding and encoding in the order of the layout, then the
// rules. A field where answers first differ takes every failure after it
// in the layout of the tests that hold it: a field read or written wrong
// shifts everything after it (a 9-bit turn makes the record truncated or
// the padding nonzero).
func (d *diagnosis) loci() {
	groups := map[locus][]int{}
	roots := map[locus]bool{} // the groups with an answer that first differs there
	for _, i := range d.unexplainedFailures() {
		if l, ok := d.locusOf(d.obs[i]); ok {
			key := l
			key.how = 0 // one group per field, whatever the how
			groups[key] = append(groups[key], i)
			if l.how == differs {
				roots[key] = true
			}
		}
	}
	keys := make([]locus, 0, len(groups))
	for l := range groups {
		keys = append(keys, l)
	}
	sort.Slice(keys, func(a, b int) bool { return before(keys[a], keys[b]) })
	for k, l := range keys {
		members := groups[l]
		if l.stage == ruling {
			if d.add(d.ruleCause(l, members), members) {
				d.byLocus[l] = len(d.causes) - 1
			}
			continue
		}
		if roots[l] && layoutIndex(l.field) >= 0 {
			for _, m := range keys[k+1:] {
				if !reaches(l, m) {
					continue
				}
				for _, i := range groups[m] {
					if holds(d.obs[i], l.field) {
						members = append(members, i)
					}
				}
			}
		}
		if d.add(d.fieldCause(l, members, roots[l]), members) {
			d.byLocus[l] = len(d.causes) - 1
			if roots[l] && layoutIndex(l.field) >= 0 {
				d.roots = append(d.roots, l)
			}
		}
	}
}

// reaches reports whether what goes wrong at root, a field, can make
// answers go wrong at l: in the same stage, or in the rules after
// decoding (replay and validation decode first).
func reaches(root, l locus) bool {
	return root.stage == l.stage || root.stage == decoding && l.stage == ruling
}

// before orders loci: by stage (decoding, encoding, the rules), then in
// the order of the layout.
func before(x, y locus) bool {
	if x.stage != y.stage {
		return x.stage < y.stage
	}
	if px, py := order(x.field), order(y.field); px != py {
		return px < py
	}
	return x.field+x.rule < y.field+y.rule
}

// order returns the place of a field in the layout, and after all of them
// for the kinds of error that come after the fields.
func order(field string) int {
	if i := layoutIndex(field); i >= 0 {
		return i
	}
	return len(spec.Layout)
}

// holds reports whether the input of o's test holds field, a field of
// the layout: whether the reference reads it, decoding the code (or the
// code a value encodes to).
func holds(o *suite.Result, field string) bool {
	fields, ok := o.Category.Fields(o.Test)
	if !ok {
		return strings.HasPrefix(field, "flags.")
	}
	for _, f := range fields {
		if nameOf(f.Path) == field {
			return true
		}
	}
	return false
}

// layoutIndex returns the place of a field in the layout, -1 for none.
func layoutIndex(name string) int {
	return slices.IndexFunc(spec.Layout, func(f spec.Field) bool { return f.Name == name })
}

// fieldCause returns the cause of the failures that go wrong at a field:
// its title true of every one of them, its fix what the answers show
// there, its likeness to faults of the catalogue only where their models
// reproduce the answers.
func (d *diagnosis) fieldCause(l locus, members []int, root bool) Cause {
	hows := map[how]int{}
	own := 0
	var first *suite.Result // the shortest answer that first goes wrong here
	for _, i := range members {
		if x, ok := d.locusOf(d.obs[i]); ok {
			hows[x.how]++
			if x.field == l.field {
				own++
				if first == nil || len(d.obs[i].Input()) < len(first.Input()) {
					first = d.obs[i]
				}
			}
		}
	}
	what := l.stage.String()
	c := Cause{Kind: Field, Name: l.field, Refs: []string{"Layout"}}
	_, inLayout := spec.FieldOf(l.field)
	at := "at " + l.field
	if !inLayout {
		at = "as " + l.field
	}
	switch {
	case root:
		c.Title = fmt.Sprintf("%s goes wrong at %s, and after it", what, l.field)
	case len(hows) > 1:
		c.Title = fmt.Sprintf("%s answers otherwise than the reference %s", what, at)
	case hows[accepts] > 0:
		c.Title = fmt.Sprintf("%s accepts what the reference refuses %s", what, at)
	case hows[rejects] > 0:
		c.Title = fmt.Sprintf("%s refuses %s what the reference accepts", what, at)
	default:
		c.Title = fmt.Sprintf("%s reports other errors where the reference has them %s", what, at)
	}
	c.Fix = fieldFix(l, inLayout, first)
	if !inLayout {
		c.Refs = []string{"Errors"}
	}
	c.Evidence = fmt.Sprintf("%d %s first %s wrong here", own, term.Plural(own, "answer"), term.Plural(own, "goes", "go"))
	if after := len(members) - own; after > 0 {
		c.Evidence += fmt.Sprintf("; %d more after it, in codes that hold it", after)
	}
	c.Like = d.likeOf(l.field, members)
	return c
}

// fieldFix says what to change at a field, from what the answers show
// there: the first answer that goes wrong, and where.
func fieldFix(l locus, inLayout bool, first *suite.Result) string {
	verb := map[stage]string{decoding: "read", encoding: "write"}[l.stage]
	shows := ""
	if first != nil {
		shows = fmt.Sprintf(" (%s: %s)", first.Test.ID, term.Clip(first.Explain(), 120))
	}
	if !inLayout {
		return "report " + l.field + " where spec/qf.md section Errors says, in its order of precedence" + shows
	}
	return fmt.Sprintf("%s %s as spec/qf.md's layout table says, and the fields after it from where it ends%s", verb, l.field, shows)
}

// likeOf returns the faults of the catalogue that show as the cause named
// name and whose models, with the faults found, answer as the
// implementation on three in four of the members, or more.
func (d *diagnosis) likeOf(name string, members []int) []string {
	var out []string
	for _, f := range faults.Catalogue {
		if !slices.ContainsFunc(f.Locus, func(l string) bool {
			return name == l || strings.HasPrefix(name, l+":") || strings.HasPrefix(name, l+" ")
		}) {
			continue
		}
		with := append(slices.Clone(d.model), f)
		if !compatible(with) {
			continue
		}
		k, match := key(with), 0
		for _, i := range members {
			if d.style.same(d.answers.predict(k, with, i), d.answers.observed[i]) {
				match++
			}
		}
		if 4*match >= 3*len(members) {
			out = append(out, f.Name)
		}
	}
	return out
}

// ruleCause returns the cause of the failures that break a rule.
func (d *diagnosis) ruleCause(l locus, members []int) Cause {
	kind, _, _ := strings.Cut(l.rule, ":")
	kind, _, _ = strings.Cut(kind, " ")
	c := Cause{Kind: Rule, Name: l.rule, Title: "replay and validation break the rules", Refs: []string{"Replay and validation"}}
	c.Fix = "apply the rules as spec/qf.md section Replay and validation says"
	flag := vectors.KindFlag(kind)
	if flag != "" {
		c.Fix = fmt.Sprintf("apply %s as spec/qf.md section Replay and validation says (the vectors flagged %s)", kind, flag)
	}
	with := 0 // the tests of the rule's flag run
	for i := range d.obs {
		if r := d.obs[i]; r.Status.Ran() && slices.Contains(r.Test.Flags, flag) {
			with++
		}
	}
	c.Evidence = fmt.Sprintf("%d %s", len(members), term.Plural(len(members), "answer"))
	if flag != "" && with > 0 {
		c.Evidence += fmt.Sprintf("; %d tests flagged %s ran", with, flag)
	}
	c.Like = d.likeOf(kind, members)
	return c
}
