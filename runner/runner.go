// Package runner runs the qf conformance vectors against an implementation:
// the code behind `qf check`.
//
// The implementation is a program that speaks the conformance protocol of
// spec/protocol.md on its standard input and output, run once for the whole
// suite, or (in oneshot mode) a program run once per vector that reads a
// code and says whether it accepts it. Without a command, the runner checks
// the built-in reference through the same protocol.
//
// The runner never hangs and accounts for every vector: each is passed,
// failed (with its reason: a mismatch, a crash, a timeout, a protocol
// error), an expected failure, skipped (an op or profile the implementation
// does not list) or not run (the implementation kept dying).
package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"time"

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

var categoryFiles = []struct{ category, file, op, profile string }{
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

// Options say what to run and how.
type Options struct {
	Command     []string         // the implementation; nil for Handler
	Handler     protocol.Handler // an implementation in this process; nil for the reference
	Oneshot     bool             // run Command once per vector (strict decoding only)
	Timeout     time.Duration    // per request; 0 means 2 s
	Level       int              // L1, L2 or L3: the level a decode test must meet to pass; 0 means L3
	Run, Skip   *regexp.Regexp
	Flags       []string      // run only tests with one of these flags
	Expect      []Expectation // expected failures
	MaxRestarts int           // end the run after this many failures in a row to get an answer; 0 means 10
	Progress    io.Writer     // when set, a progress line is written there
}

// A Result is the outcome of one vector.
type Result struct {
	ID       string          `json:"id"`
	Category string          `json:"category"`
	Comment  string          `json:"comment"`
	Status   string          `json:"status"`
	Reason   string          `json:"reason,omitempty"` // why it failed or was skipped
	Detail   string          `json:"detail,omitempty"`
	Level    int             `json:"level"` // the highest level met, 0 to 3
	Input    json.RawMessage `json:"input,omitempty"`
	Want     json.RawMessage `json:"want,omitempty"`
	Got      json.RawMessage `json:"got,omitempty"`
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
}

// A Report is the outcome of a run.
type Report struct {
	SuiteVersion   string             `json:"suite_version"`
	Digest         string             `json:"digest"`
	Command        []string           `json:"command"` // nil for the built-in reference
	Mode           string             `json:"mode"`    // "persistent" or "oneshot"
	Implementation *protocol.Response `json:"implementation,omitempty"`
	Notes          []string           `json:"notes,omitempty"`   // what the mode could not check
	Aborted        string             `json:"aborted,omitempty"` // why the run ended early
	Deselected     int                `json:"deselected"`        // vectors left out by -run, -skip and -flags
	Summaries      []Summary          `json:"summary"`
	Stale          []string           `json:"stale_expectations,omitempty"`
	Results        []Result           `json:"results"`
}

// OK reports whether nothing failed unexpectedly: no failed vector, no
// stale expectation, and no run ended early.
func (r *Report) OK() bool {
	for _, s := range r.Summaries {
		if s.Failed > 0 {
			return false
		}
	}
	return len(r.Stale) == 0 && r.Aborted == ""
}

// A StartError is a command that could not be started.
type StartError struct{ Err error }

func (e *StartError) Error() string { return "cannot start the implementation: " + e.Err.Error() }
func (e *StartError) Unwrap() error { return e.Err }

// selected is a vector chosen for the run.
type selected struct {
	test                  vectors.Test
	category, op, profile string
}

// Run runs the selected vectors against the implementation. Its error is a
// *StartError when the command cannot be started, or an error reading the
// vectors; every other misbehaviour is in the report.
func Run(opts Options) (*Report, error) {
	if opts.Timeout == 0 {
		opts.Timeout = 2 * time.Second
	}
	if opts.Level == 0 {
		opts.Level = L3
	}
	if opts.MaxRestarts == 0 {
		opts.MaxRestarts = 10
	}
	manifest, err := vectors.LoadManifest()
	if err != nil {
		return nil, err
	}
	rep := &Report{SuiteVersion: manifest.SuiteVersion, Digest: manifest.Digest, Command: opts.Command, Mode: "persistent"}
	var tests []selected
	for _, cf := range categoryFiles {
		f, err := vectors.Load(cf.file)
		if err != nil {
			return nil, err
		}
		for _, t := range f.Tests {
			if !chosen(&opts, &t) {
				rep.Deselected++
				continue
			}
			tests = append(tests, selected{t, cf.category, cf.op, cf.profile})
		}
	}
	if opts.Oneshot {
		if len(opts.Command) == 0 {
			return nil, errors.New("runner: oneshot mode needs a command")
		}
		rep.Mode = "oneshot"
		rep.Notes = append(rep.Notes, "oneshot mode: a process per vector, strict decoding only; error kinds and offsets cannot be checked, so only L1 is graded")
		opts.Level = L1
		rep.Results = runOneshot(&opts, tests)
	} else {
		rep.Results, err = runPersistent(&opts, tests, rep)
		if err != nil {
			return nil, err
		}
	}
	rep.Stale = applyExpectations(opts.Expect, rep.Results)
	rep.Summaries = summarize(rep.Results)
	return rep, nil
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

func newResult(s *selected) Result {
	r := Result{ID: s.test.ID, Category: s.category, Comment: s.test.Comment}
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

// runPersistent runs the tests through one long-lived server, restarting
// it after each crash, hang or protocol error.
func runPersistent(opts *Options, tests []selected, rep *Report) ([]Result, error) {
	start := func() (server, error) {
		if len(opts.Command) == 0 {
			h := opts.Handler
			if h == nil {
				h = protocol.Reference{}
			}
			return startBuiltin(h), nil
		}
		p, err := startProcess(opts.Command)
		if err != nil {
			return nil, &StartError{err}
		}
		return p, nil
	}
	srv, err := start()
	if err != nil {
		return nil, err
	}
	defer func() { srv.stop() }()

	results := make([]Result, len(tests))
	for i := range tests {
		results[i] = newResult(&tests[i])
	}
	hello, herr := sayHello(srv, opts.Timeout)
	if herr != nil {
		rep.Aborted = "no answer to hello: " + herr.Error()
		if s := srv.stderr(); s != "" {
			rep.Aborted += "\nstderr:\n" + s
		}
		for i := range results {
			results[i].Status, results[i].Reason = StatusNotRun, "no answer to hello"
		}
		return results, nil
	}
	rep.Implementation = hello
	ops, profiles := set(hello.Ops), set(hello.Profiles)

	failuresInARow := 0
	for i := range tests {
		t, r := &tests[i], &results[i]
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "\r\033[K[%d/%d] %s", i+1, len(tests), t.test.ID)
		}
		if rep.Aborted != "" {
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
		req := request(i+1, t)
		line, err := srv.roundTrip(req, opts.Timeout)
		var resp *protocol.Response
		if err == nil {
			resp, err = parseResponse(line, i+1, t.op)
		}
		if err != nil {
			r.Status, r.Reason, r.Detail = StatusFail, ReasonCrash, err.Error()
			var f *failure
			if errors.As(err, &f) {
				r.Reason, r.Detail = f.reason, f.detail
			}
			if line != nil {
				r.Got = jsonOrString(line)
			}
			srv.stop()
			r.Stderr = srv.stderr()
			failuresInARow++
			if failuresInARow >= opts.MaxRestarts {
				rep.Aborted = fmt.Sprintf("the implementation failed to answer %d times in a row", failuresInARow)
				continue
			}
			next, err := start()
			if err != nil {
				rep.Aborted = "cannot restart the implementation: " + err.Error()
				continue
			}
			srv = next
			continue
		}
		failuresInARow = 0
		r.Got = gotOf(resp)
		r.Stderr = srv.stderr()
		grade(opts, t, resp, r)
	}
	if opts.Progress != nil {
		fmt.Fprint(opts.Progress, "\r\033[K")
	}
	return results, nil
}

func set(list []string) map[string]bool {
	m := map[string]bool{}
	for _, s := range list {
		m[s] = true
	}
	return m
}

func sayHello(srv server, timeout time.Duration) (*protocol.Response, error) {
	line, err := srv.roundTrip([]byte(`{"id":0,"op":"hello"}`), timeout)
	if err != nil {
		return nil, err
	}
	hello, err := parseResponse(line, 0, protocol.OpHello)
	if err != nil {
		return nil, err
	}
	if hello.Error != nil || len(hello.Ops) == 0 {
		return nil, &failure{ReasonProtocol, fmt.Sprintf("not a hello response: %.200s", line)}
	}
	return hello, nil
}

// request returns the request line for a test.
func request(id int, t *selected) []byte {
	req := protocol.Request{ID: json.RawMessage(fmt.Sprint(id)), Op: t.op}
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
	b, _ := json.Marshal(req)
	return b
}

// parseResponse checks that line answers request id of op.
func parseResponse(line []byte, id int, op string) (*protocol.Response, error) {
	var resp protocol.Response
	if err := json.Unmarshal(line, &resp); err != nil {
		return nil, &failure{ReasonProtocol, fmt.Sprintf("the answer is not a JSON response: %v", err)}
	}
	if string(resp.ID) != fmt.Sprint(id) {
		return nil, &failure{ReasonProtocol, fmt.Sprintf("answer with id %s to request %d", orNone(resp.ID), id)}
	}
	switch {
	case resp.Error != nil:
		if resp.Error.Kind == "" {
			return nil, &failure{ReasonProtocol, "an error without a kind"}
		}
	case op == protocol.OpDecode && resp.Value == nil:
		return nil, &failure{ReasonProtocol, "a decode answer with neither value nor error"}
	case op == protocol.OpEncode && resp.Code == nil:
		return nil, &failure{ReasonProtocol, "an encode answer with neither code nor error"}
	case op == protocol.OpReplay && (resp.Squares == nil || resp.Violation == nil):
		return nil, &failure{ReasonProtocol, "a replay answer without squares and violation, or error"}
	case op == protocol.OpValidate && resp.Violations == nil:
		return nil, &failure{ReasonProtocol, "a validate answer with neither violations nor error"}
	}
	return &resp, nil
}

func orNone(b []byte) string {
	if b == nil {
		return "(none)"
	}
	return string(b)
}

func gotOf(resp *protocol.Response) json.RawMessage {
	var b []byte
	switch {
	case resp.Error != nil:
		e := *resp.Error
		e.Message = "" // free text; shown apart
		b, _ = json.Marshal(e)
	case resp.Code != nil:
		b, _ = json.Marshal(*resp.Code)
	case resp.Squares != nil:
		b, _ = json.Marshal(struct {
			Squares   [][2]int        `json:"squares"`
			Violation json.RawMessage `json:"violation"`
		}{*resp.Squares, resp.Violation})
	case resp.Violations != nil:
		b, _ = json.Marshal(*resp.Violations)
	default:
		b = resp.Value
	}
	return b
}

func jsonOrString(line []byte) json.RawMessage {
	if json.Valid(line) {
		return line
	}
	b, _ := json.Marshal(string(line))
	return b
}

// grade sets r's status from the response.
func grade(opts *Options, t *selected, resp *protocol.Response, r *Result) {
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
	var out []Summary
	for _, cf := range categoryFiles {
		s := Summary{Category: cf.category}
		level, ran := L3, 0
		for _, r := range results {
			if r.Category != cf.category {
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
		s.Level = levelName(cf.category, level)
		if ran == 0 {
			s.Level = "not checked"
		}
		out = append(out, s)
	}
	return out
}
