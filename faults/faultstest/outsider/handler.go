package outsider

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"sync"

	"github.com/qf-format/qf-conformance/protocol"
)

// Version is the implementation's version, as its hello gives it.
const Version = "1.0.0"

// New returns the implementation as a protocol.Handler, with the faults
// given switched on: with none, it answers every request as spec/qf.md
// and spec/protocol.md say. It panics on a Fault not in Faults.
func New(faults ...Fault) protocol.Handler {
	fs := newFaultSet(faults)
	name := "outsider"
	for _, f := range fs.list() {
		name += "+" + string(f)
	}
	return newHandler(name, fs)
}

// newHandler returns the implementation with the faults fs on, its hello
// giving name.
func newHandler(name string, fs faultSet) *handler {
	h := &handler{faults: fs}
	h.funcs = protocol.Funcs{
		Name:     name,
		Version:  Version,
		Profiles: []string{"strict", "lenient"},
		Decode:   h.decode,
		Encode:   h.encode,
		Replay:   h.replay,
		Validate: h.validate,
	}
	return h
}

// A handler answers requests, each with a worker of its pool, so that
// requests answered at once do not share memory.
type handler struct {
	faults  faultSet
	funcs   protocol.Funcs
	workers sync.Pool
}

// A worker holds the memory that answering reuses.
type worker struct {
	dec     decoder
	enc     encoder
	squares [][2]int
	json    []byte // a decoded value's JSON, before it is copied
}

// Handle answers req: protocol.Funcs checks its members and calls the
// function of its op.
func (h *handler) Handle(req *protocol.Request) *protocol.Response {
	resp := h.funcs.Handle(req)
	if h.faults.has(ASCIIAnswers) && resp.Error != nil {
		resp.Error.Field = asciiOnly(resp.Error.Field)
		resp.Error.Message = asciiOnly(resp.Error.Message)
	}
	return resp
}

// worker returns a worker from the pool. A worker is put back only when
// its request was answered: one that panicked is dropped.
func (h *handler) worker() *worker {
	if w, ok := h.workers.Get().(*worker); ok {
		return w
	}
	w := new(worker)
	w.dec.faults, w.enc.faults = h.faults, h.faults
	return w
}

func (h *handler) decode(code, profile string) *protocol.Response {
	w := h.worker()
	v, err := w.dec.decode(code, profile == "lenient")
	var resp *protocol.Response
	if err != nil {
		resp = h.failed(err, true)
	} else {
		w.json = v.appendJSON(w.json[:0])
		resp = &protocol.Response{Value: bytes.Clone(w.json)}
	}
	h.workers.Put(w)
	return resp
}

func (h *handler) encode(value json.RawMessage) *protocol.Response {
	w := h.worker()
	code, err := w.enc.encode(value)
	h.workers.Put(w)
	if err != nil {
		return h.failed(err, false)
	}
	return &protocol.Response{Code: &code}
}

func (h *handler) replay(code string) *protocol.Response {
	w := h.worker()
	v, err := w.dec.decode(code, false)
	if err != nil {
		h.workers.Put(w)
		return h.failed(err, true)
	}
	resp := w.replay(v, h.faults)
	h.workers.Put(w)
	return resp
}

// replay answers a replay of the value v.
func (w *worker) replay(v *Value, faults faultSet) *protocol.Response {
	var vi *violation
	w.squares, vi = replay(v, faults, w.squares[:0])
	squares := append(make([][2]int, 0, len(w.squares)), w.squares...)
	resp := &protocol.Response{Squares: &squares, Violation: []byte("null")}
	if vi != nil {
		resp.Violation = []byte(`{"move":` + strconv.Itoa(vi.move) + `,"kind":"` + vi.kind + `"}`)
	}
	return resp
}

func (h *handler) validate(code string) *protocol.Response {
	w := h.worker()
	v, err := w.dec.decode(code, false)
	kinds := []string{}
	if err == nil && v.State != nil {
		kinds = append(kinds, validate(v.State, h.faults)...)
	}
	h.workers.Put(w)
	if err != nil {
		return h.failed(err, true)
	}
	return &protocol.Response{Violations: &kinds}
}

// failed returns the answer that is the error err, of decoding (for
// decode, replay and validate) or of encoding, as the implementation
// reports errors.
func (h *handler) failed(err *codeError, decoding bool) *protocol.Response {
	return &protocol.Response{Error: reported(err, h.faults, decoding).object()}
}

// asciiOnly returns s with every character outside ASCII written as '?',
// as a writer in an ASCII charset does (ASCIIAnswers).
func asciiOnly(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			var b strings.Builder
			for _, r := range s {
				if r >= 0x80 {
					r = '?'
				}
				b.WriteRune(r)
			}
			return b.String()
		}
	}
	return s
}
