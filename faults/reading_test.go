package faults

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// TestKnobNames: the constants of type knob name the fields of knobs, in
// their order, each as its field with a lower-case first letter, and a
// KnobSet has a bit for each.
func TestKnobNames(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "codec.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for i, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if i == 0 && (v.Type == nil || fmt.Sprint(v.Type) != "knob") {
				break
			}
			for _, n := range v.Names {
				names = append(names, n.Name)
			}
		}
	}
	kt := reflect.TypeFor[knobs]()
	if len(names) != kt.NumField()+1 || names[len(names)-1] != "numKnobs" || int(numKnobs) != kt.NumField() {
		t.Fatalf("%d constants of type knob for %d knobs: %v", len(names), kt.NumField(), names)
	}
	for i := range kt.NumField() {
		f := kt.Field(i).Name
		if want := string(f[0]-'A'+'a') + f[1:]; names[i] != want {
			t.Errorf("knob %d, %s, named %s, not %s", i, f, names[i], want)
		}
	}
	if kt.NumField() > 64 {
		t.Errorf("%d knobs, more than a KnobSet holds", kt.NumField())
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
		for _, p := range Probes(f.Family) {
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
