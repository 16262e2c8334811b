package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
)

// Vectors of junk that is one byte, or two of UTF-8 but one UTF-16 unit:
// they cannot tell a decoder that reads an emoji as one hole (a code
// point) from one that reads it as two (UTF-16 units).
var ambiguous = regexp.MustCompile(`^strict/(space-middle|space-leading|non-ascii-middle|tab-trailing)$`)

// When its vectors cannot tell two shapes of a fault apart, qf check asks
// the implementation a few requests of its own, says so with -v and in
// its JSON report, and names the shape the answers show.
func TestProbesTellShapes(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"junk-as-zeros-code-points", "junk-as-zeros-utf16"} {
		f, _ := faults.Named(name)
		rep, err := Run(context.Background(), Options{Options: driver.Options{Handler: faults.Model(f)}, Run: ambiguous})
		if err != nil {
			t.Fatal(err)
		}
		c := causeOf(rep, "junk-as-zeros")
		if c == nil || !slices.Contains(c.Variants, name) || len(c.Probes) == 0 {
			t.Fatalf("%s: the causes %+v", name, rep.Causes)
		}
		var text bytes.Buffer
		rep.WriteText(&text, true)
		if !strings.Contains(text.String(), "asked strict ") || !strings.Contains(text.String(), "as "+name) {
			t.Errorf("%s: -v shows no request asked:\n%s", name, text.String())
		}
		var j bytes.Buffer
		if err := rep.WriteJSON(&j); err != nil {
			t.Fatal(err)
		}
		if err := ValidateReport(j.Bytes()); err != nil || !bytes.Contains(j.Bytes(), []byte(`"probes"`)) {
			t.Errorf("%s: the JSON report has no probes, or does not match its schema: %v", name, err)
		}
	}
}

// An implementation that crashes on every request the diagnosis asks of
// its own changes nothing already graded: the results, the levels and
// the problems of the run are those of a diagnosis that asks nothing.
func TestProbesChangeNothingGraded(t *testing.T) {
	t.Parallel()
	f, _ := faults.Named("junk-as-zeros-code-points")
	model := faults.Model(f)
	var n, limit atomic.Int64
	limit.Store(1 << 62)
	dying := &protocol.Funcs{Name: "dies after the vectors", Version: "1", Profiles: []string{"strict", "lenient"},
		Decode: func(code, profile string) *protocol.Response {
			if n.Add(1) > limit.Load() {
				panic("asked once too often")
			}
			return model.Handle(&protocol.Request{Op: protocol.Decode, Code: &code, Profile: profile})
		}}
	opts := Options{Options: driver.Options{Handler: dying, MaxFailuresInARow: 3}, Run: ambiguous}
	healthy, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if c := causeOf(healthy, "junk-as-zeros"); c == nil || len(c.Probes) == 0 {
		t.Fatalf("no probe asked: %+v", healthy.Causes)
	}
	n.Store(0)
	limit.Store(int64(countRun(healthy)))
	dead, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	for i := range healthy.Results {
		a, b := healthy.Results[i], dead.Results[i]
		if a.Status != b.Status || a.Level != b.Level || a.Reason != b.Reason {
			t.Errorf("%s: %s %s %s, then %s %s %s", a.ID, a.Status, a.Level, a.Reason, b.Status, b.Level, b.Reason)
		}
	}
	if !slices.Equal(healthy.Problems, dead.Problems) || healthy.Restarts != dead.Restarts || healthy.OK() != dead.OK() {
		t.Errorf("problems %q, restarts %d; then %q, %d", healthy.Problems, healthy.Restarts, dead.Problems, dead.Restarts)
	}
	if c := causeOf(dead, "junk-as-zeros"); c == nil || len(c.Probes) != 0 {
		t.Errorf("the causes when every probe crashes: %+v", dead.Causes)
	}
	j, _ := json.Marshal(healthy.Summaries)
	k, _ := json.Marshal(dead.Summaries)
	if string(j) != string(k) {
		t.Errorf("summaries %s, then %s", j, k)
	}
}

func countRun(rep *Report) int {
	n := 0
	for _, r := range rep.Results {
		if r.Status.Ran() {
			n++
		}
	}
	return n
}

func causeOf(rep *Report, name string) *diagnosis.Cause {
	for i, c := range rep.Causes {
		if c.Kind.Family() && c.Name == name {
			return &rep.Causes[i]
		}
	}
	return nil
}
