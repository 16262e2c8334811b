package diagnosis_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// named reports whether the causes name fault f, in its shape: a cause of
// its family whose variants hold it (a way of reporting errors: the
// style's cause).
func named(f *faults.Fault, causes []diagnosis.Cause) bool {
	for _, c := range causes {
		if c.Kind == f.Kind && (c.Name == f.Family || f.Kind == faults.Reporting) && slices.Contains(c.Variants, f.Name) {
			return true
		}
	}
	return false
}

// modelled reports whether a cause names a fault of the catalogue by its
// family, a model having reproduced the answers.
func modelled(c diagnosis.Cause) bool { return c.Kind.Family() }

// check checks a diagnosis of an implementation with the faults of
// have, the visible ones: every visible fault is named, no known fault it
// does not have is named, and every failure is explained once. It
// returns the visible faults named in another shape, one that answers
// otherwise than theirs somewhere.
func check(t *testing.T, what string, have, visible []*faults.Fault, obs []*suite.Result, causes []diagnosis.Cause) (misshapen, unnamed []*faults.Fault) {
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
		if modelled(c) && !slices.ContainsFunc(have, func(f *faults.Fault) bool { return f.Family == c.Name }) && !holds(faultstest.Model(have...), c) {
			t.Errorf("%s: names %s (%s), a fault it does not have: %s", what, c.Name, c.Flag, c.Evidence)
		}
		truthful(t, what, c)
	}
	if sum != failed {
		t.Errorf("%s: the causes explain %d failures of %d", what, sum, failed)
	}
	for _, f := range visible {
		switch {
		case !namedFamily(f, causes):
			unnamed = append(unnamed, f)
		case !named(f, causes) && !alikeShape(t, f, have, causes):
			misshapen = append(misshapen, f)
		}
	}
	return misshapen, unnamed
}

// alikeShape reports whether the causes name f's family in a shape whose
// model, in the place of f among have, answers every vector and every
// probe of the family as the model of have does: a shape that no input
// tells from f's.
func alikeShape(t *testing.T, f *faults.Fault, have []*faults.Fault, causes []diagnosis.Cause) bool {
	for _, c := range causes {
		if !modelled(c) || c.Name != f.Family {
			continue
		}
		for _, name := range c.Variants {
			g, ok := faultNamed(name)
			if !ok {
				continue
			}
			other := slices.Clone(have)
			other[slices.Index(have, f)] = g
			if alike(t, faultstest.Model(have...), faultstest.Model(other...), f.Probes) {
				return true
			}
		}
	}
	return false
}

// alike reports whether a and b answer every vector, and every probe,
// alike.
func alike(t *testing.T, a, b protocol.Handler, probes []faults.Probe) bool {
	var reqs []*protocol.Request
	for _, v := range tests() {
		reqs = append(reqs, v.cat.Request(v.test))
	}
	for _, p := range probes {
		reqs = append(reqs, p.Category.RequestOf(p.Input))
	}
	for _, req := range reqs {
		x, cx := handle(a, req)
		y, cy := handle(b, req)
		if cx != cy || !cx && string(mustJSON(t, x)) != string(mustJSON(t, y)) {
			return false
		}
	}
	return true
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// namedFamily reports whether the causes name f's family, in whatever
// shape; a way of reporting errors, as a way of reporting errors.
func namedFamily(f *faults.Fault, causes []diagnosis.Cause) bool {
	return slices.ContainsFunc(causes, func(c diagnosis.Cause) bool {
		return c.Kind == f.Kind && (c.Name == f.Family || f.Kind == faults.Reporting)
	})
}

// truthful checks what a cause may say: it explains a failure, says what
// was observed, and names a mechanism (a fault's family, a field of the
// layout read otherwise) only where a model reproduced the answers.
func truthful(t *testing.T, what string, c diagnosis.Cause) {
	t.Helper()
	if c.Failed == 0 || len(c.IDs) == 0 {
		t.Errorf("%s: cause %s %q explains nothing", what, c.Kind, c.Name)
	}
	if c.Observed == "" {
		t.Errorf("%s: cause %s %q says nothing observed", what, c.Kind, c.Name)
	}
	if !c.Kind.Modelled() && (strings.Contains(c.Fix, "layout table") || len(c.Variants) > 0 || c.Flag != "" || len(c.Flags) > 0) {
		t.Errorf("%s: cause %s %q names a mechanism no model verified: fix %q, variants %q, flags %q %q", what, c.Kind, c.Name, c.Fix, c.Variants, c.Flag, c.Flags)
	}
	if c.Kind == faults.Layout && c.Field == "" {
		t.Errorf("%s: cause %s %q, field %q", what, c.Kind, c.Name, c.Field)
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
	g := newGolden(t, "every-fault-alone")
	inParallel(len(faults.Catalogue), func(i int) {
		f := faults.Catalogue[i]
		h := faultstest.Model(f)
		obs := observeModel(t, f)
		causes := diagnosis.Diagnose(obs, askerOf(h)).Causes
		g.add(f.Name, causes)
		if wrong, unnamed := check(t, f.Name, []*faults.Fault{f}, []*faults.Fault{f}, obs, causes); len(wrong)+len(unnamed) > 0 {
			t.Errorf("%s: not named, or in another shape: %s", f.Name, summary(causes))
		}
		if n := len(causes); n > 2 {
			t.Errorf("%s: %d causes for one fault: %s", f.Name, n, summary(causes))
		}
	})
	g.check()
}

// The faults of four real implementations, and of the fansite's
// scripts, together: each fault that shows is named, and no known fault
// they do not have.
func TestRealisticSets(t *testing.T) {
	g := newGolden(t, "realistic-sets")
	for _, m := range append(slices.Clone(faultstest.Realistic), faultstest.Fansite) {
		h := m.Handler()
		obs := observe(t, h)
		causes := diagnosis.Diagnose(obs, askerOf(h)).Causes
		g.add(m.Name, causes)
		wrong, unnamed := check(t, m.Name, m.Faults, visible(t, m.Faults, obs), obs, causes)
		if len(wrong) > 0 {
			t.Errorf("%s: %s named in another shape: %s", m.Name, wrong[0].Name, summary(causes))
		}
		for _, f := range unnamed {
			t.Errorf("%s: %s is not named; the causes: %s", m.Name, f.Name, summary(causes))
		}
	}
	g.check()
}

// Every pair of faults that can be had together, where neither hides the
// other: both are named, and no known fault the pair does not have. A
// fault hides another when it fails nine in ten of the tests the other
// fails alone: the other's answers cannot be told from its (a field read
// with the wrong width early in the layout hides most faults after it).
// The pairs are many (2,637): by default a third of them, every third
// in the catalogue's order; QF_PAIRS=all checks every one (some 15 s of
// CPU), as a change to the diagnosis should. The diagnoses of the
// third are the golden file's (every-pair), in either case:
//
//	QF_PAIRS=all go test ./diagnosis -run EveryPair -v
func TestEveryPair(t *testing.T) {
	const third = 3
	every := third
	if os.Getenv("QF_PAIRS") == "all" {
		every = 1
	}
	alone := map[*faults.Fault][]*suite.Result{}
	for _, f := range faults.Catalogue {
		alone[f] = observeModel(t, f)
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
	type pair struct {
		a, b   *faults.Fault
		golden bool // one of the third whose diagnoses the golden file holds
	}
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
				pairs = append(pairs, pair{a, b, len(pairs)%third == 0})
			}
		}
	}
	var sampled []pair
	for k, p := range pairs {
		if k%every == 0 {
			sampled = append(sampled, p)
		}
	}
	g := newGolden(t, "every-pair")
	var mu sync.Mutex
	shapes, misshapen, missed := 0, 0, 0
	inParallel(len(sampled), func(i int) {
		p := sampled[i]
		both := []*faults.Fault{p.a, p.b}
		h := faultstest.Model(both...)
		obs := observeModel(t, both...)
		var shown []*faults.Fault
		if shows(obs, alone[p.b]) {
			shown = append(shown, p.a)
		}
		if shows(obs, alone[p.a]) {
			shown = append(shown, p.b)
		}
		causes := diagnosis.Diagnose(obs, askerOf(h)).Causes
		if p.golden {
			g.add(p.a.Name+"+"+p.b.Name, causes)
		}
		wrong, unnamed := check(t, p.a.Name+"+"+p.b.Name, both, shown, obs, causes)
		mu.Lock()
		defer mu.Unlock()
		shapes += len(shown)
		for _, f := range unnamed {
			missed++
			t.Logf("%s+%s: %s is not named: %s", p.a.Name, p.b.Name, f.Name, summary(causes))
		}
		for _, f := range wrong {
			misshapen++
			t.Logf("%s+%s: %s named in another shape: %s", p.a.Name, p.b.Name, f.Name, summary(causes))
		}
	})
	t.Logf("%d of %d pairs checked; %d left out where one fault hides the other, %d of faults that cannot be had together; %d of %d faults named in another shape",
		(len(pairs)+every-1)/every, len(pairs), hidden, incompatible, misshapen, shapes)
	if 100*misshapen > 5*shapes {
		t.Errorf("%d of %d faults named in another shape, more than 5%%", misshapen, shapes)
	}
	if missed > 0 {
		t.Errorf("%d of %d faults that show not named", missed, shapes)
	}
	g.check()
}

// visible returns the faults of fs that show: each makes a test fail that
// the others alone pass. A fault whose failures are all failures of the
// others too is hidden by them: its answers cannot be told from theirs.
func visible(t *testing.T, fs []*faults.Fault, obs []*suite.Result) []*faults.Fault {
	var out []*faults.Fault
	for i, f := range fs {
		others := slices.Delete(slices.Clone(fs), i, i+1)
		if shows(obs, observeModel(t, others...)) {
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
