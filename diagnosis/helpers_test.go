package diagnosis_test

import (
	"encoding/json"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
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
			out = append(out, vectorOf{c, &f.Tests[i], c.Request(&f.Tests[i])})
		}
	}
	return out
})

type vectorOf struct {
	cat  suite.Category
	test *vectors.Test
	req  *protocol.Request // its request, made once: read only
}

// observe runs every vector against h in this process, as qf check grades
// them, and returns the observations: a panic is a crash.
func observe(t testing.TB, h protocol.Handler) []*suite.Result {
	t.Helper()
	vs := tests()
	obs := make([]*suite.Result, len(vs))
	for i, v := range vs {
		r := result(i, v, h)
		obs[i] = &r
	}
	return obs
}

// result returns the result of h's answer to vector i, v, graded: a
// panic is a crash.
func result(i int, v vectorOf, h protocol.Handler) suite.Result {
	resp, crashed := handle(h, v.req)
	if crashed {
		return v.cat.Failed(v.test, suite.Crash, "panicked", nil)
	}
	return grade(i, v, resp)
}

// observeModel returns what observe returns of faultstest.Model(fs...), found
// with fewer answers asked: the model of a fault answers a vector as the
// model of no fault does where its knobs go unread, and the model of two
// as the model of one where the other's knobs go unread
// (faults.Reading), to the last byte; the observations of the model of
// no fault and of each alone are kept, shared by the tests.
func observeModel(t testing.TB, fs ...*faults.Fault) []*suite.Result {
	t.Helper()
	if len(fs) > 2 {
		return observe(t, faultstest.Model(fs...))
	}
	var from [][]readObservation // the models of one fault fewer, each beside the fault it lacks
	var lacks []*faults.Fault
	switch len(fs) {
	case 1:
		from, lacks = [][]readObservation{observedAlone(nil)}, fs
	case 2:
		from, lacks = [][]readObservation{observedAlone(fs[0]), observedAlone(fs[1])}, []*faults.Fault{fs[1], fs[0]}
	}
	var m *faults.Reading
	obs := make([]*suite.Result, len(tests()))
	for i, v := range tests() {
		var r suite.Result
		found := false
		for k, o := range from {
			if lacks[k].Knobs()&o[i].read == 0 {
				r, found = o[i].r, true
				break
			}
		}
		if !found {
			if m == nil {
				m = faults.ModelReading(fs...)
			}
			var read faults.KnobSet
			r = result(i, v, readingHandler{m, &read})
		}
		obs[i] = &r
	}
	return obs
}

// A readObservation is the result of a model's answer to a vector, and
// the knobs it read.
type readObservation struct {
	r    suite.Result
	read faults.KnobSet
}

// alone holds the observations of the model of no fault (nil) and of
// each fault alone, by vector, made once.
var alone sync.Map // *faults.Fault to func() []readObservation

// observedAlone returns the observations of the model of f, or of no
// fault when f is nil, by vector.
func observedAlone(f *faults.Fault) []readObservation {
	once, _ := alone.LoadOrStore(f, sync.OnceValue(func() []readObservation {
		var none []readObservation
		fs := []*faults.Fault{}
		if f != nil {
			none, fs = observedAlone(nil), []*faults.Fault{f}
		}
		m := faults.ModelReading(fs...)
		out := make([]readObservation, len(tests()))
		for i, v := range tests() {
			if f != nil && f.Knobs()&none[i].read == 0 {
				out[i] = none[i]
				continue
			}
			out[i].r = result(i, v, readingHandler{m, &out[i].read})
		}
		return out
	}))
	return once.(func() []readObservation)()
}

// A readingHandler is a model as a handler of the protocol, adding the
// knobs its answers read to *read.
type readingHandler struct {
	m    *faults.Reading
	read *faults.KnobSet
}

func (h readingHandler) Handle(req *protocol.Request) *protocol.Response {
	return h.m.Answer(req, h.read)
}

// grades holds the results of the answers graded, by vector and answer:
// Category.Grade is a function of the two alone, and the models of many
// faults answer most vectors alike, so that a test's process grades each
// answer once.
var grades = struct {
	sync.Mutex
	m map[gradeKey]suite.Result
}{m: map[gradeKey]suite.Result{}}

type gradeKey struct {
	vector int    // its place in tests()
	answer string // every member of the answer (answerKey)
}

// grade returns the result of resp, the answer to vector i, v, as qf check
// grades it (Category.Grade at L3).
func grade(i int, v vectorOf, resp *protocol.Response) suite.Result {
	k := gradeKey{i, answerKey(resp)}
	grades.Lock()
	r, ok := grades.m[k]
	grades.Unlock()
	if ok {
		r.Answer = resp
		return r
	}
	r = v.cat.Grade(v.test, resp, suite.L3)
	grades.Lock()
	grades.m[k] = r
	grades.Unlock()
	return r
}

// answerKey returns every member of an answer, raw JSON as written, in a
// string that no other answer has: each member's bytes after their
// length, an absent member as "-".
func answerKey(resp *protocol.Response) string {
	b := make([]byte, 0, 64+len(resp.ID)+len(resp.Value)+len(resp.Violation))
	for _, s := range [][]byte{resp.ID, resp.Value, resp.Violation} {
		b = appendMember(b, s)
	}
	b = appendMember(appendMember(b, []byte(resp.Name)), []byte(resp.Version))
	for _, list := range []*[]string{&resp.Ops, &resp.Profiles, resp.Violations} {
		if list == nil || *list == nil {
			b = append(b, '-')
			continue
		}
		b = append(strconv.AppendInt(b, int64(len(*list)), 10), '#')
		for _, s := range *list {
			b = appendMember(b, []byte(s))
		}
	}
	if resp.Code == nil {
		b = append(b, '-')
	} else {
		b = appendMember(b, []byte(*resp.Code))
	}
	if resp.Squares == nil {
		b = append(b, '-')
	} else {
		b = append(strconv.AppendInt(b, int64(len(*resp.Squares)), 10), '#')
		for _, sq := range *resp.Squares {
			b = append(strconv.AppendInt(append(strconv.AppendInt(b, int64(sq[0]), 10), ','), int64(sq[1]), 10), ';')
		}
	}
	if e := resp.Error; e == nil {
		b = append(b, '-')
	} else {
		b = appendMember(appendMember(appendMember(b, []byte(e.Kind)), []byte(e.Field)), []byte(e.Message))
		for _, n := range []*int{e.Bit, e.Char} {
			if n == nil {
				b = append(b, '-')
			} else {
				b = append(strconv.AppendInt(b, int64(*n), 10), ';')
			}
		}
	}
	return string(b)
}

// appendMember appends s after its length.
func appendMember(b, s []byte) []byte {
	return append(append(strconv.AppendInt(b, int64(len(s)), 10), ':'), s...)
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
		if f, ok := faultNamed(v); ok {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return false
	}
	model := faultstest.Model(fs...)
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

// faultNamed returns the fault of the catalogue, or the deviation of the
// layout, of that name.
func faultNamed(name string) (*faults.Fault, bool) {
	if f, ok := faults.Named(name); ok {
		return f, true
	}
	for _, f := range faults.Deviations() {
		if f.Name == name {
			return f, true
		}
	}
	return nil, false
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
