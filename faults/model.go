package faults

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// newModel returns the model of the faults fs, and its name.
func newModel(fs []*Fault) (*model, string) {
	var k knobs
	var names []string
	for _, f := range fs {
		k, _ = k.with(f.knobs)
		names = append(names, f.Name)
	}
	m := &model{decoding: k.readBy(parts[protocol.Decode]), encoding: k.readBy(parts[protocol.Encode]),
		replaying: k.readBy(parts[protocol.Replay]), validating: k.readBy(parts[protocol.Validate])}
	return m, "model: " + strings.Join(names, ", ")
}

// funcs returns the model as a handler of the protocol named name whose
// answers add the knobs they read to the set read returns, asked once an
// answer.
func (m *model) funcs(name string, read func() *KnobSet) *protocol.Funcs {
	return &protocol.Funcs{
		Name:     name,
		Version:  spec.Version,
		Profiles: []string{ref.Strict.String(), ref.Lenient.String()},
		Decode:   func(code, profile string) *protocol.Response { return m.decode(read(), code, profile) },
		Encode:   func(value json.RawMessage) *protocol.Response { return m.encode(read(), value) },
		Replay:   func(code string) *protocol.Response { return m.replay(read(), code) },
		Validate: func(code string) *protocol.Response { return m.validate(read(), code) },
	}
}

// A Reading is the model of some faults (ModelReading) that tells which
// of its knobs each answer reads. Were a fault that sets none of the
// knobs an answer read added to the model's faults, the model of them all
// would answer the same request of an op (decode, encode, replay,
// validate; hello's answer names the faults) as this one does, to the
// last byte, reading the same knobs: it runs as this one until it reads a
// knob that differs, and it reads none.
type Reading struct {
	m    *model
	name string
	idle sync.Pool // of *answering, made for m
}

// An answering is the model as a handler for one answer at a time, which
// adds the knobs it reads to *read.
type answering struct {
	funcs *protocol.Funcs
	read  *KnobSet
}

// ModelReading returns an implementation of the protocol with the faults
// fs and no other, telling the knobs its answers read: every op, both
// profiles, replay and validation decoding with the faulty decoder first.
// Each op reads only the knobs of the parts of the model it runs
// (Changes). A fault that crashes panics, as a handler served by package
// driver then ends its process. With no fault it conforms. Faults that
// cannot be had together (Compatible) are had as the first of them sets
// its knobs.
func ModelReading(fs ...*Fault) *Reading {
	m, name := newModel(fs)
	return &Reading{m: m, name: name}
}

// Answer answers req as the model does, adding to *read the knobs it
// reads. A fault that crashes panics, the knobs read before it in *read.
func (r *Reading) Answer(req *protocol.Request, read *KnobSet) *protocol.Response {
	a, _ := r.idle.Get().(*answering)
	if a == nil {
		a = new(answering)
		a.funcs = r.m.funcs(r.name, func() *KnobSet { return a.read })
	}
	a.read = read
	resp := a.funcs.Handle(req) // a panic leaves a out of the pool
	a.read = nil
	r.idle.Put(a)
	return resp
}

// Knobs returns the knobs that fault f sets.
func (f *Fault) Knobs() KnobSet {
	if inCatalogue(f) || f.sets != 0 {
		return f.sets
	}
	return f.knobs.set()
}

// set returns the knobs of k that are set.
func (k knobs) set() KnobSet {
	var s KnobSet
	v := reflect.ValueOf(k)
	for i := range v.NumField() {
		if !v.Field(i).IsZero() {
			s |= 1 << i
		}
	}
	return s
}

// A model answers each op with the knobs that the parts of the model it
// runs read, and no other (knobs): decode runs the decoder, validate the
// decoder and the validator, replay the decoder and the replayer, encode
// the encoder.
type model struct {
	decoding, encoding, replaying, validating knobs
}

// parts holds the parts of a model that each op of protocol.Ops runs, as
// the knobs' tags name them.
var parts = map[protocol.Op][]string{
	protocol.Decode:   {"decoder", "errors"},
	protocol.Encode:   {"encoder", "errors"},
	protocol.Replay:   {"decoder", "replayer", "errors"},
	protocol.Validate: {"decoder", "validator", "errors"},
}

// readBy returns the knobs of k that the parts read, the others off.
func (k knobs) readBy(parts []string) knobs {
	var out knobs
	kv, ov := reflect.ValueOf(k), reflect.ValueOf(&out).Elem()
	for _, i := range readers()[strings.Join(parts, ",")] {
		ov.Field(i).Set(kv.Field(i))
	}
	return out
}

// readers holds the knobs that each op's parts read, as field indexes,
// by the parts joined with commas.
var readers = sync.OnceValue(func() map[string][]int {
	out := map[string][]int{}
	t := reflect.TypeFor[knobs]()
	for _, ran := range parts {
		key := strings.Join(ran, ",")
		out[key] = []int{}
		for i := range t.NumField() {
			if slices.ContainsFunc(strings.Split(t.Field(i).Tag.Get("reads"), ","), func(p string) bool { return slices.Contains(ran, p) }) {
				out[key] = append(out[key], i)
			}
		}
	}
	return out
})

// Changes reports whether fault f can change what a model answers to a
// request of op: whether a part of the model that op runs reads its
// knobs. A model of faults answers a request of op as the model of
// those of them that change op does, to the last byte: a diagnosis asks
// that one.
func (f *Fault) Changes(op protocol.Op) bool { return f.knobs.readBy(parts[op]) != knobs{} }

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
// when o sets a knob that k sets to another value (which k keeps); two
// geometries are one where they deviate in different ways.
func (k knobs) with(o knobs) (knobs, bool) {
	kv, ov := reflect.ValueOf(&k).Elem(), reflect.ValueOf(o)
	ok := true
	for i := range ov.NumField() {
		f := ov.Field(i)
		switch g := kv.Field(i); {
		case f.IsZero():
		case g.IsZero():
			g.Set(f)
		case g.Equal(f):
		case g.Type() == reflect.TypeFor[geometry]():
			if both, fit := g.Interface().(geometry).with(f.Interface().(geometry)); fit {
				g.Set(reflect.ValueOf(both))
			} else {
				ok = false
			}
		default:
			ok = false
		}
	}
	return k, ok
}

// fail returns the answer of an error object, as the knobs k report it:
// of encoding when encoding is set, of decoding otherwise.
func (k reading) fail(e *errObj, encoding bool) *protocol.Response {
	switch {
	case knob(k, &k.k.OneKind) != "":
		e.Kind = knob(k, &k.k.OneKind)
	case knob(k, &k.k.KindEachWay) && encoding:
		e.Kind = "malformed"
	case knob(k, &k.k.KindEachWay):
		e.Kind = "invalid_character"
	}
	if knob(k, &k.k.NoPositions) {
		e.Bit, e.Char, e.Field = nil, nil, ""
	}
	return &protocol.Response{Error: e}
}

func (m *model) decode(read *KnobSet, code, profile string) *protocol.Response {
	p, err := ref.ParseProfile(profile)
	if err != nil {
		return protocol.Unsupported("profile " + profile)
	}
	k := reading{&m.decoding, read}
	v, e := k.decode(code, p)
	if e != nil {
		return k.fail(e, false)
	}
	buf := jsonBuffers.Get().(*[]byte)
	defer jsonBuffers.Put(buf)
	b, err := v.AppendJSON((*buf)[:0])
	if err != nil {
		panic(err) // a value the faulty decoder made has names
	}
	*buf = b // grown, kept for the next
	return &protocol.Response{Value: bytes.Clone(b)}
}

// jsonBuffers holds buffers for the JSON of the values decoded, whose
// answers get a copy of their length.
var jsonBuffers = sync.Pool{New: func() any { return new([]byte) }}

func (m *model) encode(read *KnobSet, value json.RawMessage) *protocol.Response {
	k := reading{&m.encoding, read}
	v, err := parsed.get(value)
	if err != nil {
		e, ok := err.(*ref.Error)
		if !ok {
			return k.fail(&errObj{Kind: "malformed"}, true)
		}
		obj := e.Object()
		obj.Message = ""
		return k.fail(obj, true)
	}
	code, e := k.encode(v)
	if e != nil {
		return k.fail(e, true)
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

func (m *model) replay(read *KnobSet, code string) *protocol.Response {
	k := reading{&m.replaying, read}
	v, e := k.decode(code, ref.Strict)
	if e != nil {
		return k.fail(e, false)
	}
	squares, violation := k.replay(v)
	return &protocol.Response{Squares: &squares, Violation: violation}
}

func (m *model) validate(read *KnobSet, code string) *protocol.Response {
	k := reading{&m.validating, read}
	v, e := k.decode(code, ref.Strict)
	if e != nil {
		return k.fail(e, false)
	}
	kinds := []string{}
	if v.State != nil {
		for _, r := range k.validate(v.State) {
			kinds = append(kinds, string(r))
		}
	}
	return &protocol.Response{Violations: &kinds}
}
