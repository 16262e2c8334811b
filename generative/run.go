// Package generative checks an implementation generatively, against the
// reference: the code behind `qf fuzz`. It asks the suite's vectors
// first, then draws cases for every op the implementation lists (package
// gen: codes across the whole space and mutated, broken values for the
// encoder, steered games, rule-breaking States), sends many at once
// through the conformance protocol (package session, the same session as
// qf check), and grades every answer exactly as qf check grades a vector.
//
// Its disagreements are tests, as qf check's failing vectors are: the
// input, the reference's answer and the implementation's. It keeps a
// sample of them (every way of disagreeing kept, a few of each) beside
// the vectors' results and a sample of the agreements, and at the end of
// the run diagnoses them as qf check diagnoses its vectors (package
// diagnosis), by the same rule: the causes it
// prints are that diagnosis's. While it draws, earlier diagnoses of the
// sample only steer the draws away from what the causes found explain.
//
// A crash is a finding, not the end of a run: the implementation is
// restarted as often as it takes, and a request it died on is asked again
// alone, in a fresh process, so that the crash's input is known. Each
// cause keeps a few examples, each shrunk (bounded by requests, not by
// time) to a minimal case that the same cause explains, then asked again
// in a fresh process: what the report says of an example, and what -o
// writes as a vector, is that last answer's.
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
	Duration       time.Duration    // how long the whole run takes (see budget.go); 0 means no limit (then N must be set)
	N              int              // how many cases to ask, the suite's vectors first; 0 means no limit
	Categories     []suite.Category // the categories to check; nil means every one the hello lists
	Examples       int              // shrunk examples kept per cause; 0 means 3
	MaxCauses      int              // distinct causes to find, then the run ends; 0 means 25
	Window         int              // requests in flight at once; 0 means DefaultWindow
	Level          suite.Level      // the level decoding must meet; None means L3
	ShrinkSteps    int              // requests a shrink may ask; 0 means 2000
	Progress       io.Writer        // when set, a progress line is written there

	// vectors, when set, chooses the vectors asked first by their ids:
	// tests of what happens where the vectors cannot tell a fault.
	vectors func(id string) bool
	// clock, when set, tells the run's time (realClock otherwise), and
	// diagnose, when set, diagnoses in place of diagnosis.Diagnose: tests
	// of the time budget.
	clock    clock
	diagnose func([]*suite.Result, diagnosis.Asker) *diagnosis.Diagnosis
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
	if o.clock == nil {
		o.clock = realClock{}
	}
	if o.diagnose == nil {
		o.diagnose = diagnosis.Diagnose
	}
	// A crash is a finding: only an implementation that cannot be
	// started, or does not answer hello, ends the run.
	o.Persist = true
}

// A Report is the outcome of a run.
type Report struct {
	Seed           uint64
	Command        []string // nil for a handler in this process
	Implementation *session.Hello
	Cases          map[suite.Category]int // the cases asked, by category
	Vectors        int                    // of them, the suite's vectors, asked first
	Disagreements  int                    // cases answered otherwise than the reference
	// Kept counts the disagreements the diagnosis read: every way of
	// disagreeing, at most keepPerWay of each (see pool.go). The causes'
	// counts are of these.
	Kept int
	// Skipped counts the cases drawn and not asked: those that the known
	// faults found predicted, left out to spend the budget elsewhere.
	Skipped  int
	Duration time.Duration // drawing and asking the cases
	// Diagnosing is the time the diagnosis and the examples took, after
	// the cases: the diagnosis's own requests, shrinking, asking again.
	// With Options.Duration, the two together end within it, but for
	// what was under way as it ran out (budget.go).
	Diagnosing time.Duration
	Restarts   int // of the implementation, after a crash, a timeout or a protocol error
	// Fresh counts the processes started to ask an example again alone,
	// in place of one that had answered other requests.
	Fresh int
	// Unconfirmed counts the crashes whose request, asked again alone in
	// a fresh process, was answered: crashes that depend on the requests
	// before them, not on one input.
	Unconfirmed int
	// Lost is the time spent on the requests that got no usable answer:
	// waiting for it, ending the process and starting the next.
	Lost   time.Duration
	Causes []*Cause // the root causes of the disagreements, as package diagnosis orders them
	// Capped is set when the run ended early, having found MaxCauses
	// causes.
	Capped    bool
	MaxCauses int
	Problems  []string // the implementation gave up, nothing was checked, ...

	// cut is set when Options.Duration ran out before the diagnosis or an
	// example was done with: -n repeats the cases, not all that followed.
	cut bool
}

// A Cause is a root cause of disagreements, as package diagnosis names
// it, with its examples. Its Failed counts the disagreements it explains
// among those the diagnosis read (Report.Kept), its IDs are the ids of
// its examples' vectors, and its Example is the shortest of them.
type Cause struct {
	diagnosis.Cause
	Findings []*Finding // its examples, shrunk, the shortest first
	members  []string   // the ids of the disagreements kept that it explains
}

// A Finding is an example of a cause: a disagreement the cause explains,
// shrunk, and asked again alone in a fresh process.
type Finding struct {
	// Signature is how the case disagrees, as it was asked last: the
	// category, how the answer fails and the kinds of the expected and the
	// given answer, "strict: another offset (want truncated, got
	// truncated)". A cause's examples disagree in different ways.
	Signature string
	// Result is the implementation's answer to the shrunk case, asked
	// again alone in a fresh process, graded; its Test is the case as a
	// vector, with its expectation from the reference. For a finding that
	// is not repeatable, it is the answer as found.
	Result   suite.Result
	Original string        // the input as found
	Cases    int           // cases asked before it was found
	Steps    int           // shrink steps that made it smaller
	Tries    int           // cases the shrink asked
	Minimal  bool          // the shrink ended with no simpler case left to try, not at its budget
	Elapsed  time.Duration // from the start of the run to the end of its shrink
	// Also lists the other categories of the same op (the other profile)
	// where the same input was found to disagree: it counts once.
	Also []suite.Category
	// Repeatable is false when the case, asked again alone in a fresh
	// process, did not disagree the same way: the fault depends on the
	// requests before it, or on load, not on this input alone. Such a
	// finding is not shrunk and not written as a vector; Alone says how
	// the case fared.
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
// spent, or ctx is done, then diagnoses what it kept and shrinks the
// examples; with a Duration, all within it (budget.go). Its error is a
// *driver.StartError when the command cannot be started, or
// driver.ErrNoImplementation; every misbehaviour of the implementation is
// in the report.
func Run(ctx context.Context, opts Options) (*Report, error) {
	opts.setDefaults()
	if opts.Duration == 0 && opts.N == 0 {
		return nil, errors.New("generative: no budget: set Duration or N")
	}
	began := opts.clock.Now()
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
	f := &fuzzer{opts: &opts, conn: s, client: s.Client, rep: rep, began: began, pool: newPool(opts.Seed), clock: opts.clock, diagnoseFunc: opts.diagnose}
	f.setBudget()
	seeds, err := seedBatches(cats, opts.vectors, opts.Level)
	if err != nil {
		s.Finish()
		return nil, err
	}
	f.drawAll(ctx, seeds, cats)
	if ctx.Err() != nil {
		rep.Problems = append(rep.Problems, "the run was interrupted")
	}
	rep.Duration = f.since()
	f.finish(ctx)
	rep.Problems = append(rep.Problems, s.Finish()...)
	rep.Diagnosing = f.since() - rep.Duration
	rep.Restarts, rep.Fresh, rep.Lost = s.Client.Restarts(), s.Client.Fresh(), s.Client.Lost()
	return rep, nil
}

// A fuzzer is a run in progress.
type fuzzer struct {
	opts   *Options
	conn   *session.Conn
	client *driver.Client
	rep    *Report
	began  time.Time
	pool   *pool // what the diagnosis will read, and the diagnoses that steer the draws
	drawn  int   // cases drawn, after the vectors
	asked  int   // cases asked, the vectors' and those drawn: rep.Total(), kept as it grows

	clock             clock
	diagnoseFunc      func([]*suite.Result, diagnosis.Asker) *diagnosis.Diagnosis
	deadline, drawEnd time.Time // the run's end and the drawing's once a disagreement is found; zero without a Duration
	stage             string    // what the run does, for the progress line
}

// drawAll asks the seeds, the suite's vectors, then draws and asks cases
// until the budget is spent.
func (f *fuzzer) drawAll(ctx context.Context, seeds []batch, cats []suite.Category) {
	progress := func() {
		rep := f.rep
		f.show("%d cases, %.0f/s, %d %s, %d %s", rep.Total(), float64(rep.Total())/f.since().Seconds(),
			f.pool.causes(), term.Plural(f.pool.causes(), "cause"), rep.Disagreements, term.Plural(rep.Disagreements, "disagreement"))
	}
	for _, b := range seeds {
		if !f.budgetLeft(ctx) {
			return
		}
		if n := f.left(); n < len(b.cases) {
			b.cases, b.reqs, b.tests, b.answers = b.cases[:n], b.reqs[:n], b.tests[:n], b.answers[:n]
		}
		f.rep.Vectors += len(b.cases)
		f.ask(ctx, &b)
		if f.client.GaveUp() != nil {
			return // Finish says why
		}
		progress()
	}
	r := gen.NewRand(f.opts.Seed).WithLongInputs()
	next := f.drawAfter(nil, r, cats, f.pool.diag)
	var after *drawing // the batch after next, drawn ahead as if no diagnosis came between
	defer func() {     // the batches drawn ahead, not asked
		if after != nil {
			<-after.done
		}
		<-next.done
	}()
	for f.budgetLeft(ctx) {
		<-next.done
		b := next.b
		f.rep.Skipped += b.skipped
		f.drawn += len(b.cases)
		if after != nil && after.diag != f.pool.diag {
			<-after.done // drawn leaning on a diagnosis since replaced: drawn again
			r.Rewind(after.from)
			after = nil
		}
		if after == nil {
			after = f.drawAfter(nil, r, cats, f.pool.diag) // next is done
		}
		next, after = after, f.drawAfter(after, r, cats, f.pool.diag)
		f.ask(ctx, &b)
		if f.client.GaveUp() != nil {
			return
		}
		if f.pool.due() && f.budgetLeft(ctx) {
			f.pool.diagnosed(f.diagnose(ctx, f.pool.results(), f.drawEnd, "diagnosing while drawing, to steer the draws"))
		}
		progress()
	}
}

// budgetLeft reports whether the run goes on asking.
func (f *fuzzer) budgetLeft(ctx context.Context) bool {
	switch {
	case ctx.Err() != nil:
		return false
	case f.opts.N > 0 && f.asked >= f.opts.N:
		return false
	case f.past(f.deadline), f.rep.Disagreements > 0 && f.past(f.drawEnd):
		return false
	case f.pool.causes() >= f.opts.MaxCauses:
		f.rep.Capped, f.rep.MaxCauses = true, f.opts.MaxCauses
		return false
	}
	return true
}

// left returns how many cases the budget has left, or a large number
// when it is not a count.
func (f *fuzzer) left() int {
	if f.opts.N > 0 {
		return max(0, f.opts.N-f.asked)
	}
	return 1 << 62
}

// A batch is the cases to be sent together, with their requests and what
// the reference expects of each, and the number of cases drawn and left
// out. Of cases drawn, it holds the reference's answers, from which test
// makes their expectations when they are needed: most cases are answered
// with the reference's answer itself (answers), and need none. Of the
// suite's vectors, answers holds the reference's answer where it passes
// the vector.
type batch struct {
	cases   []fcase
	reqs    []*protocol.Request
	tests   []vectors.Test       // the expectations: a vector's, or the reference's without an id; nil until test makes one
	vectors bool                 // the suite's vectors, not cases drawn
	refs    []*protocol.Response // the reference's answers to cases drawn; nil once its test is made
	answers [][]byte             // the reference's, as protocol.AppendAnswer writes them, nil where it does not
	skipped int
}

// test returns the expectation of case i. The expectations of cases
// drawn are made only as they are asked for: most cases need none.
func (b *batch) test(i int) *vectors.Test {
	if b.tests == nil {
		b.tests = make([]vectors.Test, len(b.cases))
	}
	if b.refs != nil && b.refs[i] != nil {
		b.tests[i] = b.cases[i].expectFrom(b.refs[i])
		b.refs[i] = nil
	}
	return &b.tests[i]
}

// answerLine returns the reference's line for the answer to case i that
// came as the reference's, in memory of its own.
func (b *batch) answerLine(i int) []byte {
	return append(append([]byte(`{"id":`), b.reqs[i].ID...), b.answers[i]...)
}

// parseAnswer parses the line of an answer that came as the reference's.
func parseAnswer(line []byte) *protocol.Response {
	resp, err := protocol.ParseResponse(line)
	if err != nil {
		panic("generative: the reference's answer does not parse: " + err.Error())
	}
	return resp
}

// agreement returns the agreement of case i, whose answer came as the
// reference's: its expectation, or the reference's answer it is made
// from, and the reference's line.
func (b *batch) agreement(i int) *agreement {
	a := &agreement{line: b.answerLine(i)}
	if b.refs != nil && b.refs[i] != nil {
		a.ref = b.refs[i]
	} else {
		a.t = b.tests[i]
	}
	return a
}

// batchLen returns the length of the batch to draw once drawn cases are
// drawn: N counts the cases drawn, after the vectors asked.
func (f *fuzzer) batchLen(drawn int) int {
	if f.opts.N > 0 {
		return max(0, min(batchSize, f.opts.N-f.rep.Vectors-drawn))
	}
	return batchSize
}

// A drawing is a batch drawn on a goroutine of its own, ahead of its
// asking, so that drawing the cases and working out their expectations
// overlap asking the batches before. Its cases are left out as diag
// predicts them.
type drawing struct {
	b     batch         // the batch: its cases once drawn is closed, the reference's answers once done is
	drawn chan struct{} // closed once the cases are drawn, and the Rand is free to draw the next batch
	done  chan struct{} // closed once the reference's answers are written too
	diag  *diagnosis.Diagnosis
	from  gen.Mark // where the Rand's draws were as it began
}

// drawAfter draws, once prev's cases are drawn (prev may be nil), the
// batch after prev's, leaving out cases as diag predicts them. A seed
// draws the same cases from run to run, whatever the speed of the
// implementation, when each batch is drawn with the diagnosis of the
// batches up to the one before the last drawn: drawAll draws two batches
// ahead, the second leaning on the diagnosis as it is, and draws that one
// again (Rewind) when the batch before it, asked, brings a new one.
func (f *fuzzer) drawAfter(prev *drawing, r *gen.Rand, cats []suite.Category, diag *diagnosis.Diagnosis) *drawing {
	d := &drawing{drawn: make(chan struct{}), done: make(chan struct{}), diag: diag}
	drawn := f.drawn // of the cases before prev's
	go func() {
		if prev != nil {
			<-prev.drawn
			drawn += len(prev.b.cases)
		}
		d.from = r.Mark()
		var answered <-chan struct{}
		d.b, answered = drawCases(r, cats, f.batchLen(drawn), diag)
		close(d.drawn)
		<-answered
		close(d.done)
	}()
	return d
}
