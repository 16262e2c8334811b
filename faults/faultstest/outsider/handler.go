package outsider

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/spec"
)

// Version is the implementation's version, as its hello gives it.
const Version = "1.0.0"

// New returns the implementation as a protocol.Handler, with the faults
// given switched on: with none, it answers every request as spec/qf.md
// and spec/protocol.md say. It panics on a Fault not in Faults.
func New(faults ...Fault) protocol.Handler {
	fs := newFaultSet(faults)
	name := "outsider"
	for _, f := range Faults { // in the order of Table
		if fs[f] {
			name += "+" + string(f)
		}
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

// A handler answers requests, decoding each code with a decoder of its
// own.
type handler struct {
	faults faultSet
	funcs  protocol.Funcs
}

// Handle answers req: protocol.Funcs checks its members and calls the
// function of its op. With ASCIIAnswers, every character outside ASCII
// of an error's field and message is written as '?', as a writer in an
// ASCII charset does.
func (h *handler) Handle(req *protocol.Request) *protocol.Response {
	resp := h.funcs.Handle(req)
	if h.faults[ASCIIAnswers] && resp.Error != nil {
		ascii := func(r rune) rune {
			if r >= 0x80 {
				return '?'
			}
			return r
		}
		resp.Error.Field = strings.Map(ascii, resp.Error.Field)
		resp.Error.Message = strings.Map(ascii, resp.Error.Message)
	}
	return resp
}

func (h *handler) decode(code, profile string) *protocol.Response {
	v, err := (&decoder{faults: h.faults}).decode(code, profile == "lenient")
	if err != nil {
		return h.failed(err, true)
	}
	return &protocol.Response{Value: v.canonical()}
}

func (h *handler) encode(value json.RawMessage) *protocol.Response {
	code, err := encode(value, h.faults)
	if err != nil {
		return h.failed(err, false)
	}
	return &protocol.Response{Code: &code}
}

func (h *handler) replay(code string) *protocol.Response {
	v, err := (&decoder{faults: h.faults}).decode(code, false)
	if err != nil {
		return h.failed(err, true)
	}
	squares, vi := replay(v, h.faults, [][2]int{})
	resp := &protocol.Response{Squares: &squares, Violation: []byte("null")}
	if vi != nil {
		resp.Violation = []byte(`{"move":` + strconv.Itoa(vi.move) + `,"kind":"` + vi.kind + `"}`)
	}
	return resp
}

func (h *handler) validate(code string) *protocol.Response {
	v, err := (&decoder{faults: h.faults}).decode(code, false)
	if err != nil {
		return h.failed(err, true)
	}
	kinds := []string{}
	if v.State != nil {
		kinds = append(kinds, validate(v.State, h.faults)...)
	}
	return &protocol.Response{Violations: &kinds}
}

// failed returns the answer that is the error err, of decoding (for
// decode, replay and validate) or of encoding, as the implementation
// reports it: with OneErrorKind, every decoding error is
// invalid_character and every encoding error malformed, at the same
// position; with NoPositions, no error has a bit or char offset, but each
// keeps its field. The message starts "outsider: ", then the offset
// reported, "bit 12: ".
func (h *handler) failed(err *spec.ErrorObject, decoding bool) *protocol.Response {
	switch {
	case h.faults[OneErrorKind] && decoding:
		err.Kind = kindInvalidCharacter
	case h.faults[OneErrorKind]:
		err.Kind = kindMalformed
	}
	if h.faults[NoPositions] {
		err.Bit, err.Char = nil, nil
	}
	prefix := "outsider: "
	if err.Bit != nil {
		prefix += "bit " + strconv.Itoa(*err.Bit) + ": "
	}
	if err.Char != nil {
		prefix += "char " + strconv.Itoa(*err.Char) + ": "
	}
	err.Message = prefix + err.Message
	return &protocol.Response{Error: err}
}
