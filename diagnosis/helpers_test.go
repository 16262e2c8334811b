package diagnosis_test

import (
	"os"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/gcpace"
	"github.com/qf-format/qf-conformance/protocol"
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
