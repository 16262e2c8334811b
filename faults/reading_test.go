package faults

import (
	"reflect"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// TestKnobSetHoldsEveryKnob: knobs has no more fields than a KnobSet has
// bits, and knob notes the bit of the field it reads, its place in knobs,
// every byte of a field (a geometry's lines, a layout's change) its own.
func TestKnobSetHoldsEveryKnob(t *testing.T) {
	kt := reflect.TypeFor[knobs]()
	if kt.NumField() > 64 {
		t.Errorf("%d knobs, more than a KnobSet holds", kt.NumField())
	}
	for i := range kt.NumField() {
		f := kt.Field(i)
		if first, last := knobAt[f.Offset], knobAt[f.Offset+f.Type.Size()-1]; int(first) != i || int(last) != i {
			t.Errorf("knob %s, field %d: bytes of knobs %d and %d", f.Name, i, first, last)
		}
	}
	var read KnobSet
	r := reading{new(knobs), &read}
	knob(r, &r.k.JunkAsZeros)
	knob(r, &r.k.DecodeLayout.n)
	knob(r, &r.k.EncodeLayout)
	if n := kt.NumField(); read != 1|1<<(n-2)|1<<(n-1) {
		t.Errorf("JunkAsZeros, DecodeLayout.n and EncodeLayout read: %b", read)
	}
}

// TestReadingTellsTheKnobsRead: a model of faults and one more fault that
// sets none of the knobs its answer to a request read answers as it does,
// to the last byte, reading the same knobs (Reading): the model of each
// fault alone beside the model of none, and the model of each fault and
// the next in the catalogue beside the model of the first, on every
// vector and probe. The knobs a fault sets are those of its knobs that
// are not zero.
func TestReadingTellsTheKnobsRead(t *testing.T) {
	for _, f := range Catalogue {
		var want KnobSet
		v := reflect.ValueOf(f.knobs)
		for i := range v.NumField() {
			if !v.Field(i).IsZero() {
				want |= 1 << i
			}
		}
		if f.Knobs() != want || want == 0 {
			t.Errorf("%s: knobs %b, not %b", f.Name, f.Knobs(), want)
		}
	}
	reqs := requests(t)
	none := ModelReading()
	unread := 0
	for i, f := range Catalogue {
		alone := ModelReading(f)
		var next *Reading
		if i+1 < len(Catalogue) && Compatible(f, Catalogue[i+1]) {
			next = ModelReading(f, Catalogue[i+1])
		}
		for _, req := range reqs {
			ref, refRead := answerReading(none, req)
			got, read := answerReading(alone, req)
			if f.Knobs()&refRead == 0 {
				unread++
				if got != ref || read != refRead {
					b, _ := req.AppendJSON(nil)
					t.Errorf("%s: %s: %s, reading %b; unread, the model of no fault's %s, reading %b", f.Name, b, got, read, ref, refRead)
				}
			}
			if next == nil || Catalogue[i+1].Knobs()&read != 0 {
				continue
			}
			if both, bothRead := answerReading(next, req); both != got || bothRead != read {
				b, _ := req.AppendJSON(nil)
				t.Errorf("%s and %s: %s: %s, reading %b; %s unread, the model of %s's %s, reading %b",
					f.Name, Catalogue[i+1].Name, b, both, bothRead, Catalogue[i+1].Name, f.Name, got, read)
			}
		}
	}
	if unread == 0 {
		t.Error("no fault's knobs unread by the model of no fault: the test tells nothing")
	}
}

// requests returns the requests of every vector and probe.
func requests(t *testing.T) []*protocol.Request {
	reqs := vectorRequests(t)
	for i, f := range Catalogue {
		if i > 0 && Catalogue[i-1].Family == f.Family {
			continue // the family's probes are read
		}
		for _, p := range f.Probes {
			reqs = append(reqs, p.Category.RequestOf(p.Input))
		}
	}
	return reqs
}

// vectorRequests returns the requests of every vector of the suite.
func vectorRequests(tb testing.TB) []*protocol.Request {
	var reqs []*protocol.Request
	for _, c := range suite.Categories {
		file, err := vectors.Shared(c.File())
		if err != nil {
			tb.Fatal(err)
		}
		for i := range file.Tests {
			reqs = append(reqs, c.Request(&file.Tests[i]))
		}
	}
	return reqs
}

// answerReading returns r's answer to req as answerOf writes it, and the
// knobs it read.
func answerReading(r *Reading, req *protocol.Request) (string, KnobSet) {
	var read KnobSet
	return answerOf(handlerFunc(func(req *protocol.Request) *protocol.Response { return r.Answer(req, &read) }), req), read
}

// handlerFunc is a function as a handler of the protocol.
type handlerFunc func(*protocol.Request) *protocol.Response

func (f handlerFunc) Handle(req *protocol.Request) *protocol.Response { return f(req) }
