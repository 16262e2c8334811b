// Package diagnosis explains the failures of a run as a few root causes,
// each stated as what was observed (which inputs, what the implementation
// answered, what the spec requires there), and named as a mechanism only
// where a model reproduces the answers: the code behind the causes that
// qf check, qf report and qf fuzz show. It rests on one rule:
//
// A failure is explained by where its answer first parts from the spec's
// (suite.Difference: part, way, place); one an earlier difference explains
// belongs to its cause: a replay or validation of a code the implementation
// decodes otherwise, answered as the spec's rules answer what it decoded,
// follows from that decoding. A mechanism (the catalogue's faults, the
// layout's and the board's deviations; two at once where one masks the
// other) names the failures its model, with those named before it,
// reproduces, where it reproduces the most and the tests it bears on do not
// refute it (mechanism.go); what none reproduces is grouped by part, way and
// place, or by a trait that tells it from the passing tests (group.go).
//
// Every number it decides by is in Thresholds; it depends on the answers
// alone, never on time.
package diagnosis

import (
	"encoding/json"
	"slices"
	"sort"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// A Part is the part of the spec a cause's differences arise in.
type Part string

// The parts.
const (
	Decoding Part = "decoding"              // a code read: decoding, and replay and validation reading it
	Encoding Part = "encoding"              // a value written as a code
	Rules    Part = "rules"                 // the rules applied to a code that decodes
	Errors   Part = "errors"                // how every error is reported
	Protocol Part = "protocol"              // no usable answer: a crash, a timeout, a broken line, "unsupported"
	Codec    Part = "decoding and encoding" // a code read and written: a table both use
	Unknown  Part = "unknown"               // what no cause explains
)

// A Cause is a root cause of failures.
type Cause struct {
	// Kind says what sort of cause it is (faults.Kind): a fault of the
	// catalogue or a deviation of the layout whose model reproduced its
	// failures (fault, layout, rule), a way of reporting errors,
	// misbehaviour, a behaviour observed, or the unexplained.
	Kind faults.Kind `json:"kind"`
	// Name names the cause: a fault's family ("junk-as-zeros"), a
	// deviation ("turn-width-9-decoding"), the way of reporting, the
	// reason ("crash"), or a behaviour's place and way.
	Name string `json:"name"`
	// Title says what it is, in words: the mechanism for a cause whose
	// model reproduced the answers, what was observed otherwise.
	Title string `json:"title"`
	// Part, Way, Field and Rule are where its failures first part from the
	// spec's: the part of the spec, how, and the field of the layout or the
	// rule; Fault the mechanism that reproduced them, if any.
	Part  Part      `json:"part"`
	Way   suite.Way `json:"way,omitempty"`
	Field string    `json:"field,omitempty"`
	Rule  string    `json:"rule,omitempty"`
	Fault string    `json:"fault,omitempty"`
	// Variant says, for a fault of the catalogue, in which shape the
	// implementation has it, and Variants names the faults of that shape.
	Variant  string   `json:"variant,omitempty"`
	Variants []string `json:"variants,omitempty"`
	// Flag is the Fault flag of a fault of the catalogue; Flags its flags
	// when it has more than one.
	Flag  string   `json:"flag,omitempty"`
	Flags []string `json:"flags,omitempty"`
	// Failed is how many failures the cause explains, and IDs their ids.
	Failed int      `json:"failed"`
	IDs    []string `json:"ids"`
	// Follows counts, by category, its replays and validations that follow
	// from their codes decoded as the cause says.
	Follows map[suite.Category]int `json:"follows,omitempty"`
	// Drawn is set when the failures are a sample of those drawn (qf
	// fuzz): how many disagreements were drawn in the ways the sample's
	// disagree. Failed of them were kept and diagnosed; every count the
	// cause says is of those.
	Drawn int `json:"drawn,omitempty"`
	// Observed says what the implementation did: which inputs, what it
	// answered, what the spec requires there.
	Observed string `json:"observed"`
	// Evidence says what in the answers proves the cause.
	Evidence string `json:"evidence"`
	// Refs are the edge cases and spec sections that say what is right.
	Refs []string `json:"refs,omitempty"`
	// Fix says in a line what to change: what a model verified, or what
	// the spec requires.
	Fix string `json:"fix,omitempty"`
	// Only lists the flags and facets that every failure it explains
	// has, and some of the other tests of its categories do not.
	Only []string `json:"only,omitempty"`
	// Example is its shortest failing test.
	Example *Example `json:"example,omitempty"`
	// Claims are observations the cause rests on, as data: a reader, or a
	// test, can ask the implementation again and see each hold.
	Claims []Claim `json:"claims,omitempty"`

	key causeKey // its identity among the causes of its run
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
// headline says them: a rule's behaviour by the rule alone, its title
// going on from it ("no_path", "not reported where ... find it").
func (c Cause) Headline() (name, says string) {
	if c.Part == Rules && c.Kind == faults.Behaviour && c.Rule != "" {
		return c.Rule, c.Says()
	}
	return c.Name, c.Says()
}

// A Claim is one observation a cause rests on: an input, what the
// implementation answered, what the spec requires (the reference's
// answer), and for a mechanism what its model answers. Each answer is as
// the reports show one: an error object without its message, a code, a
// value, a replay, violations; Reason says why there was none. Decoded is,
// for a replay or validation that follows from a decoding, the
// implementation's strict decoding of the same code.
type Claim struct {
	Category suite.Category  `json:"category"`
	Input    string          `json:"input"` // the code, or for encoding the JSON text
	Got      json.RawMessage `json:"got,omitempty"`
	Reason   suite.Reason    `json:"reason,omitempty"` // for a failure without an answer: crash, timeout, protocol
	Want     json.RawMessage `json:"want"`
	Model    json.RawMessage `json:"model,omitempty"`
	Decoded  json.RawMessage `json:"decoded,omitempty"`
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

// A Diagnosis is the root causes of a run's failures, and enough to tell
// which explains a failure seen later (Explain), whether a mechanism
// shows in it alone (Shows), and what its mechanisms change
// (Predicts).
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
// root causes, from the tests and the answers the results carry. When ask
// is not nil, it asks the implementation to decode the codes of the
// replays and validations that fail, where the run has not (findDecodings).
func (th Thresholds) Diagnose(obs []*suite.Result, ask Asker) *Diagnosis {
	d := newDiagnosis(obs, th)
	if len(d.failed) == 0 {
		return &Diagnosis{d: d}
	}
	d.findStyle()
	d.findDecodings(ask)
	d.findMechanisms()
	d.assign()
	causes := slices.Clone(d.causes)
	sort.SliceStable(causes, func(i, j int) bool { return Before(&causes[i], &causes[j]) })
	return &Diagnosis{Causes: causes, d: d}
}

// An Asker asks the implementation a request of the diagnosis's own and
// returns its answer, or an error when it gave none. What it answers
// changes nothing already graded.
type Asker func(req *protocol.Request) (*protocol.Response, error)

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
	e := &Example{ID: best.Test.ID, Input: string(best.Input()), Difference: best.Explain(), Stderr: term.LastLines(best.Stderr)}
	for _, r := range failures {
		if e.Stderr != "" {
			break
		}
		e.Stderr = term.LastLines(r.Stderr)
	}
	return e
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
	for _, r := range d.obs {
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
