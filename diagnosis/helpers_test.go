package diagnosis_test

import (
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

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
func observe(t testing.TB, h protocol.Handler) []diagnosis.Observation {
	t.Helper()
	vs := tests()
	obs := make([]diagnosis.Observation, len(vs))
	results := make([]suite.Result, len(vs))
	for i, v := range vs {
		resp, crashed := handle(h, v.cat.Request(v.test))
		if crashed {
			results[i] = v.cat.Failed(v.test, suite.Crash, "panicked", nil)
		} else {
			results[i] = v.cat.Grade(v.test, resp, suite.L3)
		}
		obs[i] = diagnosis.Observation{Result: &results[i], Test: v.test, Answer: resp}
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
