package diagnosis_test

import (
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/gcpace"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// TestMain runs the tests at the collector's pace of qf check and qf
// fuzz (package gcpace), whose diagnoses these are: a fifth less CPU than
// at Go's default pace (the package's test binary run with GOGC=400 and
// without, alternated), which a loaded machine feels.
func TestMain(m *testing.M) {
	gcpace.Relax()
	os.Exit(m.Run())
}

// tests holds every vector of the suite, loaded once.
var tests = sync.OnceValue(func() []vectorOf {
	var out []vectorOf
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			panic(err)
		}
		for i := range f.Tests {
			out = append(out, vectorOf{c, &f.Tests[i]})
		}
	}
	return out
})

type vectorOf struct {
	cat  suite.Category
	test *vectors.Test
}

// observe runs every vector against h in this process, as qf check grades
// them, and returns the observations: a panic is a crash.
func observe(t testing.TB, h protocol.Handler) []*suite.Result {
	t.Helper()
	vs := tests()
	obs := make([]*suite.Result, len(vs))
	for i, v := range vs {
		resp, crashed := handle(h, v.cat.Request(v.test))
		var r suite.Result
		if crashed {
			r = v.cat.Failed(v.test, suite.Crash, "panicked", nil)
		} else {
			r = v.cat.Grade(v.test, resp, suite.L3)
		}
		obs[i] = &r
	}
	return obs
}

// handle asks h, and reports whether it panicked.
func handle(h protocol.Handler, req *protocol.Request) (resp *protocol.Response, crashed bool) {
	defer func() {
		if recover() != nil {
			resp, crashed = nil, true
		}
	}()
	return h.Handle(req), false
}

// askerOf returns an asker of h in this process: a panic is a crash.
func askerOf(h protocol.Handler) diagnosis.Asker {
	return func(req *protocol.Request) (*protocol.Response, error) {
		resp, crashed := handle(h, req)
		if crashed {
			return nil, &driver.Failure{Reason: driver.ReasonCrash, Detail: "panicked"}
		}
		return resp, nil
	}
}

// holds reports whether cause c, a fault of the catalogue, is borne out
// by h, whatever fault h was built with: on the vectors where the models
// of c's shapes, alone, decide otherwise than the reference, h decides as
// they do on nine in ten of those where it decides as either. So a cause
// that names a fault other than the one put in, but true of h as far as
// the vectors show (a wall count's range, of a decoder that takes any
// square and count in one profile), is no false charge.
func holds(h protocol.Handler, c diagnosis.Cause) bool {
	var fs []*faults.Fault
	for _, v := range c.Variants {
		if f, ok := faults.Named(v); ok {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return false
	}
	model := faults.Model(fs...)
	as, against := 0, 0
	for _, v := range tests() {
		req := v.cat.Request(v.test)
		ref, m, got := decided(serve.Reference, req), decided(model, req), decided(h, req)
		if m == ref {
			continue
		}
		switch {
		case got == m || strings.HasPrefix(m, "result") && strings.HasPrefix(got, "result") && !strings.HasPrefix(ref, "result"):
			as++
		case got == ref:
			against++
		}
	}
	return as > 0 && 10*against <= as+against
}

// decided says what h decides of req: "crash", "error", or "result" and
// the result.
func decided(h protocol.Handler, req *protocol.Request) string {
	resp, crashed := handle(h, req)
	switch {
	case crashed:
		return "crash"
	case resp.Error != nil:
		return "error"
	}
	resp.ID = nil
	b, _ := json.Marshal(resp)
	return "result " + string(b)
}

// inParallel calls f(i) for each i below n, on as many goroutines as
// GOMAXPROCS: the diagnoses of a test are independent, and each takes a
// good part of a second.
func inParallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
