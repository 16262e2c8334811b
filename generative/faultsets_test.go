package generative

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// qf fuzz files what it finds with the diagnosis of qf check, so what
// holds of that holds of it: against random sets of 1 to 8 faults of the
// catalogue in random shapes, from a fixed seed, no fault is charged that
// the set lacks, every fault that the suite's vectors see is named, once,
// and exposed by the vectors -o writes. QF_FUZZ_SETS sets how many sets:
//
//	QF_FUZZ_SETS=60 go test ./generative -run GenerativeSets -v
func TestGenerativeSets(t *testing.T) {
	t.Parallel()
	n := 8
	if s := os.Getenv("QF_FUZZ_SETS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	r := gen.NewRand(20261124)
	families := faultstest.Families()
	var mu sync.Mutex
	named, visible, charged := 0, 0, 0
	t.Cleanup(func() { // after the subtests
		t.Logf("%d sets: %d of %d faults the vectors see named, %d charged that a set lacks", n, named, visible, charged)
		if 100*named < 95*visible || charged > 0 {
			t.Errorf("%d of %d faults named, fewer than 95%%; %d charged that a set lacks", named, visible, charged)
		}
	})
	// The sets are drawn here, one after another, and fuzzed side by
	// side, each from its own seed: its number among the sets kept.
	for sets := 0; sets < n; {
		set := randomSet(r, families)
		vis := seen(t, set)
		if len(vis) < len(set) {
			continue // a fault hidden by another: the vectors cannot tell it
		}
		sets++
		seed := uint64(sets)
		t.Run(setNames(set), func(t *testing.T) {
			t.Parallel()
			setNamed, setVisible, setCharged := fuzzSet(t, set, vis, seed)
			mu.Lock()
			named += setNamed
			visible += setVisible
			charged += setCharged
			mu.Unlock()
		})
	}
}

// fuzzSet fuzzes the model of set from seed, and checks its report and
// the vectors it writes against vis, the faults of set that the suite's
// vectors see; it returns how many of those were named, how many there
// are, and how many faults were charged that the set lacks.
func fuzzSet(t *testing.T, set, vis []*faults.Fault, seed uint64) (named, visible, charged int) {
	rep := mustRun(t, Options{Options: driver.Options{Handler: faultstest.Model(set...)}, N: 30000, Seed: seed})
	dir := t.TempDir()
	if _, err := rep.WriteVectors(dir); err != nil {
		t.Fatal(err)
	}
	files, err := vectors.LoadDir(dir)
	if err != nil {
		t.Fatalf("%s: %v", setNames(set), err)
	}
	families := map[string]int{}
	for _, c := range rep.Causes {
		if !c.Kind.Family() {
			continue
		}
		families[c.Name]++
		if !slices.ContainsFunc(set, func(f *faults.Fault) bool { return f.Family == c.Name }) {
			t.Logf("%s: charged %s (%s), a fault it does not have: %s", setNames(set), c.Name, c.Variant, c.Evidence)
			charged++
		}
	}
	for name, k := range families {
		if k > 1 {
			t.Errorf("%s: %s is %d causes", setNames(set), name, k)
		}
	}
	for _, f := range vis {
		visible++
		if f.Kind.Family() && families[f.Family] == 0 {
			t.Logf("%s: %s not named; the causes: %s", setNames(set), f.Name, names(rep))
			continue
		}
		named++
		if len(failing(faultstest.Model(f), files)) == 0 {
			t.Errorf("%s: no vector written fails %s alone; the causes: %s", setNames(set), f.Name, names(rep))
		}
	}
	return named, visible, charged
}

// randomSet draws 1 to 8 faults of different families, each in a random
// shape, that can be had together.
func randomSet(r *gen.Rand, families []string) []*faults.Fault {
	var set []*faults.Fault
	for k := 1 + r.Intn(8); k > 0; k-- {
		vs := faultstest.Variants(families[r.Intn(len(families))])
		f := vs[r.Intn(len(vs))]
		if !slices.ContainsFunc(set, func(g *faults.Fault) bool { return g.Family == f.Family || !faults.Compatible(f, g) }) {
			set = append(set, f)
		}
	}
	return set
}

// seen returns the faults of set that the suite's vectors see: each
// makes a vector fail that the others alone pass.
func seen(t *testing.T, set []*faults.Fault) []*faults.Fault {
	all := suiteFiles(t)
	both := failing(faultstest.Model(set...), all)
	var out []*faults.Fault
	for i, f := range set {
		others := failing(faultstest.Model(slices.Delete(slices.Clone(set), i, i+1)...), all)
		for id := range both {
			if !others[id] {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

func suiteFiles(t *testing.T) []*vectors.File {
	var out []*vectors.File
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

func setNames(set []*faults.Fault) string {
	var s []string
	for _, f := range set {
		s = append(s, f.Name)
	}
	return strings.Join(s, "+")
}
