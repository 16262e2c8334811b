package ref_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/ref"
)

// Benchmarks of the codec beside encoding/base64's decoding of the same
// text, in the same run:
//
//	go test ./ref -run '^$' -bench . -benchmem
//
// base64 cannot decode a length of 1 more than a multiple of 4, so its
// baseline decodes the text without its last character in that case.

var benchCodes = []struct{ name, code string }{
	{"state", "j7oklAHMe1ICg"},
	{"record46", "QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk"},
	{"max1414", mustEncode(maxValue())},
}

func BenchmarkDecode(b *testing.B) {
	for _, c := range benchCodes {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.code)))
			for i := 0; i < b.N; i++ {
				if _, err := ref.Decode(c.code); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkLenientDecode(b *testing.B) {
	for _, c := range benchCodes {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.code)))
			for i := 0; i < b.N; i++ {
				if _, err := ref.Lenient.Decode(c.code); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkBase64Decode(b *testing.B) {
	for _, c := range benchCodes {
		text := c.code
		if len(text)%4 == 1 {
			text = text[:len(text)-1]
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.code)))
			for i := 0; i < b.N; i++ {
				if _, err := base64.RawStdEncoding.DecodeString(text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkVsBase64 decodes each code with ref and its text with
// encoding/base64 alternately, in batches, and reports the time of a
// decode in the fastest batch of each (ref-ns/op, base64-ns/op) and their
// ratio (x-base64): the load of the machine only slows a batch, and slows
// the fastest least. The codes are a short record, a whole position, the
// viewer's record and the longest value.
//
//	go test ./ref -run '^$' -bench VsBase64 -count 5
//
// into: Strict.DecodeInto into a warm Value beside base64's Decode into a
// buffer, neither allocating; new: Decode beside DecodeString.
func BenchmarkVsBase64(b *testing.B) {
	codes := append([]struct{ name, code string }{{"short", "QEBAQ"}}, benchCodes...)
	for _, c := range codes {
		text := c.code
		if len(text)%4 == 1 {
			text = text[:len(text)-1]
		}
		src, dst := []byte(text), make([]byte, len(text))
		var v ref.Value
		if err := ref.Strict.DecodeInto(&v, c.code); err != nil {
			b.Fatal(err)
		}
		b.Run("into/"+c.name, func(b *testing.B) {
			vsBase64(b, func() { ref.Strict.DecodeInto(&v, c.code) }, func() { base64.RawStdEncoding.Decode(dst, src) })
		})
		b.Run("new/"+c.name, func(b *testing.B) {
			vsBase64(b, func() { ref.Decode(c.code) }, func() { base64.RawStdEncoding.DecodeString(text) })
		})
	}
}

// vsBase64 runs decode and base64 b.N times each, alternately in batches
// of 64, and reports the time of one in the fastest batch of each, and
// their ratio.
func vsBase64(b *testing.B, decode, base64 func()) {
	const batch = 64
	b.ReportAllocs()
	own, base := math.Inf(1), math.Inf(1)
	for i := 0; i < b.N; i += batch {
		n := min(batch, b.N-i)
		t0 := time.Now()
		for range n {
			decode()
		}
		t1 := time.Now()
		for range n {
			base64()
		}
		t2 := time.Now()
		own = min(own, float64(t1.Sub(t0))/float64(n))
		base = min(base, float64(t2.Sub(t1))/float64(n))
	}
	b.ReportMetric(own, "ref-ns/op")
	b.ReportMetric(base, "base64-ns/op")
	b.ReportMetric(own/base, "x-base64")
}

// BenchmarkAllocFloor is a floor for decoding: allocating what Decode
// allocates for each code (its Value, State, Record and moves, its
// anchors when they do not fit in the Value's room) and nothing else.
func BenchmarkAllocFloor(b *testing.B) {
	for _, c := range benchCodes {
		v, err := ref.Decode(c.code)
		if err != nil {
			b.Fatal(err)
		}
		anchors, moves := 0, 0
		if v.State != nil && v.State.Walls.Count() > ref.AnchorRoom {
			anchors = v.State.Walls.Count()
		}
		if v.Record != nil {
			moves = len(v.Record.Moves)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sinkValue, _ = ref.NewValue(v.State != nil, v.Record != nil)
				if anchors > 0 {
					sinkAnchors = make([]int, anchors)
				}
				if moves > 0 {
					sinkMoves = make([]ref.Move, moves)
				}
			}
		})
	}
}

var (
	sinkValue   *ref.Value
	sinkAnchors []int
	sinkMoves   []ref.Move
)

func BenchmarkEncode(b *testing.B) {
	for _, c := range benchCodes {
		v, err := ref.Decode(c.code)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.code)))
			for i := 0; i < b.N; i++ {
				if _, err := ref.Encode(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Junk in the input costs no allocations: lenient decoding skips it in
// place, and strict decoding stops at it. (Counts compared are of inputs
// with 1 KiB and 256 KiB of junk: the boxing of numbers up to 255 for an
// error message is free, so a single junk byte may save an allocation.)
func TestAllocsIndependentOfJunk(t *testing.T) {
	code := "QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk"
	junk := func(n int) string { return strings.Repeat(" \n=-", n/4) }
	allocs := func(decode func(string) (*ref.Value, error), s string) float64 {
		return testing.AllocsPerRun(10, func() { decode(s) })
	}
	for _, c := range []struct {
		name   string
		decode func(string) (*ref.Value, error)
		input  func(n int) string
	}{
		{"lenient, junk around", ref.Lenient.Decode, func(n int) string { return junk(n) + code + junk(n) }},
		{"strict, junk after", ref.Decode, func(n int) string { return code + junk(n) }},
		{"strict, trailing characters", ref.Decode, func(n int) string { return code + strings.Repeat("A", n) }},
	} {
		if short, long := allocs(c.decode, c.input(1<<10)), allocs(c.decode, c.input(1<<18)); short != long {
			t.Errorf("%s: %v allocations with 1 KiB, %v with 256 KiB", c.name, short, long)
		}
	}
	if clean, dirty := allocs(ref.Lenient.Decode, code), allocs(ref.Lenient.Decode, junk(1<<18)+code); clean != dirty {
		t.Errorf("lenient: %v allocations for the clean code, %v after 256 KiB of junk", clean, dirty)
	}
}

// Decoding large inputs takes time linear in their size and allocations
// independent of it (spec/qf.md, EC-22):
//
//	go test ./ref -run '^$' -bench Large -benchmem
//
// strict/A...=: every byte is checked before the '=' at the end is found;
// strict/A...: flags 00, then trailing data; lenient/junk: a code hidden in
// junk that lenient decoding skips byte by byte.
func BenchmarkLarge(b *testing.B) {
	code := "QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk"
	for _, size := range []int{64 << 10, 256 << 10, 1 << 20} {
		as := strings.Repeat("A", size)
		junk := strings.Repeat(" \r\n=-_\xff", size/7)
		for _, c := range []struct {
			name   string
			decode func(string) (*ref.Value, error)
			input  string
		}{
			{"strict/A...=", ref.Decode, as + "="},
			{"strict/A...", ref.Decode, as},
			{"lenient/junk", ref.Lenient.Decode, junk[:len(junk)/2] + code + junk[len(junk)/2:]},
		} {
			b.Run(fmt.Sprintf("%s/%dKiB", c.name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(c.input)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					c.decode(c.input)
				}
			})
		}
	}
}

// Reading canonical JSON, beside encoding/json's reading of the same text
// into an interface{} (a baseline that checks nothing): a value of the
// viewer's record, the longest value, and the 16 MiB encode request of
// 2.6 million anchors that a protocol line may hold.
//
//	go test ./ref -run '^$' -bench Unmarshal -benchmem
func BenchmarkUnmarshalJSON(b *testing.B) {
	for _, c := range unmarshalCases() {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var v ref.Value
				if err := v.UnmarshalJSON(c.text); err != nil && c.name != "anchors2.6M" {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkUnmarshalAny(b *testing.B) {
	for _, c := range unmarshalCases() {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var v any
				if err := json.Unmarshal(c.text, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func unmarshalCases() []struct {
	name string
	text []byte
} {
	record, _ := ref.Decode(benchCodes[1].code)
	var big strings.Builder
	big.WriteString(`{"state":{"white":4,"black":76,"walls":{"white":{"h":[`)
	for i := 0; i < 2_600_000; i++ {
		if i > 0 {
			big.WriteByte(',')
		}
		big.WriteString("63")
	}
	big.WriteString(`],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`)
	return []struct {
		name string
		text []byte
	}{
		{"record46", mustMarshal(record)},
		{"max1414", mustMarshal(maxValue())},
		{"anchors2.6M", []byte(big.String())},
	}
}

func mustMarshal(v *ref.Value) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Writing canonical JSON with AppendJSON (into a reused buffer) and with
// MarshalJSON, beside encoding/json's writing of the same text from an
// interface{} (the tree BenchmarkUnmarshalAny reads): the viewer's record
// and the longest value.
//
//	go test ./ref -run '^$' -bench Marshal -benchmem
func BenchmarkMarshalJSON(b *testing.B) {
	for _, c := range benchCodes[1:] {
		v, err := ref.Decode(c.code)
		if err != nil {
			b.Fatal(err)
		}
		text, _ := v.MarshalJSON()
		var tree any
		if err := json.Unmarshal(text, &tree); err != nil {
			b.Fatal(err)
		}
		b.Run("append/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			var buf []byte
			for i := 0; i < b.N; i++ {
				buf, _ = v.AppendJSON(buf[:0])
			}
		})
		b.Run("marshal/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				v.MarshalJSON()
			}
		})
		b.Run("any/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				json.Marshal(tree)
			}
		})
	}
}
