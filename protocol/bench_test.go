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

// BenchmarkAppendJSON writes the requests qf fuzz sends most, an encode
// request's value checked as JSON before it is written as it is:
//
//	go test ./protocol -run '^$' -bench AppendJSON -benchmem
func BenchmarkAppendJSON(b *testing.B) {
	var reqs []*Request
	for _, line := range []string{
		`{"id":1234,"op":"decode","code":"j7oklAHMe1ICg","profile":"strict"}`,
		`{"id":1236,"op":"encode","value":{"record":{"moves":[{"dir":3,"kind":"piece"},{"kind":"wall","orientation":"h","place":7}]},"state":null}}`,
		`{"id":1237,"op":"encode","value":{"state":{"white":31,"black":58,"walls":{"white":{"h":[18,20],"v":[]},"black":{"h":[51],"v":[59]}},"last_move":{"player":"white","kind":"wall","place":18},"turn":10},"record":null}}`,
		`{"id":1238,"op":"encode","value":{"state":{"white":4.0,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[1e400]}},"last_move":{"player":"white","kind":"piece","x\u001b":1},"turn":1},"record":null}}`,
	} {
		req, bad := ParseRequest([]byte(line))
		if bad != nil {
			b.Fatal(bad.Error.Message)
		}
		reqs = append(reqs, req)
	}
	b.ReportAllocs()
	var buf []byte
	for i := 0; i < b.N; i++ {
		var err error
		if buf, err = reqs[i%len(reqs)].AppendJSON(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSameAnswer compares the answer lines of an implementation
// written apart from the reference with the reference's: the same bytes,
// an error with no message, an error with a message of its own, spaced.
//
//	go test ./protocol -run '^$' -bench SameAnswer -benchmem
func BenchmarkSameAnswer(b *testing.B) {
	const (
		value = `,"value":{"state":{"white":31,"black":58,"walls":{"white":{"h":[18,20],"v":[]},"black":{"h":[51],"v":[59]}},"last_move":{"player":"white","kind":"wall","place":18},"turn":10},"record":null}}`
		fail  = `,"error":{"kind":"out_of_range","bit":2,"field":"state.walls.white.h.count","message":"ref: bit 16: white horizontal wall count 12 out of range 0-10"}}`
	)
	lines := []struct{ line, answer string }{
		{`{"id":1234` + value, value},
		{`{"id":1234,"error":{"kind":"out_of_range","bit":2,"field":"state.walls.white.h.count"}}`, fail},
		{`{"id":1234,"error":{"kind":"out_of_range","bit":2,"field":"state.walls.white.h.count","message":"count 12 > 10"}}`, fail},
		{`{"id": 1234, "error": {"kind": "out_of_range", "bit": 2, "field": "state.walls.white.h.count"}}`, fail},
	}
	var line, answer [][]byte
	for _, l := range lines {
		line, answer = append(line, []byte(l.line)), append(answer, []byte(l.answer))
	}
	id := []byte("1234")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if k := i % len(lines); !SameAnswer(line[k], id, answer[k]) {
			b.Fatalf("%s", line[k])
		}
	}
}
