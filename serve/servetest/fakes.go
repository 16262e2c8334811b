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
// "serve", "answers" and the oneshot ones) append every line they read,
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

// fakes are this package's implementations, by name: the modes, and
// "normal", the reference served well by a fake's loop; "serve", exactly
// what qf serve runs; "answers", the reference's answers looked up
// (serveAnswers); "exec", another program (execProgram); and the oneshot
// modes, which decode one code.
var fakes = func() map[string]*Implementation {
	impls := map[string]*Implementation{
		"normal":  {Serve: fake{}.serve},
		"serve":   {Serve: func() { gcpace.Relax(); protocol.Serve(os.Stdin, os.Stdout, serve.Reference) }},
		"answers": {Serve: serveAnswers},
		"exec":    {Serve: execProgram}, // another program, its CPU noted
	}
	for name, f := range modes {
		impls[name] = &Implementation{Serve: f.serve}
	}
	for _, name := range []string{"ok", "crash", "crash-truncated", "grandchild", "busy", "garbage"} {
		impls["oneshot-"+name] = &Implementation{Serve: func() { oneshot(name) }}
	}
	for name, impl := range impls {
		impl.Name = name
	}
	return impls
}()

// execProgram runs the program QF_FAKE_EXEC names, its arguments split
// at spaces, on the fake's standard input, output and error, and exits
// as it exits; when QF_FAKE_CPU names a file, it notes there the CPU time
// the program spent, as Main notes a fake's: a benchmark then counts a
// native implementation's CPU apart from its client's.
func execProgram() {
	args := strings.Fields(os.Getenv("QF_FAKE_EXEC"))
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "fake: QF_FAKE_EXEC names no program")
		os.Exit(2)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if name := os.Getenv("QF_FAKE_CPU"); name != "" && cmd.ProcessState != nil {
		if f, ferr := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); ferr == nil {
			fmt.Fprintln(f, (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Microseconds())
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		if cmd.ProcessState != nil && cmd.ProcessState.ExitCode() > 0 {
			os.Exit(cmd.ProcessState.ExitCode())
		}
		os.Exit(2)
	}
}

// A fake answers each request with the reference's answer, and misbehaves
// as its mode's hooks say; a hook left nil does nothing.
type fake struct {
	// start runs before the first line is read.
	start func()
	// answer may change the answer to a request, the nth after hello, or
	// act instead; it returns false when no answer is to be written.
	answer func(f *state, req *protocol.Request, resp *protocol.Response) bool
	// line may change the answer's line as it is written.
	line func(req *protocol.Request, resp *protocol.Response, b []byte) []byte
	// end runs at the end of the input.
	end func()
	// buffered leaves the answers in a buffer until the end of the input,
	// as a program does that never flushes its output; readsAll reads all
	// of its input before it answers any of it.
	buffered, readsAll bool
}

// state is a fake's state as it serves.
type state struct {
	n       int  // requests after hello
	greeted bool // hello was received
	out     *bufio.Writer
}

// serve is the fake's loop: a line read, the reference's answer, the
// hooks, the answer written and flushed.
func (f fake) serve() {
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
		var req protocol.Request
		json.Unmarshal(line, &req)
		if req.Op == protocol.Hello {
			st.greeted = true
		} else {
			st.n++
		}
		resp := serve.Reference.Handle(&req)
		resp.ID = req.ID
		if f.answer != nil && !f.answer(st, &req, resp) {
			continue
		}
		b, _ := json.Marshal(resp)
		if f.line != nil {
			b = f.line(&req, resp, b)
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

// at returns an answer hook that acts on the nth request after hello.
func at(n int, act func(st *state, req *protocol.Request, resp *protocol.Response) bool) func(*state, *protocol.Request, *protocol.Response) bool {
	return func(st *state, req *protocol.Request, resp *protocol.Response) bool {
		return st.n != n || act(st, req, resp)
	}
}

// crash exits with status 3, saying so on standard error.
func crash(st *state, _ *protocol.Request, _ *protocol.Response) bool {
	fmt.Fprintln(os.Stderr, "fake: crashing on request", st.n)
	os.Exit(3)
	return false
}

// hang never returns: only a kill ends the process.
func hang() bool {
	time.Sleep(time.Hour)
	return false
}

// panicked exits as a Rust program that panics does: a message on
// standard error, exit status 101.
func panicked(what string) bool {
	fmt.Fprintf(os.Stderr, "thread 'main' panicked at src/qf.rs:1:1:\nfake: crashing on %s\n", what)
	os.Exit(101)
	return false
}

// hasRecord reports whether a code's second bit, the record flag, is set.
func hasRecord(code string) bool {
	return code != "" && strings.IndexByte(spec.Alphabet, code[0])&0x10 != 0
}

// digest returns the FNV-1a digest of a request's input: its code or its
// value.
func digest(req *protocol.Request) uint32 {
	h := fnv.New32a()
	if req.Code != nil {
		h.Write([]byte(*req.Code))
	}
	h.Write(req.Value)
	return h.Sum32()
}

// hello returns an answer hook that lists ops and profiles in the hello.
func hello(ops, profiles []string) func(*state, *protocol.Request, *protocol.Response) bool {
	return func(_ *state, req *protocol.Request, resp *protocol.Response) bool {
		if req.Op == protocol.Hello {
			resp.Ops, resp.Profiles = ops, profiles
		}
		return true
	}
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
		notePID(dir, child.Process.Pid)
	}
}

// modes are the fakes by name; "normal" is the reference, served well.
var modes = map[string]fake{
	"silent":          {answer: func(*state, *protocol.Request, *protocol.Response) bool { return false }},
	"crash-4th":       {answer: at(4, crash)},
	"crash-every-5th": {answer: at(5, crash)},
	"always-crash": {answer: func(st *state, req *protocol.Request, resp *protocol.Response) bool {
		return st.n < 1 || crash(st, req, resp)
	}},
	"hang-5th": {answer: at(5, func(*state, *protocol.Request, *protocol.Response) bool { time.Sleep(time.Hour); return false })},
	// Hangs on every request of op encode, or on every request after
	// hello; or answers each request after QF_FAKE_DELAY, slowly but
	// well, and hangs on the fourth request of each process, first
	// noting it in QF_FAKE_DIR, a file "hang-PID".
	"hang-encode": {answer: func(_ *state, req *protocol.Request, _ *protocol.Response) bool {
		return req.Op != protocol.Encode || hang()
	}},
	"hang-all": {answer: func(st *state, _ *protocol.Request, _ *protocol.Response) bool { return st.n < 1 || hang() }},
	"slow-hang-4th": {answer: func(st *state, _ *protocol.Request, _ *protocol.Response) bool {
		time.Sleep(fakeDuration("QF_FAKE_DELAY", 20*time.Millisecond))
		return st.n != 4 || !once(os.Getenv("QF_FAKE_DIR"), fmt.Sprintf("hang-%d", os.Getpid())) || hang()
	}},
	// A crash that takes its time, as a panic printing its stack does:
	// QF_FAKE_DELAY, then exit status 3, on the third request.
	"slow-crash-3rd": {answer: at(3, func(st *state, req *protocol.Request, resp *protocol.Response) bool {
		time.Sleep(fakeDuration("QF_FAKE_DELAY", time.Second))
		return crash(st, req, resp)
	})},
	"exit-after-6": {answer: at(7, func(*state, *protocol.Request, *protocol.Response) bool { os.Exit(0); return false })},
	// Crashes on inputs, not on counts, as an implementation that
	// panics on some inputs does (exit status 101, a panic's message):
	// on every code with a record (its second bit set), most of those a
	// run draws; or on one input in a hundred, by a digest of the input.
	"crash-records": {answer: func(_ *state, req *protocol.Request, _ *protocol.Response) bool {
		return req.Code == nil || !hasRecord(*req.Code) || panicked("a record")
	}},
	"crash-1-in-100": {answer: func(_ *state, req *protocol.Request, _ *protocol.Response) bool {
		return req.Op == protocol.Hello || digest(req)%100 != 0 || panicked("one input in a hundred")
	}},
	// On every request whose reference answer is the error truncated, as
	// a decoder that reads past the end of its buffer does; or on every
	// request of op encode, as an adapter does whose encoder is missing.
	"crash-truncated": {answer: func(_ *state, _ *protocol.Request, resp *protocol.Response) bool {
		return resp.Error == nil || resp.Error.Kind != string(ref.ErrTruncated) || panicked("a truncated code")
	}},
	"crash-encode": {answer: func(_ *state, req *protocol.Request, _ *protocol.Response) bool {
		return req.Op != protocol.Encode || panicked("an encode")
	}},
	// Starts once in a run: its first process crashes on its third
	// request, and every later one exits at once, before hello.
	"starts-once": {
		start: func() {
			if !once(os.Getenv("QF_FAKE_DIR"), "started") {
				fmt.Fprintln(os.Stderr, "fake: cannot start again")
				os.Exit(1)
			}
		},
		answer: at(3, crash),
	},
	// Its first process in a run crashes on its third request; every
	// later one answers hello with an error, a line unlike the first's.
	"hello-error-after-first": {
		start:  func() { later = !once(os.Getenv("QF_FAKE_DIR"), "started") },
		answer: helloErrorAfterFirst,
	},
	"exit-3":      {end: func() { os.Exit(3) }},
	"stray-print": {start: func() { fmt.Println("starting up, reading stdin") }},
	"buffered":    {buffered: true},
	"reads-all":   {readsAll: true},
	"garbage-3rd": {answer: at(3, func(st *state, _ *protocol.Request, _ *protocol.Response) bool {
		fmt.Fprintln(st.out, "this is not JSON")
		st.out.Flush()
		return false
	})},
	"wrong-id-2nd": {answer: at(2, func(_ *state, _ *protocol.Request, resp *protocol.Response) bool {
		resp.ID = json.RawMessage("12345")
		return true
	})},
	"float-ids": {answer: func(_ *state, req *protocol.Request, resp *protocol.Response) bool {
		if len(req.ID) > 0 {
			resp.ID = json.RawMessage(string(req.ID) + ".0e0") // the same JSON value
		}
		return true
	}},
	"flood-stderr": {answer: func(*state, *protocol.Request, *protocol.Response) bool {
		os.Stderr.Write(bytes.Repeat([]byte("noise "), 200<<10))
		return true
	}},
	"wrong-answers": {answer: func(_ *state, _ *protocol.Request, resp *protocol.Response) bool {
		if resp.Error != nil && resp.Error.Bit != nil {
			*resp.Error.Bit++ // every bit offset one too far: fails L3, meets L2
		}
		return true
	}},
	"wrong-replay": {answer: func(_ *state, _ *protocol.Request, resp *protocol.Response) bool {
		if resp.Squares != nil && len(*resp.Squares) > 0 {
			*resp.Squares = (*resp.Squares)[:len(*resp.Squares)-1]
		}
		return true
	}},
	"strict-only": {answer: hello([]string{string(protocol.Decode)}, []string{ref.Strict.String()})},
	"misspelled":  {answer: hello([]string{"decode", "Encode", "replays"}, []string{"strict", "Lenient"})}, // names no runner knows
	"no-known-op": {answer: hello([]string{"frobnicate"}, []string{"strict"})},

	// The hostile fakes: correct answers, delivered badly.
	"slow-start": {start: func() { time.Sleep(fakeDuration("QF_FAKE_DELAY", 3*time.Second)) }},
	"busy-5th": {answer: at(5, func(*state, *protocol.Request, *protocol.Response) bool {
		once(os.Getenv("QF_FAKE_DIR"), "busy") // a mark for a test to wait for
		// A busy loop, never answering: only a kill ends it.
		for {
		}
	})},
	"needs-hello": {answer: needsHello},
	"grandchild": {answer: at(3, func(*state, *protocol.Request, *protocol.Response) bool {
		started(true) // a grandchild keeps stdout and stderr open; the parent dies
		os.Exit(1)
		return false
	})},
	"fork": {answer: at(1, func(*state, *protocol.Request, *protocol.Response) bool {
		for i := 0; i < 3; i++ { // children that go on after the fake, in its process group
			started(false)
		}
		return true
	})},
	"flood-stdout": {answer: at(2, func(*state, *protocol.Request, *protocol.Response) bool {
		chunk := bytes.Repeat([]byte("x"), 1<<16) // bytes without end and without a newline
		for {
			if _, err := os.Stdout.Write(chunk); err != nil {
				os.Exit(1)
			}
		}
	})},
	"deaf": {answer: at(2, func(*state, *protocol.Request, *protocol.Response) bool {
		time.Sleep(time.Hour) // stops reading its input and never answers
		return false
	})},
	"answer-twice": {line: func(_ *protocol.Request, _ *protocol.Response, b []byte) []byte {
		return append(append(b, '\n'), b...)
	}},
	"padded": {line: func(req *protocol.Request, resp *protocol.Response, b []byte) []byte {
		pad := 15 << 20
		if s := os.Getenv("QF_FAKE_PAD"); s != "" {
			pad, _ = strconv.Atoi(s)
		}
		return padded(b, pad, req.Op == protocol.Decode && resp.Value != nil)
	}},
	"upper-case":       {line: upperCase},
	"result-and-error": {line: resultAndError},
	"escapes":          {line: escapes},

	// Faults of text that only long or non-ASCII inputs show, as
	// adapters written from the kit had them (issue 51).
	"c-buffers":  {answer: cBuffers},
	"ascii-only": {answer: asciiOnly},
}

// cBuffers answers as an adapter in C with fixed buffers did: each key in
// an error's path cut to 250 bytes (its buffer for a key), the path to
// 511 (its buffer for a path, with the NUL), each cut at a character's
// start. Only names and paths longer than a value's own show it.
func cBuffers(_ *state, _ *protocol.Request, resp *protocol.Response) bool {
	if e := resp.Error; e != nil && e.Field != "" {
		e.Field = cutText(cutKeys(e.Field, 250), 511)
	}
	return true
}

// cutKeys returns the path with each key in brackets (["..."]) cut to
// at most n bytes.
func cutKeys(path string, n int) string {
	var b strings.Builder
	for {
		start := strings.Index(path, `["`)
		if start < 0 {
			b.WriteString(path)
			return b.String()
		}
		start += 2
		end := start
		for end < len(path) && !(path[end] == '"' && end+1 < len(path) && path[end+1] == ']') {
			if path[end] == '\\' {
				end++ // an escaped character, \" among them
			}
			end++
		}
		end = min(end, len(path))
		b.WriteString(path[:start])
		b.WriteString(cutText(path[start:end], n))
		path = path[end:]
	}
}

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

// asciiOnly answers as an implementation that writes the characters
// beyond ASCII of an error's path as escapes (\u00e9, as a JSON writer
// that escapes them writes a key). Only keys with such characters show
// it.
func asciiOnly(_ *state, _ *protocol.Request, resp *protocol.Response) bool {
	e := resp.Error
	if e == nil {
		return true
	}
	var b strings.Builder
	for _, c := range e.Field {
		if c < utf8.RuneSelf {
			b.WriteRune(c)
		} else {
			for _, u := range utf16.Encode([]rune{c}) {
				fmt.Fprintf(&b, "\\u%04x", u)
			}
		}
	}
	e.Field = b.String()
	return true
}

// needsHello answers an error to every request before hello, and
// crashes once, on the fourth request, in a run.
func needsHello(st *state, req *protocol.Request, resp *protocol.Response) bool {
	switch {
	case !st.greeted:
		*resp = protocol.Response{ID: req.ID, Error: &spec.ErrorObject{Kind: "internal", Message: "not initialised: no hello"}}
	case st.n == 4 && once(os.Getenv("QF_FAKE_DIR"), "crashed"):
		fmt.Fprintln(os.Stderr, "fake: crashing once, on request 4")
		os.Exit(2)
	}
	return true
}

// upperCase writes the members of an answer in upper case, "ID".
func upperCase(req *protocol.Request, _ *protocol.Response, b []byte) []byte {
	if req.Op == protocol.Hello {
		return b
	}
	for _, m := range []string{"id", "value", "code", "squares", "violation", "violations", "error"} {
		b = bytes.Replace(b, []byte(`"`+m+`":`), []byte(`"`+strings.ToUpper(m)+`":`), 1)
	}
	return b
}

// resultAndError adds an error to every answer that has a result.
func resultAndError(req *protocol.Request, resp *protocol.Response, b []byte) []byte {
	if resp.Error == nil && req.Op != protocol.Hello {
		b = append(b[:len(b)-1], `,"error":{"kind":"internal"}}`...)
	}
	return b
}

// escapes answers wrongly with terminal escapes, a forged summary line
// and bytes that are not UTF-8, on standard output and error.
func escapes(req *protocol.Request, _ *protocol.Response, b []byte) []byte {
	if req.Op == protocol.Hello {
		return b
	}
	forged := "\x1b[2J\x1b[H\r\ncheck: 965 passed, 0 failed, 0 skipped\x1b]0;pwned\x07"
	text, _ := json.Marshal(forged)
	bad := append([]byte{'"', 0xff, 0xfe}, text[1:]...) // raw bytes that are not UTF-8
	fmt.Fprint(os.Stderr, forged+"\xff\n")
	if req.Op == protocol.Decode {
		return []byte(`{"id":` + string(req.ID) + `,"value":{"state":` + string(bad) + `,"record":null}}`)
	}
	return []byte(`{"id":` + string(req.ID) + `,"value":{"state":` + string(bad) + `,"record":null},` +
		`"error":{"kind":` + string(bad) + `,"message":` + string(text) + `}}`)
}

// padded returns the response b padded with spaces to size bytes: inside
// the value for a decode answer (whose value is the last member), before
// the closing brace otherwise. It stays valid JSON.
func padded(b []byte, size int, inValue bool) []byte {
	at := len(b) - 1
	if inValue {
		at--
	}
	n := max(size-len(b), 0)
	out := make([]byte, 0, len(b)+n)
	out = append(out, b[:at]...)
	out = append(out, bytes.Repeat([]byte(" "), n)...)
	return append(out, b[at:]...)
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

func helloErrorAfterFirst(st *state, req *protocol.Request, resp *protocol.Response) bool {
	if req.Op == protocol.Hello && later {
		*resp = protocol.Response{ID: req.ID, Error: &spec.ErrorObject{Kind: "internal", Message: "not ready"}}
		return true
	}
	return at(3, crash)(st, req, resp)
}

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

// notePID appends pid to the file pids in dir.
func notePID(dir string, pid int) {
	f, err := os.OpenFile(filepath.Join(dir, "pids"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	fmt.Fprintln(f, pid)
	f.Close()
}

// oneshot decodes the code on standard input as the reference does,
// but for what the oneshot mode named does instead.
func oneshot(mode string) {
	var in bytes.Buffer
	in.ReadFrom(os.Stdin)
	switch mode {
	case "crash":
		os.Exit(7)
	case "crash-truncated": // as crash-truncated does
		if _, err := ref.Decode(in.String()); errors.Is(err, ref.ErrTruncated) {
			os.Exit(101)
		}
	case "grandchild": // hangs, and so does a child holding its output
		started(true)
		time.Sleep(time.Hour)
	case "busy":
		for {
		}
	case "garbage":
		fmt.Println("not a value")
		os.Exit(0)
	}
	v, err := ref.Decode(in.String())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
}
