package serve_test

import (
	"testing"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// BenchmarkHandle answers decode, replay and validate requests for the
// inputs of the strict decoding vectors, valid or not, one request an op:
//
//	go test ./serve -run '^$' -bench Handle -benchmem
func BenchmarkHandle(b *testing.B) {
	f, err := vectors.Load(suite.Strict.File())
	if err != nil {
		b.Fatal(err)
	}
	var codes []string
	for _, test := range f.Tests {
		input, err := test.Input()
		if err != nil {
			b.Fatal(err)
		}
		codes = append(codes, input)
	}
	for _, op := range []protocol.Op{protocol.Decode, protocol.Replay, protocol.Validate} {
		b.Run(string(op), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				code := codes[i%len(codes)]
				serve.Reference.Handle(&protocol.Request{Op: op, Code: &code})
			}
		})
	}
}

// BenchmarkRead reads the encoder's inputs that qf fuzz draws (three in
// five broken: "drawn") and canonical values of the whole space
// ("canonical") as the encoder reads them, the quick reading first and
// UnmarshalJSON for the texts it declines ("canonical+ref"), and with
// UnmarshalJSON alone ("ref"), in the same run: what the quick reading
// earns.
//
//	go test ./serve -run '^$' -bench Read -benchmem
func BenchmarkRead(b *testing.B) {
	r := gen.NewRand(1).WithLongInputs()
	var drawn, values [][]byte
	for range 1000 {
		drawn = append(drawn, r.EncodeValue())
		text, _ := r.Value().AppendJSON(nil)
		values = append(values, text)
	}
	for _, texts := range []struct {
		name  string
		texts [][]byte
	}{{"drawn", drawn}, {"canonical", values}} {
		b.Run(texts.name+"/canonical+ref", func(b *testing.B) {
			b.ReportAllocs()
			var state ref.State
			var record ref.Record
			for i := 0; i < b.N; i++ {
				v := ref.Value{State: &state, Record: &record}
				text := texts.texts[i%len(texts.texts)]
				if !serve.ReadCanonical(&v, text) {
					v.UnmarshalJSON(text)
				}
			}
		})
		b.Run(texts.name+"/ref", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var v ref.Value
				v.UnmarshalJSON(texts.texts[i%len(texts.texts)])
			}
		})
	}
}
