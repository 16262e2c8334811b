package faultstest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/generative"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

var update = flag.Bool("update", false, "rewrite the catalogue's table in CONFORMANCE-REFERENCE.md and the mutant table in CONTRIBUTING.md")

const (
	conformance  = "../../CONFORMANCE-REFERENCE.md"
	contributing = "../../CONTRIBUTING.md"
	// minCaught is how many vectors must catch each mutant: a fault caught
	// by one vector hangs on that vector's every detail.
	minCaught = 3
)

var (
	caughtOnce sync.Once
	caughtBy   map[string][]string // mutant name -> the ids of the vectors it fails
	caughtErr  error
)

// caught returns the ids of the vectors that m fails, running the whole
// suite against every mutant once for all the tests, as many mutants at
// a time as there are CPUs to run them.
func caught(t *testing.T, m *Mutant) []string {
	t.Helper()
	caughtOnce.Do(func() {
		all := append([]*Mutant{Conforming}, Catalogue...)
		ids := make([][]string, len(all))
		errs := make([]error, len(all))
		var wg sync.WaitGroup
		sem := make(chan struct{}, runtime.GOMAXPROCS(0))
		for i, m := range all {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				ids[i], errs[i] = failed(m)
			}()
		}
		wg.Wait()
		caughtBy = map[string][]string{}
		for i, m := range all {
			if errs[i] != nil {
				caughtErr = errs[i]
				return
			}
			caughtBy[m.Name] = ids[i]
		}
	})
	if caughtErr != nil {
		t.Fatal(caughtErr)
	}
	return caughtBy[m.Name]
}

// failed runs the whole suite against m, every vector however often it
// crashes, and returns the ids of the vectors it fails.
func failed(m *Mutant) ([]string, error) {
	rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: m.Handler(), MaxFailuresInARow: 1 << 20}, NoDiagnosis: true})
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, r := range rep.Results {
		if r.Status == suite.Fail {
			ids = append(ids, r.ID)
		}
		if r.Status == suite.NotRun || r.Status == suite.Skip {
			return nil, fmt.Errorf("mutant %s: %s %s", m.Name, r.ID, r.Status)
		}
	}
	return ids, nil
}

// The faulty codec and replayer with no fault conform: every mutant fails
// by its own fault.
func TestConforming(t *testing.T) {
	if ids := caught(t, Conforming); len(ids) > 0 {
		t.Errorf("the fault-free mutant fails %d vectors, such as %v", len(ids), ids[:min(5, len(ids))])
	}
}

// Every mutant fails at least minCaught vectors, and CONTRIBUTING.md's
// table says which and how many.
func TestSuiteCatchesEveryMutant(t *testing.T) {
	if len(Catalogue) < 40 {
		t.Errorf("the catalogue has %d mutants, want at least 40", len(Catalogue))
	}
	var table bytes.Buffer
	table.WriteString("| mutant | fault | seen in the wild | vectors that catch it | how many |\n|---|---|---|---|---|\n")
	names := map[string]bool{}
	for _, m := range Catalogue {
		if names[m.Name] {
			t.Errorf("mutant %s twice", m.Name)
		}
		names[m.Name] = true
		ids := caught(t, m)
		if len(ids) < minCaught {
			t.Errorf("mutant %s (%s) fails %d vectors, want at least %d: %v", m.Name, m.What(), len(ids), minCaught, ids)
		}
		if flagged := flaggedFor(t, m, ids); len(m.Flags()) > 0 && len(flagged) < minCaught {
			t.Errorf("mutant %s fails %d vectors flagged %s, want at least %d: %v", m.Name, len(flagged), strings.Join(m.Flags(), " or "), minCaught, flagged)
		}
		var seen []string
		for _, f := range m.Faults {
			if f.Seen > 0 && !slices.Contains(seen, fmt.Sprintf("fault %d", f.Seen)) {
				seen = append(seen, fmt.Sprintf("fault %d", f.Seen))
			}
		}
		wild := strings.Join(seen, ", ")
		shown := ids[:min(4, len(ids))]
		cell := "`" + strings.Join(shown, "`, `") + "`"
		if len(ids) > len(shown) {
			cell += ", ..."
		}
		if len(ids) == 0 {
			cell = "**none**"
		}
		fmt.Fprintf(&table, "| `%s` | %s | %s | %s | %d |\n", m.Name, m.What(), wild, cell, len(ids))
	}
	generated(t, contributing, "MUTANT TABLE", table.Bytes())
}

// flaggedFor returns those of ids, the vectors m fails, that carry one of
// m's flags.
func flaggedFor(t *testing.T, m *Mutant, ids []string) []string {
	var out []string
	for _, c := range suite.Categories {
		f, err := vectors.Shared(c.File())
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range f.Tests {
			if slices.Contains(ids, v.ID) && slices.ContainsFunc(v.Flags, func(flag string) bool { return slices.Contains(m.Flags(), flag) }) {
				out = append(out, v.ID)
			}
		}
	}
	return out
}

// The catalogue's table in CONFORMANCE-REFERENCE.md says, for each fault seen in
// public implementations, the faults of the catalogue that model it, and
// then the others.
func TestCatalogueTable(t *testing.T) {
	var table bytes.Buffer
	table.WriteString("| seen | in public implementations | the catalogue's faults (their shapes) | flags | what to change |\n|---|---|---|---|---|\n")
	row := func(seen, what string, fs []*faults.Fault) {
		var names, flags, fixes []string
		for _, f := range fs {
			name := "`" + f.Name + "`"
			if f.Shape != "" {
				name += " (" + f.Shape + ")"
			}
			names = append(names, name)
			for _, flag := range f.Flags {
				if !slices.Contains(flags, "`"+flag+"`") {
					flags = append(flags, "`"+flag+"`")
				}
			}
			if !slices.Contains(fixes, f.Fix) {
				fixes = append(fixes, f.Fix)
			}
		}
		fmt.Fprintf(&table, "| %s | %s | %s | %s | %s |\n", seen, what, strings.Join(names, ", "), strings.Join(flags, ", "), strings.Join(fixes, "; "))
	}
	for i, what := range faults.Seen {
		var fs []*faults.Fault
		for _, f := range faults.Catalogue {
			if f.Seen == i+1 {
				fs = append(fs, f)
			}
		}
		row(fmt.Sprint(i+1), what, fs)
	}
	for _, family := range Families() {
		var fs []*faults.Fault
		for _, f := range Variants(family) {
			if f.Seen == 0 {
				fs = append(fs, f)
			}
		}
		if len(fs) > 0 {
			row("", fs[0].What, fs)
		}
	}
	generated(t, conformance, "FAULT CATALOGUE", table.Bytes())
}

// generated checks the generated block name of the document doc against
// text, and rewrites it with -update.
func generated(t *testing.T, doc, name string, text []byte) {
	t.Helper()
	begin := []byte("<!-- BEGIN GENERATED " + name + ": go test ./faults/faultstest -update -->\n")
	end := []byte("<!-- END GENERATED " + name + " -->\n")
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(data, begin), bytes.Index(data, end)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers of the %s", doc, strings.ToLower(name))
	}
	want := append(append(append([]byte{}, data[:i+len(begin)]...), text...), data[j:]...)
	if bytes.Equal(data, want) {
		return
	}
	if *update {
		if err := os.WriteFile(doc, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the %s in %s is stale; run go test ./faults/faultstest -update", strings.ToLower(name), filepath.Base(doc))
}

// A Fault flag names what its vector catches: every vector carrying
// FaultX is failed by the mutant that has fault X (by one of them, when
// several share the flag), and every such flag has a mutant.
func TestFaultFlagsAreHonest(t *testing.T) {
	byFlag := map[string][]*Mutant{}
	for _, m := range Catalogue {
		if len(m.Faults) == 1 {
			for _, flag := range m.Flags() {
				byFlag[flag] = append(byFlag[flag], m)
			}
		}
	}
	for _, name := range vectors.Files {
		f, err := vectors.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for flag := range f.Notes {
			if strings.HasPrefix(flag, "Fault") && len(byFlag[flag]) == 0 {
				t.Errorf("flag %s names no mutant's fault", flag)
			}
		}
		for _, v := range f.Tests {
			for _, flag := range v.Flags {
				ms := byFlag[flag]
				if len(ms) == 0 {
					continue
				}
				if !slices.ContainsFunc(ms, func(m *Mutant) bool { return slices.Contains(caught(t, m), v.ID) }) {
					t.Errorf("%s carries %s, but the mutant %s passes it", v.ID, flag, ms[0].Name)
				}
			}
		}
	}
}

// The catalogue, the flags' notes and the mutants hold together: every
// Fault flag has a fault of the catalogue and a note, and every fault of
// the catalogue a mutant.
func TestCatalogue(t *testing.T) {
	for flag := range vectors.Notes {
		if strings.HasPrefix(flag, "Fault") && !slices.ContainsFunc(faults.Catalogue, func(f *faults.Fault) bool { return slices.Contains(f.Flags, flag) }) {
			t.Errorf("flag %s names no fault of the catalogue", flag)
		}
	}
	for _, f := range faults.Catalogue {
		for _, flag := range f.Flags {
			if _, ok := vectors.Notes[flag]; !ok || !strings.HasPrefix(flag, "Fault") {
				t.Errorf("fault %s: flag %s has no note, or is not a Fault flag", f.Name, flag)
			}
		}
		if f.Seen < 0 || f.Seen > len(faults.Seen) || f.What == "" || f.Fix == "" {
			t.Errorf("fault %s: seen %d, what %q, fix %q", f.Name, f.Seen, f.What, f.Fix)
		}
		if m, ok := Named(f.Name); !ok || len(m.Faults) != 1 || m.Faults[0] != f {
			t.Errorf("fault %s has no mutant", f.Name)
		}
	}
	for i := range faults.Seen {
		if !slices.ContainsFunc(faults.Catalogue, func(f *faults.Fault) bool { return f.Seen == i+1 }) {
			t.Errorf("fault %d seen in the wild has no fault in the catalogue", i+1)
		}
	}
}

// What qf fuzz finds, the vectors catch: against every mutant that passes
// every vector, qf fuzz from a fixed seed finds no disagreement. When it
// finds one, a class of inputs the vectors miss is there, and the failure
// shows it, to be made vectors before it reaches an implementer.
func TestFuzzFindsNothingTheVectorsMiss(t *testing.T) {
	checked := 0
	for _, m := range Catalogue {
		if len(caught(t, m)) > 0 {
			continue
		}
		checked++
		rep, err := generative.Run(context.Background(), generative.Options{Options: driver.Options{Handler: m.Handler()}, N: 20000, Seed: 20261124})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range rep.Findings() {
			t.Errorf("mutant %s passes every vector, but qf fuzz finds %s: %s", m.Name, f.Signature, f.Result.Explain())
		}
	}
	t.Logf("%d of %d mutants pass every vector, and were fuzzed", checked, len(Catalogue))
}

// What says what is wrong with the mutant, in words.
func (m *Mutant) What() string {
	if len(m.Faults) == 1 {
		if f := m.Faults[0]; f.Shape != "" {
			return f.What + " (" + f.Shape + ")"
		}
		return m.Faults[0].What
	}
	var names []string
	for _, f := range m.Faults {
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}

// Flags returns the flags of the mutant's faults.
func (m *Mutant) Flags() []string {
	var flags []string
	for _, f := range m.Faults {
		flags = append(flags, f.Flags...)
	}
	return flags
}

// Conforming is the model with no fault: it must pass the whole suite, so
// that each mutant fails by its faults alone.
var Conforming = &Mutant{Name: "conforming"}
