package protocol

import "testing"

// BenchmarkParseRequest reads the request lines qf fuzz sends most:
//
//	go test ./protocol -run '^$' -bench ParseRequest -benchmem
func BenchmarkParseRequest(b *testing.B) {
	lines := [][]byte{
		[]byte(`{"id":1234,"op":"decode","code":"j7oklAHMe1ICg","profile":"strict"}`),
		[]byte(`{"id":1235,"op":"replay","code":"QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk"}`),
		[]byte(`{"id":1236,"op":"encode","value":{"record":{"moves":[{"dir":3,"kind":"piece"},{"kind":"wall","orientation":"h","place":7}]},"state":null}}`),
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, bad := ParseRequest(lines[i%len(lines)]); bad != nil {
			b.Fatal(bad.Error.Message)
		}
	}
}
