// Package servetest is test support: the launcher of the suite's test
// implementations, and fake implementations of the conformance protocol,
// each serving the reference's answers (package serve) and misbehaving in
// one way that a runner must survive (crash, hang, flood, lie, fork, exit
// oddly), or, for the oneshot modes, decoding one code so. A test binary
// becomes the Implementation named by the environment variable QF_FAKE
// when its TestMain calls Main (with more implementations than the fakes:
// package faultstest's, say); the tests then run it with Command.
//
// QF_FAKE_DIR, when set, is a directory where a fake keeps what must
// outlive one process (a crash that happens once) and appends the pid of
// every process it starts to the file "pids", so that a test can check
// that none of them survives the run. QF_FAKE_LINES, when set, is a file
// to which the fakes that answer through the reference (every mode but
// "serve" and the oneshot ones) append every line they read,
// so that a test can check what qf sent.
//
// They are also what the runner was measured against: build a test binary
// that calls Main, such as `go test -c ./runner -o fakes`, and run
// `QF_FAKE=MODE ./fakes` (runner/testdata/hostile.sh does).
package servetest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/internal/gcpace"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/spec"
)

// fakes are this package's implementations, by name: the modes (among
// them "normal", the reference served well by a fake's loop, and the
// oneshot modes, which decode one code), and "serve", exactly what qf
// serve runs.
var fakes = func() map[string]*Implementation {
	impls := map[string]*Implementation{
		"serve": {Serve: func() { gcpace.Relax(); protocol.Serve(os.Stdin, os.Stdout, serve.Reference) }},
	}
	for name, f := range modes {
		impls[name] = &Implementation{Serve: f.serve}
	}
	for name, impl := range impls {
		impl.Name = name
	}
	return impls
}()

// A fake answers each request with the reference's answer, and misbehaves
// as its mode's fields say; a field left zero does nothing.
type fake struct {
	start func()            // runs before the first line is read
	when  func(*state) bool // the requests that act and line act on; all when nil
	// act may change st.resp, the answer to st.req, or act instead; it
	// returns false when no answer is to be written.
	act  func(*state) bool
	line func(st *state, b []byte) []byte // may change the answer's line as it is written
	end  func()                           // runs at the end of the input
	// buffered leaves the answers in a buffer until the end of the input,
	// as a program does that never flushes its output; readsAll reads all
	// of its input before it answers any of it.
	buffered, readsAll bool
	// oneshot, if set, makes the fake a oneshot one: it decodes the code
	// on standard input as the reference does, after oneshot has run on it.
	oneshot func(code string)
}

// state is a fake's state as it serves.
type state struct {
	n       int  // requests after hello
	greeted bool // hello was received
	out     *bufio.Writer
	req     *protocol.Request  // the request read
	resp    *protocol.Response // the reference's answer to it
}

// serve is the fake's loop: a line read, the reference's answer, the
// hooks, the answer written and flushed.
func (f fake) serve() {
	if f.oneshot != nil {
		f.serveOne()
		return
	}
	if f.start != nil {
		f.start()
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	if f.readsAll {
		all, _ := io.ReadAll(os.Stdin)
		in = bufio.NewReader(bytes.NewReader(all))
	}
	st := &state{out: bufio.NewWriterSize(os.Stdout, 1<<20)}
	record := recorder()
	for {
		line, err := in.ReadBytes('\n')
		if len(line) == 0 && err != nil {
			break
		}
		record(line)
		st.req = &protocol.Request{}
		json.Unmarshal(line, st.req)
		if st.req.Op == protocol.Hello {
			st.greeted = true
		} else {
			st.n++
		}
		st.resp = serve.Reference.Handle(st.req)
		st.resp.ID = st.req.ID
		hit := f.when == nil || f.when(st)
		if hit && f.act != nil && !f.act(st) {
			continue
		}
		b, _ := json.Marshal(st.resp)
		if hit && f.line != nil {
			b = f.line(st, b)
		}
		st.out.Write(append(b, '\n'))
		if !f.buffered {
			st.out.Flush()
		}
	}
	st.out.Flush()
	if f.end != nil {
		f.end()
	}
}

// recorder returns what appends a line read to the file QF_FAKE_LINES,
// with its end, at once (a fake may crash): nothing when it is not set.
func recorder() func(line []byte) {
	path := os.Getenv("QF_FAKE_LINES")
	if path == "" {
		return func([]byte) {}
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		os.Exit(2)
	}
	return func(line []byte) {
		if !bytes.HasSuffix(line, []byte("\n")) {
			line = append(line, '\n')
		}
		f.Write(line)
	}
}

// The requests a fake's hooks act on: the nth after hello, those of op,
// every one after the first that is not hello.
func nth(n int) func(*state) bool         { return func(st *state) bool { return st.n == n } }
func of(op protocol.Op) func(*state) bool { return func(st *state) bool { return st.req.Op == op } }
func afterHello(st *state) bool           { return st.n >= 1 }
func notHello(st *state) bool             { return st.req.Op != protocol.Hello }
func edits(edit func(*state)) func(*state) bool {
	return func(st *state) bool { edit(st); return true }
}
func exits(code int) func(*state) bool { return func(*state) bool { os.Exit(code); return false } }

// crash exits with status 3, saying so on standard error.
func crash(st *state) bool {
	fmt.Fprintln(os.Stderr, "fake: crashing on request", st.n)
	os.Exit(3)
	return false
}

// hang never returns: only a kill ends the process.
func hang(*state) bool {
	time.Sleep(time.Hour)
	return false
}

// panics exits as a Rust program that panics does: a message on standard
// error, exit status 101.
func panics(what string) func(*state) bool {
	return func(*state) bool {
		fmt.Fprintf(os.Stderr, "thread 'main' panicked at src/qf.rs:1:1:\nfake: crashing on %s\n", what)
		os.Exit(101)
		return false
	}
}

// hello is a fake that lists ops and profiles in its hello.
func hello(ops, profiles []string) fake {
	return fake{when: of(protocol.Hello), act: edits(func(st *state) { st.resp.Ops, st.resp.Profiles = ops, profiles })}
}

// started starts a child, sleep 60, noted in QF_FAKE_DIR; with its
// output set to the fake's when inherit is set.
func started(inherit bool) {
	child := exec.Command("sleep", "60")
	if inherit {
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
	}
	child.Start()
	if dir := os.Getenv("QF_FAKE_DIR"); dir != "" {
		appendLine(filepath.Join(dir, "pids"), child.Process.Pid)
	}
}

// modes are the fakes by name; "normal" is the reference, served well.
var modes = map[string]fake{
	"normal":          {},
	"silent":          {act: func(*state) bool { return false }},
	"crash-4th":       {when: nth(4), act: crash},
	"crash-every-5th": {when: nth(5), act: crash},
	"always-crash":    {when: afterHello, act: crash},
	"hang-5th":        {when: nth(5), act: hang},
	// Hangs on every request of op encode, or on every request after
	// hello; or answers each request after QF_FAKE_DELAY, slowly but
	// well, and hangs on the fourth request of each process, first
	// noting it in QF_FAKE_DIR, a file "hang-PID".
	"hang-encode": {when: of(protocol.Encode), act: hang},
	"hang-all":    {when: afterHello, act: hang},
	"slow-hang-4th": {act: func(st *state) bool {
		time.Sleep(fakeDuration("QF_FAKE_DELAY", 20*time.Millisecond))
		return st.n != 4 || !once(os.Getenv("QF_FAKE_DIR"), fmt.Sprintf("hang-%d", os.Getpid())) || hang(st)
	}},
	// A crash that takes its time, as a panic printing its stack does:
	// QF_FAKE_DELAY, then exit status 3, on the third request.
	"slow-crash-3rd": {when: nth(3), act: func(st *state) bool {
		time.Sleep(fakeDuration("QF_FAKE_DELAY", time.Second))
		return crash(st)
	}},
	"exit-after-6": {when: nth(7), act: exits(0)},
	// Crashes on inputs, not on counts, as an implementation that
	// panics on some inputs does (exit status 101, a panic's message):
	// on every code with a record (its second bit set), most of those a
	// run draws; or on one input in a hundred, by the FNV-1a digest of
	// its code or value.
	"crash-records": {act: panics("a record"), when: func(st *state) bool {
		code := st.req.Code
		return code != nil && *code != "" && strings.IndexByte(spec.Alphabet, (*code)[0])&0x10 != 0
	}},
	"crash-1-in-100": {act: panics("one input in a hundred"), when: func(st *state) bool {
		h := fnv.New32a()
		if st.req.Code != nil {
			h.Write([]byte(*st.req.Code))
		}
		h.Write(st.req.Value)
		return notHello(st) && h.Sum32()%100 == 0
	}},
	// On every request whose reference answer is the error truncated, as
	// a decoder that reads past the end of its buffer does; or on every
	// request of op encode, as an adapter does whose encoder is missing.
	"crash-truncated": {act: panics("a truncated code"), when: func(st *state) bool {
		return st.resp.Error != nil && st.resp.Error.Kind == string(ref.ErrTruncated)
	}},
	"crash-encode": {when: of(protocol.Encode), act: panics("an encode")},
	// Starts once in a run: its first process crashes on its third
	// request, and every later one exits at once, before hello.
	"starts-once": {when: nth(3), act: crash, start: func() {
		if !once(os.Getenv("QF_FAKE_DIR"), "started") {
			fmt.Fprintln(os.Stderr, "fake: cannot start again")
			os.Exit(1)
		}
	}},
	// Its first process in a run crashes on its third request; every
	// later one answers hello with an error, a line unlike the first's.
	"hello-error-after-first": {
		start: func() { later = !once(os.Getenv("QF_FAKE_DIR"), "started") },
		act: func(st *state) bool {
			if st.req.Op == protocol.Hello && later {
				*st.resp = protocol.Response{ID: st.req.ID, Error: &spec.ErrorObject{Kind: "internal", Message: "not ready"}}
				return true
			}
			return st.n != 3 || crash(st)
		},
	},
	"exit-3":      {end: func() { os.Exit(3) }},
	"stray-print": {start: func() { fmt.Println("starting up, reading stdin") }},
	"buffered":    {buffered: true},
	"reads-all":   {readsAll: true},
	"garbage-3rd": {when: nth(3), act: func(st *state) bool {
		fmt.Fprintln(st.out, "this is not JSON")
		st.out.Flush()
		return false
	}},
	"wrong-id-2nd": {when: nth(2), act: edits(func(st *state) { st.resp.ID = json.RawMessage("12345") })},
	"float-ids": {when: func(st *state) bool { return len(st.req.ID) > 0 }, act: edits(func(st *state) {
		st.resp.ID = json.RawMessage(string(st.req.ID) + ".0e0") // the same JSON value
	})},
	"flood-stderr": {act: edits(func(*state) { os.Stderr.Write(bytes.Repeat([]byte("noise "), 200<<10)) })},
	// Every bit offset one too far: fails L3, meets L2.
	"wrong-answers": {when: func(st *state) bool { return st.resp.Error != nil && st.resp.Error.Bit != nil },
		act: edits(func(st *state) { *st.resp.Error.Bit++ })},
	"wrong-replay": {when: func(st *state) bool { return st.resp.Squares != nil && len(*st.resp.Squares) > 0 },
		act: edits(func(st *state) { *st.resp.Squares = (*st.resp.Squares)[:len(*st.resp.Squares)-1] })},
	"strict-only": hello([]string{string(protocol.Decode)}, []string{ref.Strict.String()}),
	"misspelled":  hello([]string{"decode", "Encode", "replays"}, []string{"strict", "Lenient"}), // names no runner knows
	"no-known-op": hello([]string{"frobnicate"}, []string{"strict"}),

	// The hostile fakes: correct answers, delivered badly.
	"slow-start": {start: func() { time.Sleep(fakeDuration("QF_FAKE_DELAY", 3*time.Second)) }},
	"busy-5th": {when: nth(5), act: func(*state) bool {
		once(os.Getenv("QF_FAKE_DIR"), "busy") // a mark for a test to wait for
		// A busy loop, never answering: only a kill ends it.
		for {
		}
	}},
	"needs-hello": {act: needsHello},
	"grandchild": {when: nth(3), act: func(*state) bool {
		started(true) // a grandchild keeps stdout and stderr open; the parent dies
		os.Exit(1)
		return false
	}},
	"fork": {when: nth(1), act: edits(func(*state) {
		for i := 0; i < 3; i++ { // children that go on after the fake, in its process group
			started(false)
		}
	})},
	"flood-stdout": {when: nth(2), act: func(*state) bool {
		chunk := bytes.Repeat([]byte("x"), 1<<16) // bytes without end and without a newline
		for {
			if _, err := os.Stdout.Write(chunk); err != nil {
				os.Exit(1)
			}
		}
	}},
	"deaf":         {when: nth(2), act: hang}, // stops reading its input and never answers
	"answer-twice": {line: func(_ *state, b []byte) []byte { return append(append(b, '\n'), b...) }},
	"padded":       {line: padded},
	// Writes the members of an answer in upper case, "ID"; adds an error
	// to every answer that has a result.
	"upper-case": {when: notHello, line: func(_ *state, b []byte) []byte {
		for _, m := range []string{"id", "value", "code", "squares", "violation", "violations", "error"} {
			b = bytes.Replace(b, []byte(`"`+m+`":`), []byte(`"`+strings.ToUpper(m)+`":`), 1)
		}
		return b
	}},
	"result-and-error": {when: func(st *state) bool { return st.resp.Error == nil && notHello(st) },
		line: func(_ *state, b []byte) []byte { return append(b[:len(b)-1], `,"error":{"kind":"internal"}}`...) }},
	"escapes": {when: notHello, line: escapes},

	// Faults of text that only long or non-ASCII inputs show, as
	// adapters written from the kit had them (issue 51).
	"c-buffers":  {when: hasPath, act: edits(func(st *state) { st.resp.Error.Field = cutText(cutKeys(st.resp.Error.Field, 250), 511) })},
	"ascii-only": {when: hasPath, act: edits(asciiOnly)},

	// The oneshot fakes: well, crashing (exit status 7), crashing on a
	// truncated code as crash-truncated does, hanging with a child that
	// holds its output, busy, or writing what is not a value.
	"oneshot-ok":    {oneshot: func(string) {}},
	"oneshot-crash": {oneshot: func(string) { os.Exit(7) }},
	"oneshot-crash-truncated": {oneshot: func(code string) {
		if _, err := ref.Decode(code); errors.Is(err, ref.ErrTruncated) {
			os.Exit(101)
		}
	}},
	"oneshot-grandchild": {oneshot: func(string) { started(true); time.Sleep(time.Hour) }},
	"oneshot-busy": {oneshot: func(string) {
		for {
		}
	}},
	"oneshot-garbage": {oneshot: func(string) { fmt.Println("not a value"); os.Exit(0) }},
}

// hasPath reports whether the answer is an error with a path.
func hasPath(st *state) bool { return st.resp.Error != nil && st.resp.Error.Field != "" }

// cutKeys returns the path with each key in brackets (["..."]) cut to
// at most n bytes: as an adapter in C with fixed buffers did, which cut
// each key in an error's path to 250 bytes (its buffer for a key), the
// path to 511 (its buffer for a path, with the NUL), each cut at a
// character's start (cutText). Only names and paths longer than a
// value's own show it.
func cutKeys(path string, n int) string {
	return bracketedKey.ReplaceAllStringFunc(path, func(key string) string {
		return `["` + cutText(key[2:len(key)-2], n) + `"]`
	})
}

// bracketedKey matches a key in brackets in a path, a JSON string.
var bracketedKey = regexp.MustCompile(`\["(?:\\.|[^"\\])*"\]`)

// cutText returns s cut to at most n bytes, at a character's start.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// asciiOnly writes the characters beyond ASCII of an error's path as
// escapes (\u00e9), as a JSON writer that escapes them writes a key.
// Only keys with such characters show it.
func asciiOnly(st *state) {
	var b strings.Builder
	for _, c := range st.resp.Error.Field {
		if c < utf8.RuneSelf {
			b.WriteRune(c)
		} else {
			for _, u := range utf16.Encode([]rune{c}) {
				fmt.Fprintf(&b, "\\u%04x", u)
			}
		}
	}
	st.resp.Error.Field = b.String()
}

// needsHello answers an error to every request before hello, and
// crashes once, on the fourth request, in a run.
func needsHello(st *state) bool {
	switch {
	case !st.greeted:
		*st.resp = protocol.Response{ID: st.req.ID, Error: &spec.ErrorObject{Kind: "internal", Message: "not initialised: no hello"}}
	case st.n == 4 && once(os.Getenv("QF_FAKE_DIR"), "crashed"):
		fmt.Fprintln(os.Stderr, "fake: crashing once, on request 4")
		os.Exit(2)
	}
	return true
}

// escapes answers wrongly with terminal escapes, a forged summary line
// and bytes that are not UTF-8, on standard output and error.
func escapes(st *state, _ []byte) []byte {
	forged := "\x1b[2J\x1b[H\r\ncheck: 965 passed, 0 failed, 0 skipped\x1b]0;pwned\x07"
	text, _ := json.Marshal(forged)
	bad := append([]byte{'"', 0xff, 0xfe}, text[1:]...) // raw bytes that are not UTF-8
	fmt.Fprint(os.Stderr, forged+"\xff\n")
	if st.req.Op == protocol.Decode {
		return []byte(`{"id":` + string(st.req.ID) + `,"value":{"state":` + string(bad) + `,"record":null}}`)
	}
	return []byte(`{"id":` + string(st.req.ID) + `,"value":{"state":` + string(bad) + `,"record":null},` +
		`"error":{"kind":` + string(bad) + `,"message":` + string(text) + `}}`)
}

// padded returns the answer b padded with spaces to QF_FAKE_PAD bytes
// (15 MiB by default): inside the value for a decode answer (whose value
// is the last member), before the closing brace otherwise. It stays
// valid JSON.
func padded(st *state, b []byte) []byte {
	size := 15 << 20
	if s := os.Getenv("QF_FAKE_PAD"); s != "" {
		size, _ = strconv.Atoi(s)
	}
	at := len(b) - 1
	if st.req.Op == protocol.Decode && st.resp.Value != nil {
		at--
	}
	return slices.Concat(b[:at], bytes.Repeat([]byte(" "), max(size-len(b), 0)), b[at:])
}

func fakeDuration(env string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(env)); err == nil {
		return d
	}
	return def
}

// later is set in a process of hello-error-after-first that is not the
// run's first.
var later bool

// once reports whether the marker name did not exist in dir, creating it:
// true the first time in a run, false afterwards.
func once(dir, name string) bool {
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// appendLine appends a line with v to the file path, if it can.
func appendLine(path string, v any) {
	if f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
		fmt.Fprintln(f, v)
		f.Close()
	}
}

// serveOne decodes the code on standard input as the reference does,
// once f.oneshot has run on it.
func (f fake) serveOne() {
	var in bytes.Buffer
	in.ReadFrom(os.Stdin)
	f.oneshot(in.String())
	v, err := ref.Decode(in.String())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
}
