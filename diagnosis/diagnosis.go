// Package diagnosis explains the failures of a run as a few root causes,
// each proven by the implementation's answers: the code behind the causes
// that qf check, qf report and qf fuzz show.
//
// A cause is one of these kinds, found in this order, and a failure that
// one cause explains is charged to no other:
//
//   - a way of reporting every error (one kind for everything, no offsets,
//     offsets in another unit, other field names): the answers that are
//     right but for it;
//   - a known fault of the catalogue (package faults, with its
//     Fault flag where the vectors have one), confirmed when the
//     implementation answers as the fault's model does where the fault
//     shows, not by how often vectors fail;
//   - misbehaviour: crashes, timeouts, protocol errors and "unsupported"
//     that no fault explains;
//   - a whole facet that fails (every code with a State, every vector of
//     one op, one direction, one player);
//   - a field of the layout where the answers first differ, and everything
//     after it (a field read with the wrong width, fields in the wrong
//     order, a range checked wrong), or a rule of replay and validation
//     broken, and where;
//   - and what none of these explains, shown as unexplained.
package diagnosis

import (
	"slices"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/suite"
)

// A Kind is what sort of root cause a Cause is.
type Kind string

// The kinds of cause.
const (
	Reporting    Kind = "reporting"    // a way of reporting every error
	Fault        Kind = "fault"        // a known fault of the catalogue
	Misbehaviour Kind = "misbehaviour" // a crash, a timeout, a protocol error, "unsupported"
	Facet        Kind = "facet"        // every test of a facet fails
	Field        Kind = "field"        // answers first differ at a field of the layout
	Rule         Kind = "rule"         // a rule of replay or validation broken
	Unexplained  Kind = "unexplained"  // what no cause explains
)

// A Cause is a root cause of failures.
type Cause struct {
	Kind Kind `json:"kind"`
	// Name names the cause: the fault ("junk-as-zeros"), the field
	// ("state.turn"), the rule ("off_board: illegal moves allowed"), the
	// facet ("chunks:state-only"), the reason ("crash").
	Name string `json:"name"`
	// Title says what it is, in words.
	Title string `json:"title"`
	// Variant says, for a known fault or a way of reporting errors, in
	// which shape the implementation has it ("one hole per UTF-16 unit,
	// strict profile only"), and Variants names the faults of the
	// catalogue of that shape (one for each way it goes wrong, such as
	// walls-sorted and walls-sorted-encoding).
	Variant  string   `json:"variant,omitempty"`
	Variants []string `json:"variants,omitempty"`
	// Flag is the Fault flag of a known fault; Flags its flags when it has
	// more than one.
	Flag  string   `json:"flag,omitempty"`
	Flags []string `json:"flags,omitempty"`
	// Failed is how many failures the cause explains, and IDs their ids.
	Failed int      `json:"failed"`
	IDs    []string `json:"ids"`
	// Evidence says what in the answers proves the cause.
	Evidence string `json:"evidence"`
	// Refs are the edge cases and spec sections that say what is right.
	Refs []string `json:"refs,omitempty"`
	// Fix says in a line what to change.
	Fix string `json:"fix,omitempty"`
	// Only lists the flags and facets that every failure it explains
	// has, and some of the other tests of its categories do not: where it
	// is confined.
	Only []string `json:"only,omitempty"`
	// Example is its shortest failing test.
	Example *Example `json:"example,omitempty"`
	// Like names the faults of the catalogue whose models reproduce the
	// failures of a cause of where answers go wrong: what it may well be.
	Like []string `json:"like,omitempty"`
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
// explains a failure seen later (Explain), which requests its known
// faults change (Predicts), and the level its way of reporting errors
// reaches (Level). qf fuzz diagnoses the cases it has seen, and goes on
// looking for failures that no cause explains.
type Diagnosis struct {
	// Causes are in the order a report shows them: misbehaviour first,
	// then the others by how many failures they explain, and what is
	// unexplained last. Every failure (status Fail) is explained by
	// exactly one cause.
	Causes []Cause
	d      *diagnosis
	index  []int // the place in Causes of each cause of d, as d found them
}

// Diagnose explains the failures among the results of a run as their
// root causes, from the tests and the answers the results carry (an
// answer is nil where the implementation gave none). When ask is not nil,
// and the tests cannot tell which of two shapes of a fault the
// implementation has, it asks the implementation a few requests of its
// own (probe.go), shown in the causes' Probes.
func Diagnose(obs []*suite.Result, ask Asker) *Diagnosis {
	d := newDiagnosis(obs)
	d.ask = ask
	if len(d.failed) == 0 {
		return &Diagnosis{d: d}
	}
	d.reporting()
	d.knownFaults()
	d.misbehaviour()
	d.facets()
	d.loci()
	d.unexplained()
	order := make([]int, len(d.causes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return Before(&d.causes[order[i]], &d.causes[order[j]]) })
	x := &Diagnosis{d: d, index: make([]int, len(order))}
	for place, i := range order {
		x.Causes = append(x.Causes, d.causes[i])
		x.index[i] = place
	}
	return x
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

func rank(k Kind) int {
	switch k {
	case Misbehaviour:
		return 0
	case Unexplained:
		return 2
	}
	return 1
}

// A diagnosis is the work in progress.
type diagnosis struct {
	obs       []*suite.Result
	failed    []int       // indexes of the failures in obs
	explained map[int]int // failure -> index of its cause in causes
	causes    []Cause
	style     style
	model     []*faults.Fault // the known faults confirmed, in order
	answers   *answers

	// Probing: how to ask the implementation, the categories it was
	// asked, the probes sent and those it did not answer.
	ask                       Asker
	listed                    map[suite.Category]bool
	probesSent, probeFailures int

	// The causes, by index in causes, as Explain finds them.
	byFault map[*faults.Fault]int
	byLocus map[locus]int // the causes of where answers go wrong, by locus (how left out)
	roots   []locus       // the loci of fields where answers first differ, in the order of the layout
}

func newDiagnosis(obs []*suite.Result) *diagnosis {
	d := &diagnosis{obs: obs, explained: map[int]int{}, answers: newAnswers(obs),
		byFault: map[*faults.Fault]int{}, byLocus: map[locus]int{}, listed: map[suite.Category]bool{}}
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

// unexplainedFailures returns the failures no cause explains yet.
func (d *diagnosis) unexplainedFailures() []int {
	var out []int
	for _, i := range d.failed {
		if _, ok := d.explained[i]; !ok {
			out = append(out, i)
		}
	}
	return out
}

// add adds a cause explaining the failures members (those explained
// already are left to their cause), with its example and ids; it returns
// false, adding nothing, when none is left.
func (d *diagnosis) add(c Cause, members []int) bool {
	var fresh []int
	for _, i := range members {
		if _, ok := d.explained[i]; !ok && d.obs[i].Status == suite.Fail {
			fresh = append(fresh, i)
		}
	}
	if len(fresh) == 0 {
		return false
	}
	for _, i := range fresh {
		d.explained[i] = len(d.causes)
		c.IDs = append(c.IDs, d.obs[i].Test.ID)
	}
	c.Failed = len(fresh)
	if c.Example == nil {
		c.Example = d.example(fresh)
	}
	if c.Only == nil {
		c.Only = slices.DeleteFunc(d.only(fresh), func(n string) bool { return n == c.Flag || slices.Contains(c.Flags, n) })
	}
	d.causes = append(d.causes, c)
	return true
}

// example returns the example of failures: the one with the shortest
// input, the first of those.
func (d *diagnosis) example(failures []int) *Example {
	results := make([]*suite.Result, len(failures))
	for k, i := range failures {
		results[k] = d.obs[i]
	}
	return ExampleOf(results)
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
	e := &Example{ID: best.Test.ID, Input: term.Clip(string(best.Input()), 60), Difference: best.Explain(), Stderr: LastWords(best.Stderr)}
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
