package diagnosis_test

// The diagnosis checked generatively, as the codec is: random sets of 1
// to 8 faults of the catalogue, each in a random shape, run against every
// vector, diagnosed with probes asked of the set's model. With gopter,
// from a fixed seed; QF_GOPTER_SEED tries another, QF_DIAGNOSIS_SETS sets
// how many sets:
//
//	QF_DIAGNOSIS_SETS=600 go test ./diagnosis -run Generative -v

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
)

const (
	generativeSeed = 20261124
	defaultSets    = 40
	// screen is the lines the causes have in qf check's text report: its
	// 60 lines less the heading, the table of levels and the last line.
	screen = 44
)

// A tally counts what the diagnoses of the sets got right.
type tally struct {
	mu                     sync.Mutex
	sets, hidden           int // sets diagnosed, and left out where a fault hides another
	visible, named, shaped int // visible faults, named, named in their shape
	charged, false_        int // causes of known faults, and of faults the set lacks
	offScreen              int // named faults whose cause has no line of its own on the screen
	misses                 map[string]int
	hiddenBy               map[string]int // the faults hidden, how often
	golden                 *golden        // the diagnoses' golden file, for the default seed and sets
}

func TestGenerative(t *testing.T) {
	seed := int64(generativeSeed)
	if s := os.Getenv("QF_GOPTER_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseInt(s, 10, 64); err != nil {
			t.Fatalf("QF_GOPTER_SEED: %v", err)
		}
	}
	sets := defaultSets
	if s := os.Getenv("QF_DIAGNOSIS_SETS"); s != "" {
		sets, _ = strconv.Atoi(s)
	}
	params := gopter.DefaultTestParametersWithSeed(seed)
	params.MinSuccessfulTests = sets
	params.MaxShrinkCount = 20
	properties := gopter.NewProperties(params)
	tl := &tally{misses: map[string]int{}, hiddenBy: map[string]int{}}
	if seed == generativeSeed && sets == defaultSets {
		tl.golden = newGolden(t, "generative")
	}
	var wrong []string
	properties.Property("sets of faults diagnosed", prop.ForAll(
		func(picks []int) bool {
			if w := tl.check(t, setOf(picks)); w != "" {
				wrong = append(wrong, w)
			}
			return true
		},
		gen.SliceOfN(8, gen.IntRange(0, 1<<20)).FlatMap(func(v any) gopter.Gen {
			picks := v.([]int)
			return gen.IntRange(1, 8).Map(func(k int) []int { return picks[:k] })
		}, nil),
	))
	var out bytes.Buffer
	if !properties.Run(gopter.NewFormatedReporter(true, 200, &out)) {
		t.Errorf("seed %d (rerun with QF_GOPTER_SEED=%d):\n%s", seed, seed, out.String())
	}
	t.Logf("%d sets diagnosed (%d more left out: a fault hides another); %d visible faults, %d named (%.1f%%), %d in their shape (%.1f%%); %d known faults charged, %d falsely; %d named faults off the screen",
		tl.sets, tl.hidden, tl.visible, tl.named, pct(tl.named, tl.visible), tl.shaped, pct(tl.shaped, tl.visible), tl.charged, tl.false_, tl.offScreen)
	for name, n := range tl.misses {
		t.Logf("missed %d times: %s", n, name)
	}
	if testing.Verbose() {
		for name, n := range tl.hiddenBy {
			t.Logf("hidden %d times: %s", n, name)
		}
	}
	for _, w := range wrong {
		if strings.Contains(w, "charged") {
			t.Errorf("a fault charged that the set lacks: %s", w)
		} else {
			t.Log(w)
		}
	}
	if tl.visible > 0 && 100*tl.shaped < 95*tl.visible {
		t.Errorf("%d of %d visible faults named in their shape, fewer than 95%%", tl.shaped, tl.visible)
	}
	if tl.golden != nil {
		tl.golden.check()
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// setOf returns the set of faults that picks choose: a family each, a
// shape of it, left out when it cannot be had with those before it.
func setOf(picks []int) []*faults.Fault {
	families := faultstest.Families()
	var set []*faults.Fault
	for _, p := range picks {
		fam := families[p%len(families)]
		vs := faultstest.Variants(fam)
		f := vs[(p/len(families))%len(vs)]
		if slices.ContainsFunc(set, func(g *faults.Fault) bool { return g.Family == f.Family || !faults.Compatible(f, g) }) {
			continue
		}
		set = append(set, f)
	}
	return set
}

// check diagnoses the set and returns "" when it holds, or what is wrong.
func (tl *tally) check(t *testing.T, set []*faults.Fault) string {
	h := faultstest.Model(set...)
	obs := observe(t, h)
	vis := visible(t, set, obs)
	if len(vis) < len(set) {
		tl.mu.Lock()
		tl.hidden++
		for _, f := range set {
			if !slices.Contains(vis, f) {
				tl.hiddenBy[f.Name]++
			}
		}
		tl.mu.Unlock()
		return ""
	}
	causes := diagnosis.Diagnose(obs, askerOf(h)).Causes
	if tl.golden != nil {
		tl.golden.add(nameOf(set), causes)
	}
	var text bytes.Buffer
	diagnosis.WriteText(&text, causes, diagnosis.Text{Lines: screen})
	var wrong []string
	tl.mu.Lock()
	defer tl.mu.Unlock()
	tl.sets++
	for _, c := range causes {
		if !c.Kind.Family() {
			continue
		}
		tl.charged++
		if !slices.ContainsFunc(set, func(f *faults.Fault) bool { return f.Family == c.Name }) && !holds(h, c) {
			tl.false_++
			wrong = append(wrong, fmt.Sprintf("charged %s (%s)", c.Name, c.Variant))
		}
	}
	for _, f := range vis {
		tl.visible++
		if !namedFamily(f, causes) {
			tl.misses[f.Name+" not named"]++
			wrong = append(wrong, f.Name+" not named")
			continue
		}
		tl.named++
		if named(f, causes) || alikeShape(t, f, set, causes) {
			tl.shaped++
		} else {
			tl.misses[f.Name+" in another shape"]++
		}
		if !onScreen(f, text.String()) {
			tl.offScreen++
		}
	}
	if len(wrong) == 0 {
		return ""
	}
	return fmt.Sprintf("set %s: %s; causes: %s", nameOf(set), strings.Join(wrong, "; "), summary(causes))
}

// nameOf names a set of faults: their names, in its order.
func nameOf(set []*faults.Fault) string {
	var names []string
	for _, f := range set {
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}

// onScreen reports whether fault f has a line of its own in the text.
func onScreen(f *faults.Fault, text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "and ") {
			continue
		}
		if f.Kind.Family() && (strings.Contains(line, "("+f.Family+")") || strings.Contains(line, ". "+f.Family+":")) ||
			f.Kind == faults.Reporting && strings.Contains(line, "every error reported") {
			return true
		}
	}
	return false
}
