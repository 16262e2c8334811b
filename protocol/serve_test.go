package protocol_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/protocol/protocoltest"
	"github.com/qf-format/qf-conformance/serve"
)

// serveLines runs the reference server on input and returns its output lines.
func serveLines(t *testing.T, input string) []string {
	t.Helper()
	var out bytes.Buffer
	if err := protocol.Serve(strings.NewReader(input), &out, serve.Reference); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	s := out.String()
	if s != "" && !strings.HasSuffix(s, "\n") {
		t.Fatalf("output does not end with a newline: %q", s)
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// withoutMessages removes the free-text "message" of error objects, which
// the protocol does not fix.
func withoutMessages(t *testing.T, line string) string {
	t.Helper()
	var resp map[string]any
	if err := json.Unmarshal([]byte(line), &resp); err != nil {
		t.Fatalf("response %q is not a JSON object: %v", line, err)
	}
	if e, ok := resp["error"].(map[string]any); ok {
		delete(e, "message")
	}
	b, _ := json.Marshal(resp)
	return string(b)
}

// The reference answers every op, every profile and every protocol error
// as spec/protocol.md says.
func TestServe(t *testing.T) {
	cases := []struct{ request, response string }{
		{`{"id":1,"op":"hello"}`,
			`{"id":1,"name":"qf-conformance reference (ref)","ops":["decode","encode","replay","validate"],"profiles":["strict","lenient"],"version":"1.1.0"}`},
		{`{"id":"a","op":"decode","code":"QA"}`,
			`{"id":"a","value":{"record":{"moves":[]},"state":null}}`},
		{`{"id":2,"op":"decode","code":"QA","profile":"strict"}`,
			`{"id":2,"value":{"record":{"moves":[]},"state":null}}`},
		{`{"id":3,"op":"decode","code":"Q A=","profile":"lenient"}`,
			`{"id":3,"value":{"record":{"moves":[]},"state":null}}`},
		{`{"id":4,"op":"decode","code":"Q A="}`,
			`{"error":{"char":1,"kind":"invalid_character"},"id":4}`},
		{`{"id":5,"op":"decode","code":""}`,
			`{"error":{"bit":0,"field":"flags.state","kind":"truncated"},"id":5}`},
		{`{"id":[1,{"x":null}],"op":"encode","value":{"state":null,"record":{"moves":[{"kind":"piece","dir":7}]}}}`,
			`{"code":"QBc","id":[1,{"x":null}]}`},
		{`{"id":6,"op":"encode","value":{"state":null,"record":{"moves":[{"kind":"piece","dir":8}]}}}`,
			`{"error":{"field":"record.moves[0].dir","kind":"out_of_range"},"id":6}`},
		{`{"id":7,"op":"encode","value":{"state":null}}`,
			`{"error":{"field":"record","kind":"malformed"},"id":7}`},
		{`{"id":8,"op":"encode","value":null}`,
			`{"error":{"kind":"malformed"},"id":8}`},
		{`{"id":9,"op":"frobnicate","code":"A"}`,
			`{"error":{"kind":"unsupported"},"id":9}`},
		{`{"id":"r1","op":"replay","code":"QEBAQ"}`,
			`{"id":"r1","squares":[[13,76],[13,67],[22,67],[22,58]],"violation":null}`},
		{`{"id":"r2","op":"replay","code":"gkwAAAAQ"}`,
			`{"id":"r2","squares":[],"violation":null}`},
		{`{"id":"r3","op":"replay","code":"QBQ"}`,
			`{"id":"r3","squares":[],"violation":{"kind":"off_board","move":0}}`},
		{`{"id":"r4","op":"replay","code":"QEBAQ","profile":"lenient"}`,
			`{"id":"r4","squares":[[13,76],[13,67],[22,67],[22,58]],"violation":null}`},
		{`{"id":"r5","op":"replay","code":"QEBAQ="}`,
			`{"error":{"char":5,"kind":"invalid_character"},"id":"r5"}`},
		{`{"id":"v1","op":"validate","code":"j7oklAHMe1ICg"}`,
			`{"id":"v1","violations":[]}`},
		{`{"id":"v2","op":"validate","code":"A"}`,
			`{"id":"v2","violations":[]}`},
		{`{"id":"v3","op":"validate"}`,
			`{"error":{"kind":"bad_request"},"id":"v3"}`},
		{`{"id":10,"op":"decode","code":"A","profile":"loose"}`,
			`{"error":{"kind":"unsupported"},"id":10}`},
		{`{"op":"hello"}`,
			`{"id":null,"name":"qf-conformance reference (ref)","ops":["decode","encode","replay","validate"],"profiles":["strict","lenient"],"version":"1.1.0"}`},
		{`{"id":11,"op":"decode"}`, `{"error":{"kind":"bad_request"},"id":11}`},
		{`{"id":12,"op":"decode","code":5}`, `{"error":{"kind":"bad_request"},"id":12}`},
		{`{"id":13,"op":"encode"}`, `{"error":{"kind":"bad_request"},"id":13}`},
		{`{"id":14}`, `{"error":{"kind":"bad_request"},"id":14}`},
		{`{"id":15,"op":7}`, `{"error":{"kind":"bad_request"},"id":15}`},
		{`not json`, `{"error":{"kind":"bad_request"},"id":null}`},
		{`[1,2]`, `{"error":{"kind":"bad_request"},"id":null}`},
		{`null`, `{"error":{"kind":"bad_request"},"id":null}`},
		{``, `{"error":{"kind":"bad_request"},"id":null}`},
		{`{"id":16,"op":"decode","code":"A"} trailing`, `{"error":{"kind":"bad_request"},"id":null}`},
	}
	var input strings.Builder
	for _, c := range cases {
		input.WriteString(c.request + "\n")
	}
	got := serveLines(t, input.String())
	if len(got) != len(cases) {
		t.Fatalf("%d requests, %d responses:\n%s", len(cases), len(got), strings.Join(got, "\n"))
	}
	for i, c := range cases {
		if g := withoutMessages(t, got[i]); g != c.response {
			t.Errorf("request %s\n got %s\nwant %s", c.request, g, c.response)
		}
	}
}

func TestServeFraming(t *testing.T) {
	// CRLF line endings, and a last line without a newline.
	got := serveLines(t, "{\"id\":1,\"op\":\"decode\",\"code\":\"A\"}\r\n{\"id\":2,\"op\":\"decode\",\"code\":\"A\"}")
	if len(got) != 2 || !strings.HasPrefix(got[0], `{"id":1,"value"`) || !strings.HasPrefix(got[1], `{"id":2,"value"`) {
		t.Errorf("got %q", got)
	}
	// The id comes back as given, not HTML-escaped (found by FuzzServe).
	got = serveLines(t, `{"id":"a&b<c>","op":"decode","code":"A"}`+"\n")
	if len(got) != 1 || !strings.HasPrefix(got[0], `{"id":"a&b<c>",`) {
		t.Errorf("got %q", got)
	}
	// Nothing in, nothing out.
	var out bytes.Buffer
	if err := protocol.Serve(strings.NewReader(""), &out, serve.Reference); err != nil || out.Len() != 0 {
		t.Errorf("empty input: %v, %q", err, out.String())
	}
	// A line over the limit is answered and skipped; the next is served.
	long := `{"id":1,"op":"decode","code":"` + strings.Repeat("A", protocol.MaxLine) + `"}`
	got = serveLines(t, long+"\n"+`{"id":2,"op":"decode","code":"A"}`+"\n")
	if len(got) != 2 || withoutMessages(t, got[0]) != `{"error":{"kind":"bad_request"},"id":null}` || !strings.HasPrefix(got[1], `{"id":2,"value"`) {
		t.Errorf("long line: got %.200q", got)
	}
	// A long line under the limit is decoded: a code of 1 MiB is trailing data.
	got = serveLines(t, `{"id":3,"op":"decode","code":"A`+strings.Repeat("A", 1<<20)+`"}`+"\n")
	if len(got) != 1 || withoutMessages(t, got[0]) != `{"error":{"char":1,"kind":"trailing_data"},"id":3}` {
		t.Errorf("1 MiB code: got %.200q", got)
	}
}

// Serve flushes each response before reading the next request: a client
// that waits for each answer is not left hanging.
func TestServeFlushesEachResponse(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- protocol.Serve(inR, outW, serve.Reference); outW.Close() }()
	read := make([]byte, 4096)
	for i := 0; i < 3; i++ {
		if _, err := io.WriteString(inW, `{"id":1,"op":"decode","code":"A"}`+"\n"); err != nil {
			t.Fatal(err)
		}
		n, err := outR.Read(read)
		if err != nil || !bytes.HasSuffix(read[:n], []byte("\n")) {
			t.Fatalf("response %d: %q, %v", i, read[:n], err)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// Requests sent together are answered together, in one write; a panic
// in the handler goes on up once the answers before it are written.
func TestServeBatchesAndPanics(t *testing.T) {
	var w countingWriter
	input := strings.Repeat(`{"id":1,"op":"decode","code":"A"}`+"\n", 5)
	if err := protocol.Serve(strings.NewReader(input), &w, serve.Reference); err != nil {
		t.Fatal(err)
	}
	if w.writes != 1 || strings.Count(w.String(), "\n") != 5 {
		t.Errorf("5 requests at once: %d writes of %q", w.writes, w.String())
	}
	var n int
	panicky := protocol.Funcs{Profiles: []string{"strict"}, Decode: func(code, profile string) *protocol.Response {
		if n++; n == 3 {
			panic("third")
		}
		return serve.Reference.Handle(&protocol.Request{Op: protocol.Decode, Code: &code, Profile: profile})
	}}
	var out bytes.Buffer
	func() {
		defer func() {
			if r := recover(); r != "third" {
				t.Errorf("recovered %v", r)
			}
		}()
		protocol.Serve(strings.NewReader(input), &out, &panicky)
	}()
	if strings.Count(out.String(), "\n") != 2 {
		t.Errorf("a panic on the third request: the output %q, want the first two answers", out.String())
	}
}

// Many requests sent together are answered a few KiB at a time, not all
// in one write after the last is answered: a client reads the first
// answers while the rest are answered.
func TestServeFlushesAsItGoes(t *testing.T) {
	var w sizesWriter
	input := strings.Repeat(`{"id":1,"op":"decode","code":"A"}`+"\n", 1000)
	if err := protocol.Serve(strings.NewReader(input), &w, serve.Reference); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(w.String(), "\n"), "\n")
	if len(lines) != 1000 {
		t.Fatalf("%d answers, want 1000", len(lines))
	}
	most := 4<<10 + len(lines[0]) + 1 // 4 KiB, and the answer that went past it
	if len(w.sizes) < w.Len()/most {
		t.Errorf("%d bytes of answers in %d writes, want a write at least every %d bytes", w.Len(), len(w.sizes), most)
	}
	for _, n := range w.sizes {
		if n > most {
			t.Errorf("a write of %d bytes: answers held past 4 KiB (writes %v)", n, w.sizes)
			break
		}
	}
}

// A sizesWriter keeps what is written to it, and the size of each write.
type sizesWriter struct {
	bytes.Buffer
	sizes []int
}

func (w *sizesWriter) Write(p []byte) (int, error) {
	w.sizes = append(w.sizes, len(p))
	return w.Buffer.Write(p)
}

type countingWriter struct {
	bytes.Buffer
	writes int
}

func (w *countingWriter) Write(p []byte) (int, error) { w.writes++; return w.Buffer.Write(p) }

// Requests are read strictly: exact member names, no repeated members
// (but inside value, where a repeated key is the encoder's malformed),
// UTF-8, nesting at most 10,000 deep; an empty op is an op the server
// does not have, and an op it does not have is unsupported whatever its
// members; a lone surrogate escape reads as U+FFFD.
func TestServeStrictRequests(t *testing.T) {
	cases := []struct{ request, response string }{
		{`{"id":1,"OP":"hello"}`, `{"error":{"kind":"bad_request"},"id":1}`},
		{`{"ID":1,"op":"hello"}`, `{"id":null,"name":"qf-conformance reference (ref)","ops":["decode","encode","replay","validate"],"profiles":["strict","lenient"],"version":"1.1.0"}`},
		{`{"id":2,"op":"decode","Code":"QA"}`, `{"error":{"kind":"bad_request"},"id":2}`},
		{`{"id":3,"op":"decode","code":"QA","Code":"A"}`, `{"id":3,"value":{"record":{"moves":[]},"state":null}}`},
		{`{"id":4,"op":"decode","code":"QA","code":"A"}`, `{"error":{"kind":"bad_request"},"id":null}`},
		{`{"id":5,"op":"hello","op":"hello"}`, `{"error":{"kind":"bad_request"},"id":null}`},
		{`{"id":6,"op":"encode","value":{"state":null,"state":null,"record":null}}`, `{"error":{"field":"state","kind":"malformed"},"id":6}`}, // the encoder's, inside value
		{`{"id":7,"op":""}`, `{"error":{"kind":"unsupported"},"id":7}`},
		{"{\"id\":\"\xff\",\"op\":\"hello\"}", `{"error":{"kind":"bad_request"},"id":null}`},
		{"{\"id\":8,\"op\":\"decode\",\"code\":\"Q\xc3\x28\"}", `{"error":{"kind":"bad_request"},"id":null}`},
		{`{"id":9,"op":"decode","code":"QA","profile":7}`, `{"error":{"kind":"bad_request"},"id":9}`},
		{`{"id":10,"op":"decode","code":"QA","extra":{"x":[1,2]}}`, `{"id":10,"value":{"record":{"moves":[]},"state":null}}`},
		{`{"id":11,"op":"encode","value":{"state":null,"record":{"moves":[{"kind":"piece","dir":3.99999999999999999999}]}}}`, `{"error":{"field":"record.moves[0].dir","kind":"malformed"},"id":11}`},
		{`{"id":12,"op":"encode","value":{"state":null,"record":{"moves":[{"kind":"piece","dir":1e-400}]}}}`, `{"error":{"field":"record.moves[0].dir","kind":"malformed"},"id":12}`},
		{`{"id":13,"op":"encode","value":{"state":null,"record":{"moves":[{"kind":"piece","dir":1e400}]}}}`, `{"error":{"field":"record.moves[0].dir","kind":"out_of_range"},"id":13}`},
		{`{"id":14,"op":"encode","value":{"state":null,"record":{"moves":[{"kind":"piece","dir":7.0}]}}}`, `{"code":"QBc","id":14}`},
		{`{"id":15,"op":"decode","code":"QA\ud800"}`, `{"error":{"char":2,"kind":"invalid_character"},"id":15}`}, // a lone surrogate is U+FFFD
		{`{"id":16,"op":"frobnicate","code":5,"profile":[]}`, `{"error":{"kind":"unsupported"},"id":16}`},        // unsupported whatever its members
		{`{"id":17,"op":7}`, `{"error":{"kind":"bad_request"},"id":17}`},
		{`{"id":18,"op":"encode","value":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`, `{"error":{"kind":"bad_request"},"id":null}`},
		{`{"id":19,"op":"encode","value":` + strings.Repeat("[", 9990) + strings.Repeat("]", 9990) + `}`, `{"error":{"kind":"malformed"},"id":19}`},
		{`{"id": [1, {"a": "b"}], "op": "hello", "id2": 1}`, `{"id":[1,{"a":"b"}],"name":"qf-conformance reference (ref)","ops":["decode","encode","replay","validate"],"profiles":["strict","lenient"],"version":"1.1.0"}`},
	}
	var input strings.Builder
	for _, c := range cases {
		input.WriteString(c.request + "\n")
	}
	got := serveLines(t, input.String())
	if len(got) != len(cases) {
		t.Fatalf("%d requests, %d responses", len(cases), len(got))
	}
	for i, c := range cases {
		if !utf8.ValidString(got[i]) {
			t.Errorf("request %q: the response is not UTF-8: %q", c.request, got[i])
		}
		if g := withoutMessages(t, got[i]); g != c.response {
			t.Errorf("request %q\n got %s\nwant %s", c.request, g, c.response)
		}
	}
}

// A line of exactly MaxLine bytes is read, its line end not counted; one
// more byte is too long.
func TestServeMaxLine(t *testing.T) {
	for _, c := range []struct {
		size int
		end  string
		want string
	}{
		{protocol.MaxLine, "\n", `{"error":{"char":1,"kind":"trailing_data"},"id":1}`},
		{protocol.MaxLine, "\r\n", `{"error":{"char":1,"kind":"trailing_data"},"id":1}`},
		{protocol.MaxLine, "", `{"error":{"char":1,"kind":"trailing_data"},"id":1}`},
		{protocol.MaxLine + 1, "\n", `{"error":{"kind":"bad_request"},"id":null}`},
		{protocol.MaxLine + 1, "\r\n", `{"error":{"kind":"bad_request"},"id":null}`},
	} {
		prefix := `{"id":1,"op":"decode","code":"`
		line := prefix + strings.Repeat("A", c.size-len(prefix)-2) + `"}`
		got := serveLines(t, line+c.end)
		if len(got) != 1 || withoutMessages(t, got[0]) != c.want {
			t.Errorf("a line of %d bytes ending %q: got %.200q", c.size, c.end, got)
		}
	}
}

// One encode request of 16 MiB, 2.6 million anchors, costs a small
// multiple of its size: the heap never holds more than 200 MB while it is
// read, parsed, refused and answered.
func TestServeMemoryBound(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"id":1,"op":"encode","value":{"state":{"white":4,"black":76,"walls":{"white":{"h":[`)
	for b.Len() < protocol.MaxLine-200 {
		b.WriteString("63,")
	}
	b.WriteString(`63],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}}`)
	line := b.String()
	if len(line) > protocol.MaxLine {
		t.Fatalf("request of %d bytes", len(line))
	}
	peak := measure.HeapPeak(func() {
		got := serveLines(t, line+"\n")
		if len(got) != 1 || withoutMessages(t, got[0]) != `{"error":{"field":"state.walls.white.h.count","kind":"out_of_range"},"id":1}` {
			t.Errorf("got %.300q", got)
		}
	})
	t.Logf("heap peak %d MB for a request of %d MB", peak>>20, len(line)>>20)
	if peak > 200<<20 {
		t.Errorf("heap peak %d MB for one request of %d MB, want under 200 MB", peak>>20, len(line)>>20)
	}
}

// A handler's raw members are written as they are, compacted when they
// hold spaces (as package json compacts them); one with spaces that is
// not JSON cannot be, and the request is answered with bad_request and no
// id. IDs come back as the request wrote them, compacted.
func TestServeRawMembers(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{`{"state":null,"record":null}`, `{"id":1,"value":{"state":null,"record":null}}`},
		{`{"state": null,  "record":null}`, `{"id":1,"value":{"state":null,"record":null}}`},
		{`["é","<&>"]`, `{"id":1,"value":["é","<&>"]}`},
		{`{"state": nul`, `{"id":null,"error":{"kind":"bad_request"}}`},
	} {
		h := &protocol.Funcs{Name: "raw", Profiles: []string{"strict"}, Decode: func(code, profile string) *protocol.Response {
			return &protocol.Response{Value: json.RawMessage(c.raw)}
		}}
		var out bytes.Buffer
		if err := protocol.Serve(strings.NewReader(`{"id":1,"op":"decode","code":"A"}`+"\n"), &out, h); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSuffix(out.String(), "\n"); got != c.want {
			t.Errorf("value %s: %s, want %s", c.raw, got, c.want)
		}
	}
	lines := serveLines(t, `{"id": [1,  "a b"], "op":"decode","code":"A"}`+"\n")
	if !strings.HasPrefix(lines[0], `{"id":[1,"a b"],`) {
		t.Errorf("id written %s", lines[0])
	}
	// Escapes come back as given, paired surrogates too; a lone surrogate
	// escape as U+FFFD's.
	lines = serveLines(t, `{"id":["\u0041\ud83d\ude00","\\ud800","\udc00\ud800x"],"op":"decode","code":"A"}`+"\n")
	if want := `{"id":["\u0041\ud83d\ude00","\\ud800","\ufffd\ufffdx"],`; !strings.HasPrefix(lines[0], want) {
		t.Errorf("id written %s, want %s...", lines[0], want)
	}
}

// The reference answers every corner of spec/protocol.md as the document
// defines it (package protocoltest); so do the three examples
// (examples/adapters_test.go).
func TestServeCorners(t *testing.T) {
	var out bytes.Buffer
	if err := protocol.Serve(bytes.NewReader(protocoltest.Input()), &out, serve.Reference); err != nil {
		t.Fatal(err)
	}
	if err := protocoltest.Check(out.Bytes()); err != nil {
		t.Error(err)
	}
}

// The checker of the corners fails a response that holds a lone
// surrogate escape, one with another kind, and one missing.
func TestCornersCheckFails(t *testing.T) {
	var out bytes.Buffer
	if err := protocol.Serve(bytes.NewReader(protocoltest.Input()), &out, serve.Reference); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for i, c := range protocoltest.Corners() {
		if strings.Contains(c.Request, `\ud800x`) {
			lines[i] = strings.Replace(lines[i], `\ufffd`, `\ud800`, 1) // the id's U+FFFD, escaped
		}
	}
	lines[0] = strings.Replace(lines[0], "bad_request", "unsupported", 1)
	err := protocoltest.Check([]byte(strings.Join(lines[:len(lines)-1], "\n") + "\n"))
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"lone surrogate", "a member that is null", "responses to"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
}

// Reading a line of MaxLine bytes, the most a flooding implementation
// makes qf hold, allocates less than three times its length (append's
// growth by a quarter at a time made it six), and reading another into the
// buffer returned allocates nothing.
func TestReadLineAllocation(t *testing.T) {
	line := strings.Repeat("x", protocol.MaxLine) + "\n"
	allocated := func(buf []byte) (uint64, []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got, err := protocol.ReadLine(bufio.NewReader(strings.NewReader(line)), buf, protocol.MaxLine)
		runtime.ReadMemStats(&after)
		if err != nil || len(got) != protocol.MaxLine {
			t.Fatalf("read %d bytes, %v", len(got), err)
		}
		return after.TotalAlloc - before.TotalAlloc, got
	}
	first, buf := allocated(nil)
	t.Logf("a line of %d MB allocated %d MB", protocol.MaxLine>>20, first>>20)
	if limit := uint64(3 * protocol.MaxLine); first > limit {
		t.Errorf("a line of %d MB allocated %d MB, more than %d", protocol.MaxLine>>20, first>>20, limit>>20)
	}
	if again, _ := allocated(buf); again > 64<<10 {
		t.Errorf("a second line into the first's buffer allocated %d bytes", again)
	}
}
