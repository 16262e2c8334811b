package outsider_test

import (
	"encoding/json"
	"testing"

	"github.com/qf-format/qf-conformance/faults/faultstest/outsider"
	"github.com/qf-format/qf-conformance/protocol"
)

func benchmark(b *testing.B, req *protocol.Request) {
	h := outsider.New()
	b.ReportAllocs()
	for range b.N {
		if resp := h.Handle(req); resp.Error != nil {
			b.Fatal(resp.Error)
		}
	}
}

func code(s string) *string { return &s }

func BenchmarkDecode(b *testing.B) {
	benchmark(b, &protocol.Request{Op: protocol.Decode, Code: code("j7oklAHMe1ICg")})
}

func BenchmarkDecodeLenient(b *testing.B) {
	benchmark(b, &protocol.Request{Op: protocol.Decode, Code: code("j7ok lAHM\ne1ICg="), Profile: "lenient"})
}

func BenchmarkEncode(b *testing.B) {
	value := json.RawMessage(`{"state": {"white": 31, "black": 58, "walls": {"white": {"h": [18, 20], "v": []}, "black": {"h": [51], "v": [59]}}, "last_move": {"player": "white", "kind": "wall", "place": 18}, "turn": 10}, "record": null}`)
	benchmark(b, &protocol.Request{Op: protocol.Encode, Value: value})
}

func BenchmarkReplay(b *testing.B) {
	benchmark(b, &protocol.Request{Op: protocol.Replay, Code: code("QEBAQ")})
}

func BenchmarkValidate(b *testing.B) {
	benchmark(b, &protocol.Request{Op: protocol.Validate, Code: code("j7oklAHMe1ICg")})
}
