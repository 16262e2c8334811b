package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
)

const encodeSynopsis = `[FILE]

Reads JSON values of spec/qf.md's canonical shape from FILE, or standard
input, one after another (one per line, or spread over lines), and prints
the code of each, one per line. A value the encoder refuses (out_of_range,
malformed) is reported on standard error with its number and field, and
the others are still encoded; text that is not JSON ends the run with its
line and column.

Exit status 1 when a value is refused or the text is not JSON.`

func runEncode(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("encode", encodeSynopsis, stdout, stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return errUsage
	}
	in, name := stdin, "stdin"
	if fs.NArg() == 1 {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "qf encode: %v\n", err)
			return errUsage
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	lines := &lineCounter{r: in}
	// Names may repeat, for the encoder to call malformed, and so may
	// bytes that are not UTF-8 inside strings be read, for it to refuse.
	dec := jsontext.NewDecoder(lines, jsontext.AllowDuplicateNames(true))
	failed := false
	for n := 1; ; n++ {
		raw, err := dec.ReadValue()
		if err == io.EOF {
			break
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "qf encode: %s: %s\n", name, lines.position(err, dec.InputOffset()))
			return errReported
		}
		var v ref.Value
		err = v.UnmarshalJSON(raw)
		var code string
		if err == nil {
			code, err = ref.Encode(&v)
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "qf encode: %s: value %d: %s\n", name, n, term.Printable(refusal(err), false))
			failed = true
			continue
		}
		fmt.Fprintln(out, code)
	}
	if failed {
		return errReported
	}
	return nil
}

// refusal says why the encoder refused a value, naming the field: an
// out_of_range error's message names the field in words ("white square
// 81"), and its path follows ("(field state.white)"); a malformed one's
// message has its path already.
func refusal(err error) string {
	msg := err.Error()
	var e *ref.Error
	if errors.As(err, &e) && e.Field != "" && !strings.Contains(msg, e.Field) {
		msg += " (field " + e.Field + ")"
	}
	return msg
}

// A lineCounter reads from r, noting where lines start, so that an offset
// in what it read can be told as a line and column.
type lineCounter struct {
	r      io.Reader
	read   int64
	starts []int64 // the offsets of the lines after the first
}

func (l *lineCounter) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for i, b := range p[:n] {
		if b == '\n' {
			l.starts = append(l.starts, l.read+int64(i)+1)
		}
	}
	l.read += int64(n)
	return n, err
}

// position says where a syntax error of the JSON text is: "line 3,
// column 7: invalid character 'x' ...", its columns counted in bytes from
// 1; after the offset given when the error has none.
func (l *lineCounter) position(err error, offset int64) string {
	what := err.Error()
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		offset, what = se.ByteOffset, se.Err.Error()
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		what = "the text ends inside a value"
	}
	line, start := 1, int64(0)
	for _, s := range l.starts {
		if s > offset {
			break
		}
		line, start = line+1, s
	}
	return fmt.Sprintf("line %d, column %d: not JSON: %s", line, offset-start+1, term.Printable(what, false))
}
