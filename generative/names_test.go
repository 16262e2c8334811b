package generative

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/faults/faultstest/outsider"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// A subject is an implementation that qf check and qf fuzz both check:
// in this process, or as a program (the fake its env names).
type subject struct {
	name   string
	opts   driver.Options
	env    string          // QF_FAKE for a program
	have   []string        // the families of the catalogue of its faults
	faults []*faults.Fault // of a realistic set, its faults, each of which a vector written must show
}

// families are the families of the catalogue that faults of package
// outsider are, when they are one: their mechanisms, though written
// apart, are the catalogue's.
var families = map[outsider.Fault]string{
	"wall-count-ten-out":     "wall-count-range",
	"equals-skipped":         "equals-sign",
	"turn-nine-bits":         "turn-9-bits",
	"lenient-high-squares":   "no-range-checks",
	"diagonal-when-adjacent": "side-step-while-open",
	"first-mover-parity":     "first-mover-from-parity",
}

// subjects are the realistic sets of faults, in this process, and some of
// them as programs that crash as a process does.
func subjects() []subject {
	var out []subject
	for _, m := range append(slices.Clone(faultstest.Realistic), faultstest.Fansite) {
		out = append(out, subject{name: m.Name, opts: driver.Options{Handler: m.Handler()}, have: familiesOf(m.Faults), faults: m.Faults})
	}
	rust, _ := faultstest.Named("rust")
	out = append(out, subject{name: "rust as a program", env: "mutant:rust", have: familiesOf(rust.Faults)})
	out = append(out, subject{name: "crash-records", env: "crash-records"})
	for _, o := range outsiders {
		var have []string
		for _, f := range o.Faults {
			if fam, ok := families[outsider.Fault(f)]; ok {
				have = append(have, fam)
			}
		}
		out = append(out, subject{name: strings.Replace(o.Name, ":", " ", 1), env: o.Name, have: have})
	}
	return out
}

// outsiders are package outsider with faults of no model, several at
// once, crashes among them, as programs (TestMain serves them).
var outsiders = func() []*servetest.Implementation {
	var out []*servetest.Implementation
	for _, set := range [][]outsider.Fault{
		{"crash-truncated-record", "wall-count-ten-out", "equals-skipped", "ascii-answers", "nested-unknown-skipped"},
		{"crash-junk-strict", "padding-low", "touching-walls-conflict", "html-escaped-paths", "repeated-key-last-wins", "first-mover-parity"},
		{"turn-nine-bits", "lenient-high-squares", "diagonal-when-adjacent", "numbers-as-float64", "too-many-walls-per-group"},
	} {
		var names []string
		for _, f := range set {
			names = append(names, string(f))
		}
		out = append(out, &servetest.Implementation{Name: "outsider:" + strings.Join(names, ","), Handler: func() protocol.Handler { return outsider.New(set...) }, Faults: names})
	}
	return out
}()

func familiesOf(fs []*faults.Fault) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Family)
	}
	return out
}

// run returns the subject's options: for a program, this test binary
// as the fake its env names.
func (s subject) run() driver.Options {
	if s.env == "" {
		return s.opts
	}
	return driver.Options{Command: servetest.Command("QF_FAKE=" + s.env)}
}

// qf fuzz reads every vector qf check reads and more, and diagnoses what
// it saw as qf check does: on each subject it names every cause that qf
// check names, by kind and name (a fault of the catalogue, a way of
// reporting errors, a misbehaviour, a facet, a behaviour), charges no
// fault the subject lacks, says nothing untrue (truthful), and every
// example of its report, asked again, is answered as the report says.
// The vectors it writes expose each fault of a realistic set (each
// fault, alone, fails one of them at least); its report fits on a
// screen and is valid against its schema.
func TestFuzzNamesWhatCheckNames(t *testing.T) {
	t.Parallel()
	for _, s := range subjects() {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			fuzzNamesWhatCheckNames(t, s)
		})
	}
}

// fuzzNamesWhatCheckNames is TestFuzzNamesWhatCheckNames on one subject.
func fuzzNamesWhatCheckNames(t *testing.T, s subject) {
	opts := s.run()
	check, err := runner.Run(context.Background(), runner.Options{Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	rep := mustRun(t, Options{Options: opts, N: 12000, Seed: 1})
	truthful(t, s.name, rep, s.have)
	// Each of check's causes is fuzz's too: the vectors it explains,
	// which fuzz asks first, fuzz files under a cause of the same
	// kind and name (a fault, a way of reporting, a misbehaviour, a
	// facet), or for a behaviour of the same step.
	under := map[string]*Cause{}
	for _, c := range rep.Causes {
		for _, id := range c.members {
			under[id] = c
		}
	}
	for _, c := range check.Causes {
		if c.Kind == faults.Unexplained {
			continue
		}
		held := map[*Cause]int{}
		var best *Cause
		for _, id := range c.IDs {
			if f := under[id]; f != nil {
				held[f]++
				if best == nil || held[f] > held[best] {
					best = f
				}
			}
		}
		switch {
		case best == nil:
			t.Errorf("%s: check names %s; fuzz files none of its vectors under a cause; fuzz: %s", s.name, key(&c), names(rep))
		case !sameCause(&c, &best.Cause):
			t.Errorf("%s: check names %s; fuzz files its vectors under %s; fuzz: %s", s.name, key(&c), key(&best.Cause), names(rep))
		}
	}
	if len(rep.Problems) > 0 {
		t.Errorf("%s: problems %q", s.name, rep.Problems)
	}
	askedAgain(t, s, rep)
	written(t, s, rep)
	t.Logf("%s: check %d causes, fuzz %d: %s", s.name, len(check.Causes), len(rep.Causes), names(rep))
}

func key(c *diagnosis.Cause) string { return string(c.Kind) + " " + c.Name }

// sameCause reports whether fuzz's cause f names what check's cause c
// does: the same kind and name, or for behaviours, the same step (fuzz,
// seeing more, may split them by another trait).
func sameCause(c, f *diagnosis.Cause) bool {
	if c.Kind != f.Kind {
		return false
	}
	if c.Kind != faults.Behaviour {
		return c.Name == f.Name
	}
	step := func(name string) string {
		s, _, _ := strings.Cut(name, " ")
		switch s {
		case "decoding", "encoding":
			return s
		}
		return "the rules"
	}
	return step(c.Name) == step(f.Name)
}

// askedAgain asks the subject every repeatable example of rep again,
// alone, in a fresh process: its want is the reference's answer to its
// input, its got the answer now, and its signature how the two differ.
func askedAgain(t *testing.T, s subject, rep *Report) {
	t.Helper()
	for _, c := range rep.Causes {
		for _, fd := range c.Findings {
			if !fd.Repeatable {
				continue
			}
			cs := fcase{fd.Result.Category, inputOf(fd.Result.Test)}
			want := cs.test()
			resp, err := answer(t, s, cs.request())
			now := judge(cs, &want, resp, err, suite.L3)
			what := s.name + ": example " + fd.Result.Test.ID
			if got, was := string(fd.Result.Category.Want(fd.Result.Test)), string(cs.cat.Want(&want)); got != was {
				t.Errorf("%s: want %s, the reference says %s", what, got, was)
			}
			if now.signature != fd.Signature {
				t.Errorf("%s: signature %q, asked again %q", what, fd.Signature, now.signature)
			}
			if g, n := string(fd.Result.Got()), string(now.result.Got()); g != n || fd.Result.Reason != now.result.Reason {
				t.Errorf("%s: got %s (%s), asked again %s (%s)", what, g, fd.Result.Reason, n, now.result.Reason)
			}
			if !strings.Contains(fd.Result.Test.Comment, strings.TrimPrefix(now.signature, cs.cat.Name()+": ")) {
				t.Errorf("%s: its comment %q says otherwise than %q", what, fd.Result.Test.Comment, now.signature)
			}
		}
	}
}

// answer asks the subject req alone: a handler in this process, whose
// panic is a crash, or a program started for it.
func answer(t *testing.T, s subject, req *protocol.Request) (*protocol.Response, error) {
	if s.env == "" {
		resp, crashed := handle(s.opts.Handler, req)
		if crashed {
			return nil, &driver.Failure{Reason: driver.ReasonCrash, Detail: "panic"}
		}
		return resp, nil
	}
	c, err := driver.Dial(context.Background(), s.run())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	resp, _, err := c.Call(req)
	return resp, err
}

// An implementation that dies on most records is fuzzed for its whole
// budget: every case asked, however many crash, and the crash cause says
// which inputs crash, from inputs asked again alone. Only an
// implementation that cannot start again ends a run early
// (TestHostile/starts-once).
func TestCrashesNeverEndARun(t *testing.T) {
	t.Parallel()
	rep := mustRun(t, Options{Options: driver.Options{Command: servetest.Command("QF_FAKE=crash-records")}, N: 4000, Seed: 2})
	if rep.Total() != 4000 || len(rep.Problems) > 0 || len(rep.Causes) != 1 {
		t.Fatalf("%d cases, problems %q, causes %s", rep.Total(), rep.Problems, names(rep))
	}
	c := rep.Causes[0]
	if c.Name != "crash" || !strings.Contains(c.Observed, "again when asked alone, in a fresh process") ||
		!strings.Contains(c.Observed, "codes with a Record: every such test") || rep.Restarts < c.Failed {
		t.Errorf("%d restarts; the crash cause: %s", rep.Restarts, c.Observed)
	}
	for _, fd := range c.Findings {
		if !fd.Repeatable || fd.Result.Reason != suite.Crash {
			t.Errorf("example %s: repeatable %v, %s", fd.Result.Test.ID, fd.Repeatable, fd.Result.Reason)
		}
	}
}

// written checks the vectors -o writes of rep, and its reports: each fault
// of a realistic set, alone, fails one of the vectors at least; the text
// report fits on a screen; the JSON report is valid against its schema.
func written(t *testing.T, s subject, rep *Report) {
	t.Helper()
	dir := t.TempDir()
	if _, err := rep.WriteVectors(dir); err != nil {
		t.Fatal(err)
	}
	files, err := vectors.LoadDir(dir)
	if err != nil && len(rep.Findings()) > 0 {
		t.Fatal(err)
	}
	for _, f := range s.faults {
		if len(failing(faultstest.Model(f), files)) == 0 {
			t.Errorf("%s: no vector written fails %s alone; the causes: %s", s.name, f.Name, names(rep))
		}
	}
	var text strings.Builder
	rep.WriteText(&text, false)
	if n := strings.Count(text.String(), "\n"); n > Screen {
		t.Errorf("%s: the report has %d lines:\n%s", s.name, n, text.String())
	}
	var j bytes.Buffer
	if err := rep.WriteJSON(&j); err != nil {
		t.Fatal(err)
	}
	if err := ValidateReport(j.Bytes()); err != nil {
		t.Errorf("%s: %v", s.name, err)
	}
}
