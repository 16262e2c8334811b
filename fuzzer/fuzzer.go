// Package fuzzer checks an implementation generatively, against the
// reference: the code behind `qf fuzz`. It draws cases for every op the
// implementation lists (package gen: codes across the whole space and
// mutated, broken values for the encoder, steered games, rule-breaking
// States), sends many at once through the conformance protocol (package
// driver, through the same session as qf check: package suite), grades
// every answer exactly as qf check grades a vector, shrinks each
// distinct disagreement to a minimal case that still disagrees the same
// way, and writes the shrunk cases as vectors that qf check -vectors runs.
package fuzzer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Options say what to check and for how long.
type Options struct {
	driver.Options                  // the implementation, and how long to wait for it
	Seed           uint64           // the draws' seed
	Duration       time.Duration    // how long to draw cases; 0 means no limit (then N must be set)
	N              int              // how many cases to draw; 0 means no limit
	Categories     []suite.Category // the categories to check; nil means every one the hello lists
	MaxFindings    int              // distinct disagreements to find and shrink, then the run ends; 0 means 10
	Window         int              // requests in flight at once; 0 means 64
	Level          suite.Level      // the level decoding must meet; None means L3
	ShrinkSteps    int              // evaluations a shrink may take; 0 means 2000
	Progress       io.Writer        // when set, a progress line is written there
}

// A Finding is a distinct disagreement: its signature, the first case
// found, and that case shrunk.
type Finding struct {
	// Signature is the category, how the answer fails and the kinds of
	// the expected and the given answer: "strict: another offset (want
	// truncated, got truncated)".
	Signature string
	Test      vectors.Test  // the shrunk case, a vector with its expectation from the reference
	Result    suite.Result  // the implementation's answer to it, graded
	Original  string        // the input as drawn
	Cases     int           // cases drawn before it
	Steps     int           // shrink steps that made it smaller
	Tries     int           // evaluations the shrink made
	Elapsed   time.Duration // from the start of the run to the end of its shrink
	Again     int           // more cases that disagreed the same way
	// Repeatable is false when the case, asked again on its own, did not
	// disagree the same way: the fault depends on the requests before it,
	// or on load, not on this input alone. Such a finding is not shrunk
	// and not written as a vector; Alone says how the case fared.
	Repeatable bool
	Alone      string
}

// A Report is the outcome of a run.
type Report struct {
	Seed           uint64
	Implementation *suite.Implementation
	Cases          map[suite.Category]int
	Duration       time.Duration
	Restarts       int // of the implementation, after a crash, a timeout or a protocol error
	Findings       []*Finding
	Problems       []string // the implementation gave up, nothing was checked, ...
}

// OK reports whether the run found nothing.
func (r *Report) OK() bool { return len(r.Findings) == 0 && len(r.Problems) == 0 }

// Total returns the number of cases drawn.
func (r *Report) Total() int {
	n := 0
	for _, c := range r.Cases {
		n += c
	}
	return n
}

// batchSize is how many cases are drawn and sent together.
const batchSize = 256

// Run checks the implementation until the budget (Duration or N) is
// spent, or ctx is done. Its error is a *driver.StartError when the
// command cannot be started, or driver.ErrNoImplementation; every
// misbehaviour of the implementation is in the report.
func Run(ctx context.Context, opts Options) (*Report, error) {
	if opts.MaxFindings == 0 {
		opts.MaxFindings = 10
	}
	if opts.Window == 0 {
		opts.Window = 64
	}
	if opts.Level == suite.None {
		opts.Level = suite.L3
	}
	if opts.ShrinkSteps == 0 {
		opts.ShrinkSteps = 2000
	}
	if opts.Duration == 0 && opts.N == 0 {
		return nil, errors.New("fuzzer: no budget: set Duration or N")
	}
	began := time.Now()
	rep := &Report{Seed: opts.Seed, Cases: map[suite.Category]int{}}
	s, err := suite.Open(ctx, opts.Options, opts.Progress)
	var hello *suite.HelloError
	if errors.As(err, &hello) {
		rep.Problems = append(rep.Problems, hello.Error())
		return rep, nil
	}
	if err != nil {
		return nil, err
	}
	rep.Implementation = s.Implementation
	wanted := opts.Categories
	if wanted == nil {
		wanted = suite.Categories
	}
	cats := s.Listed(wanted)
	if len(cats) == 0 {
		h := s.Implementation
		rep.Problems = append(rep.Problems, fmt.Sprintf("nothing was checked: the implementation lists no op and profile asked for (its hello lists ops %q, profiles %q)", h.Ops, h.Profiles))
		rep.Problems = append(rep.Problems, s.Finish()...)
		return rep, nil
	}

	f := &fuzzer{ctx: ctx, opts: &opts, client: s.Client, rep: rep, began: began, seen: map[string]*Finding{}}
	r := gen.NewRand(opts.Seed)
	for f.budgetLeft() {
		n := batchSize
		if opts.N > 0 {
			n = min(n, opts.N-rep.Total())
		}
		cases := make([]fcase, n)
		reqs := make([]*protocol.Request, n)
		for i := range cases {
			cat := cats[i%len(cats)]
			cases[i] = fcase{cat, cat.Draw(r)}
			reqs[i] = cases[i].request()
		}
		answers, k, _, failure := s.Client.Batch(reqs, opts.Window)
		for i := 0; i < k; i++ {
			rep.Cases[cases[i].cat]++
			f.check(cases[i], answers[i], nil)
		}
		if failure != nil && ctx.Err() == nil {
			rep.Cases[cases[k].cat]++
			f.check(cases[k], nil, failure)
		}
		if s.Client.GaveUp() != nil {
			break // Finish says why
		}
		s.Progress.Show("%d cases, %.0f/s, %d disagreements", rep.Total(), float64(rep.Total())/time.Since(began).Seconds(), len(rep.Findings))
	}
	if ctx.Err() != nil {
		rep.Problems = append(rep.Problems, "the run was interrupted")
	}
	rep.Problems = append(rep.Problems, s.Finish()...)
	rep.Duration = time.Since(began)
	rep.Restarts = s.Client.Restarts()
	return rep, nil
}

type fuzzer struct {
	ctx    context.Context // the run's, for the shrinks
	opts   *Options
	client *driver.Client
	rep    *Report
	began  time.Time
	seen   map[string]*Finding // by signature
}

func (f *fuzzer) budgetLeft() bool {
	switch {
	case f.ctx.Err() != nil:
		return false
	case f.opts.N > 0 && f.rep.Total() >= f.opts.N:
		return false
	case f.opts.Duration > 0 && time.Since(f.began) >= f.opts.Duration:
		return false
	case len(f.rep.Findings) >= f.opts.MaxFindings:
		return false // as many as were asked for: enough to work on
	}
	return true
}

// check grades the answer to a case, and shrinks a disagreement not seen
// before.
func (f *fuzzer) check(c fcase, resp *protocol.Response, failure error) {
	t := c.test()
	v := judge(c, &t, resp, failure, f.opts.Level)
	if v.signature == "" {
		return
	}
	if found := f.seen[v.signature]; found != nil {
		found.Again++
		return
	}
	if len(f.rep.Findings) >= f.opts.MaxFindings {
		return
	}
	finding := &Finding{Signature: v.signature, Original: c.input, Cases: f.rep.Total() - 1, Repeatable: true}
	f.seen[v.signature] = finding
	shrunk := c
	if alone := f.evaluate(c); alone.signature != v.signature {
		finding.Repeatable = false
		finding.Alone = "it passed"
		if alone.signature != "" {
			finding.Alone = "it disagreed otherwise: " + alone.signature
		}
	} else {
		shrunk, v = f.shrink(c, v, finding)
		// Once more, alone, for the standard error that goes with it.
		f.client.Stderr()
		if final := f.evaluate(shrunk); final.signature == v.signature {
			v = final
			v.result.Stderr = f.client.Stderr()
		}
	}
	t = shrunk.test()
	suite.AddFields(&t)
	t.Comment = comment(&t, finding, f.opts.Seed)
	t.Flags = shrunk.cat.Flags(shrunk.input, &t)
	finding.Test, finding.Result = t, v.result
	finding.Elapsed = time.Since(f.began)
	f.rep.Findings = append(f.rep.Findings, finding)
}

// evaluate asks the implementation about one case, alone, and grades it.
func (f *fuzzer) evaluate(c fcase) verdict {
	t := c.test()
	resp, _, err := f.client.Call(c.request())
	return judge(c, &t, resp, err, f.opts.Level)
}
