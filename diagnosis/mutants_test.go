package diagnosis_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/mutation"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/serve/servetest"
)

// The files of the reference that read and write the layout: a mutant of
// another may not be charged with a field read or written otherwise.
var layoutFiles = []string{"ref/decode.go", "ref/bit_reader.go", "ref/encode.go", "ref/bit_writer.go"}

// referenceMutants returns the mutants of the reference's codec and
// rules, by package mutation, in the order of their files.
func referenceMutants(t *testing.T) []mutation.Mutant {
	t.Helper()
	out, err := mutation.FindIn("..", "ref", "rules")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// buildMutant builds the program serving the reference with mutant m in
// place, and returns its path; false when the mutant does not compile.
func buildMutant(t *testing.T, m mutation.Mutant) (string, bool) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "mutant")
	err = mutation.Build(root, dir, m, map[string][]byte{"mutant-server/main.go": []byte(servetest.Alone)}, "mutant-server", prog)
	if errors.Is(err, mutation.ErrNotViable) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	return prog, true
}

// Mutants of the reference, made by a mutation tool and run as programs,
// are implementations the diagnosis was not built from. Against each,
// every cause is truthful; a fault of the catalogue is charged only where
// its model reproduces the mutant's answers on the cause's claims; a
// field of the layout is named only for a mutant of the code that reads
// or writes the layout; and each claim holds when the mutant is asked
// again. QF_MUTANTS sets how many mutants ("all" for every one; a
// sample, evenly spread, by default):
//
//	QF_MUTANTS=all go test ./diagnosis -run ReferenceMutants -v
func TestReferenceMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program a mutant")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build the mutants")
	}
	all := referenceMutants(t)
	n := 10
	if s := os.Getenv("QF_MUTANTS"); s == "all" {
		n = len(all)
	} else if s != "" {
		n, _ = strconv.Atoi(s)
	}
	var tally struct{ run, notViable, survived, causes, faults, claims, false_ int }
	for k := range min(n, len(all)) {
		m := all[k*len(all)/min(n, len(all))]
		prog, ok := buildMutant(t, m)
		if !ok {
			tally.notViable++
			continue
		}
		tally.run++
		rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Command: []string{prog}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Causes) == 0 {
			tally.survived++
			continue
		}
		what := m.String()
		for _, c := range rep.Causes {
			tally.causes++
			truthful(t, what, c)
			if c.Kind.Family() {
				tally.faults++
				if !reproduced(c) {
					tally.false_++
					t.Errorf("%s: charged %s, whose model answers none of its claims as the mutant: %s", what, c.Name, c.Evidence)
				}
			}
			if (c.Kind == faults.Layout || strings.Contains(c.Fix, "layout table")) && !slices.Contains(layoutFiles, m.File) {
				tally.false_++
				t.Errorf("%s: a cause of the layout, %s %q, for a mutant of code that neither reads nor writes it", what, c.Kind, c.Name)
			}
			tally.claims += len(c.Claims)
		}
		if !reask(t, []string{prog}, rep.Causes) {
			tally.false_++
		}
		t.Logf("%s: %s", what, summary(rep.Causes))
	}
	t.Logf("%d mutants of %d run (%d not viable), %d survived the vectors; %d causes checked, %d of faults of the catalogue; %d claims asked again; %d false",
		tally.run, len(all), tally.notViable, tally.survived, tally.causes, tally.faults, tally.claims, tally.false_)
}

// reproduced reports whether a cause of a fault of the catalogue has a
// claim where the fault's model decides as the implementation did.
func reproduced(c diagnosis.Cause) bool {
	for _, cl := range c.Claims {
		if cl.Reason == "" && verdict(cl.Model) == verdict(cl.Got) {
			return true
		}
	}
	return false
}

// verdict says what an answer as the reports show it decides: "refused"
// for an error object, else the answer itself, compacted.
func verdict(answer json.RawMessage) string {
	var x any
	if json.Unmarshal(answer, &x) != nil {
		return string(answer)
	}
	if m, ok := x.(map[string]any); ok {
		if _, ok := m["kind"]; ok {
			return "refused"
		}
	}
	b, _ := json.Marshal(x)
	return string(b)
}
