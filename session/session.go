// Package session is one conversation with an implementation through the
// conformance protocol of spec/protocol.md, the same for qf check (package
// runner) and qf fuzz (package generative): the implementation started, and
// restarted when it fails, by package driver; its hello and the
// categories of vectors it lists (package suite); a line of progress; and
// the end of the run.
package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// A Hello is what an implementation says of itself in its hello.
type Hello struct {
	Name     string   `json:"name"`
	Version  string   `json:"version"`
	Ops      []string `json:"ops"`
	Profiles []string `json:"profiles"`
}

// Lists reports whether the implementation lists the op of category c,
// and for decoding its profile.
func (h *Hello) Lists(c suite.Category) bool { return h.Missing(c) == "" }

// Missing says what the implementation does not list of category c: its
// op, or for decoding its profile; "" when it lists both.
func (h *Hello) Missing(c suite.Category) string {
	if !slices.Contains(h.Ops, string(c.Op())) {
		return fmt.Sprintf("the implementation does not list op %q", c.Op())
	}
	if p := c.Header().Profile; p != "" && !slices.Contains(h.Profiles, p) {
		return fmt.Sprintf("the implementation does not list profile %q", p)
	}
	return ""
}

// Unknown returns the names in the implementation's hello that are no op
// or profile of the protocol ("Encode", "replays", "Lenient": names are
// compared exactly), each as `op "Encode"`; nothing of them is checked.
func (h *Hello) Unknown() []string {
	var out []string
	for _, op := range h.Ops {
		if !slices.Contains(protocol.Ops, protocol.Op(op)) {
			out = append(out, "op "+strconv.Quote(op))
		}
	}
	for _, p := range h.Profiles {
		if _, err := ref.ParseProfile(p); err != nil {
			out = append(out, "profile "+strconv.Quote(p))
		}
	}
	return out
}

// A Conn is a conversation with one implementation through the
// protocol, for qf check and qf fuzz alike: the implementation started
// (and restarted when it fails) by package driver, its hello, the
// categories it lists, a line of progress, and the end of the run.
type Conn struct {
	Client   *driver.Client
	Hello    *Hello
	Progress *term.Progress
}

// A HelloError is an implementation that started but did not answer
// hello with a hello: its Failure says how, with its standard error.
type HelloError struct{ Failure *driver.Failure }

func (e *HelloError) Error() string {
	s := "the implementation never answered hello: " + e.Failure.Error()
	if stderr := strings.TrimRight(e.Failure.Stderr, "\n"); stderr != "" {
		s += "\nstderr:\n" + stderr
	}
	return s
}

// Open starts the implementation that opts describe and says hello;
// progress, when not nil, gets a line of progress, which says what Open
// waits for while it waits (driver.Options.Waiting, unless opts sets
// it), and is cleared when it returns. Its error is a *driver.StartError
// when the command cannot be started, driver.ErrNoImplementation, or a
// *HelloError. When ctx is done, the implementation is ended.
func Open(ctx context.Context, opts driver.Options, progress io.Writer) (*Conn, error) {
	// Each line of the wait gets a Progress of its own, which writes at
	// once, however recent the line before it.
	if progress != nil && opts.Waiting == nil {
		opts.Waiting = func(what string) { term.NewProgress(progress).Show("%s", what) }
	}
	client, err := driver.Dial(ctx, opts)
	term.NewProgress(progress).Clear()
	if f, ok := err.(*driver.Failure); ok {
		return nil, &HelloError{f}
	}
	if err != nil {
		return nil, err
	}
	h := client.Hello()
	return &Conn{
		Client:   client,
		Hello:    &Hello{Name: h.Name, Version: h.Version, Ops: h.Ops, Profiles: h.Profiles},
		Progress: term.NewProgress(progress),
	}, nil
}

// Listed returns the categories of cats that the implementation lists.
func (s *Conn) Listed(cats []suite.Category) []suite.Category {
	var listed []suite.Category
	for _, c := range cats {
		if s.Hello.Lists(c) {
			listed = append(listed, c)
		}
	}
	return listed
}

// Finish ends the session: it clears the progress line, ends the
// implementation (package driver: it must exit with status 0 at the end
// of its input) and returns what went wrong at the end, with the tail of
// its standard error; nothing of the end when the run was interrupted.
//
// An implementation whose hello lists names that are no op or profile of
// the protocol is a problem too: what it meant is not checked.
func (s *Conn) Finish() []string {
	s.Progress.Clear()
	var problems []string
	if unknown := s.Hello.Unknown(); len(unknown) > 0 {
		problems = append(problems, fmt.Sprintf("the hello lists %s, which the protocol does not have, so nothing of %s was checked (names are exact: ops %s; profiles %s)",
			strings.Join(unknown, ", "), term.Plural(len(unknown), "it", "them"), protocol.OpNames(), strings.Join(profileNames(), ", ")))
	}
	return append(problems, s.Client.Finish()...)
}

func profileNames() []string {
	var names []string
	for _, p := range ref.Profiles {
		names = append(names, p.String())
	}
	return names
}

// Asker returns how a diagnosis asks the implementation requests of its
// own: through the client, while it has not given up and ctx is not done,
// each request once (asked again, it gets the first answer: a diagnosis
// of qf fuzz asks again what an earlier one asked). It returns nil for a
// nil Conn, an implementation that cannot be asked.
func (s *Conn) Asker(ctx context.Context) func(*protocol.Request) (*protocol.Response, error) {
	if s == nil {
		return nil
	}
	type answer struct {
		resp *protocol.Response
		err  error
	}
	asked := map[string]answer{}
	return func(req *protocol.Request) (*protocol.Response, error) {
		own := *req
		own.ID = nil
		key, err := own.AppendJSON(nil)
		if err != nil {
			return nil, err
		}
		if a, ok := asked[string(key)]; ok {
			return a.resp, a.err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := s.Client.GaveUp(); err != nil {
			return nil, err
		}
		resp, _, err := s.Client.Call(req)
		asked[string(key)] = answer{resp, err}
		return resp, err
	}
}

// Screen is the most lines the text reports of qf check and qf fuzz take
// without -v, with room for the shell's prompt on a 24-line terminal three
// times over.
const Screen = 60

// Implementation says in a line what was checked: the command (none for
// the reference in this process) and what its hello says of it, every
// part of it escaped and clipped. The reports of qf check and qf fuzz
// start with it.
func Implementation(command []string, h *Hello) string {
	s := "implementation: in this process"
	if len(command) > 0 {
		s = "implementation: " + term.Printable(term.Clip(strings.Join(command, " "), 200), false)
	}
	if h != nil {
		s += fmt.Sprintf(" (%s %s; ops %s; profiles %s)", term.Printable(term.Clip(h.Name, 80), false), term.Printable(term.Clip(h.Version, 40), false),
			term.Printable(term.Clip(strings.Join(h.Ops, ", "), 80), false), term.Printable(term.Clip(strings.Join(h.Profiles, ", "), 80), false))
	}
	return s
}

// reasons are the suite's names of the driver's reasons.
var reasons = map[driver.Reason]suite.Reason{
	driver.ReasonCrash:    suite.Crash,
	driver.ReasonTimeout:  suite.Timeout,
	driver.ReasonProtocol: suite.Protocol,
}

// Failed returns the result of test t of category c that got no usable
// answer: err says why, a *driver.Failure (its reason a crash, a timeout
// or a protocol error, and what happened), any other error counting as a
// crash; line is the line that broke the protocol, if there was one.
func Failed(c suite.Category, t *vectors.Test, err error, line []byte) suite.Result {
	var f *driver.Failure
	if !errors.As(err, &f) {
		f = &driver.Failure{Reason: driver.ReasonCrash, Detail: err.Error()}
	}
	reason, ok := reasons[f.Reason]
	if !ok {
		reason = suite.Crash
	}
	return c.Failed(t, reason, f.Detail, line)
}
