// Package generative checks an implementation generatively, against the
// reference: the code behind `qf fuzz`. It draws cases for every op the
// implementation lists (package gen: codes across the whole space and
// mutated, broken values for the encoder, steered games, rule-breaking
// States), sends many at once through the conformance protocol (package
// driver, through the same session as qf check: package suite), and
// grades every answer exactly as qf check grades a vector.
//
// It groups the disagreements by their root causes, as package diagnosis
// names them (a known fault, a way of reporting errors, the field where
// answers first differ, ...), and spends its budget looking for causes
// it has not seen: once a cause is known, the cases it explains count
// for it and are no longer new, and the draws lean away from the cases
// its known faults predict. Each cause keeps a few examples, each shrunk
// to a minimal case that the same cause still explains, written as
// vectors that qf check -vectors runs.
package generative

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Options say what to check, for how long, and what to keep.
type Options struct {
	driver.Options                  // the implementation, and how long to wait for it
	Seed           uint64           // the draws' seed
	Duration       time.Duration    // how long to draw cases; 0 means no limit (then N must be set)
	N              int              // how many cases to draw; 0 means no limit
	Categories     []suite.Category // the categories to check; nil means every one the hello lists
	Examples       int              // shrunk examples kept per cause; 0 means 3
	MaxCauses      int              // distinct causes to find, then the run ends; 0 means 25
	Window         int              // requests in flight at once; 0 means DefaultWindow
	Level          suite.Level      // the level decoding must meet; None means L3
	ShrinkSteps    int              // evaluations a shrink may take; 0 means 2000
	Progress       io.Writer        // when set, a progress line is written there
}

func (o *Options) setDefaults() {
	if o.Examples == 0 {
		o.Examples = 3
	}
	if o.MaxCauses == 0 {
		o.MaxCauses = 25
	}
	if o.Window == 0 {
		o.Window = DefaultWindow
	}
	if o.Level == suite.None {
		o.Level = suite.L3
	}
	if o.ShrinkSteps == 0 {
		o.ShrinkSteps = 2000
	}
}

// A Report is the outcome of a run.
type Report struct {
	Seed           uint64
	Command        []string // nil for a handler in this process
	Implementation *session.Hello
	Cases          map[suite.Category]int // the cases asked, by category
	Disagreements  int                    // cases answered otherwise than the reference
	// Skipped counts the cases drawn and not asked: those that the known
	// faults found predicted, left out to spend the budget elsewhere.
	Skipped  int
	Duration time.Duration
	Restarts int // of the implementation, after a crash, a timeout or a protocol error
	// Lost is the time spent on the requests that got no usable answer:
	// waiting for it, ending the process and starting the next.
	Lost   time.Duration
	Causes []*Cause // the root causes of the disagreements, in the order of package diagnosis
	// Capped is set when the run ended early, having found MaxCauses
	// causes (in the grouping of the run, which the last diagnosis may
	// merge into fewer).
	Capped    bool
	MaxCauses int
	Problems  []string // the implementation gave up, nothing was checked, ...
}

// A Cause is a root cause of disagreements, as package diagnosis names
// it, with its examples. Its Failed counts the disagreements it explains,
// its IDs are the ids of its examples' vectors, and its Example is the
// shortest of them.
type Cause struct {
	diagnosis.Cause
	Findings []*Finding // its examples, shrunk, the shortest first
}

// A Finding is an example of a cause: the first case found that
// disagreed in its way, and that case shrunk.
type Finding struct {
	// Signature is how the case disagrees: the category, how the answer
	// fails and the kinds of the expected and the given answer, "strict:
	// another offset (want truncated, got truncated)". A cause's examples
	// disagree in different ways.
	Signature string
	// Result is the implementation's answer to the shrunk case, graded;
	// its Test is the case as a vector, with its expectation from the
	// reference.
	Result   suite.Result
	Original string        // the input as drawn
	Cases    int           // cases drawn before it
	Steps    int           // shrink steps that made it smaller
	Tries    int           // evaluations the shrink made
	Minimal  bool          // the shrink ended with no simpler case left to try, not at its budget
	Elapsed  time.Duration // from the start of the run to the end of its shrink
	// Also lists the other categories of the same op (the other profile)
	// where the same input was found to disagree: it counts once.
	Also []suite.Category
	// Repeatable is false when the case, asked again on its own, did not
	// disagree the same way: the fault depends on the requests before it,
	// or on load, not on this input alone. Such a finding is not shrunk
	// and not written as a vector; Alone says how the case fared.
	Repeatable bool
	Alone      string
}

// OK reports whether the run found nothing.
func (r *Report) OK() bool { return r.Disagreements == 0 && len(r.Problems) == 0 }

// Total returns the number of cases asked.
func (r *Report) Total() int {
	n := 0
	for _, c := range r.Cases {
		n += c
	}
	return n
}

// Findings returns the examples of every cause.
func (r *Report) Findings() []*Finding {
	var out []*Finding
	for _, c := range r.Causes {
		out = append(out, c.Findings...)
	}
	return out
}

// batchSize is how many cases are drawn and sent together.
const batchSize = 256

// DefaultWindow is how many requests are in flight at once by default: a
// whole batch, so that an implementation always has the next request to
// read while its answers are read and graded. (With 64, qf fuzz against
// qf serve drew 12% fewer cases a second: both processes waited for the
// other in turn.)
const DefaultWindow = batchSize

// Run checks the implementation until the budget (Duration or N) is
// spent, or ctx is done. Its error is a *driver.StartError when the
// command cannot be started, or driver.ErrNoImplementation; every
// misbehaviour of the implementation is in the report.
func Run(ctx context.Context, opts Options) (*Report, error) {
	opts.setDefaults()
	if opts.Duration == 0 && opts.N == 0 {
		return nil, errors.New("generative: no budget: set Duration or N")
	}
	began := time.Now()
	rep := &Report{Seed: opts.Seed, Command: opts.Command, Cases: map[suite.Category]int{}}
	s, err := session.Open(ctx, opts.Options, opts.Progress)
	var hello *session.HelloError
	if errors.As(err, &hello) {
		rep.Problems = append(rep.Problems, hello.Error())
		return rep, nil
	}
	if err != nil {
		return nil, err
	}
	rep.Implementation = s.Hello
	wanted := opts.Categories
	if wanted == nil {
		wanted = suite.Categories
	}
	cats := s.Listed(wanted)
	if len(cats) == 0 {
		h := s.Hello
		rep.Problems = append(rep.Problems, fmt.Sprintf("nothing was checked: the implementation lists no op and profile asked for (its hello lists ops %q, profiles %q)", h.Ops, h.Profiles))
		rep.Problems = append(rep.Problems, s.Finish()...)
		return rep, nil
	}
	f := newFuzzer(&opts, s.Client, rep, began)
	r := gen.NewRand(opts.Seed)
	drawn := 0
	next := f.drawAhead(r, cats, f.batchLen(drawn))
	for f.budgetLeft(ctx) {
		b := <-next
		drawn += len(b.cases)
		f.rep.Skipped += b.skipped
		next = f.drawAhead(r, cats, f.batchLen(drawn))
		f.ask(ctx, b)
		if s.Client.GaveUp() != nil {
			break // Finish says why
		}
		f.diagnoseIfDue(ctx)
		s.Progress.Show("%d cases, %.0f/s, %d %s, %d %s", rep.Total(), float64(rep.Total())/time.Since(began).Seconds(),
			len(f.groups), term.Plural(len(f.groups), "cause"), rep.Disagreements, term.Plural(rep.Disagreements, "disagreement"))
	}
	<-next // the batch drawn ahead, not asked
	if ctx.Err() != nil {
		rep.Problems = append(rep.Problems, "the run was interrupted")
	}
	f.finish(ctx)
	rep.Problems = append(rep.Problems, s.Finish()...)
	rep.Duration = time.Since(began)
	rep.Restarts, rep.Lost = s.Client.Restarts(), s.Client.Lost()
	return rep, nil
}

// A fuzzer is a run in progress.
type fuzzer struct {
	opts   *Options
	client *driver.Client
	rep    *Report
	began  time.Time
	causes // the disagreements by cause, and the diagnosis
}

func newFuzzer(opts *Options, client *driver.Client, rep *Report, began time.Time) *fuzzer {
	f := &fuzzer{opts: opts, client: client, rep: rep, began: began}
	f.causes = newCauses(opts)
	return f
}

// budgetLeft reports whether the run goes on.
func (f *fuzzer) budgetLeft(ctx context.Context) bool {
	switch {
	case ctx.Err() != nil:
		return false
	case f.opts.N > 0 && f.rep.Total() >= f.opts.N:
		return false
	case f.opts.Duration > 0 && time.Since(f.began) >= f.opts.Duration:
		return false
	case len(f.groups) >= f.opts.MaxCauses:
		f.rep.Capped, f.rep.MaxCauses = true, f.opts.MaxCauses
		return false
	}
	return true
}

// A batch is the cases drawn to be sent together, with what the
// reference expects of each, and the number of cases left out.
type batch struct {
	cases   []fcase
	tests   []vectors.Test // the expectations, without their ids
	skipped int
}

// batchLen returns the length of the batch to draw after drawn cases.
func (f *fuzzer) batchLen(drawn int) int {
	if f.opts.N > 0 {
		return max(0, min(batchSize, f.opts.N-drawn))
	}
	return batchSize
}

// drawAhead draws a batch of n cases on a goroutine of its own, so that
// drawing them and working out their expectations overlap asking the
// batch before. Cases are left out as the diagnosis as it is when drawAhead is
// called predicts them: that of the batches up to the one before the
// last drawn, whatever the speed of the implementation, so that a seed
// draws the same cases from run to run.
func (f *fuzzer) drawAhead(r *gen.Rand, cats []suite.Category, n int) <-chan batch {
	out := make(chan batch, 1)
	diag := f.diag
	go func() { out <- draw(r, cats, n, diag) }()
	return out
}

// draw draws n cases, the categories in turn. Once faults are known, it
// leaves out seven in eight of the cases that diag predicts: those the
// causes found explain already.
func draw(r *gen.Rand, cats []suite.Category, n int, diag *diagnosis.Diagnosis) batch {
	b := batch{cases: make([]fcase, 0, n)}
	for tries := 0; len(b.cases) < n && tries < 8*n; tries++ {
		cat := cats[tries%len(cats)]
		c := fcase{cat, r.Input(cat)}
		if diag != nil && r.Intn(8) != 0 && diag.Predicts(c.cat, c.request()) {
			b.skipped++
			continue
		}
		b.cases = append(b.cases, c)
	}
	b.tests = make([]vectors.Test, len(b.cases))
	for i, c := range b.cases {
		b.tests[i] = c.expect()
	}
	return b
}

// ask sends the cases, many at once, and checks each answer. After a
// failure to answer (a crash, a timeout, a protocol error), the client
// has restarted the implementation, and the cases after the failed one
// are sent again.
func (f *fuzzer) ask(ctx context.Context, b batch) {
	reqs := make([]*protocol.Request, len(b.cases))
	for i := range b.cases {
		reqs[i] = b.cases[i].request()
	}
	for done := 0; done < len(b.cases); {
		answers, k, _, failure := f.client.Batch(reqs[done:], f.opts.Window)
		for i := 0; i < k; i++ {
			f.check(ctx, b.cases[done+i], &b.tests[done+i], answers[i], nil)
		}
		done += k
		if failure == nil || ctx.Err() != nil {
			return
		}
		f.check(ctx, b.cases[done], &b.tests[done], nil, failure)
		done++
		if f.client.GaveUp() != nil || !f.budgetLeft(ctx) {
			return
		}
	}
}

// check grades the answer to a case, or the failure to give one, against
// t, its expectation, and files a disagreement under its cause.
func (f *fuzzer) check(ctx context.Context, c fcase, t *vectors.Test, resp *protocol.Response, failure error) {
	f.rep.Cases[c.cat]++
	v := judge(c, t, resp, failure, f.reach)
	if v.signature == "" {
		f.keep(c, t, resp)
		return
	}
	f.rep.Disagreements++
	if failure != nil {
		v.result.Stderr = f.client.Stderr() // what it said as it failed
	}
	f.file(ctx, &sighting{c: c, v: v, at: f.rep.Total() - 1})
}

// evaluate asks the implementation about one case, alone, and grades it.
func (f *fuzzer) evaluate(c fcase) *sighting {
	t := c.test()
	resp, _, err := f.client.Call(c.request())
	return &sighting{c: c, v: judge(c, &t, resp, err, f.reach)}
}
