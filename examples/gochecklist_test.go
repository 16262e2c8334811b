package examples

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/protocol/protocoltest"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// CONFORMANCE.md's checklist for Go gives an adapter's reading of the
// requests as Go code. That code is below, between the marks, verbatim
// (TestGoChecklistIsThisCode), so that it is compiled and answers every
// corner of spec/protocol.md (TestGoChecklistCorners); the checklist's
// claim about the reading it warns against, a struct, is held too
// (TestGoChecklistStruct).

// The checklist's code, begin.

// serveLines answers each request line of r on w, as spec/protocol.md
// says, its corners included: one answer a line, each flushed at once.
func serveLines(r io.Reader, w io.Writer) error {
	in := bufio.NewScanner(r) // ScanLines drops a CR before the LF
	in.Buffer(nil, 16<<20+2)  // a line holds up to 16 MiB; the default stops at 64 KiB
	out := bufio.NewWriter(w)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		enc.Encode(answer(in.Bytes()))
		if err := out.Flush(); err != nil {
			return err
		}
	}
	return in.Err()
}

// answer answers one request line. decode, encode, replay and validate
// are yours: each returns its answer's members but the id.
func answer(line []byte) map[string]any {
	m, ok := members(line)
	if !ok {
		return map[string]any{"id": nil, "error": map[string]any{"kind": "bad_request"}}
	}
	a := dispatch(m)
	a["id"] = echo(m["id"])
	return a
}

// dispatch calls the op, checking only the members it reads.
func dispatch(m map[string]json.RawMessage) map[string]any {
	op, isString := str(m["op"])
	code, hasCode := str(m["code"])
	switch {
	case !isString:
		return fail("bad_request")
	case op == "hello":
		return map[string]any{"name": "my-qf", "version": "1",
			"ops": []string{"decode", "encode", "replay", "validate"}, "profiles": []string{"strict", "lenient"}}
	case op == "encode" && m["value"] == nil:
		return fail("bad_request")
	case op == "encode":
		return encode(m["value"]) // "null" when the value is null: the encoder's malformed
	case op != "decode" && op != "replay" && op != "validate":
		return fail("unsupported")
	case !hasCode:
		return fail("bad_request")
	case op == "replay":
		return replay(code)
	case op == "validate":
		return validate(code)
	}
	profile := "strict"
	if p, given := m["profile"]; given {
		if profile, isString = str(p); !isString {
			return fail("bad_request")
		}
	}
	if profile != "strict" && profile != "lenient" {
		return fail("unsupported")
	}
	return decode(code, profile)
}

// members reads a request: a JSON object in UTF-8, 10,000 deep at most
// (encoding/json's limit, the request object counted), with distinct
// member names, matched exactly; a member that is null is there.
func members(line []byte) (map[string]json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if !utf8.Valid(line) || json.Unmarshal(line, &m) != nil || m == nil {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(line)) // the names again: the map kept the last of a repeated one
	dec.Token()
	seen := map[string]bool{}
	for dec.More() {
		name, _ := dec.Token()
		if seen[name.(string)] {
			return nil, false
		}
		seen[name.(string)] = true
		var skip json.RawMessage
		dec.Decode(&skip)
	}
	return m, true
}

// str returns a member that is a string; one that is absent, null or of
// another type is not.
func str(member json.RawMessage) (string, bool) {
	var s string
	if len(member) == 0 || member[0] != '"' || json.Unmarshal(member, &s) != nil {
		return "", false
	}
	return s, true
}

// echo returns the id to echo, null when absent: read again, so that a
// lone surrogate escape in it is U+FFFD (its raw text would keep the
// escape, which no response may hold), a number keeping its text.
func echo(id json.RawMessage) any {
	var v any
	if id != nil {
		dec := json.NewDecoder(bytes.NewReader(id))
		dec.UseNumber()
		dec.Decode(&v)
	}
	return v
}

func fail(kind string) map[string]any {
	return map[string]any{"error": map[string]any{"kind": kind}}
}

// The checklist's code, end.

// The implementation's functions, for the checklist's code: the
// reference's, their answers as maps.
var reference = serve.Reference.(*protocol.Funcs)

func decode(code, profile string) map[string]any  { return members2map(reference.Decode(code, profile)) }
func encode(value json.RawMessage) map[string]any { return members2map(reference.Encode(value)) }
func replay(code string) map[string]any           { return members2map(reference.Replay(code)) }
func validate(code string) map[string]any         { return members2map(reference.Validate(code)) }

// members2map returns a response's members as a map, without its id.
func members2map(resp *protocol.Response) map[string]any {
	b, err := json.Marshal(resp)
	if err != nil {
		panic(err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		panic(err)
	}
	delete(m, "id")
	return m
}

// The reading CONFORMANCE.md's checklist gives answers every corner of
// spec/protocol.md as the reference does.
func TestGoChecklistCorners(t *testing.T) {
	var out bytes.Buffer
	if err := serveLines(bytes.NewReader(protocoltest.Input()), &out); err != nil {
		t.Fatal(err)
	}
	if err := protocoltest.Check(out.Bytes()); err != nil {
		t.Error(err)
	}
}

// The checklist's Go code is the code above, verbatim.
func TestGoChecklistIsThisCode(t *testing.T) {
	doc, err := os.ReadFile("../CONFORMANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "### A checklist for Go\n")
	if !ok {
		t.Fatal(`CONFORMANCE.md has no "### A checklist for Go"`)
	}
	section, _, _ = strings.Cut(section, "\n#")
	m := regexp.MustCompile("(?s)\n```go\n(.*?)\n```\n").FindStringSubmatch(section)
	if m == nil {
		t.Fatal("CONFORMANCE.md's checklist for Go has no go block")
	}
	src, err := os.ReadFile("gochecklist_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, code, _ := strings.Cut(string(src), "// The checklist's code, begin.\n\n")
	code, _, _ = strings.Cut(code, "\n\n// The checklist's code, end.")
	if m[1] != code {
		t.Errorf("CONFORMANCE.md's Go code is not this file's, between its marks:\n%s", m[1])
	}
}

// structRequest is the reading the checklist said was safe: a struct,
// its strings *string, its id and value json.RawMessage; a line that
// json.Unmarshal refuses is a bad request with the id null.
type structRequest struct {
	ID      json.RawMessage `json:"id"`
	Op      *string         `json:"op"`
	Code    *string         `json:"code"`
	Profile *string         `json:"profile"`
	Value   json.RawMessage `json:"value"`
}

func structAnswer(line []byte) map[string]any {
	var req structRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return map[string]any{"id": nil, "error": map[string]any{"kind": "bad_request"}}
	}
	a := structDispatch(&req)
	a["id"] = req.ID // as given, raw
	if req.ID == nil {
		a["id"] = nil
	}
	return a
}

func structDispatch(req *structRequest) map[string]any {
	switch {
	case req.Op == nil:
		return fail("bad_request")
	case *req.Op == "hello":
		return map[string]any{"name": "my-qf", "version": "1",
			"ops": []string{"decode", "encode", "replay", "validate"}, "profiles": []string{"strict", "lenient"}}
	case *req.Op == "encode" && req.Value == nil:
		return fail("bad_request")
	case *req.Op == "encode":
		return encode(req.Value)
	case *req.Op != "decode" && *req.Op != "replay" && *req.Op != "validate":
		return fail("unsupported")
	case req.Code == nil:
		return fail("bad_request")
	case *req.Op == "replay":
		return replay(*req.Code)
	case *req.Op == "validate":
		return validate(*req.Code)
	}
	profile := "strict"
	if req.Profile != nil {
		profile = *req.Profile
	}
	if profile != "strict" && profile != "lenient" {
		return fail("unsupported")
	}
	return decode(*req.Code, profile)
}

// structCorners lists the corners that a struct answers otherwise, as
// the checklist says, by their comments in corners.json.
var structCorners = []string{
	"a member that is null is present, of the type null: a profile that is not a string",
	"a code of the wrong type",
	"a profile of the wrong type",
	"an op of the wrong type",
	"an op it does not have, whatever its members",
	"the members an op does not read are ignored, whatever their type",
	"replay reads no profile",
	"member names are exact; unknown ones are ignored",
	"a member name repeated",
	"an id with a lone surrogate escape is read, and echoed, with U+FFFD",
}

// The struct reading answers exactly the corners the checklist lists
// otherwise (the vectors' requests it answers as the reference does:
// TestGoChecklistVectors).
func TestGoChecklistStruct(t *testing.T) {
	var got []string
	corners := protocoltest.Corners()
	for i, c := range corners {
		var out bytes.Buffer // the corners' answers, but the struct's to corner i
		enc := json.NewEncoder(&out)
		enc.SetEscapeHTML(false)
		for j, other := range corners {
			if j != i {
				out.WriteString(other.Response + "\n")
				continue
			}
			enc.Encode(structAnswer([]byte(c.Request)))
		}
		if protocoltest.Check(out.Bytes()) != nil {
			got = append(got, c.Comment)
		}
	}
	if !slices.Equal(got, structCorners) {
		t.Errorf("a struct answers these corners otherwise:\n%s\nthe checklist says:\n%s", strings.Join(got, "\n"), strings.Join(structCorners, "\n"))
	}
}

// Both readings, the checklist's and the struct, answer the request of
// every vector as the reference does: the requests qf check sends are
// well formed, and read alike by both.
func TestGoChecklistVectors(t *testing.T) {
	var in bytes.Buffer
	id := 0
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			t.Fatal(err)
		}
		for i := range f.Tests {
			req := c.Request(&f.Tests[i])
			id++
			req.ID = json.RawMessage(strconv.Itoa(id))
			line, err := req.AppendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			in.Write(append(line, '\n'))
		}
	}
	var want, got bytes.Buffer
	if err := protocol.Serve(bytes.NewReader(in.Bytes()), &want, serve.Reference); err != nil {
		t.Fatal(err)
	}
	if err := serveLines(bytes.NewReader(in.Bytes()), &got); err != nil {
		t.Fatal(err)
	}
	requests := strings.Split(strings.TrimSuffix(in.String(), "\n"), "\n")
	wants := strings.Split(strings.TrimSuffix(want.String(), "\n"), "\n")
	gots := strings.Split(strings.TrimSuffix(got.String(), "\n"), "\n")
	if len(wants) != id || len(gots) != id {
		t.Fatalf("%d requests: %d answers from the reference, %d from the checklist's code", id, len(wants), len(gots))
	}
	for i, r := range requests {
		byStruct, _ := json.Marshal(structAnswer([]byte(r)))
		for _, c := range []struct{ who, line string }{{"the checklist's code", gots[i]}, {"the struct", string(byStruct)}} {
			if !sameJSON(c.line, wants[i]) {
				t.Errorf("%s answered\n\t%.200s\n\twith %.200s\n\twant %.200s", c.who, r, c.line, wants[i])
			}
		}
	}
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(a, b string) bool {
	var va, vb any
	da, db := json.NewDecoder(strings.NewReader(a)), json.NewDecoder(strings.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&va) != nil || db.Decode(&vb) != nil {
		return false
	}
	ja, _ := json.Marshal(va)
	jb, _ := json.Marshal(vb)
	return bytes.Equal(ja, jb)
}

// A line past bufio.Scanner's default of 64 KiB is read: the checklist's
// Buffer call is needed (without it, the loop ends there).
func TestGoChecklistLongLine(t *testing.T) {
	long := `{"id":1,"op":"decode","code":"QA","x":"` + strings.Repeat("a", 100<<10) + `"}` + "\n"
	var out bytes.Buffer
	if err := serveLines(strings.NewReader(long+long), &out); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "\n"); n != 2 {
		t.Errorf("%d answers to 2 lines of 100 KiB:\n%.300s", n, out.Bytes())
	}
	in := bufio.NewScanner(strings.NewReader(long))
	if in.Scan() || in.Err() != bufio.ErrTooLong {
		t.Errorf("bufio.Scanner read a line of 100 KiB by default (%v): the checklist says it stops at 64 KiB", in.Err())
	}
}
