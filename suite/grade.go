package suite

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

// Grade grades resp, an implementation's answer to test t of the
// category, exactly as qf check does: the test passes when the answer
// meets the level required, c.Required(decoding) (decoding is L1, L2 or
// L3; None means L3). The result has the test and the answer, the level
// met, and for a failure its reason and way, and the implementation's
// message.
func (c Category) Grade(t *vectors.Test, resp *protocol.Response, decoding Level) Result {
	if decoding == None {
		decoding = L3
	}
	r := c.NewResult(t)
	r.Answer = resp
	if resp.Error != nil && resp.Error.Kind == protocol.KindUnsupported {
		r.Status, r.Reason, r.Detail = Fail, Unsupported, "answered unsupported for an op and profile it lists"
		return r
	}
	var way Way
	r.Level, way = c.of().does.grade(t, resp)
	if r.Level >= c.Required(decoding) {
		r.Status = Pass
		return r
	}
	r.Status, r.Reason, r.Way = Fail, Mismatch, way
	if resp.Error != nil {
		r.Detail = resp.Error.Message
	}
	return r
}

// Passes reports whether resp, an answer to test t of the category,
// passes at the level required (see Grade); it is Grade's status, without
// the result.
func (c Category) Passes(t *vectors.Test, resp *protocol.Response, decoding Level) bool {
	if decoding == None {
		decoding = L3
	}
	if resp.Error != nil && resp.Error.Kind == protocol.KindUnsupported {
		return false
	}
	level, _ := c.of().does.grade(t, resp)
	return level >= c.Required(decoding)
}

// NewResult returns the result of a test not yet run: the test, its
// category and its facets.
func (c Category) NewResult(t *vectors.Test) Result {
	return Result{Category: c, Test: t, Facets: c.Facets(t)}
}

// Failed returns the result of a test that got no usable answer, for
// reason (Crash, Timeout or Protocol), detail saying what happened; line
// is the line that broke the protocol, if there was one, shown as its
// got.
func (c Category) Failed(t *vectors.Test, reason Reason, detail string, line []byte) Result {
	r := c.NewResult(t)
	r.Status, r.Reason, r.Detail = Fail, reason, detail
	if line != nil {
		r.Line = KeepLine(line)
	}
	return r
}

// offsetWay returns how got's offset misses want's, an error of the same
// kind: reported with none or in the other unit, or further on or before
// it; "" when they are the same.
func offsetWay(got, want *spec.ErrorObject) Way {
	switch {
	case got.SameOffset(want):
		return ""
	case got.Bit == nil && got.Char == nil:
		return NoOffset
	case (got.Bit == nil) != (want.Bit == nil):
		return OtherUnit
	}
	return orderWay(got, want, false)
}

// kindWay returns how got, an error of another kind than want, misses
// it: before or after the spec's error, where their places can be told
// apart, and otherwise of another kind.
func kindWay(got, want *spec.ErrorObject, enc bool) Way {
	if way := orderWay(got, want, enc); way != "" {
		return way
	}
	return OtherKind
}

// orderWay returns whether got comes before the spec's error want or
// after it, "" when neither: for a code, by the first bit each concerns
// (a character's first); for a value, by spec/qf.md's order of checks
// (malformed before out_of_range).
func orderWay(got, want *spec.ErrorObject, enc bool) Way {
	if enc {
		w, wok := fieldOrder(want.Field)
		g, gok := fieldOrder(got.Field)
		switch {
		case want.Kind == string(ref.ErrMalformed) && got.Kind == string(ref.ErrOutOfRange):
			return RefusedLater
		case want.Kind == string(ref.ErrOutOfRange) && got.Kind == string(ref.ErrMalformed):
			return RefusedEarlier
		case !wok || !gok || w == g:
			return ""
		case g < w:
			return RefusedEarlier
		}
		return RefusedLater
	}
	w, wok := FirstBit(want)
	g, gok := FirstBit(got)
	switch {
	case !wok || !gok || g == w:
		return ""
	case g < w:
		return RefusedEarlier
	}
	return RefusedLater
}

// fieldOrder returns where the field at path comes in a code, as the
// encoder writes its fields: in the layout's order, the items of a list
// in turn, a move's fields before the next move's; false for a path of no
// field of the layout.
func fieldOrder(path string) (int, bool) {
	f, ok := spec.FieldOf(path)
	if !ok {
		return 0, false
	}
	k := slices.IndexFunc(spec.Layout, func(g spec.Field) bool { return g.Name == f.Name })
	item := 0
	if i := strings.IndexByte(path, '['); i >= 0 {
		item, _ = strconv.Atoi(path[i+1 : i+strings.IndexByte(path[i:], ']')])
	}
	if strings.HasPrefix(f.Name, "record.moves[]") {
		return 1<<20 + item*len(spec.Layout) + k, true
	}
	return k<<10 + item, true
}

// FirstBit returns the first bit of a code that an error concerns: its
// bit, or the first bit of its character; false when it has no offset.
func FirstBit(e *spec.ErrorObject) (int, bool) {
	switch {
	case e.Bit != nil:
		return *e.Bit, true
	case e.Char != nil:
		return 6 * *e.Char, true
	}
	return 0, false
}

// sameJSON reports whether two JSON texts hold equal values, whatever
// their spacing and key order.
func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var va, vb any
	if json.Unmarshal(a, &va) != nil || json.Unmarshal(b, &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// Shown returns an answer as the reports show it beside a test's want:
// the error (without its free-text message, shown apart), the code, the
// squares and violation, the violations or the value.
func Shown(resp *protocol.Response) json.RawMessage {
	switch {
	case resp.Error != nil:
		e := *resp.Error
		e.Message = ""
		return mustJSON(e)
	case resp.Code != nil:
		return mustJSON(*resp.Code)
	case resp.Squares != nil:
		return replayJSON(*resp.Squares, resp.Violation)
	case resp.Violations != nil:
		return mustJSON(*resp.Violations)
	}
	return resp.Value
}
