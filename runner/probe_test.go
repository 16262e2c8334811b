package runner

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/protocol"
)

// An implementation that crashes on every request the diagnosis asks of
// its own (the strict decodings of the codes of the replays that fail)
// changes nothing already graded: the results, the levels and the
// problems of the run are those of a diagnosis that asks nothing.
func TestAsksChangeNothingGraded(t *testing.T) {
	t.Parallel()
	f, _ := faults.Named("square-arithmetic")
	model := faultstest.Model(f)
	var n, limit atomic.Int64
	limit.Store(1 << 62)
	count := func(req *protocol.Request) *protocol.Response {
		if n.Add(1) > limit.Load() {
			panic("asked once too often")
		}
		return model.Handle(req)
	}
	dying := &protocol.Funcs{Name: "dies after the vectors", Version: "1", Profiles: []string{"strict", "lenient"},
		Decode: func(code, profile string) *protocol.Response {
			return count(&protocol.Request{Op: protocol.Decode, Code: &code, Profile: profile})
		},
		Replay: func(code string) *protocol.Response {
			return count(&protocol.Request{Op: protocol.Replay, Code: &code})
		}}
	opts := Options{Options: driver.Options{Handler: dying, MaxFailuresInARow: 3}, Run: regexp.MustCompile(`^replay/`)}
	healthy, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if c := causeOf(healthy, "square-arithmetic"); c == nil || n.Load() <= int64(countRun(healthy)) {
		t.Fatalf("nothing asked (%d requests for %d tests run): %+v", n.Load(), countRun(healthy), healthy.Causes)
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
	if c := causeOf(dead, "square-arithmetic"); c == nil {
		t.Errorf("the causes when every request asked crashes: %+v", dead.Causes)
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
