package outsider_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest/outsider"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/suite"
)

// run runs the whole vector suite against h and returns the results.
func run(t *testing.T, h protocol.Handler) []suite.Entry {
	t.Helper()
	entries, err := results(h)
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

// results runs the whole suite against h as qf check does, every vector
// however often h crashes, and returns the results without their
// diagnosis, which these tests do not read.
func results(h protocol.Handler) ([]suite.Entry, error) {
	rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: h, MaxFailuresInARow: 1 << 20}, NoDiagnosis: true})
	if err != nil {
		return nil, err
	}
	return rep.Results, nil
}

// A suiteRun is the results of one run of the whole suite, made once.
type suiteRun struct {
	once    sync.Once
	entries []suite.Entry
	err     error
}

// suiteRuns holds the runs of runWith by the name of the outsider's
// hello, which names its faults: TestVectors, TestFaults and TestPorts
// ask for many of the same sets.
var suiteRuns sync.Map // string -> *suiteRun

// runWith returns the results of the whole suite against the outsider
// with the faults fs (outsider.New), run once for all the tests; they are
// shared, and not to be changed.
func runWith(t *testing.T, fs ...outsider.Fault) []suite.Entry {
	t.Helper()
	h := outsider.New(fs...)
	name := h.Handle(&protocol.Request{Op: protocol.Hello}).Name
	v, _ := suiteRuns.LoadOrStore(name, &suiteRun{})
	r := v.(*suiteRun)
	r.once.Do(func() { r.entries, r.err = results(h) })
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.entries
}

// failures returns the results of entries that did not pass.
func failures(entries []suite.Entry) []suite.Entry {
	var out []suite.Entry
	for _, e := range entries {
		if e.Status != suite.Pass {
			out = append(out, e)
		}
	}
	return out
}

func describe(e suite.Entry) string {
	return fmt.Sprintf("%s: %s %s (%s): input %s\n\twant %s\n\tgot  %s\n\t%s",
		e.ID, e.Status, e.Why(), e.Comment, e.Input, e.Want, e.Got, e.Explain())
}

// TestVectors requires the implementation without faults to pass every
// vector of the suite.
func TestVectors(t *testing.T) {
	t.Parallel()
	entries := runWith(t)
	if len(entries) == 0 {
		t.Fatal("no vector ran")
	}
	bad := failures(entries)
	for i, e := range bad {
		if i == 20 {
			t.Errorf("... and %d more", len(bad)-i)
			break
		}
		t.Error(describe(e))
	}
	t.Logf("%d vectors, %d not passed", len(entries), len(bad))
}

// TestFaults runs the suite with each fault alone: each must fail at
// least one vector, and only vectors of the categories its row of
// outsider.Table says it may fail (those of the ops it concerns); a
// crashing fault fails its vectors by crashing, the others by answering.
func TestFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the suite once per fault")
	}
	t.Parallel()
	var mu sync.Mutex
	counts := map[outsider.Fault]string{}
	t.Cleanup(func() { // after the subtests
		var lines []string
		for _, f := range outsider.Faults {
			lines = append(lines, counts[f])
		}
		t.Logf("vectors failed, per fault alone:\n%s", strings.Join(lines, "\n"))
	})
	for _, row := range outsider.Table {
		f, categories := row.Fault, strings.Fields(row.Fails)
		t.Run(string(f), func(t *testing.T) {
			t.Parallel()
			bad := failures(runWith(t, f))
			mu.Lock()
			counts[f] = fmt.Sprintf("%-26s %4d", f, len(bad))
			mu.Unlock()
			if len(bad) == 0 {
				t.Errorf("no vector fails")
			}
			for _, e := range bad {
				if !slices.Contains(categories, e.Category.String()) {
					t.Errorf("fails a vector of %s, not one of %v: %s", e.Category, categories, describe(e))
				}
				if crashed := e.Reason == suite.Crash; crashed != f.Crashes() {
					t.Errorf("crashed %v, want %v: %s", crashed, f.Crashes(), describe(e))
				}
			}
		})
	}
}

// TestFaultsTogether switches every fault on at once: the run goes to the
// end, through the crashes.
func TestFaultsTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the suite")
	}
	t.Parallel()
	entries := runWith(t, outsider.Faults...)
	bad := failures(entries)
	for _, e := range entries {
		if e.Status == suite.NotRun {
			t.Fatalf("%s not run", e.ID)
		}
	}
	t.Logf("all %d faults on: %d of %d vectors fail", len(outsider.Faults), len(bad), len(entries))
}

// TestHello checks that the hello names the faults on.
func TestHello(t *testing.T) {
	resp := outsider.New(outsider.TurnNineBits, outsider.EqualsSkipped).Handle(&protocol.Request{Op: protocol.Hello})
	if want := "outsider+equals-skipped+turn-nine-bits"; resp.Name != want {
		t.Errorf("name %q, want %q", resp.Name, want)
	}
	if !slices.Equal(resp.Ops, []string{"decode", "encode", "replay", "validate"}) || !slices.Equal(resp.Profiles, []string{"strict", "lenient"}) {
		t.Errorf("ops %v, profiles %v", resp.Ops, resp.Profiles)
	}
}
