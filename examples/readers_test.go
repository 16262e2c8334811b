package examples

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// The claims of CONFORMANCE.md, "Reading the requests' JSON", about the
// JSON readers that run in CI: Go's encoding/json, node's JSON.parse and
// Python's json, each by default and with the change the section names.
// A claim about a reader that CI cannot run (serde_json, Jackson, Gson,
// System.Text.Json) is said there to be unchecked.

func TestReaderGoEncodingJSON(t *testing.T) {
	var req struct {
		Op   string  `json:"op"`
		Code *string `json:"code"`
	}
	// Member names matched without case.
	if err := json.Unmarshal([]byte(`{"Op":"hello"}`), &req); err != nil || req.Op != "hello" {
		t.Errorf(`{"Op":"hello"}: op %q, %v; want "hello" (names matched without case)`, req.Op, err)
	}
	// The last of repeated members kept, silently.
	var m map[string]any
	if err := json.Unmarshal([]byte(`{"a":1,"a":2}`), &m); err != nil || m["a"] != 2.0 {
		t.Errorf("repeated: %v, %v; want the last, no error", m, err)
	}
	// null read as absent: a *string stays nil, a string "".
	var s struct{ Code string }
	code := "x"
	req.Code = &code
	if err := json.Unmarshal([]byte(`{"code":null}`), &req); err != nil || req.Code != nil {
		t.Errorf(`"code": null into *string: %v, %v; want nil`, req.Code, err)
	}
	if err := json.Unmarshal([]byte(`{"Code":null}`), &s); err != nil || s.Code != "" {
		t.Errorf(`"Code": null into string: %q, %v; want ""`, s.Code, err)
	}
	// Bytes that are not UTF-8, and lone surrogate escapes, read as U+FFFD.
	var str string
	if err := json.Unmarshal([]byte("\"a\xffb\""), &str); err != nil || str != "a\uFFFDb" {
		t.Errorf("invalid UTF-8: %q, %v", str, err)
	}
	if err := json.Unmarshal([]byte(`"\ud800x"`), &str); err != nil || str != "\uFFFDx" {
		t.Errorf("lone surrogate: %q, %v", str, err)
	}
	// Numbers as float64 by default; UseNumber keeps their text.
	var f any
	if err := json.Unmarshal([]byte(`3.99999999999999999999`), &f); err != nil || f != 4.0 {
		t.Errorf("float64: %v, %v; want 4", f, err)
	}
	if err := json.Unmarshal([]byte(`1e400`), &f); err == nil {
		t.Errorf("1e400 read as %v; want an error", f)
	}
	dec := json.NewDecoder(strings.NewReader(`3.99999999999999999999`))
	dec.UseNumber()
	if err := dec.Decode(&f); err != nil || f != json.Number("3.99999999999999999999") {
		t.Errorf("UseNumber: %v, %v", f, err)
	}
	// Nesting: 10,000 levels read, 10,001 refused.
	for _, c := range []struct {
		depth int
		ok    bool
	}{{10000, true}, {10001, false}} {
		text := strings.Repeat("[", c.depth) + strings.Repeat("]", c.depth)
		if err := json.Unmarshal([]byte(text), &f); (err == nil) != c.ok {
			t.Errorf("%d deep: %v", c.depth, err)
		}
	}
	// Writing: <, &, >, U+2028 escaped by Marshal; not with an Encoder
	// whose SetEscapeHTML is false, but for U+2028 and U+2029.
	b, _ := json.Marshal("<&>\u2028é")
	if string(b) != `"\u003c\u0026\u003e\u2028é"` {
		t.Errorf("Marshal wrote %s", b)
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.Encode("<&>\u2028é")
	if out.String() != "\"<&>\\u2028é\"\n" {
		t.Errorf("SetEscapeHTML(false) wrote %s", out.Bytes())
	}
}

func TestReaderJSONParse(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on this machine: the claims about JSON.parse were not checked")
	}
	script := `
const deep = (n) => "[".repeat(n) + "]".repeat(n);
const r = [];
r.push(JSON.parse('{"a":1,"a":2}').a);                       // the last of repeated keys
r.push(JSON.parse("3.99999999999999999999"));                 // a double
r.push(String(JSON.parse("1e400")));                          // Infinity
r.push(JSON.parse('"\\ud800"').charCodeAt(0));               // the lone surrogate kept
r.push(JSON.parse('"\\ud800"').toWellFormed().charCodeAt(0)); // U+FFFD
r.push(Array.isArray(JSON.parse(deep(10001))));               // no depth limit at 10,001
r.push(JSON.stringify("<&>\u2028\u00e9\ud800"));              // minimal escapes, a lone surrogate escaped
console.log(JSON.stringify(r));
`
	out, err := exec.Command(node, "-e", script).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := strings.Replace(`[2,4,"Infinity",55296,65533,true,"\"<&>U+2028é\\ud800\""]`, "U+2028", "\u2028", 1) // raw U+2028
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestReaderPythonJSON(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on this machine: the claims about Python's json were not checked")
	}
	script := `
import json, sys
from decimal import Decimal
r = []
r.append(json.loads('{"a":1,"a":2}')["a"])                                   # the last of repeated keys
r.append(json.loads('{"a":1,"a":2}', object_pairs_hook=list))               # all of them
r.append(repr(json.loads("3.99999999999999999999")))                          # a float
r.append(str(json.loads("3.99999999999999999999", parse_float=Decimal)))      # exact
r.append(repr(json.loads("1e400")))                                           # inf
r.append(ord(json.loads('"\\ud800"')))                                         # the lone surrogate kept
try:
    json.loads("[" * 2000 + "]" * 2000)
    r.append("read")
except RecursionError:
    r.append("RecursionError")                                                # the recursion limit
r.append(json.dumps("<&>\u2028\u00e9"))                                        # every non-ASCII escaped
r.append(json.dumps("\u00e9", ensure_ascii=False))
print(json.dumps(r, ensure_ascii=False))
`
	out, err := exec.Command(python, "-c", script).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[2, [["a", 1], ["a", 2]], "4.0", "3.99999999999999999999", "inf", 55296, "RecursionError", "\"<&>\\u2028\\u00e9\"", "\"é\""]`
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
