package protocol

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/qf-format/qf-conformance/ref"
)

// MaxLine is the longest request line Serve reads, in bytes. A longer line
// is answered with bad_request and skipped, so that no input can make the
// server hold more than this in memory.
const MaxLine = 16 << 20

// A Handler answers requests. Serve has checked that the request is a JSON
// object with a string "op"; the Handler sets everything but the ID.
type Handler interface {
	Handle(req *Request) *Response
}

// Serve reads requests from r, one per line, and writes one response line
// per request line to w, in order, flushing after each. A line that is not
// a JSON object with a string "op" is answered with a bad_request error and
// an ID of null (or the line's "id" when it has one). Serve returns nil at
// the end of r, or the first error reading r or writing w.
func Serve(r io.Reader, w io.Writer, h Handler) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriter(w)
	for {
		line, err := ReadLine(in, MaxLine)
		if err == io.EOF {
			return nil
		}
		if err != nil && !errors.Is(err, ErrLineTooLong) {
			return err
		}
		if err := write(out, answer(line, err, h)); err != nil {
			return err
		}
	}
}

var null = json.RawMessage("null")

// ErrLineTooLong is ReadLine's error for a line longer than its limit.
var ErrLineTooLong = errors.New("protocol: line too long")

// write writes resp as one line and flushes it. The JSON is not
// HTML-escaped, so that an ID comes back as it was given: "&" stays "&".
func write(out *bufio.Writer, resp *Response) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(resp) != nil {
		// Only an ID that is not valid JSON can get here; answer without it.
		b.Reset()
		enc.Encode(&Response{ID: null, Error: &ref.ErrorObject{Kind: KindBadRequest}})
	}
	out.Write(b.Bytes()) // Encode ends the line
	return out.Flush()
}

func answer(line []byte, readErr error, h Handler) *Response {
	if readErr != nil {
		return badRequest(null, "request line longer than the limit")
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(line, &members) != nil || members == nil {
		return badRequest(null, "not a JSON object")
	}
	id := members["id"]
	if id == nil {
		id = null
	}
	var req Request
	if json.Unmarshal(line, &req) != nil || req.Op == "" {
		return badRequest(id, `not a request: "op" must be a string, and the members of an op their types`)
	}
	resp := h.Handle(&req)
	resp.ID = id
	return resp
}

func badRequest(id json.RawMessage, why string) *Response {
	return &Response{ID: id, Error: &ref.ErrorObject{Kind: KindBadRequest, Message: "protocol: " + why}}
}

// ReadLine returns the next line of r without its line ending ("\n" or
// "\r\n"); a last line without one counts. It returns io.EOF only when
// nothing is left, and ErrLineTooLong, after skipping the rest of the line,
// for a line longer than limit bytes: it never holds more than that.
func ReadLine(r *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > limit {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, ErrLineTooLong
		}
		line = append(line, chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(line) == 0:
			return nil, io.EOF
		case err != nil && err != io.EOF:
			return nil, err
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		return bytes.TrimSuffix(line, []byte("\r")), nil
	}
}
