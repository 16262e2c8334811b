// Package runner runs the qf conformance vectors against an implementation:
// the code behind `qf check`.
//
// The implementation is a program that speaks the conformance protocol of
// spec/protocol.md on its standard input and output, run once for the whole
// suite, or (in oneshot mode) a program run once per vector that reads a
// code and says whether it accepts it; or a protocol.Handler in this
// process, such as the reference of package serve. Package suite says what
// each vector asks and grades the answers, through one session with the
// implementation; package diagnosis explains the failures.
//
// The runner never hangs and accounts for every vector: each is passed,
// failed (with its reason: a mismatch, a crash, a timeout, a protocol
// error), an expected failure, skipped (an op or profile the implementation
// does not list) or not run (the run ended before it). A run in which
// nothing was checked, or whose implementation did not exit cleanly,
// fails, and its report says why.
package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"time"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Options say what to run and how.
type Options struct {
	// The implementation, and how long to wait for it; in oneshot mode,
	// StartTimeout is the time a process has to exit.
	driver.Options
	Mode     Mode        // Persistent (the default) or Oneshot
	Parallel int         // oneshot: processes at once; 0 means the number of CPUs
	Level    suite.Level // L1, L2 or L3: the level a decoding test must meet to pass; None means L3
	Run      *regexp.Regexp
	Skip     *regexp.Regexp
	Flags    []string // run only tests with one of these flags
	// Require lists levels that categories must reach: a category not
	// checked, or below its level, is a problem of the run.
	Require  []Requirement
	Expect   []Expectation   // expected failures
	Extra    []*vectors.File // vector files run beside the suite's, such as qf fuzz writes (vectors.LoadDir)
	Progress io.Writer       // when set, a progress line is written there
	// NoDiagnosis leaves the report's Causes empty, for a caller that
	// reads only the results: on an implementation with faults the
	// diagnosis is most of a run's CPU.
	NoDiagnosis bool
}

// A Summary counts the results of a category, and says the level reached.
type Summary struct {
	Category suite.Category `json:"category"`
	Total    int            `json:"total"`
	Passed   int            `json:"passed"`
	Failed   int            `json:"failed"`
	XFailed  int            `json:"expected_failures"`
	Skipped  int            `json:"skipped"`
	NotRun   int            `json:"not_run"`
	// Level is the level every test run of the category meets; None when
	// one meets none, or when none ran (Ran is 0).
	Level suite.Level `json:"level"`
	// Next is the level above Level that the mode can grade (None at the
	// top), and AtNext how many of the Ran tests meet it: the progress
	// toward it, as "L1 262/309".
	Next   suite.Level `json:"next,omitempty"`
	AtNext int         `json:"at_next"`
	Ran    int         `json:"ran"`
}

// LevelText returns the level as the text report shows it: "not
// checked" when no test ran.
func (s *Summary) LevelText() string {
	if s.Ran == 0 {
		return "not checked"
	}
	return s.Level.String()
}

// A Report is the outcome of a run.
type Report struct {
	SuiteVersion   string            `json:"suite_version"`
	Digest         string            `json:"digest"`
	Command        []string          `json:"command"` // nil for a handler in this process
	Mode           Mode              `json:"mode"`
	Implementation *session.Hello    `json:"implementation,omitempty"`
	Notes          []string          `json:"notes,omitempty"`    // what the mode could not check
	Problems       []string          `json:"problems,omitempty"` // what fails the run besides its vectors
	Restarts       int               `json:"restarts"`           // processes started after the first
	Deselected     int               `json:"deselected"`         // vectors left out by -run, -skip and -flags
	Duration       float64           `json:"duration"`           // the run's seconds
	Summaries      []Summary         `json:"summary"`
	Causes         []diagnosis.Cause `json:"causes,omitempty"` // the failures grouped by cause
	Stale          []string          `json:"stale_expectations,omitempty"`
	// FlagNotes explains each flag of the vectors run, as the vector files'
	// notes do.
	FlagNotes map[string]vectors.Note `json:"flag_notes"`
	Results   []suite.Entry           `json:"results"`
	// ExpectFailTo, when set, is where qf check -write-expect-fail writes
	// the failures as an expected-failures list ("-" for standard
	// output): a run whose vectors were all it failed on then passes, and
	// the text report says so.
	ExpectFailTo string `json:"-"`
}

// A Mode is how a run talks to the implementation.
type Mode string

// The modes of a run.
const (
	// Persistent runs one process for the whole suite, speaking the
	// protocol of spec/protocol.md (restarted after a failure).
	Persistent Mode = "persistent"
	// Oneshot runs the command once per vector, strict decoding only: the
	// code on standard input, exit status 0 with the value or 1.
	Oneshot Mode = "oneshot"
)

// Checks reports whether a run in mode m can check the tests of category
// c: oneshot mode only strict decoding, whose answer is an exit status.
func (m Mode) Checks(c suite.Category) bool { return m != Oneshot || c == suite.Strict }

// OnlyVectorsFailed reports whether the run fails for its failing vectors
// alone, or not at all: no expectation is stale, and nothing else went
// wrong (Problems). Writing the failures as an expected-failures list
// makes such a run one that passes.
func (r *Report) OnlyVectorsFailed() bool { return len(r.Stale) == 0 && len(r.Problems) == 0 }

// OK reports whether the run passes: no vector failed unexpectedly, no
// expectation is stale, and nothing else went wrong (Problems).
func (r *Report) OK() bool {
	for _, s := range r.Summaries {
		if s.Failed > 0 {
			return false
		}
	}
	return len(r.Stale) == 0 && len(r.Problems) == 0
}

// selected is a vector chosen for the run.
type selected struct {
	test     vectors.Test
	category suite.Category
}

// Run runs the selected vectors against the implementation until they are
// done or ctx is done. Its error is a *driver.StartError when the command
// cannot be started, driver.ErrNoImplementation, or an error reading the
// vectors; every other misbehaviour is in the report.
func Run(ctx context.Context, opts Options) (*Report, error) {
	if opts.Level == suite.None {
		opts.Level = suite.L3
	}
	began := time.Now()
	manifest, err := vectors.LoadManifest()
	if err != nil {
		return nil, err
	}
	rep := &Report{SuiteVersion: manifest.SuiteVersion, Digest: manifest.Digest, Command: opts.Command, Mode: Persistent,
		FlagNotes: map[string]vectors.Note{}}
	tests, err := selectTests(&opts, rep)
	if err != nil {
		return nil, err
	}
	ceiling := suite.L3    // the highest decoding level the mode grades
	var conn *session.Conn // the implementation, still there to be asked, in persistent mode
	var results []suite.Result
	switch opts.Mode {
	case Oneshot:
		if len(opts.Command) == 0 {
			return nil, errors.New("runner: oneshot mode needs a command")
		}
		rep.Mode = Oneshot
		rep.Notes = append(rep.Notes, "oneshot mode: a process per vector, strict decoding only; error kinds and offsets cannot be checked, so only L1 is graded")
		opts.Level, ceiling = suite.L1, suite.L1
		results, err = runOneshot(ctx, &opts, tests, rep)
	case Persistent, "":
		results, conn, err = runPersistent(ctx, &opts, tests, rep)
	default:
		return nil, fmt.Errorf("runner: no mode %q", opts.Mode)
	}
	if err != nil {
		return nil, err
	}
	rep.Stale = applyExpectations(opts.Expect, results)
	graded := make([]*suite.Result, len(results))
	for i := range results {
		graded[i] = &results[i]
	}
	if !opts.NoDiagnosis {
		rep.Causes = diagnosis.Diagnose(graded, conn.Asker(ctx)).Causes
	}
	rep.Results = make([]suite.Entry, len(results))
	for i := range results {
		rep.Results[i] = results[i].Entry()
	}
	if conn != nil {
		rep.Problems = append(rep.Problems, conn.Finish()...)
	}
	if ctx.Err() != nil {
		rep.Problems = append(rep.Problems, "the run was interrupted")
	}
	rep.Summaries = summarize(rep.Results, ceiling)
	if why := nothingChecked(rep, len(tests)); why != "" {
		rep.Problems = append([]string{"nothing was checked: " + why}, rep.Problems...)
	}
	rep.Problems = append(rep.Problems, unmet(opts.Require, rep.Results, rep.Summaries, ceiling)...)
	rep.Duration = seconds(time.Since(began))
	return rep, nil
}

// selectTests returns the tests of the suite's files and the extra ones
// that opts select, counting the others as deselected and noting the
// flags of those selected.
func selectTests(opts *Options, rep *Report) ([]selected, error) {
	var tests []selected
	ids := map[string]bool{}
	for _, c := range suite.Categories {
		f, err := vectors.Shared(c.File())
		if err != nil {
			return nil, err
		}
		files := []*vectors.File{f}
		for _, x := range opts.Extra {
			if xc, _ := suite.Of(x); xc == c {
				files = append(files, x)
				rep.Notes = append(rep.Notes, fmt.Sprintf("%d %s %s from an extra file, beside the suite's", len(x.Tests), c, term.Plural(len(x.Tests), "vector")))
			}
		}
		for _, f := range files {
			for _, t := range f.Tests {
				if ids[t.ID] {
					return nil, fmt.Errorf("runner: vector %s twice", t.ID)
				}
				ids[t.ID] = true
				if !chosen(opts, &t) {
					rep.Deselected++
					continue
				}
				tests = append(tests, selected{t, c})
				for _, flag := range t.Flags {
					rep.FlagNotes[flag] = f.Notes[flag]
				}
			}
		}
	}
	return tests, nil
}

// nothingChecked says why no vector was checked, or returns "" when one
// was.
func nothingChecked(rep *Report, selected int) string {
	skipped, notRun := 0, 0
	for _, r := range rep.Results {
		switch {
		case r.Status.Ran():
			return ""
		case r.Status == suite.Skip:
			skipped++
		case r.Status == suite.NotRun:
			notRun++
		}
	}
	switch {
	case selected == 0:
		return fmt.Sprintf("no vector was selected (-run, -skip and -flags left out all %d)", rep.Deselected)
	case rep.Mode == Oneshot && skipped == selected:
		return "oneshot mode checks strict decoding only, and no strict decoding vector was selected"
	case skipped == selected && rep.Implementation != nil:
		return fmt.Sprintf("the implementation lists no op and profile of the %d selected %s (its hello lists ops %q, profiles %q)",
			selected, term.Plural(selected, "vector"), rep.Implementation.Ops, rep.Implementation.Profiles)
	case notRun > 0:
		return "the run ended before the first vector (see the other problems)"
	}
	return "every selected vector was skipped"
}

func chosen(opts *Options, t *vectors.Test) bool {
	if opts.Run != nil && !opts.Run.MatchString(t.ID) {
		return false
	}
	if opts.Skip != nil && opts.Skip.MatchString(t.ID) {
		return false
	}
	if len(opts.Flags) == 0 {
		return true
	}
	for _, want := range opts.Flags {
		if slices.Contains(t.Flags, want) {
			return true
		}
	}
	return false
}

// seconds returns d in seconds, to the microsecond.
func seconds(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1e6
}

// runPersistent runs the tests through one long-lived implementation,
// which the driver restarts after each crash, hang or protocol error,
// however many come in a row, as qf fuzz's: a failure is the vector's
// alone, and the run ends early only when the implementation cannot be
// started again or MaxFailuresInARow restarts in a row get no hello
// (driver.Options.Persist). It returns the results, by test, and the
// implementation, still running, for the diagnosis to ask and the caller
// to finish.
func runPersistent(ctx context.Context, opts *Options, tests []selected, rep *Report) ([]suite.Result, *session.Conn, error) {
	results := make([]suite.Result, len(tests))
	dopts := opts.Options
	dopts.Persist = true
	s, err := session.Open(ctx, dopts, opts.Progress)
	var hello *session.HelloError
	switch {
	case errors.As(err, &hello):
		rep.Problems = append(rep.Problems, hello.Error())
		for i, t := range tests {
			results[i] = t.category.NewResult(&t.test)
			results[i].Status, results[i].Reason = suite.NotRun, suite.NoHello
		}
		return results, nil, nil
	case err != nil:
		return nil, nil, err
	}
	rep.Implementation = s.Hello
	for i := range tests {
		t, r := &tests[i], &results[i]
		s.Progress.Show("[%d/%d] %s", i+1, len(tests), t.test.ID)
		switch {
		case s.Client.GaveUp() != nil:
			*r = t.category.NewResult(&t.test)
			r.Status, r.Reason = suite.NotRun, suite.RunEnded
			continue
		case !s.Hello.Lists(t.category):
			*r = t.category.NewResult(&t.test)
			r.Status, r.Reason, r.Detail = suite.Skip, suite.NotListed, s.Hello.Missing(t.category)
			continue
		}
		asked := time.Now()
		resp, line, err := s.Client.Call(t.category.Request(&t.test))
		took := seconds(time.Since(asked))
		if err != nil {
			*r = session.Failed(t.category, &t.test, err, line)
		} else {
			*r = t.category.Grade(&t.test, resp, opts.Level)
		}
		r.Duration, r.Stderr = took, s.Client.Stderr()
	}
	rep.Restarts = s.Client.Restarts()
	return results, s, nil
}

// unmet returns a problem for each requirement the results do not meet;
// ceiling is the highest decoding level the mode grades.
func unmet(require []Requirement, results []suite.Entry, summaries []Summary, ceiling suite.Level) []string {
	var out []string
	for _, req := range require {
		i := slices.IndexFunc(summaries, func(s Summary) bool { return s.Category == req.Category })
		switch {
		case i < 0 || summaries[i].Ran == 0:
			why := "no vector of it was selected"
			if i >= 0 && summaries[i].Skipped > 0 {
				why = "its vectors were skipped: the implementation does not list it"
			} else if i >= 0 && summaries[i].NotRun > 0 {
				why = "its vectors were not run"
			}
			out = append(out, fmt.Sprintf("required %s, not checked: %s", req, why))
		case req.Level > req.Category.Required(ceiling):
			out = append(out, fmt.Sprintf("required %s, which this mode cannot grade (it grades up to %s)", req, req.Category.Required(ceiling)))
		case summaries[i].Level < req.Level:
			s, at := summaries[i], 0
			for _, r := range results {
				if r.Category == req.Category && r.Status.Ran() && r.Level >= req.Level {
					at++
				}
			}
			out = append(out, fmt.Sprintf("required %s, reached %s (%d of %d %s run meet %s)", req, s.LevelText(), at, s.Ran, term.Plural(s.Ran, "vector"), req.Level))
		}
	}
	return out
}

// summarize counts the results by category, in the order of the files;
// ceiling is the highest decoding level the mode grades.
func summarize(results []suite.Entry, ceiling suite.Level) []Summary {
	out := []Summary{}
	for _, c := range suite.Categories {
		s := Summary{Category: c}
		level := c.Top()
		for _, r := range results {
			if r.Category != c {
				continue
			}
			s.Total++
			switch r.Status {
			case suite.Pass:
				s.Passed++
			case suite.Fail:
				s.Failed++
			case suite.XFail:
				s.XFailed++
			case suite.Skip:
				s.Skipped++
			case suite.NotRun:
				s.NotRun++
			}
			if r.Status.Ran() {
				s.Ran++
				level = min(level, r.Level)
			} else {
				level = suite.None
			}
		}
		if s.Total == 0 {
			continue
		}
		if s.Ran == 0 {
			level = suite.None
		}
		s.Level = min(level, c.Required(ceiling))
		if s.Ran > 0 {
			if next := c.Next(s.Level); next != suite.None && next <= c.Required(ceiling) {
				s.Next = next
				for _, r := range results {
					if r.Category == c && r.Status.Ran() && r.Level >= next {
						s.AtNext++
					}
				}
			}
		}
		out = append(out, s)
	}
	return out
}
