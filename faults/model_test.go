package faults

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// TestCompatibleTable: the table Compatible reads for the catalogue's
// faults says what their knobs say.
func TestCompatibleTable(t *testing.T) {
	for _, f := range Catalogue {
		for _, g := range Catalogue {
			if _, want := f.knobs.with(g.knobs); Compatible(f, g) != want {
				t.Errorf("Compatible(%s, %s) = %v, want %v", f.Name, g.Name, !want, want)
			}
		}
	}
}

// TestCrashOnlyByDesign: the model of a fault beside zero-fill, whose
// reader reads on past the end of the bits, crashes on no code of the
// vectors, unless the fault is a crash.
func TestCrashOnlyByDesign(t *testing.T) {
	zeroFill, _ := Named("zero-fill")
	var reqs []*protocol.Request
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			t.Fatal(err)
		}
		for i := range f.Tests {
			if req := c.Request(&f.Tests[i]); req.Code != nil {
				reqs = append(reqs, req)
			}
		}
	}
	for _, f := range Catalogue {
		if f.knobs.CrashOnShort || f.knobs.CrashOnEmpty || !Compatible(f, zeroFill) {
			continue
		}
		h := Model(f, zeroFill)
		for _, req := range reqs {
			if msg := panics(h, req); msg != "" {
				t.Errorf("%s with zero-fill: the model crashed on %s %q: %s", f.Name, req.Op, *req.Code, msg)
				break
			}
		}
	}
}

func panics(h protocol.Handler, req *protocol.Request) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	h.Handle(req)
	return ""
}

// The model runs parts of its own for every op of the protocol, and for
// no other.
func TestPartsOfEveryOp(t *testing.T) {
	for _, op := range protocol.Ops {
		if len(parts[op]) == 0 {
			t.Errorf("%s: the model runs no part of it", op)
		}
	}
	if len(parts) != len(protocol.Ops) {
		t.Errorf("the model runs parts for %d ops, the protocol has %d", len(parts), len(protocol.Ops))
	}
}

// TestKnobsRead: every knob is read by parts of a model that there are,
// and the model of each fault, which reads for each op only the knobs of
// the parts the op runs (Model), answers every vector and probe as one
// that reads every knob for every op: the tags of the knobs leave out no
// part that reads them, as far as the vectors show. (A fault that does
// not change an op, Changes, leaves its model's answers the reference's
// by construction: the op reads none of its knobs.)
func TestKnobsRead(t *testing.T) {
	known := map[string]bool{}
	for _, ran := range parts {
		for _, p := range ran {
			known[p] = true
		}
	}
	kt := reflect.TypeFor[knobs]()
	for i := range kt.NumField() {
		f := kt.Field(i)
		for _, p := range strings.Split(f.Tag.Get("reads"), ",") {
			if !known[p] {
				t.Errorf("knob %s: read by %q, no part of a model", f.Name, p)
			}
		}
	}
	reqs := requests(t)
	for _, f := range Catalogue {
		read, all := Model(f), (&model{f.knobs, f.knobs, f.knobs, f.knobs}).handler("")
		for _, req := range reqs {
			if got, want := answerOf(read, req), answerOf(all, req); got != want {
				b, _ := req.AppendJSON(nil)
				t.Errorf("%s: %s: %s, reading every knob %s", f.Name, b, got, want)
				break
			}
		}
	}
}

// answerOf returns h's answer to req as JSON, or the panic it made.
func answerOf(h protocol.Handler, req *protocol.Request) (answer string) {
	defer func() {
		if r := recover(); r != nil {
			answer = fmt.Sprint("panic: ", r)
		}
	}()
	b, err := json.Marshal(h.Handle(req))
	if err != nil {
		return "unmarshalable: " + err.Error()
	}
	return string(b)
}

// BenchmarkModels asks models of two faults every vector: what a
// diagnosis spends asking the models its search tries.
//
//	go test ./faults -run '^$' -bench Models
func BenchmarkModels(b *testing.B) {
	reqs := vectorRequests(b)
	var models []protocol.Handler
	for i := 0; i+1 < len(Catalogue); i += 5 {
		if Compatible(Catalogue[i], Catalogue[i+1]) {
			models = append(models, Model(Catalogue[i], Catalogue[i+1]))
		}
	}
	b.ResetTimer()
	cpu := measure.CPUTime()
	for range b.N {
		for _, m := range models {
			for _, req := range reqs {
				panics(m, req)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(models)*len(reqs)), "ns/answer")
	b.ReportMetric(float64((measure.CPUTime()-cpu).Nanoseconds())/float64(b.N*len(models)*len(reqs)), "cpu-ns/answer")
}

// Model returns the model of the faults fs as a handler of the protocol,
// as ModelReading makes it, telling no one the knobs it reads.
func Model(fs ...*Fault) protocol.Handler {
	m, name := newModel(fs)
	return m.handler(name)
}

// handler returns the model as a handler of the protocol named name.
func (m *model) handler(name string) protocol.Handler {
	return m.funcs(name, func() *KnobSet { return new(KnobSet) })
}
