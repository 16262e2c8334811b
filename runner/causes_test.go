package runner

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// result returns a result of category with flags, failed when failed is
// true (a mismatch at level, unless reason says otherwise).
func result(id, category string, failed bool, level int, flags ...string) Result {
	r := Result{ID: id, Category: category, Status: StatusPass, Level: 3, Input: json.RawMessage(`"` + id + `"`)}
	for _, f := range flags {
		if strings.Contains(f, ":") {
			r.Facets = append(r.Facets, f)
		} else {
			r.Flags = append(r.Flags, f)
		}
	}
	if failed {
		r.Status, r.Reason, r.Level, r.Detail = StatusFail, ReasonMismatch, level, "accepted an invalid code"
		r.Want, r.Got = json.RawMessage(`{"kind":"truncated","bit":4,"field":"state.white"}`), json.RawMessage(`{"state":null,"record":null}`)
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
	var results []Result
	// A fault confined to records: nonzero padding accepted there only.
	for i := 0; i < 6; i++ {
		facet := []string{"chunks:record-only", "chunks:state-only", "chunks:neither"}[i%3]
		results = append(results, result(fmt.Sprintf("strict/padding-%d", i), CategoryStrict, i%3 == 0, 0, "NonzeroPadding", facet))
	}
	// A fault flag whose vectors fail only at L2 (another offset): not
	// explained by the fault, by the rule.
	for i := 0; i < 4; i++ {
		results = append(results, result(fmt.Sprintf("strict/truncated-%d", i), CategoryStrict, true, L2, "Truncated", "FaultZeroFill", "chunks:state-only"))
	}
	// Many passing vectors, so that the rates mean something.
	for i := 0; i < 40; i++ {
		results = append(results, result(fmt.Sprintf("strict/other-%d", i), CategoryStrict, false, 3, "Boundary", "chunks:state-only"))
	}
	// A crash.
	crash := result("strict/crash", CategoryStrict, true, 0, "FaultCrashOnShortInput", "Truncated")
	crash.Reason, crash.Detail = ReasonCrash, "exited with status 2"
	results = append(results, crash)
	// Encode failures everywhere: spread.
	for i := 0; i < 10; i++ {
		results = append(results, result(fmt.Sprintf("encode/e-%d", i), CategoryEncode, i < 9, 0, "Random"))
	}
	rep := &Report{Results: results}
	rep.Causes = rep.causes()
	named, also := causeNames(rep.Causes)
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
	for _, c := range rep.Causes {
		if c.Also {
			continue
		}
		for i := range rep.Results {
			r := &rep.Results[i]
			if r.Status != StatusFail {
				continue
			}
			if c.Reason == r.Reason || containsName(r, c.Flag) {
				explained[r.ID] = true
			}
		}
	}
	for _, r := range rep.Results {
		if r.Status == StatusFail && !explained[r.ID] {
			t.Errorf("%s is explained by no cause", r.ID)
		}
	}
	for _, a := range also {
		if strings.HasPrefix(a, "FaultZeroFill") {
			t.Errorf("FaultZeroFill explains failures at L2: %s", a)
		}
	}
}

func containsName(r *Result, name string) bool {
	for _, n := range append(append([]string(nil), r.Flags...), r.Facets...) {
		if n == name {
			return true
		}
	}
	return false
}

// When vectors of every kind fail about as often, no flag singles any
// out: the failures are spread, shown by the shortest of each category.
func TestCausesSpread(t *testing.T) {
	var results []Result
	for i := 0; i < 20; i++ {
		results = append(results, result(fmt.Sprintf("strict/s%02d", i), CategoryStrict, i%5 != 0, 0, []string{"A", "B", "C", "D"}[i%4]))
		results = append(results, result(fmt.Sprintf("encode/e%02d", i), CategoryEncode, i%5 != 0, 0, []string{"A", "B", "C", "D"}[i%4]))
	}
	rep := &Report{Results: results}
	named, _ := causeNames(rep.causes())
	if len(named) != 1 || !strings.HasPrefix(named[0], "spread 32/40") {
		t.Fatalf("causes %v", named)
	}
	if ex := rep.causes()[0].Examples; len(ex) != 2 || ex[0].ID != "strict/s01" || ex[1].ID != "encode/e01" {
		t.Errorf("examples %+v", ex)
	}
}

func TestDifference(t *testing.T) {
	for _, c := range []struct{ want, got, says string }{
		{`{"kind":"truncated","bit":34,"field":"state.turn"}`, `{"state":null,"record":null}`, "want truncated at bit 34 (state.turn), got a value"},
		{`{"kind":"invalid_character","char":4}`, `{"kind":"trailing_data","char":8}`, "want invalid_character at char 4, got trailing_data at char 8"},
		{`{"state":null,"record":null}`, `{"kind":"truncated","bit":0,"field":"flags.state"}`, "want a value, got truncated at bit 0 (flags.state)"},
		{`{"state":{"walls":{"white":{"h":[63,0],"v":[]}}}}`, `{"state":{"walls":{"white":{"h":[0,63],"v":[]}}}}`, "at state.walls.white.h[0]: want 63, got 0"},
		{`{"squares":[[13,76],[13,67]],"violation":null}`, `{"squares":[[13,76]],"violation":{"move":1,"kind":"off_board"}}`, "at squares[1]: want [13,67], got nothing (the list ends)"},
		{`"QBc"`, `"QBcA"`, `want "QBc", got "QBcA"`},
		{`{"kind":"out_of_range","field":"state.white"}`, `"cgAA"`, `want out_of_range (state.white), got the code "cgAA"`},
		{`["no_path"]`, `[]`, `at [0]: want "no_path", got nothing (the list ends)`},
	} {
		r := Result{Reason: ReasonMismatch, Want: json.RawMessage(c.want), Got: json.RawMessage(c.got)}
		if got := r.Difference(); got != c.says {
			t.Errorf("want %s, got %s:\n got %q\nwant %q", c.want, c.got, got, c.says)
		}
	}
}
