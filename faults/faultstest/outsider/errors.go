package outsider

import (
	"strconv"

	"github.com/qf-format/qf-conformance/spec"
)

// The error kinds of spec/qf.md, "Errors".
const (
	kindInvalidCharacter = "invalid_character"
	kindTruncated        = "truncated"
	kindOutOfRange       = "out_of_range"
	kindTrailingData     = "trailing_data"
	kindNonzeroPadding   = "nonzero_padding"
	kindMalformed        = "malformed"
)

// A codeError is an error of decoding or encoding: an error object of
// spec/qf.md, "Errors". Bit and Char are -1 when absent. Message says
// what is wrong, without the position, which object puts in front.
type codeError struct {
	Kind    string
	Bit     int
	Char    int
	Field   string
	Message string
}

// object returns e as the protocol's error object.
func (e *codeError) object() *spec.ErrorObject {
	o := &spec.ErrorObject{Kind: e.Kind, Field: e.Field}
	msg := "outsider: "
	at := func(name string, offset int) *int { // an offset, or nil for -1
		if offset < 0 {
			return nil
		}
		msg += name + " " + strconv.Itoa(offset) + ": "
		return &offset
	}
	o.Bit, o.Char = at("bit", e.Bit), at("char", e.Char)
	o.Message = msg + e.Message
	return o
}

// atBit returns an error at a bit offset, with a field.
func atBit(kind string, bit int, field, message string) *codeError {
	return &codeError{Kind: kind, Bit: bit, Char: -1, Field: field, Message: message}
}

// atChar returns an error at a character offset, without a field.
func atChar(kind string, char int, message string) *codeError {
	return &codeError{Kind: kind, Bit: -1, Char: char, Message: message}
}

// inValue returns an encoding error: no offset, the field given (a path
// as spec/qf.md, "Errors" writes it, or "" for none).
func inValue(kind, field, message string) *codeError {
	return &codeError{Kind: kind, Bit: -1, Char: -1, Field: field, Message: message}
}
