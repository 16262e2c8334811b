// Package fakes holds fake implementations of the conformance protocol,
// for tests: each gives the reference's answers and misbehaves in one way
// that a runner must survive (crash, hang, flood, lie, fork, exit oddly),
// or, for the oneshot modes, decodes one code so. Mode "serve" is qf
// serve's loop with the reference; mode "mutant:NAME" the same loop with
// the faulty implementation NAME of package mutants. A test binary becomes
// the fake named by the environment variable QF_FAKE when its TestMain
// calls Main; the tests then run os.Args[0] as the implementation.
//
// Mode "list-realistic" is no fake: it prints the realistic sets of
// mutants, a line each, their names and faults (fuzzer/testdata/realistic.sh
// reads them).
//
// QF_FAKE_DIR, when set, is a directory where a fake keeps what must
// outlive one process (a crash that happens once) and appends the pid of
// every process it starts to the file "pids", so that a test can check
// that none of them survives the run.
//
// They are also what the runner was measured against: build a test binary
// that calls Main, such as `go test -c ./runner -o fakes`, and run
// `QF_FAKE=MODE ./fakes` (runner/testdata/hostile.sh does).
package fakes

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/qf-format/qf-conformance/internal/mutants"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/spec"
)

// Main runs the fake named by QF_FAKE and exits, when QF_FAKE is set; it
// returns at once otherwise. Call it first in TestMain.
func Main() {
	if mode := os.Getenv("QF_FAKE"); mode != "" {
		run(mode)
		os.Exit(0)
	}
}

// run serves as the fake mode, counting the requests after hello.
func run(mode string) {
	if dir := os.Getenv("QF_FAKE_DIR"); dir != "" {
		notePID(dir, os.Getpid())
	}
	if strings.HasPrefix(mode, "oneshot-") {
		fakeOneshot(mode)
		return
	}
	if mode == "serve" { // exactly what qf serve runs
		protocol.Serve(os.Stdin, os.Stdout, serve.Reference)
		return
	}
	if mode == "list-realistic" { // not a fake: the realistic sets, a line each, "typescript junk-as-zeros ..."
		for _, m := range mutants.Realistic {
			names := []string{m.Name}
			for _, f := range m.Faults {
				names = append(names, f.Name)
			}
			fmt.Println(strings.Join(names, " "))
		}
		return
	}
	if name, ok := strings.CutPrefix(mode, "mutant:"); ok { // a faulty implementation, served well
		m, ok := mutants.Named(name)
		if !ok {
			fmt.Fprintln(os.Stderr, "fake: no mutant", name)
			os.Exit(2)
		}
		protocol.Serve(os.Stdin, os.Stdout, m.Handler())
		return
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	n := 0           // requests after hello
	greeted := false // hello was received
	var pad int      // bytes of padding per answer
	if mode == "padded" {
		pad = 15 << 20
		if s := os.Getenv("QF_FAKE_PAD"); s != "" {
			pad, _ = strconv.Atoi(s)
		}
	}
	if mode == "slow-start" {
		time.Sleep(fakeDuration("QF_FAKE_DELAY", 3*time.Second))
	}
	for {
		line, err := in.ReadBytes('\n')
		if len(line) == 0 && err != nil {
			break
		}
		var req protocol.Request
		json.Unmarshal(line, &req)
		if req.Op == protocol.Hello {
			greeted = true
		} else {
			n++
		}
		resp := serve.Reference.Handle(&req)
		resp.ID = req.ID
		switch {
		case mode == "silent":
			continue
		case mode == "crash-4th" && n == 4, mode == "always-crash" && n >= 1, mode == "crash-every-5th" && n == 5:
			fmt.Fprintln(os.Stderr, "fake: crashing on request", n)
			os.Exit(3)
		case mode == "hang-5th" && n == 5:
			time.Sleep(time.Hour)
		case mode == "exit-after-6" && n == 7:
			os.Exit(0)
		case mode == "garbage-3rd" && n == 3:
			fmt.Fprintln(out, "this is not JSON")
			out.Flush()
			continue
		case mode == "wrong-id-2nd" && n == 2:
			resp.ID = json.RawMessage("12345")
		case mode == "float-ids" && len(req.ID) > 0:
			resp.ID = json.RawMessage(string(req.ID) + ".0e0") // the same JSON value
		case mode == "flood-stderr":
			os.Stderr.Write(bytes.Repeat([]byte("noise "), 200<<10))
		case mode == "wrong-answers" && resp.Error != nil && resp.Error.Bit != nil:
			*resp.Error.Bit++ // every bit offset one too far: fails L3, meets L2
		case mode == "wrong-replay" && resp.Squares != nil && len(*resp.Squares) > 0:
			*resp.Squares = (*resp.Squares)[:len(*resp.Squares)-1]
		case mode == "strict-only" && req.Op == protocol.Hello:
			resp.Ops, resp.Profiles = []string{string(protocol.Decode)}, []string{ref.Strict.String()}
		case mode == "misspelled" && req.Op == protocol.Hello: // names no runner knows
			resp.Ops, resp.Profiles = []string{"decode", "Encode", "replays"}, []string{"strict", "Lenient"}

		// The hostile fakes: correct answers, delivered badly.
		case mode == "busy-5th" && n == 5:
			for { // a busy loop, never answering: only a kill ends it
			}
		case mode == "needs-hello" && !greeted:
			resp = &protocol.Response{ID: req.ID, Error: &spec.ErrorObject{Kind: "internal", Message: "not initialised: no hello"}}
		case mode == "needs-hello" && n == 4 && once(os.Getenv("QF_FAKE_DIR"), "crashed"):
			fmt.Fprintln(os.Stderr, "fake: crashing once, on request 4")
			os.Exit(2)
		case mode == "no-known-op" && req.Op == protocol.Hello:
			resp.Ops, resp.Profiles = []string{"frobnicate"}, []string{"strict"}
		case mode == "grandchild" && n == 3:
			// A grandchild keeps stdout and stderr open; the parent dies.
			child := exec.Command("sleep", "60")
			child.Stdout, child.Stderr = os.Stdout, os.Stderr
			child.Start()
			if dir := os.Getenv("QF_FAKE_DIR"); dir != "" {
				notePID(dir, child.Process.Pid)
			}
			os.Exit(1)
		case mode == "fork" && n == 1:
			// Children that go on after the fake, in its process group.
			for i := 0; i < 3; i++ {
				child := exec.Command("sleep", "60")
				child.Start()
				if dir := os.Getenv("QF_FAKE_DIR"); dir != "" {
					notePID(dir, child.Process.Pid)
				}
			}
		case mode == "flood-stdout" && n == 2:
			// Bytes without end and without a newline.
			chunk := bytes.Repeat([]byte("x"), 1<<16)
			for {
				if _, err := os.Stdout.Write(chunk); err != nil {
					os.Exit(1)
				}
			}
		case mode == "deaf" && n == 2:
			// Stops reading its input and never answers.
			time.Sleep(time.Hour)
		}
		b, _ := json.Marshal(resp)
		switch mode {
		case "answer-twice":
			out.Write(append(b, '\n'))
		case "padded":
			b = padded(b, pad, req.Op == protocol.Decode && resp.Value != nil)
		case "upper-case":
			if req.Op == protocol.Hello {
				break
			}
			b = bytes.Replace(b, []byte(`"id":`), []byte(`"ID":`), 1)
			for _, m := range []string{"value", "code", "squares", "violation", "violations", "error"} {
				b = bytes.Replace(b, []byte(`"`+m+`":`), []byte(`"`+strings.ToUpper(m)+`":`), 1)
			}
		case "result-and-error":
			if resp.Error == nil && req.Op != protocol.Hello {
				b = append(b[:len(b)-1], `,"error":{"kind":"internal"}}`...)
			}
		case "escapes":
			// Wrong answers full of terminal escapes, a forged summary line
			// and bytes that are not UTF-8, on stdout and stderr.
			if req.Op != protocol.Hello {
				forged := "\x1b[2J\x1b[H\r\ncheck: 965 passed, 0 failed, 0 skipped\x1b]0;pwned\x07"
				text, _ := json.Marshal(forged)
				bad := append([]byte{'"', 0xff, 0xfe}, text[1:]...) // raw bytes that are not UTF-8
				b = []byte(`{"id":` + string(req.ID) + `,"value":{"state":` + string(bad) + `,"record":null},` +
					`"error":{"kind":` + string(bad) + `,"message":` + string(text) + `}}`)
				if req.Op == protocol.Decode {
					b = []byte(`{"id":` + string(req.ID) + `,"value":{"state":` + string(bad) + `,"record":null}}`)
				}
				fmt.Fprint(os.Stderr, forged+"\xff\n")
			}
		}
		out.Write(append(b, '\n'))
		out.Flush()
	}
	if mode == "exit-3" {
		os.Exit(3)
	}
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

func fakeOneshot(mode string) {
	var in bytes.Buffer
	in.ReadFrom(os.Stdin)
	switch mode {
	case "oneshot-crash":
		os.Exit(7)
	case "oneshot-grandchild": // hangs, and so does a child holding its stdout
		child := exec.Command("sleep", "60")
		child.Stdout = os.Stdout
		child.Start()
		if dir := os.Getenv("QF_FAKE_DIR"); dir != "" {
			notePID(dir, child.Process.Pid)
		}
		time.Sleep(time.Hour)
	case "oneshot-busy":
		for {
		}
	case "oneshot-garbage":
		fmt.Println("not a value")
		os.Exit(0)
	case "oneshot-slow":
		time.Sleep(fakeDuration("QF_FAKE_DELAY", time.Second))
	}
	v, err := ref.Decode(in.String())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
}
