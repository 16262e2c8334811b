package diagnosis_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/internal/faults"
	"github.com/qf-format/qf-conformance/internal/mutants"
	"github.com/qf-format/qf-conformance/suite"
)

// named reports whether the causes name fault f: by its name for a known
// fault, by its locus (a field, a kind of error, a rule, a way of
// reporting errors) for the others.
func named(f *faults.Fault, causes []diagnosis.Cause) bool {
	for _, c := range causes {
		if f.Group == faults.Known {
			if c.Kind == diagnosis.Fault && c.Name == f.Name {
				return true
			}
			continue
		}
		for _, l := range f.Locus {
			if c.Kind != diagnosis.Fault && (c.Name == l || strings.HasPrefix(c.Name, l+":") || strings.HasPrefix(c.Name, l+" ") || strings.Contains(c.Name, l)) {
				return true
			}
		}
	}
	return false
}

// check checks a diagnosis of an implementation with the faults of
// have, the visible ones: every visible fault is named, no known fault it
// does not have is named, and every failure is explained once.
func check(t *testing.T, what string, have, visible []*faults.Fault, obs []*suite.Result, causes []diagnosis.Cause) {
	t.Helper()
	failed := 0
	for _, o := range obs {
		if o.Status == suite.Fail {
			failed++
		}
	}
	explained := map[string]bool{}
	sum := 0
	for _, c := range causes {
		sum += c.Failed
		if len(c.IDs) != c.Failed {
			t.Errorf("%s: cause %s explains %d failures with %d ids", what, c.Name, c.Failed, len(c.IDs))
		}
		for _, id := range c.IDs {
			if explained[id] {
				t.Errorf("%s: %s explained twice", what, id)
			}
			explained[id] = true
		}
		if c.Kind == diagnosis.Fault && !slices.ContainsFunc(have, func(f *faults.Fault) bool { return f.Name == c.Name }) {
			t.Errorf("%s: names %s (%s), a fault it does not have: %s", what, c.Name, c.Flag, c.Evidence)
		}
	}
	if sum != failed {
		t.Errorf("%s: the causes explain %d failures of %d", what, sum, failed)
	}
	for _, f := range visible {
		if !named(f, causes) {
			t.Errorf("%s: %s is not named; the causes: %s", what, f.Name, summary(causes))
		}
	}
}

func summary(causes []diagnosis.Cause) string {
	var s []string
	for _, c := range causes {
		s = append(s, fmt.Sprintf("%s %s (%d)", c.Kind, c.Name, c.Failed))
	}
	return strings.Join(s, "; ")
}

// A fault alone is named, exactly: a known fault by its name and no other
// known fault, a fault of the layout by its field, of the rules by its
// rule, a way of reporting errors as such.
func TestEveryFaultAlone(t *testing.T) {
	for _, f := range faults.Catalogue {
		obs := observe(t, faults.Model(f))
		causes := diagnosis.Diagnose(obs).Causes
		check(t, f.Name, []*faults.Fault{f}, []*faults.Fault{f}, obs, causes)
		if f.Group != faults.Known && slices.ContainsFunc(causes, func(c diagnosis.Cause) bool { return c.Kind == diagnosis.Fault }) {
			t.Errorf("%s: a known fault named: %s", f.Name, summary(causes))
		}
	}
}

// The faults of four real implementations, and of the fansite's
// scripts, together: each fault that shows is named, and no known fault
// they do not have.
func TestRealisticSets(t *testing.T) {
	for _, m := range append(slices.Clone(mutants.Realistic), mutants.Fansite) {
		obs := observe(t, m.Handler())
		check(t, m.Name, m.Faults, visible(t, m.Faults, obs), obs, diagnosis.Diagnose(obs).Causes)
	}
}

// Every pair of faults that can be had together, where neither hides the
// other: both are named, and no known fault the pair does not have. A
// fault hides another when it fails nine in ten of the tests the other
// fails alone: the other's answers cannot be told from its (a field read
// with the wrong width early in the layout hides most faults after it).
func TestEveryPair(t *testing.T) {
	alone := map[*faults.Fault][]*suite.Result{}
	for _, f := range faults.Catalogue {
		alone[f] = observe(t, faults.Model(f))
	}
	// hides reports whether b hides a.
	hides := func(b, a *faults.Fault) bool {
		failed, both := 0, 0
		for i, o := range alone[a] {
			if o.Status == suite.Fail {
				failed++
				if alone[b][i].Status == suite.Fail {
					both++
				}
			}
		}
		return 10*both >= 9*failed
	}
	type pair struct{ a, b *faults.Fault }
	var pairs []pair
	incompatible, hidden := 0, 0
	for i, a := range faults.Catalogue {
		for _, b := range faults.Catalogue[i+1:] {
			switch {
			case !faults.Compatible(a, b):
				incompatible++
			case hides(a, b) || hides(b, a):
				hidden++
			default:
				pairs = append(pairs, pair{a, b})
			}
		}
	}
	var wg sync.WaitGroup
	work := make(chan pair)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				both := []*faults.Fault{p.a, p.b}
				obs := observe(t, faults.Model(both...))
				var shown []*faults.Fault
				if shows(obs, alone[p.b]) {
					shown = append(shown, p.a)
				}
				if shows(obs, alone[p.a]) {
					shown = append(shown, p.b)
				}
				check(t, p.a.Name+"+"+p.b.Name, both, shown, obs, diagnosis.Diagnose(obs).Causes)
			}
		}()
	}
	for _, p := range pairs {
		work <- p
	}
	close(work)
	wg.Wait()
	t.Logf("%d pairs checked; %d left out where one fault hides the other, %d of faults that cannot be had together", len(pairs), hidden, incompatible)
}

// visible returns the faults of fs that show: each makes a test fail that
// the others alone pass. A fault whose failures are all failures of the
// others too is hidden by them: its answers cannot be told from theirs.
func visible(t *testing.T, fs []*faults.Fault, obs []*suite.Result) []*faults.Fault {
	var out []*faults.Fault
	for i, f := range fs {
		others := slices.Delete(slices.Clone(fs), i, i+1)
		if shows(obs, observe(t, faults.Model(others...))) {
			out = append(out, f)
		}
	}
	return out
}

// shows reports whether run a fails a test that run b, over the same
// tests, passes.
func shows(a, b []*suite.Result) bool {
	for i := range a {
		if a[i].Status == suite.Fail && b[i].Status == suite.Pass {
			return true
		}
	}
	return false
}
