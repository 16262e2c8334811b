package generative

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/suite"
)

// benchPrograms are the implementations of this package's benchmarks of
// qf's own cost, served by TestMain: "answers", the reference's answers
// looked up (serveAnswers), and "exec", another program (execProgram).
var benchPrograms = []*servetest.Implementation{
	{Name: "answers", Serve: serveAnswers},
	{Name: "exec", Serve: execProgram},
}

// execProgram runs the program QF_FAKE_EXEC names, its arguments split
// at spaces, on standard input, output and error, and exits as it exits;
// the CPU time it spent is in what servetest.Main notes in QF_FAKE_CPU
// (its children's, waited for, included): a benchmark then counts a
// native implementation's CPU apart from its client's.
func execProgram() {
	args := strings.Fields(os.Getenv("QF_FAKE_EXEC"))
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "fake: QF_FAKE_EXEC names no program")
		os.Exit(2)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		if cmd.ProcessState != nil && cmd.ProcessState.ExitCode() > 0 {
			os.Exit(cmd.ProcessState.ExitCode())
		}
		os.Exit(2)
	}
}

// writeAnswers writes the reference's answers to the requests of a run of
// n cases from seed against an implementation that agrees with the
// reference, for the program "answers" to read from the file
// QF_FAKE_ANSWERS, and returns the file's name: two lines a request, the
// request without its id and its answer after the id, as
// protocol.AppendAnswer writes it. A request whose answer AppendAnswer
// does not write is left out.
func writeAnswers(b *testing.B, seed uint64, n int) string {
	seeds, err := seedBatches(suite.Categories, nil, suite.L3)
	if err != nil {
		b.Fatal(err)
	}
	var reqs []*protocol.Request
	for _, s := range seeds {
		reqs = append(reqs, s.reqs...)
	}
	r := gen.NewRand(seed).WithLongInputs() // as the run draws
	for len(reqs) < n {
		reqs = append(reqs, draw(r, suite.Categories, min(batchSize, n-len(reqs)), nil).reqs...)
	}
	var out bytes.Buffer
	for _, req := range reqs {
		asked := *req
		asked.ID = nil
		line, err := asked.AppendJSON(nil)
		if err != nil {
			b.Fatal(err)
		}
		answer, ok := serve.Reference.Handle(req).AppendAnswer(nil)
		if !ok || bytes.IndexByte(line, '\n') >= 0 {
			continue
		}
		out.Write(append(line[1:], '\n')) // what follows the id and its comma
		out.Write(append(answer, '\n'))
	}
	name := filepath.Join(b.TempDir(), "answers")
	if err := os.WriteFile(name, out.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return name
}

// serveAnswers answers as a native implementation at its fastest would:
// each request that the file QF_FAKE_ANSWERS holds, with the answer it
// holds, by a lookup; any other request (hello, say) with the reference.
// What it costs itself is next to nothing: what a client spends on each
// case shows against it. QF_FAKE_STYLE=messages words its errors'
// messages its own way, as any implementation but the
// reference does; QF_FAKE_STYLE=bare writes its errors with no message,
// as many an implementation does (the protocol's is optional);
// QF_FAKE_STYLE=spaced writes its answers' JSON as
// Python's json.dumps does by default, a space after each comma and
// colon. None changes what the protocol grades.
// QF_FAKE_FLUSH=line writes each answer as it is made, a write a line, as
// Rust's standard output and Python's print(..., flush=True) do; by
// default it writes once no whole request is left to read.
// QF_FAKE_WORK=D (8us, say) spends D of CPU on each request before it
// answers, as an implementation that decodes and encodes does.
func serveAnswers() {
	data, err := os.ReadFile(os.Getenv("QF_FAKE_ANSWERS"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		os.Exit(2)
	}
	lines := bytes.Split(data, []byte("\n"))
	work, _ := time.ParseDuration(os.Getenv("QF_FAKE_WORK"))
	style, eachLine := os.Getenv("QF_FAKE_STYLE"), os.Getenv("QF_FAKE_FLUSH") == "line"
	answers := make(map[string][]byte, len(lines)/2)
	for i := 0; i+1 < len(lines); i += 2 {
		answer := lines[i+1]
		if restyle := styles[style]; restyle != nil {
			answer = restyle(answer)
		}
		answers[string(lines[i])] = answer
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	var buf []byte
	for {
		line, err := protocol.ReadLine(in, buf, protocol.MaxLine)
		if err != nil {
			break
		}
		buf = line
		for start := time.Now(); time.Since(start) < work; {
			// the work of an implementation slower than a lookup
		}
		// A request that starts with its id, {"id":7,..., is looked up by
		// what follows the id's comma.
		rest, ok := bytes.CutPrefix(line, []byte(`{"id":`))
		id, rest, found := bytes.Cut(rest, []byte(","))
		if answer, known := answers[string(rest)]; ok && found && known {
			out.WriteString(`{"id":`)
			out.Write(id)
			out.Write(answer)
		} else {
			var req protocol.Request
			json.Unmarshal(line, &req)
			resp := serve.Reference.Handle(&req)
			resp.ID = req.ID
			b, _ := json.Marshal(resp)
			out.Write(b)
		}
		out.WriteByte('\n')
		if peek, _ := in.Peek(in.Buffered()); eachLine || bytes.IndexByte(peek, '\n') < 0 {
			out.Flush()
		}
	}
	out.Flush()
}

// styles are the ways of writing an answer of the reference's, as
// writeAnswers writes it, that QF_FAKE_STYLE names: its error's
// message, if it has one, another ("messages": an implementation written
// apart words its messages its own way, and the protocol grades none of
// them) or left out ("bare"); or a space after each comma and colon
// between members and items ("spaced"; and, rarely, inside a message,
// which the protocol does not grade).
var styles = map[string]func(answer []byte) []byte{
	"messages": func(answer []byte) []byte {
		return message(answer, `,"message":"rejected by another implementation"}}`)
	},
	"bare": func(answer []byte) []byte { return message(answer, "}}") },
	"spaced": func(answer []byte) []byte {
		answer = bytes.ReplaceAll(answer, []byte(`,`), []byte(`, `))
		return bytes.ReplaceAll(answer, []byte(`":`), []byte(`": `))
	},
}

// message returns the answer with its error's message, if it has one,
// and what follows it, made end.
func message(answer []byte, end string) []byte {
	i := bytes.LastIndex(answer, []byte(`,"message":`))
	if i < 0 || !bytes.HasSuffix(answer, []byte("}}")) {
		return answer
	}
	return append(answer[:i:i], end...)
}
