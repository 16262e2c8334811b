package fuzz

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"hash/fnv"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// vectorInputs returns the inputs of the decode vectors, the seeds of the
// decoding targets.
func vectorInputs(tb testing.TB) []string {
	var inputs []string
	for _, name := range []string{suite.Strict.File(), suite.Lenient.File()} {
		f, err := vectors.Load(name)
		if err != nil {
			tb.Fatal(err)
		}
		for _, t := range f.Tests {
			s, err := t.Input()
			if err != nil {
				tb.Fatal(err)
			}
			inputs = append(inputs, s)
		}
	}
	return inputs
}

var decodeKinds = map[ref.ErrorKind]ref.Unit{
	ref.ErrInvalidCharacter: ref.Char,
	ref.ErrTruncated:        ref.Bit,
	ref.ErrOutOfRange:       ref.Bit,
	ref.ErrTrailingData:     ref.Char,
	ref.ErrNonzeroPadding:   ref.Bit,
}

// FuzzBare decodes and re-encodes what decodes, checking nothing: the
// baseline of fuzz/run.sh, which measures every other target's execs per
// second against it in the same run.
func FuzzBare(f *testing.F) {
	for _, s := range vectorInputs(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := ref.Decode(s); err == nil {
			ref.Encode(v)
		}
	})
}

// FuzzDecode: strict decoding never panics; what it accepts is canonical
// and of the right length; what it rejects has a decode kind and an offset
// inside the input or its bits.
func FuzzDecode(f *testing.F) {
	for _, s := range vectorInputs(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ref.Decode(s)
		if err == nil {
			code, err := ref.Encode(v)
			if err != nil || code != s {
				t.Fatalf("Decode(%q) accepted, but Encode gives %q, %v", s, code, err)
			}
			if bits := v.BitLen(); spec.Chars(bits) != len(s) {
				t.Fatalf("Decode(%q): %d bits need %d characters, the code has %d", s, bits, spec.Chars(bits), len(s))
			}
			return
		}
		var e *ref.Error
		if !errors.As(err, &e) {
			t.Fatalf("Decode(%q): %v is not a *ref.Error", s, err)
		}
		unit, ok := decodeKinds[e.Kind]
		if !ok || unit != e.Unit {
			t.Fatalf("Decode(%q): kind %s with unit %v", s, e.Kind, e.Unit)
		}
		limit := 6 * len(s)
		if unit == ref.Char {
			limit = len(s) - 1
		}
		if e.Offset < 0 || e.Offset > limit {
			t.Fatalf("Decode(%q): %s at %d, outside 0..%d", s, e.Kind, e.Offset, limit)
		}
	})
}

// clean deletes the bytes outside the alphabet.
func clean(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(spec.Alphabet, s[i]) >= 0 {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// strictOfCut decodes c strictly after cutting what lenient decoding
// ignores: the characters after the last field, and the padding bits.
func strictOfCut(c string) (*ref.Value, error) {
	v, err := ref.Decode(c)
	var e *ref.Error
	if errors.As(err, &e) && e.Kind == ref.ErrTrailingData {
		c = c[:e.Offset]
		v, err = ref.Decode(c)
	}
	if errors.As(err, &e) && e.Kind == ref.ErrNonzeroPadding {
		last := strings.IndexByte(spec.Alphabet, c[len(c)-1])
		pad := 6*len(c) - e.Offset // the padding bits, 1 to 5
		c = c[:len(c)-1] + string(spec.Alphabet[last>>pad<<pad])
		v, err = ref.Decode(c)
	}
	return v, err
}

func sameOutcome(v1 *ref.Value, err1 error, v2 *ref.Value, err2 error) string {
	if (err1 == nil) != (err2 == nil) {
		return "one accepts, the other rejects: " + errString(err1) + " / " + errString(err2)
	}
	if err1 != nil {
		e1, e2 := err1.(*ref.Error), err2.(*ref.Error)
		if e1.Kind != e2.Kind || e1.Unit != e2.Unit || e1.Offset != e2.Offset || e1.Field != e2.Field {
			return "errors differ: " + err1.Error() + " / " + err2.Error()
		}
		return ""
	}
	if reflect.DeepEqual(v1, v2) { // both from ref: the same nil and empty lists
		return ""
	}
	return cmp.Diff(v1, v2)
}

func errString(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// FuzzDecodeLenient: lenient decoding of s is strict decoding of s with the
// bytes outside the alphabet deleted and the trailing characters and
// padding bits cut; junk inserted anywhere changes nothing.
func FuzzDecodeLenient(f *testing.F) {
	for _, s := range vectorInputs(f) {
		f.Add(s, "= \n", uint16(3))
	}
	f.Fuzz(func(t *testing.T, s, junk string, at uint16) {
		v, err := ref.Lenient.Decode(s)
		if err == nil && v == nil {
			t.Fatalf("DecodeLenient(%q): no value and no error", s)
		}
		cv, cerr := strictOfCut(clean(s))
		if diff := sameOutcome(cv, cerr, v, err); diff != "" {
			t.Fatalf("DecodeLenient(%q) and Decode of the cleaned, cut input differ: %s", s, diff)
		}
		junk = strings.Map(func(r rune) rune {
			if strings.ContainsRune(spec.Alphabet, r) {
				return -1 // keep only what lenient decoding deletes
			}
			return r
		}, junk)
		i := int(at) % (len(s) + 1)
		with := s[:i] + junk + s[i:]
		wv, werr := ref.Lenient.Decode(with)
		if diff := sameOutcome(v, err, wv, werr); diff != "" {
			t.Fatalf("inserting %q at %d in %q changed the lenient result: %s", junk, i, s, diff)
		}
	})
}

// FuzzRoundTrip: values built from the fuzzer's bytes, some out of
// range. Encode accepts exactly those in range, and Decode gives them
// back; it refuses the others naming the first field out of range.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte{})
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Add(bytes.Repeat([]byte{0x80, 0x01}, 200))
	f.Add([]byte{0, 0, 1, 0, 1, 1}) // a record of 1023 moves
	f.Add([]byte{0, 0, 1, 0, 1, 2}) // a record of 1024 moves
	f.Add([]byte{1, 1, 0, 0, 153})  // white on square 150, out of range
	var json1, json2 []byte
	f.Fuzz(func(t *testing.T, data []byte) {
		v, firstBad := genValue(newSource(data))
		code, err := ref.Encode(v)
		if firstBad != "" {
			var e *ref.Error
			if !errors.As(err, &e) || e.Kind != ref.ErrOutOfRange || e.Field != firstBad {
				t.Fatalf("Encode: got %q, %v; want out_of_range at %s", code, err, firstBad)
			}
			return
		}
		if err != nil {
			t.Fatalf("Encode: %v", err)
		}
		got, err := ref.Decode(code)
		if err != nil {
			t.Fatalf("Decode(%q): %v", code, err)
		}
		// Canonical JSON writes every field, and nil and empty lists
		// alike: equal texts are equal values. cmp says how they differ.
		json1, _ = v.AppendJSON(json1[:0])
		json2, _ = got.AppendJSON(json2[:0])
		if !bytes.Equal(json1, json2) {
			t.Fatalf("Decode(Encode(v)) (-v +got):\n%s", cmp.Diff(v, got, cmpopts.EquateEmpty()))
		}
	})
}

// A source turns the fuzzer's bytes into numbers, a byte or two each.
// When they run out it goes on with a generator seeded by all of them, so
// that a few bytes make a record of 1023 moves, and the engine works on
// short inputs.
type source struct {
	data []byte
	rng  *rand.Rand
}

func newSource(data []byte) *source {
	h := fnv.New64a()
	h.Write(data)
	return &source{data: data, rng: rand.New(rand.NewPCG(h.Sum64(), uint64(len(data))))}
}

func (s *source) byte() int {
	if len(s.data) == 0 {
		return int(s.rng.Uint32() & 0xff)
	}
	b := s.data[0]
	s.data = s.data[1:]
	return int(b)
}

// intn returns a number in 0..n-1, from one byte when n is at most 256
// and from two otherwise.
func (s *source) intn(n int) int {
	if n <= 256 {
		return s.byte() % n
	}
	return (s.byte()<<8 | s.byte()) % n
}

// genValue draws a value, in range or (when its first byte is odd) with
// numbers out of range now and then, and returns the path of its first
// field out of range in layout order, or "".
func genValue(s *source) (*ref.Value, string) {
	var bad []string
	wild := s.intn(2) == 1
	odds := 4 // one number in odds is drawn from -3..Max+70 in a wild value
	num := func(f spec.Field, i int) int {
		n := s.intn(f.Max + 1)
		if wild && s.intn(odds) == 0 {
			n = s.intn(f.Max+74) - 3
		}
		if n < 0 || n > f.Max {
			bad = append(bad, f.Path(i))
		}
		return n
	}
	list := func(count, item spec.Field) []int {
		n := s.intn(count.Max + 3)
		if n > count.Max {
			bad = append(bad, count.Path(0))
		}
		a := make([]int, n)
		for i := range a {
			a[i] = num(item, i)
		}
		return a
	}
	v := new(ref.Value)
	if s.intn(2) == 1 {
		st := &ref.State{White: num(spec.White, 0), Black: num(spec.Black, 0)}
		groups := []*[]int{&st.Walls.White.H, &st.Walls.White.V, &st.Walls.Black.H, &st.Walls.Black.V}
		for g, layout := range spec.WallGroups {
			*groups[g] = list(layout.Count, layout.Anchor)
		}
		st.LastMove.Player = ref.Player(s.intn(2))
		if s.intn(2) == 1 {
			st.LastMove.Kind = ref.Wall
			st.LastMove.Place = num(spec.LastMovePlace, 0)
		}
		st.Turn = num(spec.Turn, 0)
		v.State = st
	}
	if s.intn(2) == 1 {
		n := s.intn(21)
		if s.intn(2) == 1 {
			n = spec.MaxMoves - 1 + s.intn(3)
		}
		if n > spec.MaxMoves {
			bad = append(bad, spec.MoveCount.Path(0))
		}
		v.Record = &ref.Record{Moves: make([]ref.Move, n)}
		odds = max(odds, n) // about one move out of range in a wild record
		for i := range v.Record.Moves {
			if s.intn(2) == 1 {
				o := ref.Orientation(s.intn(2))
				v.Record.Moves[i] = ref.WallMove(o, num(spec.MovePlace, i))
			} else {
				v.Record.Moves[i] = ref.PieceMove(num(spec.MoveDir, i))
			}
		}
	}
	if len(bad) == 0 {
		return v, ""
	}
	return v, bad[0]
}

// second is the second decoder of FuzzDifferential: the model of package
// faults with no fault turned on, a codec written apart from ref as a
// third-party implementation might write one (it reads the code as a
// string of '0' and '1' over package spec's field table), held to the
// vectors by faults' TestConforming.
var second = faultstest.Model()

// FuzzDifferential: the second decoder agrees with ref on every input, in
// both profiles: the same value, or the same error kind, offset and field.
func FuzzDifferential(f *testing.F) {
	for _, s := range vectorInputs(f) {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, lenient bool) {
		p := ref.Strict
		if lenient {
			p = ref.Lenient
		}
		v, err := p.Decode(s)
		resp := second.Handle(&protocol.Request{Op: protocol.Decode, Code: &s, Profile: p.String()})
		if err != nil || resp.Error != nil {
			var e *ref.Error
			if !errors.As(err, &e) || resp.Error == nil {
				t.Fatalf("%q (%s): ref says %v, the second decoder %s", s, p, err, mustJSON(resp))
			}
			obj := e.Object()
			obj.Message = ""
			if !reflect.DeepEqual(obj, resp.Error) {
				t.Fatalf("%q (%s): ref says %s, the second decoder %s", s, p, mustJSON(obj), mustJSON(resp.Error))
			}
			return
		}
		if a, b := normal(mustJSON(v)), normal(resp.Value); !reflect.DeepEqual(a, b) {
			t.Fatalf("%q (%s): ref decodes %s, the second decoder %s", s, p, mustJSON(v), resp.Value)
		}
	})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func normal(b []byte) any {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		panic(err)
	}
	return v
}

// FuzzEncodeAsRef: the reference's encoder (package serve), which reads
// the common JSON text of a value with a quick reading of its own
// (serve/canonical.go) and any other text with ref.Value.UnmarshalJSON,
// answers every text as UnmarshalJSON and ref.Encode alone do: the same
// code, or the same error. Each text is asked twice, into a fresh Value
// and into the memory of a long value read before it (the encoder reuses
// it).
func FuzzEncodeAsRef(f *testing.F) {
	for _, n := range []string{"999999999999999999", "1000000000000000000", "9223372036854775808", "-9223372036854775809"} {
		f.Add([]byte(`{"state":{"white":` + n + `,"black":0,"walls":{"white":{"h":[` + n + `],"v":[]},"black":{"h":[],"v":[]}},` +
			`"last_move":{"player":"white","kind":"wall","place":` + n + `},"turn":` + n + `},"record":{"moves":[{"dir":` + n + `,"kind":"piece"}]}}`))
	}
	r := gen.NewRand(1).WithLongInputs()
	for i := 0; i < 200; i++ {
		f.Add(r.EncodeValue())
		text, _ := r.Value().AppendJSON(nil)
		f.Add(text)
	}
	var long ref.Value
	for long.State == nil || long.Record == nil || len(long.Record.Moves) < 20 || long.State.Walls.Count() < 8 {
		long = *r.Value()
	}
	longText, _ := long.AppendJSON(nil)
	f.Fuzz(func(t *testing.T, text []byte) {
		var v ref.Value
		var want *protocol.Response
		if err := v.UnmarshalJSON(text); err != nil {
			want = serve.Error(err)
		} else if code, err := ref.Encode(&v); err != nil {
			want = serve.Error(err)
		} else {
			want = &protocol.Response{Code: &code}
		}
		encode := &protocol.Request{Op: protocol.Encode, Value: text}
		fresh := serve.Reference.Handle(encode)
		serve.Reference.Handle(&protocol.Request{Op: protocol.Encode, Value: longText})
		reused := serve.Reference.Handle(encode)
		for _, got := range []*protocol.Response{fresh, reused} {
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: the encoder answers %s; UnmarshalJSON and Encode %s", text, mustJSON(got), mustJSON(want))
			}
		}
	})
}

// FuzzServe: any bytes on the server's input give exactly one response
// line per input line, each a JSON object in UTF-8 whose id is the
// request's, or null for a line that is not a JSON object in UTF-8 with
// distinct member names (spec/protocol.md).
func FuzzServe(f *testing.F) {
	f.Add([]byte(`{"id":1,"op":"hello"}` + "\n"))
	f.Add([]byte("{\"id\":[1],\"op\":\"decode\",\"code\":\"j7oklAHMe1ICg\"}\r\n\n{\"id\":2}\nnot json"))
	f.Add([]byte(`{"id":"e","op":"encode","value":{"state":null,"record":{"moves":[{"kind":"piece","dir":8}]}}}`))
	f.Add([]byte(`{"id":["\ud800x","\u0041\ud83d\ude00"],"op":"hello"}` + "\n"))
	for i, s := range vectorInputs(f) {
		if i%10 == 0 && utf8.ValidString(s) && !strings.ContainsAny(s, "\r\n") {
			req := mustJSON(map[string]any{"id": i, "op": "decode", "code": s, "profile": []string{"strict", "lenient"}[i%20/10]})
			f.Add(append(req, '\n'))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		if err := protocol.Serve(bytes.NewReader(data), &out, serve.Reference); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		lines := bytes.Split(data, []byte("\n"))
		if len(lines[len(lines)-1]) == 0 {
			lines = lines[:len(lines)-1] // the input ends with a newline
		}
		sc := bufio.NewScanner(&out)
		sc.Buffer(nil, 1<<24)
		n := 0
		for ; sc.Scan(); n++ {
			if n >= len(lines) {
				t.Fatalf("more responses than the %d request lines", len(lines))
			}
			var resp map[string]jsontext.Value
			if err := jsonv2.Unmarshal(sc.Bytes(), &resp); err != nil || resp == nil {
				t.Fatalf("response %d, %q, is not a JSON object in UTF-8: %v", n, sc.Bytes(), err)
			}
			want := []byte("null")
			var req map[string]jsontext.Value
			err := jsonv2.Unmarshal(bytes.TrimSuffix(lines[n], []byte("\r")), &req)
			if err == nil && req["id"] != nil {
				want = compact(req["id"])
			}
			// A line that is not strict JSON (a lone surrogate escape, say)
			// may still be a request, its id echoed with U+FFFD: then the
			// response's being JSON in UTF-8 is what holds.
			if got := compact(resp["id"]); err == nil && !bytes.Equal(got, want) {
				t.Fatalf("request %q answered with id %s", lines[n], got)
			}
		}
		if n != len(lines) {
			t.Fatalf("%d request lines, %d responses", len(lines), n)
		}
	})
}

func compact(b []byte) []byte {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return b
	}
	return buf.Bytes()
}

// FuzzParseResponse: whatever an implementation writes, the runner's
// parsing of it never panics, and what it accepts marshals back to JSON in
// UTF-8, so that a report built from it stays valid.
func FuzzParseResponse(f *testing.F) {
	for _, line := range []string{
		`{"id":1,"value":{"state":null,"record":null}}`,
		`{"id":2,"error":{"kind":"truncated","bit":0,"field":"flags.state"}}`,
		`{"id":3,"squares":[[13,76]],"violation":{"move":0,"kind":"off_board"}}`,
		`{"id":4,"violations":["no_path"]}`,
		`{"id":0,"name":"x","version":"1","ops":["decode"],"profiles":["strict"]}`,
		`{"ID":1,"value":{}}`, `{"id":1,"value":{},"error":{"kind":"x"}}`, "{\"id\":1,\"code\":\"\xff\"}",
	} {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		resp, err := protocol.ParseResponse(line)
		if err != nil {
			return
		}
		for _, op := range append([]protocol.Op{protocol.Hello}, protocol.Ops...) {
			resp.Check(op)
		}
		b, err := json.Marshal(resp)
		if err != nil || !utf8.Valid(b) || !json.Valid(b) {
			t.Fatalf("ParseResponse(%q) accepted what marshals to %q, %v", line, b, err)
		}
	})
}
