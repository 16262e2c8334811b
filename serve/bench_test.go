package serve_test

import (
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/vectors"
)

// BenchmarkHandle answers decode, replay and validate requests for the
// inputs of the strict decoding vectors, valid or not, one request an op:
//
//	go test ./serve -run '^$' -bench Handle -benchmem
func BenchmarkHandle(b *testing.B) {
	f, err := vectors.Load(vectors.DecodeStrictFile)
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
