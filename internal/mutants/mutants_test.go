package mutants

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/runner"
)

var update = flag.Bool("update", false, "rewrite the mutant table in CONFORMANCE.md")

const (
	conformance = "../../CONFORMANCE.md"
	tableBegin  = "<!-- BEGIN GENERATED MUTANT TABLE: go test ./internal/mutants -update -->\n"
	tableEnd    = "<!-- END GENERATED MUTANT TABLE -->\n"
)

// caught runs the suite against m and returns the ids of the vectors it
// fails.
func caught(t *testing.T, m *Mutant) []string {
	t.Helper()
	rep, err := runner.Run(runner.Options{Handler: m.Handler()})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range rep.Results {
		if r.Status != runner.StatusPass {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// The faulty codec and replayer with no fault conform: every mutant fails
// by its own fault.
func TestConforming(t *testing.T) {
	if ids := caught(t, Conforming); len(ids) > 0 {
		t.Errorf("the fault-free mutant fails %d vectors, such as %v", len(ids), ids[:min(5, len(ids))])
	}
}

// Every mutant fails at least one vector, and CONFORMANCE.md's table says
// which.
func TestSuiteCatchesEveryMutant(t *testing.T) {
	if len(Catalogue) < 30 {
		t.Errorf("the catalogue has %d mutants, want at least 30", len(Catalogue))
	}
	var table bytes.Buffer
	table.WriteString("| mutant | fault | seen in the wild | vectors that catch it |\n|---|---|---|---|\n")
	names := map[string]bool{}
	for _, m := range Catalogue {
		if names[m.Name] {
			t.Errorf("mutant %s twice", m.Name)
		}
		names[m.Name] = true
		ids := caught(t, m)
		if len(ids) == 0 {
			t.Errorf("mutant %s (%s) passes the whole suite: a vector is missing", m.Name, m.Fault)
		}
		wild := ""
		if m.Facts > 0 {
			wild = fmt.Sprintf("fault %d", m.Facts)
		}
		shown := ids[:min(4, len(ids))]
		cell := "`" + strings.Join(shown, "`, `") + "`"
		if len(ids) > len(shown) {
			cell += fmt.Sprintf(" and %d more", len(ids)-len(shown))
		}
		if len(ids) == 0 {
			cell = "**none**"
		}
		fmt.Fprintf(&table, "| `%s` | %s | %s | %s |\n", m.Name, m.Fault, wild, cell)
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
