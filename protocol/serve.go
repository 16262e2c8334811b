package protocol

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"

	"github.com/qf-format/qf-conformance/spec"
)

// MaxLine is the longest request line Serve reads, in bytes, not counting
// its line end. A longer line is answered with bad_request and skipped.
// Serve reuses one buffer for every line, so that no input makes it hold
// more than this and what one request costs.
const MaxLine = 16 << 20

// A Handler answers requests. Serve has checked that the request is a JSON
// object with a string "op" (ParseRequest); the Handler sets everything
// but the ID, its raw members (Value, Violation) to JSON, which Serve
// writes as they are unless they hold spaces. The request's ID, Code and
// Value are valid only until Handle returns.
type Handler interface {
	Handle(req *Request) *Response
}

// Serve reads requests from r, one per line, and writes one response line
// per request line to w, in order. It flushes its output whenever it has
// no whole request line left to read without waiting, so that a client
// that sends one request and waits gets its answer, and once it holds 4
// KiB of answers, so that one that sends many gets their answers in few
// writes, the first of them while the rest are answered. A line that is not a request
// (ParseRequest) is answered with bad_request. Serve returns nil at the
// end of r, or the first error reading r or writing w. A panic in h goes
// on up once the answers before it are written.
func Serve(r io.Reader, w io.Writer, h Handler) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriterSize(w, 64<<10)
	var buf []byte
	var enc encoder
	defer func() {
		if r := recover(); r != nil {
			out.Flush() // the answers before the one that panicked, as if each had been flushed
			panic(r)
		}
	}()
	for {
		line, err := ReadLine(in, buf, MaxLine)
		if err == io.EOF {
			return nil
		}
		if err != nil && !errors.Is(err, ErrLineTooLong) {
			return err
		}
		buf = line
		var resp *Response
		if err != nil {
			resp = badRequest(null, "request line longer than the limit")
		} else {
			resp = answer(line, h)
		}
		out.Write(enc.line(resp))
		if out.Buffered() >= flushAt || !lineBuffered(in) {
			if err := out.Flush(); err != nil {
				return err
			}
		}
	}
}

// flushAt is how many bytes of answers Serve holds once it writes them,
// though more requests wait to be read: a client that sent
// many reads the first answers while the rest are answered, rather than
// all of them at once, after all were answered.
const flushAt = 4 << 10

// lineBuffered reports whether in holds a whole line, to be read without
// waiting.
func lineBuffered(in *bufio.Reader) bool {
	b, _ := in.Peek(in.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}

// ErrLineTooLong is ReadLine's error for a line longer than its limit.
var ErrLineTooLong = errors.New("protocol: line too long")

// An encoder writes responses as lines of JSON into one buffer, reused.
// The JSON is not HTML-escaped, so that an ID comes back as it was given:
// "&" stays "&".
type encoder struct {
	b []byte
}

// line returns resp as one line of JSON, valid until the next call.
func (e *encoder) line(resp *Response) []byte {
	b, err := resp.appendJSON(e.b[:0])
	if err != nil {
		// Only a raw member with spaces that is not JSON gets here.
		b, _ = (&Response{ID: null, Error: &spec.ErrorObject{Kind: KindBadRequest}}).appendJSON(e.b[:0])
	}
	e.b = append(b, '\n')
	return e.b
}

func answer(line []byte, h Handler) *Response {
	req, bad := ParseRequest(line)
	if bad != nil {
		return bad
	}
	resp := h.Handle(req)
	resp.ID = req.ID
	if resp.ID == nil {
		resp.ID = null
	}
	return resp
}

// grow returns line with room for n more bytes: its capacity at least
// doubled when it must grow, and once past half of most, most (so that no
// line reallocates on its last bytes). append alone grows a large slice by
// a quarter at a time: reading a line of 16 MB, the most a flooding
// implementation sends before it is refused, allocated 97 MB on its way
// with append alone, 24 MB so (TestReadLineAllocation).
func grow(line []byte, n, most int) []byte {
	if len(line)+n <= cap(line) {
		return line
	}
	c := max(2*cap(line), len(line)+n)
	if c > most/2 {
		c = most
	}
	return slices.Grow(line, c-len(line))
}

func badRequest(id json.RawMessage, why string) *Response {
	return &Response{ID: id, Error: &spec.ErrorObject{Kind: KindBadRequest, Message: "protocol: " + why}}
}

// ReadLine reads the next line of r into buf, growing it as needed, and
// returns it without its line end, "\n" or "\r\n"; a last line without one
// counts. Pass the returned slice back as buf to reuse its memory. It
// returns io.EOF only when nothing is left, and ErrLineTooLong, after
// reading past the rest of the line, for a line of more than limit bytes
// (its end not counted): it never holds more than limit+2 bytes. An error
// reading r (a deadline, say) is returned as it is, the line unfinished.
func ReadLine(r *bufio.Reader, buf []byte, limit int) ([]byte, error) {
	line := buf[:0]
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > limit+2 {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return line[:0], err
			}
			return line[:0], ErrLineTooLong
		}
		line = append(grow(line, len(chunk), limit+2), chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(line) == 0:
			return line, io.EOF
		case err != nil && err != io.EOF:
			return line, err
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) > limit {
			return line[:0], ErrLineTooLong
		}
		return line, nil
	}
}
