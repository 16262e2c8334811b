package diagnosis_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// A deviation changes what a faulty model answers in a way no model of
// the catalogue has: how it reports its errors, or which inputs the fault
// shows on.
type deviation struct {
	name string
	// of returns the implementation: the model of f, deviated.
	of func(f *faults.Fault) protocol.Handler
	// named says whether the fault's family must still be named; when
	// not, no fault may be charged but it.
	named bool
}

// reported returns h with every error it answers changed by edit, in a
// copy of its answer.
func reported(h protocol.Handler, edit func(e *spec.ErrorObject, enc bool)) protocol.Handler {
	return handlerFunc(func(req *protocol.Request) *protocol.Response {
		resp := h.Handle(req)
		if resp.Error != nil && resp.Error.Kind != protocol.KindUnsupported {
			e := *resp.Error
			edit(&e, req.Op == protocol.Encode)
			edited := *resp
			edited.Error = &e
			return &edited
		}
		return resp
	})
}

// keptModel returns the model of f as a handler that answers each vector
// of the suite as its observation kept (observedAlone) holds, which is the
// model's answer to the last byte (faults.Reading), or crashes where it
// did; any other request it asks the model. Its answers are shared: read
// only.
func keptModel(f *faults.Fault) protocol.Handler {
	return keptHandler{faultstest.Model(f), observedAlone(f)}
}

type keptHandler struct {
	m    protocol.Handler
	kept []readObservation
}

func (h keptHandler) Handle(req *protocol.Request) *protocol.Response {
	i, ok := vectorOfRequest()[req]
	if !ok {
		return h.m.Handle(req)
	}
	if r := h.kept[i].r; r.Reason != suite.Crash {
		return r.Answer
	}
	panic("the model crashed on this vector")
}

// vectorOfRequest holds the place in tests() of each vector's request.
var vectorOfRequest = sync.OnceValue(func() map[*protocol.Request]int {
	m := map[*protocol.Request]int{}
	for i, v := range tests() {
		m[v.req] = i
	}
	return m
})

type handlerFunc func(req *protocol.Request) *protocol.Response

func (f handlerFunc) Handle(req *protocol.Request) *protocol.Response {
	if req.Op == protocol.Hello {
		return serve.Reference.Handle(req)
	}
	return f(req)
}

var deviations = []deviation{
	{"other kinds", func(f *faults.Fault) protocol.Handler {
		return reported(keptModel(f), func(e *spec.ErrorObject, _ bool) { e.Kind = "E_" + e.Kind })
	}, true},
	{"no positions", func(f *faults.Fault) protocol.Handler {
		return reported(keptModel(f), func(e *spec.ErrorObject, _ bool) { e.Bit, e.Char, e.Field = nil, nil, "" })
	}, true},
	{"one kind each way", func(f *faults.Fault) protocol.Handler {
		return reported(keptModel(f), func(e *spec.ErrorObject, enc bool) {
			e.Kind = map[bool]string{false: "invalid_character", true: "malformed"}[enc]
		})
	}, true},
	// The fault in the strict profile and the encoder only: lenient
	// decoding, replay and validation answer as the spec says.
	{"strict decoding and encoding only", func(f *faults.Fault) protocol.Handler {
		m := keptModel(f)
		return handlerFunc(func(req *protocol.Request) *protocol.Response {
			if req.Op == protocol.Encode || req.Op == protocol.Decode && req.Profile != "lenient" {
				return m.Handle(req)
			}
			return serve.Reference.Handle(req)
		})
	}, false},
}

// The catalogue's faults, each reported otherwise or shown on some
// inputs only: no fault is charged that the implementation lacks (a
// fault of another family may be, where its model holds of the
// implementation: holds), each cause is truthful, and a fault reported
// otherwise is still named by its family.
func TestDeviations(t *testing.T) {
	named, total := map[string]int{}, map[string]int{}
	type job struct {
		dev deviation
		f   *faults.Fault
	}
	var jobs []job
	for _, dev := range deviations {
		for _, f := range faults.Catalogue {
			if f.Kind != faults.Reporting {
				jobs = append(jobs, job{dev, f})
			}
		}
	}
	g := newGolden(t, "deviations")
	var mu sync.Mutex
	inParallel(len(jobs), func(i int) {
		dev, f := jobs[i].dev, jobs[i].f
		h := dev.of(f)
		obs := observe(t, h)
		if !slices.ContainsFunc(obs, func(o *suite.Result) bool { return o.Status == suite.Fail }) {
			return
		}
		what := fmt.Sprintf("%s, %s", f.Name, dev.name)
		causes := diagnosis.Diagnose(obs, askerOf(h)).Causes
		g.add(what, causes)
		for _, c := range causes {
			truthful(t, what, c)
			if c.Kind.Family() && c.Name != f.Family && !holds(h, c) {
				t.Errorf("%s: charged %s, a fault it lacks: %s", what, c.Name, c.Evidence)
			}
		}
		ok := namedFamily(f, causes)
		if !ok && dev.named {
			t.Errorf("%s: %s not named: %s", what, f.Family, summary(causes))
		}
		mu.Lock()
		defer mu.Unlock()
		total[dev.name]++
		if ok {
			named[dev.name]++
		}
	})
	for _, dev := range deviations {
		t.Logf("%s: %d of %d faults named by their family", dev.name, named[dev.name], total[dev.name])
	}
	g.check()
}
