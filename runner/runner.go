// Package runner runs the qf conformance vectors against an implementation:
// the code behind `qf check`.
//
// The implementation is a program that speaks the conformance protocol of
// spec/protocol.md on its standard input and output, run once for the whole
// suite, or (in oneshot mode) a program run once per vector that reads a
// code and says whether it accepts it. Without a command, the runner checks
// the built-in reference through the same protocol. Package driver starts,
// restarts and ends the implementation.
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
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/vectors"
)

// Categories of vectors, one per vector file; they are also the prefixes of
// the test ids.
const (
	CategoryStrict   = "strict"
	CategoryLenient  = "lenient"
	CategoryEncode   = "encode"
	CategoryReplay   = "replay"
	CategoryValidate = "validate"
)

// A Category is one of the suite's vector files: its name, its file, and
// the op (and for decoding, the profile) of its tests.
type Category struct {
	Name, File, Op, Profile string
}

// Schema returns the name of the JSON Schema of the category's files.
func (c Category) Schema() string { return strings.TrimSuffix(c.File, ".json") + ".schema.json" }

// Categories lists the categories in the order of the report.
var Categories = []Category{
	{CategoryStrict, vectors.DecodeStrictFile, protocol.OpDecode, protocol.ProfileStrict},
	{CategoryLenient, vectors.DecodeLenientFile, protocol.OpDecode, protocol.ProfileLenient},
	{CategoryEncode, vectors.EncodeFile, protocol.OpEncode, ""},
	{CategoryReplay, vectors.ReplayFile, protocol.OpReplay, ""},
	{CategoryValidate, vectors.ValidateFile, protocol.OpValidate, ""},
}

// Statuses of a result.
const (
	StatusPass   = "pass"
	StatusFail   = "fail"
	StatusXFail  = "xfail"  // failed, as the expected-failures list says
	StatusSkip   = "skip"   // an op or profile the implementation does not list
	StatusNotRun = "notrun" // the run ended before this vector
)

// Reasons a vector fails.
const (
	ReasonMismatch    = "mismatch"               // an answer, but not the expected one
	ReasonCrash       = driver.ReasonCrash       // the implementation exited or closed its output
	ReasonTimeout     = driver.ReasonTimeout     // no answer within the timeout
	ReasonProtocol    = driver.ReasonProtocol    // an answer that breaks spec/protocol.md
	ReasonUnsupported = protocol.KindUnsupported // "unsupported" for an op or profile the implementation listed
)

// Options say what to run and how.
type Options struct {
	Context      context.Context  // when done, the run ends, the implementation with it; nil means no end
	Command      []string         // the implementation; nil for Handler
	Handler      protocol.Handler // an implementation in this process; nil for the reference
	Oneshot      bool             // run Command once per vector (strict decoding only)
	Parallel     int              // oneshot: processes at once; 0 means the number of CPUs
	StartTimeout time.Duration    // the first answer of each process (oneshot: its exit); 0 means 30 s
	Timeout      time.Duration    // every later answer; 0 means 2 s
	Level        int              // L1, L2 or L3: the level a decode test must meet to pass; 0 means L3
	Run, Skip    *regexp.Regexp
	Flags        []string        // run only tests with one of these flags
	Expect       []Expectation   // expected failures
	Extra        []*vectors.File // vector files run beside the suite's, such as qf fuzz writes (LoadVectors)
	MaxRestarts  int             // end the run after this many failures in a row to get an answer; 0 means 10
	Progress     io.Writer       // when set, a progress line is written there
}

// A Result is the outcome of one vector.
type Result struct {
	ID       string          `json:"id"`
	Category string          `json:"category"`
	Comment  string          `json:"comment"`
	Flags    []string        `json:"flags"`            // the vector's flags, explained in the report's flag_notes
	Facets   []string        `json:"facets,omitempty"` // what the runner tells of its input (facets.go)
	Status   string          `json:"status"`
	Duration float64         `json:"duration,omitempty"` // seconds from the request to the answer
	Reason   string          `json:"reason,omitempty"`   // why it failed or was skipped
	Detail   string          `json:"detail,omitempty"`
	Level    int             `json:"level"` // the highest level met, 0 to 3
	Input    json.RawMessage `json:"input,omitempty"`
	Want     json.RawMessage `json:"want,omitempty"` // kept for the vectors that did not pass
	Got      json.RawMessage `json:"got,omitempty"`  // likewise, at most about 64 KiB
	Stderr   string          `json:"stderr,omitempty"`
	Expected string          `json:"expected_failure,omitempty"` // the reason given in the expected-failures list
}

// A Summary counts the results of a category, and says the level reached.
type Summary struct {
	Category string `json:"category"`
	Total    int    `json:"total"`
	Passed   int    `json:"passed"`
	Failed   int    `json:"failed"`
	XFailed  int    `json:"expected_failures"`
	Skipped  int    `json:"skipped"`
	NotRun   int    `json:"not_run"`
	// Level is the level every test of the category meets: "L1", "L2",
	// "L3" or "E", "none", or "not checked" when none ran.
	Level string `json:"level"`
	// Next is the level above Level ("" at the top), and AtNext how many
	// of the Ran vectors meet it: the progress toward it, as "L1 262/309".
	Next   string `json:"next,omitempty"`
	AtNext int    `json:"at_next"`
	Ran    int    `json:"ran"`
}

// Implementation is what an implementation says of itself in its hello.
type Implementation struct {
	Name     string   `json:"name"`
	Version  string   `json:"version"`
	Ops      []string `json:"ops"`
	Profiles []string `json:"profiles"`
}

// A Report is the outcome of a run.
type Report struct {
	SuiteVersion   string          `json:"suite_version"`
	Digest         string          `json:"digest"`
	Command        []string        `json:"command"` // nil for the built-in reference
	Mode           string          `json:"mode"`    // "persistent" or "oneshot"
	Implementation *Implementation `json:"implementation,omitempty"`
	Notes          []string        `json:"notes,omitempty"`    // what the mode could not check
	Problems       []string        `json:"problems,omitempty"` // what fails the run besides its vectors
	Restarts       int             `json:"restarts"`           // processes started after the first
	Deselected     int             `json:"deselected"`         // vectors left out by -run, -skip and -flags
	Duration       float64         `json:"duration"`           // the run's seconds
	Summaries      []Summary       `json:"summary"`
	Causes         []Cause         `json:"causes,omitempty"` // the failures grouped by cause (Report.Causes)
	Stale          []string        `json:"stale_expectations,omitempty"`
	// FlagNotes explains each flag of the vectors run, as the vector files'
	// notes do.
	FlagNotes map[string]vectors.Note `json:"flag_notes"`
	Results   []Result                `json:"results"`
}

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
	test                  vectors.Test
	category, op, profile string
}

// Run runs the selected vectors against the implementation. Its error is a
// *driver.StartError when the command cannot be started, or an error
// reading the vectors; every other misbehaviour is in the report.
func Run(opts Options) (*Report, error) {
	if opts.Context == nil {
		opts.Context = context.Background()
	}
	if opts.Level == 0 {
		opts.Level = L3
	}
	if opts.MaxRestarts == 0 {
		opts.MaxRestarts = driver.DefaultMaxFailures
	}
	began := time.Now()
	manifest, err := vectors.LoadManifest()
	if err != nil {
		return nil, err
	}
	rep := &Report{SuiteVersion: manifest.SuiteVersion, Digest: manifest.Digest, Command: opts.Command, Mode: "persistent",
		FlagNotes: map[string]vectors.Note{}}
	var tests []selected
	ids := map[string]bool{}
	for _, cf := range Categories {
		files := []*vectors.File{}
		f, err := vectors.Load(cf.File)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		for _, x := range opts.Extra {
			if CategoryOf(x) == cf.Name {
				files = append(files, x)
			}
		}
		for i, f := range files {
			if i > 0 {
				rep.Notes = append(rep.Notes, fmt.Sprintf("%d %s vectors from an extra file, beside the suite's", len(f.Tests), cf.Name))
			}
			for _, t := range f.Tests {
				if ids[t.ID] {
					return nil, fmt.Errorf("runner: vector %s twice", t.ID)
				}
				ids[t.ID] = true
				if !chosen(&opts, &t) {
					rep.Deselected++
					continue
				}
				tests = append(tests, selected{t, cf.Name, cf.Op, cf.Profile})
				for _, flag := range t.Flags {
					rep.FlagNotes[flag] = f.Notes[flag]
				}
			}
		}
	}
	if opts.Oneshot {
		if len(opts.Command) == 0 {
			return nil, errors.New("runner: oneshot mode needs a command")
		}
		rep.Mode = "oneshot"
		rep.Notes = append(rep.Notes, "oneshot mode: a process per vector, strict decoding only; error kinds and offsets cannot be checked, so only L1 is graded")
		opts.Level = L1
		rep.Results, err = runOneshot(&opts, tests, rep)
	} else {
		rep.Results, err = runPersistent(&opts, tests, rep)
	}
	if err != nil {
		return nil, err
	}
	if opts.Context.Err() != nil {
		rep.Problems = append(rep.Problems, "the run was interrupted")
	}
	rep.Stale = applyExpectations(opts.Expect, rep.Results)
	rep.Summaries = summarize(rep.Results)
	if why := nothingChecked(rep, len(tests)); why != "" {
		rep.Problems = append([]string{"nothing was checked: " + why}, rep.Problems...)
	}
	rep.Causes = rep.causes()
	for i := range rep.Results {
		if r := &rep.Results[i]; r.Status == StatusPass || r.Status == StatusSkip {
			r.Want, r.Got = nil, nil
		}
	}
	rep.Duration = seconds(time.Since(began))
	return rep, nil
}

// nothingChecked says why no vector was checked, or returns "" when one
// was.
func nothingChecked(rep *Report, selected int) string {
	skipped, notRun := 0, 0
	for _, r := range rep.Results {
		switch r.Status {
		case StatusPass, StatusFail, StatusXFail:
			return ""
		case StatusSkip:
			skipped++
		case StatusNotRun:
			notRun++
		}
	}
	switch {
	case selected == 0:
		return fmt.Sprintf("no vector was selected (-run, -skip and -flags left out all %d)", rep.Deselected)
	case rep.Mode == "oneshot" && skipped == selected:
		return "oneshot mode checks strict decoding only, and no strict decoding vector was selected"
	case skipped == selected && rep.Implementation != nil:
		return fmt.Sprintf("the implementation lists no op and profile of the %d selected vectors (its hello lists ops %q, profiles %q)",
			selected, rep.Implementation.Ops, rep.Implementation.Profiles)
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
		for _, f := range t.Flags {
			if f == want {
				return true
			}
		}
	}
	return false
}

// seconds returns d in seconds, to the microsecond.
func seconds(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1e6
}

func newResult(s *selected) Result {
	r := Result{ID: s.test.ID, Category: s.category, Comment: s.test.Comment, Flags: s.test.Flags}
	switch s.op {
	case protocol.OpReplay, protocol.OpValidate:
		r.Input, _ = json.Marshal(*s.test.Code)
		r.Want = judgement(&s.test)
		return r
	case protocol.OpEncode:
		r.Input = s.test.Value
		if s.test.Error != nil {
			r.Want, _ = json.Marshal(s.test.Error)
		} else {
			r.Want, _ = json.Marshal(*s.test.Code)
		}
		return r
	}
	input, _ := s.test.Input()
	r.Input, _ = json.Marshal(input)
	if s.test.Error != nil {
		r.Want, _ = json.Marshal(s.test.Error)
	} else {
		r.Want = s.test.Value
	}
	return r
}

// runPersistent runs the tests through one long-lived implementation,
// which the driver restarts after each crash, hang or protocol error.
func runPersistent(opts *Options, tests []selected, rep *Report) ([]Result, error) {
	results := make([]Result, len(tests))
	for i := range tests {
		results[i] = newResult(&tests[i])
		results[i].Facets = facetsOf(&tests[i])
	}
	client, err := driver.Dial(opts.Context, driver.Options{
		Command:      opts.Command,
		Handler:      opts.Handler,
		StartTimeout: opts.StartTimeout,
		Timeout:      opts.Timeout,
		MaxFailures:  opts.MaxRestarts,
	})
	var start *driver.StartError
	if errors.As(err, &start) {
		return nil, err
	}
	if err != nil {
		problem := "the implementation never answered hello: " + err.Error()
		if s := client.Stderr(); s != "" {
			problem += "\nstderr:\n" + s
		}
		rep.Problems = append(rep.Problems, problem)
		for i := range results {
			results[i].Status, results[i].Reason = StatusNotRun, "no answer to hello"
		}
		return results, nil
	}
	hello := client.Hello()
	rep.Implementation = &Implementation{Name: hello.Name, Version: hello.Version, Ops: hello.Ops, Profiles: hello.Profiles}
	ops, profiles := set(hello.Ops), set(hello.Profiles)

	for i := range tests {
		t, r := &tests[i], &results[i]
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "\r\033[K[%d/%d] %s", i+1, len(tests), t.test.ID)
		}
		if client.GaveUp() != nil {
			r.Status, r.Reason = StatusNotRun, "the run ended early"
			continue
		}
		if !ops[t.op] || t.profile != "" && !profiles[t.profile] {
			r.Status, r.Reason = StatusSkip, fmt.Sprintf("the implementation does not list op %q", t.op)
			if ops[t.op] {
				r.Reason = fmt.Sprintf("the implementation does not list profile %q", t.profile)
			}
			continue
		}
		asked := time.Now()
		resp, line, err := client.Call(request(t))
		r.Duration = seconds(time.Since(asked))
		r.Stderr = client.Stderr()
		if err != nil {
			r.Status, r.Reason, r.Detail = StatusFail, ReasonCrash, err.Error()
			var f *driver.Failure
			if errors.As(err, &f) {
				r.Reason, r.Detail = f.Reason, f.Detail
			}
			if line != nil {
				r.Got = keepLine(line)
			}
			continue
		}
		grade(opts, t, resp, r)
	}
	if opts.Progress != nil {
		fmt.Fprint(opts.Progress, "\r\033[K")
	}
	rep.Problems = append(rep.Problems, client.Finish()...)
	rep.Restarts = client.Restarts()
	return results, nil
}

func set(list []string) map[string]bool {
	m := map[string]bool{}
	for _, s := range list {
		m[s] = true
	}
	return m
}

// request returns the request for a test; the client sets its id.
func request(t *selected) *protocol.Request {
	req := &protocol.Request{Op: t.op}
	switch t.op {
	case protocol.OpEncode:
		req.Value = t.test.Value
	case protocol.OpReplay, protocol.OpValidate:
		req.Code = t.test.Code
	default:
		// Inputs that are not UTF-8 travel with U+FFFD in place of the bad
		// bytes (JSON strings are Unicode); the first is where the bad byte
		// was, so the expected error is unchanged.
		input, _ := t.test.Input()
		req.Code, req.Profile = &input, t.profile
	}
	return req
}

// Grade grades resp, an implementation's answer, against test, a vector of
// category (CategoryStrict, ...), exactly as qf check does, decoding at
// level (L1, L2 or L3; 0 means L3). The result's Status is StatusPass or
// StatusFail, with its Reason, Detail and Level; Want and Got are set for
// a failure.
func Grade(category string, test *vectors.Test, resp *protocol.Response, level int) Result {
	s := selected{test: *test, category: category}
	for _, cf := range Categories {
		if cf.Name == category {
			s.op, s.profile = cf.Op, cf.Profile
		}
	}
	if level == 0 {
		level = L3
	}
	r := newResult(&s)
	grade(&Options{Level: level}, &s, resp, &r)
	if r.Status == StatusPass {
		r.Want, r.Got = nil, nil
	}
	return r
}

// grade sets r's status from the response, and what it got when it
// fails.
func grade(opts *Options, t *selected, resp *protocol.Response, r *Result) {
	r.Got = keep(gotOf(resp))
	if resp.Error != nil && resp.Error.Kind == protocol.KindUnsupported {
		r.Status, r.Reason, r.Detail = StatusFail, ReasonUnsupported, "answered unsupported for an op and profile it lists"
		return
	}
	var why string
	switch t.op {
	case protocol.OpReplay, protocol.OpValidate:
		r.Level, why = gradeJudgement(&t.test, resp)
		if r.Level >= R {
			r.Status = StatusPass
			return
		}
	case protocol.OpEncode:
		r.Level, why = gradeEncode(&t.test, resp)
		if r.Level >= E {
			r.Status = StatusPass
			return
		}
	default:
		r.Level, why = gradeDecode(&t.test, resp)
		if r.Level >= opts.Level {
			r.Status = StatusPass
			return
		}
	}
	r.Status, r.Reason, r.Detail = StatusFail, ReasonMismatch, why
	if resp.Error != nil && resp.Error.Message != "" {
		r.Detail += ": " + resp.Error.Message
	}
}

// summarize counts the results by category, in the order of the files.
func summarize(results []Result) []Summary {
	out := []Summary{}
	for _, cf := range Categories {
		s := Summary{Category: cf.Name}
		level, ran := L3, 0
		for _, r := range results {
			if r.Category != cf.Name {
				continue
			}
			s.Total++
			switch r.Status {
			case StatusPass:
				s.Passed++
			case StatusFail:
				s.Failed++
			case StatusXFail:
				s.XFailed++
			case StatusSkip:
				s.Skipped++
			case StatusNotRun:
				s.NotRun++
			}
			if r.Status == StatusSkip || r.Status == StatusNotRun {
				level = 0
				continue
			}
			ran++
			level = min(level, r.Level)
		}
		if s.Total == 0 {
			continue
		}
		s.Level = levelName(cf.Name, level)
		s.Ran = ran
		if ran == 0 {
			s.Level = "not checked"
			level = 0
		}
		next := level + 1
		if cf.Name != CategoryStrict && cf.Name != CategoryLenient {
			next = E // graded at one level
		}
		if level < L3 {
			s.Next = levelName(cf.Name, next)
			for _, r := range results {
				if r.Category == cf.Name && (r.Status == StatusPass || r.Status == StatusFail || r.Status == StatusXFail) && r.Level >= next {
					s.AtNext++
				}
			}
			if ran == 0 {
				s.Next = ""
			}
		}
		out = append(out, s)
	}
	return out
}
