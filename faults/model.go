package faults

import (
	"encoding/json"
	"reflect"
	"strings"
	"sync"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// Model returns an implementation of the protocol with the faults fs and
// no other: every op, both profiles, replay and validation decoding with
// the faulty decoder first. A fault that crashes panics, as a handler
// served by package driver then ends its process. With no fault it
// conforms. Faults that cannot be had together (Compatible) are had as
// the first of them sets its knobs.
func Model(fs ...*Fault) protocol.Handler {
	var k knobs
	var names []string
	for _, f := range fs {
		k, _ = k.with(f.knobs)
		names = append(names, f.Name)
	}
	m := &model{k}
	return &protocol.Funcs{
		Name:     "model: " + strings.Join(names, ", "),
		Version:  spec.Version,
		Profiles: []string{ref.Strict.String(), ref.Lenient.String()},
		Decode:   m.decode,
		Encode:   m.encode,
		Replay:   m.replay,
		Validate: m.validate,
	}
}

type model struct{ k knobs }

// Compatible reports whether faults a and b can be had together: neither
// sets a knob that the other sets otherwise (two different range checks
// of the squares, say), so that a model of both has both.
func Compatible(a, b *Fault) bool {
	if inCatalogue(a) && inCatalogue(b) {
		return compatible()[a.index][b.index]
	}
	_, ok := a.knobs.with(b.knobs)
	return ok
}

// compatible holds Compatible of every two faults of the catalogue, by
// index: a diagnosis asks it of every pair, many times.
var compatible = sync.OnceValue(func() [][]bool {
	t := make([][]bool, len(Catalogue))
	for _, f := range Catalogue {
		t[f.index] = make([]bool, len(Catalogue))
		for _, g := range Catalogue {
			_, t[f.index][g.index] = f.knobs.with(g.knobs)
		}
	}
	return t
})

func inCatalogue(f *Fault) bool { return f.index < len(Catalogue) && Catalogue[f.index] == f }

// with returns k with the knobs that o turns on turned on too, and false
// when o sets a knob that k sets to another value (which k keeps).
func (k knobs) with(o knobs) (knobs, bool) {
	kv, ov := reflect.ValueOf(&k).Elem(), reflect.ValueOf(o)
	ok := true
	for i := range ov.NumField() {
		f := ov.Field(i)
		switch g := kv.Field(i); {
		case f.IsZero():
		case g.IsZero():
			g.Set(f)
		case !g.Equal(f):
			ok = false
		}
	}
	return k, ok
}

// fail returns the answer of an error object, as the knobs report it:
// of encoding when encoding is set, of decoding otherwise.
func (m *model) fail(e *errObj, encoding bool) *protocol.Response {
	switch {
	case m.k.OneKind != "":
		e.Kind = m.k.OneKind
	case m.k.KindEachWay && encoding:
		e.Kind = "malformed"
	case m.k.KindEachWay:
		e.Kind = "invalid_character"
	}
	if m.k.NoPositions {
		e.Bit, e.Char, e.Field = nil, nil, ""
	}
	return &protocol.Response{Error: e}
}

func (m *model) decode(code, profile string) *protocol.Response {
	p, err := ref.ParseProfile(profile)
	if err != nil {
		return protocol.Unsupported("profile " + profile)
	}
	v, e := m.k.decode(code, p)
	if e != nil {
		return m.fail(e, false)
	}
	b, err := v.AppendJSON(make([]byte, 0, 256))
	if err != nil {
		panic(err) // a value the faulty decoder made has names
	}
	return &protocol.Response{Value: b}
}

func (m *model) encode(value json.RawMessage) *protocol.Response {
	v, err := parsed.get(value)
	if err != nil {
		e, ok := err.(*ref.Error)
		if !ok {
			return m.fail(&errObj{Kind: "malformed"}, true)
		}
		obj := e.Object()
		obj.Message = ""
		return m.fail(obj, true)
	}
	code, e := m.k.encode(v)
	if e != nil {
		return m.fail(e, true)
	}
	return &protocol.Response{Code: &code}
}

// values remembers the values parsed from JSON texts, so that models
// asked to encode the same text again, as a diagnosis asks many, parse it
// once. The encoder never changes a value it is given.
type values struct {
	mu sync.Mutex
	m  map[string]valueOf
}

type valueOf struct {
	v   *ref.Value
	err error
}

var parsed = &values{m: map[string]valueOf{}}

// get returns the value of a JSON text, or why it is none.
func (p *values) get(text json.RawMessage) (*ref.Value, error) {
	p.mu.Lock()
	x, ok := p.m[string(text)]
	p.mu.Unlock()
	if ok {
		return x.v, x.err
	}
	x.v = new(ref.Value)
	if x.err = x.v.UnmarshalJSON(text); x.err != nil {
		x.v = nil
	}
	p.mu.Lock()
	if len(p.m) >= 1<<14 {
		p.m = map[string]valueOf{}
	}
	p.m[string(text)] = x
	p.mu.Unlock()
	return x.v, x.err
}

func (m *model) replay(code string) *protocol.Response {
	v, e := m.k.decode(code, ref.Strict)
	if e != nil {
		return m.fail(e, false)
	}
	squares, violation := m.k.replay(v)
	return &protocol.Response{Squares: &squares, Violation: violation}
}

func (m *model) validate(code string) *protocol.Response {
	v, e := m.k.decode(code, ref.Strict)
	if e != nil {
		return m.fail(e, false)
	}
	kinds := []string{}
	if v.State != nil {
		for _, k := range rules.Validate(v.State) {
			kinds = append(kinds, string(k))
		}
	}
	return &protocol.Response{Violations: &kinds}
}
