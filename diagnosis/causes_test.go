package diagnosis

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// result returns a result of category with flags, failed when failed is
// true (a mismatch at level, unless reason says otherwise).
func result(id string, category suite.Category, failed bool, level suite.Level, flags ...string) suite.Result {
	r := suite.Result{ID: id, Category: category, Status: suite.Pass, Level: category.Top(), Input: json.RawMessage(`"` + id + `"`)}
	for _, f := range flags {
		if strings.Contains(f, ":") {
			r.Facets = append(r.Facets, suite.Facet(f))
		} else {
			r.Flags = append(r.Flags, f)
		}
	}
	if failed {
		r.Status, r.Reason, r.Level, r.Way = suite.Fail, suite.Mismatch, level, suite.AcceptedInvalid
		r.Want, r.Got = json.RawMessage(`{"kind":"truncated","bit":4,"field":"state.white"}`), json.RawMessage(`{"state":null,"record":null}`)
		r.Difference = "want truncated at bit 4 (state.white), got a value"
	}
	return r
}

func causeNames(causes []Cause) (named, also []string) {
	for _, c := range causes {
		s := fmt.Sprintf("%s %d/%d", c.Name(), c.Failed, c.Total)
		if len(c.Only) > 0 {
			s += " only " + strings.Join(c.Only, ",")
		}
		if c.Also {
			also = append(also, s)
		} else {
			named = append(named, s)
		}
	}
	return named, also
}

func TestCauses(t *testing.T) {
	var results []suite.Result
	// A fault confined to records: nonzero padding accepted there only.
	for i := 0; i < 6; i++ {
		facet := []string{"chunks:record-only", "chunks:state-only", "chunks:neither"}[i%3]
		results = append(results, result(fmt.Sprintf("strict/padding-%d", i), suite.Strict, i%3 == 0, 0, "NonzeroPadding", facet))
	}
	// A fault flag whose vectors fail only at L2 (another offset): not
	// explained by the fault, by the rule.
	for i := 0; i < 4; i++ {
		results = append(results, result(fmt.Sprintf("strict/truncated-%d", i), suite.Strict, true, suite.L2, "Truncated", "FaultZeroFill", "chunks:state-only"))
	}
	// Many passing vectors, so that the rates mean something.
	for i := 0; i < 40; i++ {
		results = append(results, result(fmt.Sprintf("strict/other-%d", i), suite.Strict, false, 3, "Boundary", "chunks:state-only"))
	}
	// A crash.
	crash := result("strict/crash", suite.Strict, true, 0, "FaultCrashOnShortInput", "Truncated")
	crash.Reason, crash.Way, crash.Detail = suite.Crash, "", "exited with status 2"
	results = append(results, crash)
	// Encode failures everywhere: spread.
	for i := 0; i < 10; i++ {
		results = append(results, result(fmt.Sprintf("encode/e-%d", i), suite.Encode, i < 9, 0, "Random"))
	}
	causes := Causes(results, vectors.Notes)
	named, also := causeNames(causes)
	want := []string{
		"crash 1/1 only FaultCrashOnShortInput,Truncated",
		"Random 9/10",
		"Truncated 4/5 only FaultZeroFill,chunks:state-only", // the crash is a cause of its own
		"NonzeroPadding 2/6 only chunks:record-only",
	}
	if strings.Join(named, "; ") != strings.Join(want, "; ") {
		t.Errorf("causes\n got %s\nwant %s\nalso %s", strings.Join(named, "; "), strings.Join(want, "; "), strings.Join(also, "; "))
	}
	// Every failure is explained by a named cause.
	explained := map[string]bool{}
	for _, c := range causes {
		if c.Also {
			continue
		}
		for i := range results {
			r := &results[i]
			if r.Status != suite.Fail {
				continue
			}
			if c.Reason == r.Reason || containsName(r, c.Flag) {
				explained[r.ID] = true
			}
		}
	}
	for _, r := range results {
		if r.Status == suite.Fail && !explained[r.ID] {
			t.Errorf("%s is explained by no cause", r.ID)
		}
	}
	for _, a := range also {
		if strings.HasPrefix(a, "FaultZeroFill") {
			t.Errorf("FaultZeroFill explains failures at L2: %s", a)
		}
	}
}

func containsName(r *suite.Result, name string) bool {
	for _, n := range names(r) {
		if n == name {
			return true
		}
	}
	return false
}

// When vectors of every kind fail about as often, no flag singles any
// out: the failures are spread, shown by the shortest of each category.
func TestCausesSpread(t *testing.T) {
	var results []suite.Result
	for i := 0; i < 20; i++ {
		results = append(results, result(fmt.Sprintf("strict/s%02d", i), suite.Strict, i%5 != 0, 0, []string{"A", "B", "C", "D"}[i%4]))
		results = append(results, result(fmt.Sprintf("encode/e%02d", i), suite.Encode, i%5 != 0, 0, []string{"A", "B", "C", "D"}[i%4]))
	}
	named, _ := causeNames(Causes(results, nil))
	if len(named) != 1 || !strings.HasPrefix(named[0], "spread 32/40") {
		t.Fatalf("causes %v", named)
	}
	if ex := Causes(results, nil)[0].Examples; len(ex) != 2 || ex[0].ID != "strict/s01" || ex[1].ID != "encode/e01" {
		t.Errorf("examples %+v", ex)
	}
}
