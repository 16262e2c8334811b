package protocol

import (
	"bytes"
	"sync"

	"github.com/go-json-experiment/json/jsontext"
)

// A lineDecoder reads the JSON of one line. Decoders are pooled, so that
// parsing a line allocates neither a decoder nor its state: a run of qf
// fuzz parses two lines a case.
type lineDecoder struct {
	jsontext.Decoder
	buf bytes.Buffer
}

var lineDecoders = sync.Pool{New: func() any { return new(lineDecoder) }}

// requestOptions are ParseRequest's: it reports duplicate names and
// invalid UTF-8 itself, with the request's id.
var requestOptions = []jsontext.Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}

// newLineDecoder returns a decoder of line, which it reads in place; free
// returns it to the pool.
func newLineDecoder(line []byte, opts ...jsontext.Options) *lineDecoder {
	d := lineDecoders.Get().(*lineDecoder)
	d.buf = *bytes.NewBuffer(line)
	d.Reset(&d.buf, opts...)
	return d
}

// free returns d to the pool, holding on to no line.
func (d *lineDecoder) free() {
	d.buf = bytes.Buffer{}
	d.Reset(&d.buf)
	lineDecoders.Put(d)
}
