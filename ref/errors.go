package ref

import (
	"strconv"

	"github.com/qf-format/qf-conformance/spec"
)

// An ErrorKind is the kind of an Error, named as in the error objects of
// spec/qf.md section "Errors". The kinds are comparable constants, usable
// with errors.Is:
//
//	if errors.Is(err, ref.ErrTruncated) { ... }
type ErrorKind string

// Error returns the kind's name.
func (k ErrorKind) Error() string { return string(k) }

// Decoding errors, in the order of their precedence (spec/qf.md section
// "Errors"): characters are checked first, then the fields in layout order,
// then the characters after the last field, then the padding bits.
const (
	ErrInvalidCharacter ErrorKind = "invalid_character" // a character outside A-Z a-z 0-9 + /
	ErrTruncated        ErrorKind = "truncated"         // a field runs past the last bit
	ErrOutOfRange       ErrorKind = "out_of_range"      // a value outside its field's range
	ErrTrailingData     ErrorKind = "trailing_data"     // characters after the last field's
	ErrNonzeroPadding   ErrorKind = "nonzero_padding"   // a 1 among the padding bits
)

// ErrMalformed is the encoding error for JSON that is not a value of the
// canonical shape. Encoding a value that has the shape but not the ranges
// is ErrOutOfRange.
const ErrMalformed ErrorKind = "malformed"

// Unit is the unit of an Error's offset.
type Unit uint8

// The units of an offset. NoOffset is for errors that have no position:
// the encoding errors.
const (
	NoOffset Unit = iota
	Bit           // bits from the start of the code, its first bit being 0
	Char          // bytes from the start of the input, its first byte being 0
)

// An Error is a code that cannot be decoded, or a value that cannot be
// encoded. Unwrap returns the Kind, so errors.Is(err, ErrTruncated) works.
type Error struct {
	Kind   ErrorKind
	Unit   Unit   // the unit of Offset
	Offset int    // the position of the fault
	Field  string // the field's path, such as "state.walls.white.h.count"; "" if none
	Detail string // what is wrong, in words
}

// Error returns the message, such as
// "ref: bit 16: white horizontal wall count 12 out of range 0-10".
func (e *Error) Error() string {
	switch e.Unit {
	case Bit:
		return "ref: bit " + strconv.Itoa(e.Offset) + ": " + e.Detail
	case Char:
		return "ref: char " + strconv.Itoa(e.Offset) + ": " + e.Detail
	}
	return "ref: " + e.Detail
}

// Unwrap returns e.Kind.
func (e *Error) Unwrap() error { return e.Kind }

// Object returns e as an error object, spec.ErrorObject, with its
// message.
func (e *Error) Object() *spec.ErrorObject {
	obj := &spec.ErrorObject{Kind: string(e.Kind), Field: e.Field, Message: e.Error()}
	offset := e.Offset
	switch e.Unit {
	case Bit:
		obj.Bit = &offset
	case Char:
		obj.Char = &offset
	}
	return obj
}

// plural returns one for a count of 1, and one with an s otherwise: the
// units of the messages ("1 bit", "2 characters").
func plural(n int, one string) string {
	if n == 1 {
		return one
	}
	return one + "s"
}
