package generative

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/suite"
)

// The cases a run draws against an implementation with faults, leaning
// away from what each diagnosis predicts, do not change either: each
// batch leans on the diagnosis of the batches up to the one before the
// last drawn, whatever is drawn ahead, so that a seed and -n repeat a run
// of qf fuzz that finds causes (the realistic Rust set, in process). The
// digest is of what the report counts: the cases asked of each category,
// the disagreements, the cases left out, and each cause's failures.
func TestLeaningUnchanged(t *testing.T) {
	t.Parallel()
	m, _ := faultstest.Named("rust")
	rep := mustRun(t, Options{Options: driver.Options{Handler: m.Handler()}, N: 10000, Seed: 7})
	if rep.Skipped == 0 || len(rep.Causes) == 0 {
		t.Fatalf("%d cases left out, %d causes: the run did not lean", rep.Skipped, len(rep.Causes))
	}
	sum := sha256.New()
	for _, c := range suite.Categories {
		fmt.Fprintf(sum, "%s %d\n", c, rep.Cases[c])
	}
	fmt.Fprintf(sum, "disagreements %d, kept %d, left out %d\n", rep.Disagreements, rep.Kept, rep.Skipped)
	for _, c := range rep.Causes {
		fmt.Fprintf(sum, "%s %s %d\n", c.Kind, c.Name, c.Failed)
	}
	const want = "88b0b3fee3a9b275e79710f80a66487de699356d26618033e5254be05d7952e2" // a vector more: lenient/trailing-characters-then-non-alphabet
	if got := hex.EncodeToString(sum.Sum(nil)); got != want {
		t.Errorf("the run's counts: %s, want %s (%d disagreements, %d left out, %d causes)", got, want, rep.Disagreements, rep.Skipped, len(rep.Causes))
	}
}
