// Package diagnosis explains the failures of a run as a few root causes,
// each stated as what was observed (which inputs, what the implementation
// answered, what the spec requires there, what the failures share), and
// named as a mechanism only where a model reproduces the answers: the
// code behind the causes that qf check, qf report and qf fuzz show.
//
// The diagnosis runs in stages (stages.go), the same for Diagnose and for
// Explain, so that a failure seen later is put under the cause a diagnosis
// of it would have put it under. Each failure goes to the first stage that
// explains it:
//
//   - a way of reporting every error (one kind for everything, no offsets,
//     offsets in another unit or from another origin, other field names),
//     when the answer is the reference's but for it;
//   - a fault of the catalogue (package faults), charged by one rule
//     (known.go): the faults whose models, together, decide as the
//     implementation does, scored over the tests where a model changes
//     the spec's decision (+1 decided as the model; -Otherwise decided
//     neither so nor as the spec, unless one more fault completes the
//     model there; -Against decided as the spec, but -1 where two faults
//     meet), added greedily where a move raises the score, or answers
//     more tests exactly at no cost in it (one fault, one shape for
//     another, or two at once), and dropped where the others make one
//     redundant, or where it scores no more than 0 when only the faults
//     charged complete the model. A fault's cause holds only the failures its model
//     reproduces; those it changes but answers otherwise go to the stages
//     after it;
//   - misbehaviour: crashes, timeouts, protocol errors and "unsupported",
//     with what the inputs share;
//   - a whole facet that fails (every code with a State, every vector of
//     one op, one direction, one player);
//   - and what the implementation does where no model reproduces it, split
//     by what the failures share (behaviour.go, traits.go): by where the
//     answer first parts from the spec's (difference.go: the spec's
//     refusal not made, a refusal where the spec goes on, an error reported
//     otherwise at the spec's place, another result, a rule missed or broken
//     where there is none; the first of two differences, which explains the
//     second), then by the trait of the inputs that most of them have and
//     the tests that pass lack (a wall count of 10, a key inside an object
//     that no value has, a last character holding padding bits), or
//     failing that where the answers first differ. A trait shared across
//     several ways makes one cause of them. Its fix is what the spec
//     requires there, never a mechanism no model verified.
//
// Every number it decides by is in Thresholds. The search for faults is a
// pure function of the answers and of the Thresholds, with a budget of
// requests of its own (probe.go), never of time.
package diagnosis

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// A Cause is a root cause of failures.
type Cause struct {
	// Kind says what sort of cause it is (faults.Kind): a fault of the
	// catalogue (its kind: fault, layout, rule), a way of reporting errors,
	// misbehaviour, a facet, a behaviour observed, or the unexplained.
	Kind faults.Kind `json:"kind"`
	// Name names the cause: the family of a fault of the catalogue
	// ("junk-as-zeros", "turn-9-bits"), the way of reporting ("one kind
	// \"error\""), the reason ("crash"), the facet ("chunks:state-only"),
	// the behaviour ("encoding accepts out_of_range").
	Name string `json:"name"`
	// Title says what it is, in words: the fault's mechanism for a fault
	// whose model reproduced the answers, what was observed otherwise.
	Title string `json:"title"`
	// Field and Rule say where a fault of the layout or of the rules goes
	// wrong: the field of the layout, the rule.
	Field string `json:"field,omitempty"`
	Rule  string `json:"rule,omitempty"`
	// Variant says, for a fault of the catalogue or a way of reporting
	// errors, in which shape the implementation has it ("one hole per
	// UTF-16 unit, strict profile only"), and Variants names the faults of
	// the catalogue of that shape.
	Variant  string   `json:"variant,omitempty"`
	Variants []string `json:"variants,omitempty"`
	// Flag is the Fault flag of a fault of the catalogue; Flags its flags
	// when it has more than one.
	Flag  string   `json:"flag,omitempty"`
	Flags []string `json:"flags,omitempty"`
	// Failed is how many failures the cause explains, and IDs their ids.
	// Otherwise is how many of them a fault's model does not reproduce:
	// failures where the fault changes the answer, answered another way.
	Failed    int      `json:"failed"`
	IDs       []string `json:"ids"`
	Otherwise int      `json:"otherwise,omitempty"`
	// Drawn is set when the failures are a sample of those drawn (qf
	// fuzz): how many disagreements were drawn in the ways the sample's
	// disagree. Failed of them were kept and diagnosed; every count the
	// cause says is of those.
	Drawn int `json:"drawn,omitempty"`
	// Observed says what the implementation did: which inputs, what it
	// answered, what the spec requires there.
	Observed string `json:"observed"`
	// Evidence says what in the answers proves the cause: for a fault, how
	// many answers its model reproduces.
	Evidence string `json:"evidence"`
	// Refs are the edge cases and spec sections that say what is right.
	Refs []string `json:"refs,omitempty"`
	// Fix says in a line what to change: what a model verified, or what
	// the spec requires.
	Fix string `json:"fix,omitempty"`
	// Only lists the flags and facets that every failure it explains
	// has, and some of the other tests of its categories do not: where it
	// is confined.
	Only []string `json:"only,omitempty"`
	// Example is its shortest failing test.
	Example *Example `json:"example,omitempty"`
	// Claims are observations the cause rests on, as data: a reader, or a
	// test, can ask the implementation again and see each hold.
	Claims []Claim `json:"claims,omitempty"`
	// Probes are the requests the diagnosis sent the implementation of its
	// own, to tell apart explanations that the tests could not, and what
	// they showed.
	Probes []Probe `json:"probes,omitempty"`
}

// Says returns what the cause is, in words: its title, and the shape
// the implementation has it in, when it has one.
func (c Cause) Says() string {
	if c.Variant == "" {
		return c.Title
	}
	return c.Title + " (" + c.Variant + ")"
}

// Headline returns the cause's name and what it is in words (Says), as a
// headline says them: a behaviour of a rule is named for the rule
// ("no_path: not reported") and its title says the rule again ("no_path
// not reported where spec/qf.md's rules find it"), so the words are said
// without it, after the rule alone where they go on from the name
// ("no_path", "not reported where spec/qf.md's rules find it"), else
// after the name ("no_path: reported where there is none", "reported
// where spec/qf.md's rules find none"). Other causes' are Name and Says.
func (c Cause) Headline() (name, says string) {
	if c.Kind != faults.Behaviour {
		return c.Name, c.Says()
	}
	return ruleOnce(c.Name, c.Says())
}

// ruleOnce returns a behaviour's name and words with the rule said once,
// as Headline says.
func ruleOnce(name, says string) (string, string) {
	rule, way, ok := strings.Cut(name, ": ")
	if !ok {
		return name, says
	}
	rest, ok := strings.CutPrefix(says, rule+" ")
	switch {
	case !ok:
		return name, says
	case strings.HasPrefix(rest, way):
		return rule, rest
	}
	return name, rest
}

// key names a cause among the causes of a run: its kind and name.
func (c Cause) key() string { return string(c.Kind) + " " + c.Name }

// A Claim is one observation a cause rests on: an input, what the
// implementation answered, what the spec requires (the reference's
// answer), and for a fault of the catalogue what its model answers. Each
// answer is as the reports show one: an error object without its
// message, a code, a value, a replay, violations; Reason says why there
// was none.
type Claim struct {
	Category suite.Category  `json:"category"`
	Input    string          `json:"input"` // the code, or for encoding the JSON text
	Got      json.RawMessage `json:"got,omitempty"`
	Reason   suite.Reason    `json:"reason,omitempty"` // for a failure without an answer: crash, timeout, protocol
	Want     json.RawMessage `json:"want"`
	Model    json.RawMessage `json:"model,omitempty"`
}

// A Probe is a request the diagnosis sent to tell two shapes of a fault
// apart, and what the implementation answered.
type Probe struct {
	Category suite.Category `json:"category"`
	Input    string         `json:"input"`   // the code, or for encoding the value, as JSON
	Answer   string         `json:"answer"`  // the implementation's answer, in words
	Matches  []string       `json:"matches"` // the faults of the catalogue whose models answer so
	Refutes  []string       `json:"refutes"` // those whose models answer otherwise
}

// An Example is a failing test of a cause: its input and what was wrong.
type Example struct {
	ID         string `json:"id"`
	Input      string `json:"input"`      // the input as the report shows it (JSON), clipped
	Difference string `json:"difference"` // where the answer first differs from the expected one, or what happened
	// Stderr is the end of what the implementation wrote to its standard
	// error on a failure of the cause (the example's, or the first
	// other's), at most a few lines: often what says why it crashed.
	Stderr string `json:"stderr,omitempty"`
}

// A Diagnosis is the root causes of a run's failures, and what was
// learnt of the implementation on the way: enough to tell which cause
// explains a failure seen later (Explain), whether a fault of the
// catalogue shows in it alone (Shows, Showing), and which requests its
// faults change (Predicts). qf fuzz diagnoses what it kept of its cases
// at the end of a run, as qf check diagnoses its vectors; while it draws,
// it leans away from what an earlier diagnosis predicts.
type Diagnosis struct {
	// Causes are in the order a report shows them: misbehaviour first,
	// then the others by how many failures they explain, and what is
	// unexplained last. Every failure (status Fail) is explained by
	// exactly one cause, and every cause explains a failure.
	Causes []Cause
	d      *diagnosis
}

// Diagnose explains the failures among the results of a run as their
// root causes, with the Default thresholds: see Thresholds.Diagnose.
func Diagnose(obs []*suite.Result, ask Asker) *Diagnosis { return Default.Diagnose(obs, ask) }

// Diagnose explains the failures among the results of a run as their
// root causes, from the tests and the answers the results carry (an
// answer is nil where the implementation gave none). When ask is not nil,
// and the tests cannot tell which of two shapes of a fault the
// implementation has, it asks the implementation a few requests of its
// own (probe.go), shown in the causes' Probes.
func (th Thresholds) Diagnose(obs []*suite.Result, ask Asker) *Diagnosis {
	d := newDiagnosis(obs, th)
	d.ask = ask
	if len(d.failed) == 0 {
		return &Diagnosis{d: d}
	}
	d.run()
	causes := slices.Clone(d.causes)
	sort.SliceStable(causes, func(i, j int) bool { return Before(&causes[i], &causes[j]) })
	return &Diagnosis{Causes: causes, d: d}
}

// Before reports whether cause a comes before b in a report:
// misbehaviour first, the unexplained last, the others by how many
// failures they explain.
func Before(a, b *Cause) bool {
	if ra, rb := rank(a.Kind), rank(b.Kind); ra != rb {
		return ra < rb
	}
	return a.Failed > b.Failed
}

func rank(k faults.Kind) int {
	switch k {
	case faults.Misbehaviour:
		return 0
	case faults.Unexplained:
		return 2
	}
	return 1
}

// A diagnosis is the work in progress.
type diagnosis struct {
	th      Thresholds
	obs     []*suite.Result
	failed  []int // indexes of the failures in obs
	answers *answers
	style   style
	model   []*faults.Fault // the faults of the catalogue confirmed, in order
	found   *search         // how the model was found: the attempts, the probes
	facets  []string        // the facets that fail as a whole, in the order tried
	traits  [][]trait       // the traits of each test's input, once asked
	// behaviours are the behaviours the failures left to the behaviour
	// stage split into, in the order found (findBehaviours), and by name.
	behaviours     []behaviour
	behaviourNamed map[string]behaviour
	causes         []Cause
	byKey          map[string]int // the causes by key

	// Probing: how to ask the implementation, the categories it was
	// asked, the probes sent and those it did not answer.
	ask                       Asker
	listed                    map[suite.Category]bool
	probesSent, probeFailures int
}

func newDiagnosis(obs []*suite.Result, th Thresholds) *diagnosis {
	d := &diagnosis{th: th, obs: obs, answers: newAnswers(obs), byKey: map[string]int{}, listed: map[suite.Category]bool{}}
	for i, o := range obs {
		if o.Status == suite.Fail {
			d.failed = append(d.failed, i)
		}
		if o.Answer != nil {
			d.listed[o.Category] = true
		}
	}
	return d
}

// add adds a cause explaining the failures members, with its example,
// ids, claims and where it is confined.
func (d *diagnosis) add(c Cause, members []int) {
	for _, i := range members {
		c.IDs = append(c.IDs, d.obs[i].Test.ID)
	}
	c.Failed = len(members)
	results := make([]*suite.Result, len(members))
	for k, i := range members {
		results[k] = d.obs[i]
	}
	c.Example = ExampleOf(results)
	if c.Only == nil {
		c.Only = slices.DeleteFunc(d.only(members), func(n string) bool { return n == c.Flag || slices.Contains(c.Flags, n) })
	}
	c.Claims = d.claims(c, members)
	d.byKey[c.key()] = len(d.causes)
	d.causes = append(d.causes, c)
}

// ExampleOf returns the example of failures of one cause: the one with
// the shortest input, the first of those, with the last words on standard
// error of the first that has any.
func ExampleOf(failures []*suite.Result) *Example {
	best := failures[0]
	for _, r := range failures[1:] {
		if len(r.Input()) < len(best.Input()) {
			best = r
		}
	}
	e := &Example{ID: best.Test.ID, Input: string(best.Input()), Difference: best.Explain(), Stderr: LastWords(best.Stderr)}
	for _, r := range failures {
		if e.Stderr != "" {
			break
		}
		e.Stderr = LastWords(r.Stderr)
	}
	return e
}

// LastWords returns the end of an implementation's standard error for a
// report: its last three lines that are not blank, at most 300 bytes,
// escaped.
func LastWords(stderr string) string {
	var lines []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, strings.TrimRight(l, "\r"))
		}
	}
	lines = lines[max(0, len(lines)-3):]
	s := strings.Join(lines, "\n")
	if len(s) > 300 {
		s = "..." + s[len(s)-300:]
	}
	return term.Printable(s, true)
}

// claims returns the claims of a cause: its example's failure first, then
// failures of other categories or fields, up to th.Claims.
func (d *diagnosis) claims(c Cause, members []int) []Claim {
	var out []Claim
	seen := map[string]bool{}
	order := slices.Clone(members)
	sort.SliceStable(order, func(a, b int) bool {
		return d.obs[order[a]].Test.ID == c.Example.ID && d.obs[order[b]].Test.ID != c.Example.ID
	})
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
		if c.Kind.Modelled() && c.Kind != faults.Reporting {
			if fs := d.modelOfCause(c); fs != nil {
				req, _ := d.answers.request(i)
				cl.Model = shownOf(askResponse(modelOf(fs), req))
			}
		}
		out = append(out, cl)
	}
	return out
}

// wantField names where a test's expectation is: its error's field or
// kind, or "" for a value.
func wantField(o *suite.Result) string {
	if e := o.Test.Error; e != nil {
		if f, ok := spec.FieldOf(e.Field); ok {
			return f.Name
		}
		return e.Kind
	}
	return ""
}

// modelOfCause returns the faults of the model up to and with the last
// fault of cause c's family: the model that reproduces its failures.
func (d *diagnosis) modelOfCause(c Cause) []*faults.Fault {
	last := -1
	for k, f := range d.model {
		if f.Family == c.Name {
			last = k
		}
	}
	if last < 0 {
		return nil
	}
	return d.model[:last+1]
}

// only returns the flags and facets that every failure of members has and
// some other test run of the same categories does not: at most three,
// those the fewest tests have first.
func (d *diagnosis) only(members []int) []string {
	count := map[string]int{}
	cats := map[suite.Category]bool{}
	for _, i := range members {
		for _, n := range names(d.obs[i]) {
			count[n]++
		}
		cats[d.obs[i].Category] = true
	}
	carried, ran := map[string]int{}, 0
	for i := range d.obs {
		r := d.obs[i]
		if !cats[r.Category] || !r.Status.Ran() {
			continue
		}
		ran++
		for _, n := range names(r) {
			carried[n]++
		}
	}
	var out []string
	for n, k := range count {
		if k == len(members) && carried[n] < ran && n != suite.FuzzFlag {
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

// names returns the flags and facets of a result.
func names(r *suite.Result) []string {
	out := slices.Clone(r.Test.Flags)
	for _, f := range r.Facets {
		out = append(out, string(f))
	}
	return out
}
