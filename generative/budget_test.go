package generative

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// A stepClock is a run's time made of what it does, not of the machine's
// speed: each request the implementation answers (hello aside) moves it
// on by a step (stepHandler), and so can a test.
type stepClock struct {
	mu    sync.Mutex
	now   time.Time
	waits []stepWait
}

type stepWait struct {
	at time.Time
	c  chan time.Time
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *stepClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
	} else {
		c.waits = append(c.waits, stepWait{c.now.Add(d), ch})
	}
	return ch
}

func (c *stepClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	waits := c.waits[:0]
	for _, w := range c.waits {
		if c.now.Before(w.at) {
			waits = append(waits, w)
		} else {
			w.c <- c.now
		}
	}
	c.waits = waits
}

// A stepHandler answers as h does, each request a step of the clock and
// each hello, a process started, start, and counts the requests answered
// once the deadline has come.
type stepHandler struct {
	h        protocol.Handler
	clock    *stepClock
	step     time.Duration
	start    time.Duration
	deadline time.Time
	mu       sync.Mutex
	asked    int // requests answered, hello aside
	late     int // of them, once the deadline had come
}

func (s *stepHandler) Handle(req *protocol.Request) *protocol.Response {
	if req.Op == protocol.Hello {
		s.clock.advance(s.start)
		return s.h.Handle(req)
	}
	s.mu.Lock()
	s.asked++
	if !s.clock.Now().Before(s.deadline) {
		s.late++
	}
	s.mu.Unlock()
	s.clock.advance(s.step)
	return s.h.Handle(req)
}

// budgetRun returns the options of a run of duration d against the
// realistic set of faults named, each request a millisecond of its clock
// and each process started a tenth of a second, as a program in Python
// takes to start.
func budgetRun(t *testing.T, set string, d time.Duration) (Options, *stepHandler) {
	m, ok := faultstest.Named(set)
	if !ok {
		t.Fatalf("no set %q", set)
	}
	clock := &stepClock{now: time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)}
	h := &stepHandler{h: m.Handler(), clock: clock, step: time.Millisecond, start: 100 * time.Millisecond, deadline: clock.now.Add(d)}
	opts := Options{Options: driver.Options{Handler: h}, Seed: 7, Duration: d, clock: clock}
	return opts, h
}

// -duration is the whole run's: the drawing, the diagnosis, the shrinks
// and the examples asked again all stop once it has run out, and the
// progress line shows each stage. The fansite's scripts have six faults:
// left to themselves, their examples, each asked alone in a fresh process
// before and after its shrink, take several times the 4 s the run has.
func TestDurationIsTheWholeRun(t *testing.T) {
	const d = 4 * time.Second
	opts, h := budgetRun(t, "fansite-scripts", d)
	var progress bytes.Buffer
	opts.Progress = &progress
	rep := mustRun(t, opts)
	t.Logf("%d requests, %d after the deadline; drew for %v, diagnosed for %v; %d causes, %d examples; %q",
		h.asked, h.late, rep.Duration, rep.Diagnosing, len(rep.Causes), len(rep.Findings()), rep.Problems)
	// The asking is one request at a time once the drawing ends: one may
	// be under way as the deadline comes (begun by starting a process).
	if h.late > 1 {
		t.Errorf("%d requests were answered after the run's %v had run out: want at most the one under way", h.late, d)
	}
	if most := d/4*drawShare + batchSize*h.step + 2*h.start; rep.Duration > most {
		t.Errorf("the drawing took %v of the run's %v, once a disagreement was found: want at most three quarters of it, a batch and a restart (%v)", rep.Duration, d, most)
	}
	if len(rep.Causes) < 2 || len(rep.Findings()) == 0 || rep.Findings()[0].Tries == 0 {
		t.Errorf("%d causes, %d examples: want the time left to diagnose and to shrink", len(rep.Causes), len(rep.Findings()))
	}
	for _, stage := range []string{"cases, ", "diagnosing the ", "examples of cause 1 of ", ": shrinking an example of "} {
		if !strings.Contains(progress.String(), stage) {
			t.Errorf("the progress line never showed %q", stage)
		}
	}
}

// A diagnosis still working when the run's time has run out is left: the
// run ends, and says why it shows no cause. The diagnosis here takes all
// the time there is and more: it moves the clock past the deadline, then
// waits until the test ends.
func TestDiagnosisLeftAtTheDeadline(t *testing.T) {
	const d = 4 * time.Second
	opts, h := budgetRun(t, "typescript", d)
	release := make(chan struct{})
	defer close(release)
	var mu sync.Mutex
	began := 0
	opts.diagnose = func(obs []*suite.Result, ask diagnosis.Asker) *diagnosis.Diagnosis {
		mu.Lock()
		began++
		mu.Unlock()
		h.clock.advance(d)
		<-release
		return nil
	}
	done := make(chan *Report)
	go func() { done <- mustRun(t, opts) }()
	var rep *Report
	select {
	case rep = <-done:
	case <-time.After(measure.Allowance(2 * time.Minute)):
		t.Fatal("the run waits for a diagnosis past its deadline")
	}
	if began != 2 || len(rep.Causes) != 0 || len(rep.Problems) == 0 || !strings.Contains(rep.Problems[0], "the diagnosis of the") {
		t.Errorf("%d diagnoses begun (want one while drawing, one at the end), %d causes, problems %q", began, len(rep.Causes), rep.Problems)
	}
	if h.late > 0 {
		t.Errorf("%d requests were asked after the deadline", h.late)
	}
	var text bytes.Buffer
	rep.WriteText(&text, false)
	if !strings.Contains(text.String(), "repeats its cases; -duration cut what followed them short)") {
		t.Errorf("the report does not say that -n repeats only the cases:\n%s", text.String())
	}
}
