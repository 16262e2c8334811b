package examples

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The claims of CONFORMANCE.md, "Reading the requests' JSON", about the
// JSON readers that run in CI: Go's encoding/json, node's JSON.parse,
// Python's json, and C's cJSON and jansson, each by default and with the
// change the section names.
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

// The C readers, cJSON and jansson, at the versions CONFORMANCE.md names
// (Debian 12's libcjson-dev and libjansson-dev, which .ci/run installs):
// each program prints what the reader makes of the inputs the section
// names, a line each.

const cJSONProgram = `
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

static char *deep(int n) {
	char *s = malloc(2 * n + 1);
	memset(s, '[', n);
	memset(s + n, ']', n);
	s[2 * n] = 0;
	return s;
}

int main(void) {
	printf("version %s\n", cJSON_Version());
	cJSON *j = cJSON_Parse("3.99999999999999999999");
	printf("3.99999999999999999999: %s\n", j && j->valuedouble == 4.0 ? "4" : "not 4");
	j = cJSON_Parse("1e400");
	printf("1e400: %s\n", j && isinf(j->valuedouble) ? "inf" : "not inf");
	j = cJSON_Parse("{\"id\":1,\"op\":\"encode\",\"value\":{\"\\ud800\":1}}");
	printf("a line holding \\ud800: %s\n", j ? "read" : "refused");
	j = cJSON_Parse("{\"\\u0000\":1}");
	printf("key \\u0000: %s\n", j && j->child && j->child->string[0] == 0 ? "\"\"" : "not \"\"");
	j = cJSON_Parse("\"gk\\u0000wA\"");
	printf("string gk\\u0000wA: %zu bytes\n", j ? strlen(j->valuestring) : 0);
	j = cJSON_Parse("{\"A\":0,\"a\":1,\"a\":2}");
	printf("repeated key: %d members; a is %d, without case %d\n", j ? cJSON_GetArraySize(j) : 0,
		cJSON_GetObjectItemCaseSensitive(j, "a")->valueint, cJSON_GetObjectItem(j, "a")->valueint);
	printf("1000 deep: %s\n", cJSON_Parse(deep(1000)) ? "read" : "refused");
	printf("1001 deep: %s\n", cJSON_Parse(deep(1001)) ? "read" : "refused");
	return 0;
}
`

func TestReaderCJSON(t *testing.T) {
	bin := compileC(t, "cjson.c", cJSONProgram, "-lcjson", "-lm")
	out, err := exec.Command(bin).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `version 1.7.15
3.99999999999999999999: 4
1e400: inf
a line holding \ud800: refused
key \u0000: ""
string gk\u0000wA: 2 bytes
repeated key: 3 members; a is 1, without case 0
1000 deep: read
1001 deep: refused
`
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

const janssonProgram = `
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

static char *deep(int n) {
	char *s = malloc(2 * n + 1);
	memset(s, '[', n);
	memset(s + n, ']', n);
	s[2 * n] = 0;
	return s;
}

static void try(const char *name, const char *text, size_t flags) {
	json_error_t e;
	json_t *j = json_loads(text, flags, &e);
	if (!j) {
		printf("%s: refused (%s)\n", name, e.text);
		return;
	}
	json_t *v = json_is_array(j) ? json_array_get(j, 0) : j;
	if (json_is_real(v))
		printf("%s: real %.17g\n", name, json_real_value(v));
	else if (json_is_integer(v))
		printf("%s: integer %lld\n", name, (long long)json_integer_value(v));
	else if (json_is_string(v))
		printf("%s: string of %zu bytes\n", name, json_string_length(v));
	else if (json_is_object(v))
		printf("%s: %zu member, a=%lld\n", name, json_object_size(v), (long long)json_integer_value(json_object_get(v, "a")));
	else
		printf("%s: read\n", name);
}

int main(void) {
	printf("version %s\n", jansson_version_str());
	try("3.99999999999999999999", "[3.99999999999999999999]", 0);
	try("1e400", "[1e400]", 0);
	try("2^63-1", "[9223372036854775807]", 0);
	try("2^63", "[9223372036854775808]", 0);
	try("a line holding \\ud800", "{\"id\":1,\"op\":\"encode\",\"value\":{\"\\ud800\":1}}", 0);
	try("key \\u0000", "{\"\\u0000\":1}", 0);
	try("key \\u0000, JSON_ALLOW_NUL", "{\"\\u0000\":1}", JSON_ALLOW_NUL);
	try("string gk\\u0000wA", "[\"gk\\u0000wA\"]", 0);
	try("string gk\\u0000wA, JSON_ALLOW_NUL", "[\"gk\\u0000wA\"]", JSON_ALLOW_NUL);
	try("repeated key", "{\"a\":1,\"a\":2}", 0);
	try("repeated key, JSON_REJECT_DUPLICATES", "{\"a\":1,\"a\":2}", JSON_REJECT_DUPLICATES);
	try("2048 deep", deep(2048), 0);
	try("2049 deep", deep(2049), 0);
	return 0;
}
`

func TestReaderJansson(t *testing.T) {
	bin := compileC(t, "jansson.c", janssonProgram, "-ljansson")
	out, err := exec.Command(bin).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `version 2.14
3.99999999999999999999: real 4
1e400: refused (real number overflow near '1e400')
2^63-1: integer 9223372036854775807
2^63: refused (too big integer near '9223372036854775808')
a line holding \ud800: refused (invalid Unicode '\uD800' near '"\ud800"')
key \u0000: refused (NUL byte in object key not supported near '"\u0000"')
key \u0000, JSON_ALLOW_NUL: refused (NUL byte in object key not supported near '"\u0000"')
string gk\u0000wA: refused (\u0000 is not allowed without JSON_ALLOW_NUL near '"gk\u0000wA"')
string gk\u0000wA, JSON_ALLOW_NUL: string of 5 bytes
repeated key: 1 member, a=2
repeated key, JSON_REJECT_DUPLICATES: refused (duplicate object key near '"a"')
2048 deep: read
2049 deep: refused (maximum parsing depth reached near '[')
`
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// -std=c11 hides getline, POSIX's; -std=gnu11 or _POSIX_C_SOURCE shows it.
// And char is signed where CONFORMANCE.md says it is (x86-64 Linux), and
// unsigned where it says so (arm64 Linux).
func TestReaderCGetline(t *testing.T) {
	const src = `
#include <limits.h>
#include <stdio.h>
int main(void) {
	char *line = NULL;
	size_t cap = 0;
	long n = getline(&line, &cap, stdin);
	printf("%ld %s\n", n, CHAR_MIN < 0 ? "signed" : "unsigned");
	return 0;
}
`
	for _, c := range []struct {
		flags []string
		ok    bool
	}{
		{[]string{"-std=c11"}, false},
		{[]string{"-std=gnu11"}, true},
		{[]string{"-std=c11", "-D_POSIX_C_SOURCE=200809L"}, true},
	} {
		bin, err := buildC(t, "getline.c", src, append(c.flags, "-Werror=implicit-function-declaration")...)
		if (err == nil) != c.ok {
			t.Errorf("%s: compiled %v, want %v (%v)", strings.Join(c.flags, " "), err == nil, c.ok, err)
		}
		if err != nil {
			continue
		}
		cmd := exec.Command(bin)
		cmd.Stdin = strings.NewReader("abc\n")
		out, err := cmd.Output()
		want := "4 unsigned\n"
		if runtime.GOARCH == "amd64" {
			want = "4 signed\n"
		}
		linux := runtime.GOOS == "linux" && (runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64") // as CONFORMANCE.md says
		if err != nil || linux && string(out) != want {
			t.Errorf("%s: %q, %v; want %q", strings.Join(c.flags, " "), out, err, want)
		}
	}
}

// compileC compiles src with gcc and libs, skipping the test when gcc or
// the libraries' headers are missing, and returns the program's path.
func compileC(t *testing.T, name, src string, libs ...string) string {
	t.Helper()
	bin, err := buildC(t, name, src, append([]string{"-std=gnu11"}, libs...)...)
	if err != nil {
		if strings.Contains(err.Error(), "No such file") {
			t.Skipf("the library is not installed (apt-get install libcjson-dev libjansson-dev): the claims about it were not checked\n%v", err)
		}
		t.Fatal(err)
	}
	return bin
}

// buildC compiles src with gcc and flags (skipping the test when there is
// no gcc), returning the program's path or gcc's error and output.
func buildC(t *testing.T, name, src string, flags ...string) (string, error) {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc on this machine: the claims about C were not checked")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := strings.TrimSuffix(file, ".c")
	args := append([]string{"-o", bin, file}, flags...)
	if out, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("gcc %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return bin, nil
}
