package mutants

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

var update = flag.Bool("update", false, "rewrite the mutant table in CONFORMANCE.md")

const (
	conformance = "../../CONFORMANCE.md"
	tableBegin  = "<!-- BEGIN GENERATED MUTANT TABLE: go test ./internal/mutants -update -->\n"
	tableEnd    = "<!-- END GENERATED MUTANT TABLE -->\n"
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
// suite against every mutant once for all the tests.
func caught(t *testing.T, m *Mutant) []string {
	t.Helper()
	caughtOnce.Do(func() {
		caughtBy = map[string][]string{}
		for _, m := range append([]*Mutant{Conforming}, Catalogue...) {
			// Every vector is run, however often the mutant crashes.
			rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: m.Handler(), MaxFailuresInARow: 1 << 20}})
			if err != nil {
				caughtErr = err
				return
			}
			var ids []string
			for _, r := range rep.Results {
				if r.Status == suite.Fail {
					ids = append(ids, r.ID)
				}
				if r.Status == suite.NotRun || r.Status == suite.Skip {
					caughtErr = fmt.Errorf("mutant %s: %s %s", m.Name, r.ID, r.Status)
				}
			}
			caughtBy[m.Name] = ids
		}
	})
	if caughtErr != nil {
		t.Fatal(caughtErr)
	}
	return caughtBy[m.Name]
}

// The faulty codec and replayer with no fault conform: every mutant fails
// by its own fault.
func TestConforming(t *testing.T) {
	if ids := caught(t, Conforming); len(ids) > 0 {
		t.Errorf("the fault-free mutant fails %d vectors, such as %v", len(ids), ids[:min(5, len(ids))])
	}
}

// Every mutant fails at least minCaught vectors, and CONFORMANCE.md's
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
			t.Errorf("mutant %s (%s) fails %d vectors, want at least %d: %v", m.Name, m.Fault, len(ids), minCaught, ids)
		}
		wild := ""
		if m.Facts > 0 {
			wild = fmt.Sprintf("fault %d", m.Facts)
		}
		shown := ids[:min(4, len(ids))]
		cell := "`" + strings.Join(shown, "`, `") + "`"
		if len(ids) > len(shown) {
			cell += ", ..."
		}
		if len(ids) == 0 {
			cell = "**none**"
		}
		fmt.Fprintf(&table, "| `%s` | %s | %s | %s | %d |\n", m.Name, m.Fault, wild, cell, len(ids))
	}
	doc, err := os.ReadFile(conformance)
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(doc, []byte(tableBegin)), bytes.Index(doc, []byte(tableEnd))
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers of the mutant table", conformance)
	}
	want := append(append(append([]byte{}, doc[:i+len(tableBegin)]...), table.Bytes()...), doc[j:]...)
	if bytes.Equal(doc, want) {
		return
	}
	if *update {
		if err := os.WriteFile(conformance, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the mutant table in CONFORMANCE.md is stale; run go test ./internal/mutants -update")
}

// A Fault flag names what its vector catches: every vector carrying
// FaultX is failed by the mutant that has fault X (by one of them, when
// several share the flag), and every such flag has a mutant.
func TestFaultFlagsAreHonest(t *testing.T) {
	byFlag := map[string][]*Mutant{}
	for _, m := range Catalogue {
		if m.Flag != "" {
			byFlag[m.Flag] = append(byFlag[m.Flag], m)
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

// screen is how many lines a report may take by default: one screen.
const screen = 60

// A run against each mutant explains its failures in one screen: causes
// with examples, and the mutant's fault flag among them when it has one.
func TestReportsFitOnAScreen(t *testing.T) {
	for _, m := range Catalogue {
		rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: m.Handler(), MaxFailuresInARow: 1 << 20}})
		if err != nil {
			t.Fatal(err)
		}
		var text bytes.Buffer
		rep.WriteText(&text, false)
		if n := strings.Count(text.String(), "\n"); n > screen {
			t.Errorf("mutant %s: the report takes %d lines, more than %d:\n%s", m.Name, n, screen, text.String())
		}
		explained := false
		for _, c := range rep.Causes {
			if !c.Also && len(c.Examples) > 0 {
				explained = true
			}
			if m.Flag != "" && c.Flag == m.Flag && !strings.Contains(text.String(), m.Flag) {
				t.Errorf("mutant %s: its flag %s is a cause, but the text does not name it", m.Name, m.Flag)
			}
		}
		if !explained {
			t.Errorf("mutant %s: no cause with an example", m.Name)
		}
		if m.Flag != "" && !slices.ContainsFunc(rep.Causes, func(c diagnosis.Cause) bool { return c.Flag == m.Flag }) {
			t.Errorf("mutant %s: its fault flag %s is not among the causes", m.Name, m.Flag)
		}
	}
}
