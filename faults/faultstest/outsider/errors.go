package outsider

import "github.com/qf-format/qf-conformance/spec"

// The error kinds of spec/qf.md, "Errors".
const (
	kindInvalidCharacter = "invalid_character"
	kindTruncated        = "truncated"
	kindOutOfRange       = "out_of_range"
	kindTrailingData     = "trailing_data"
	kindNonzeroPadding   = "nonzero_padding"
	kindMalformed        = "malformed"
)

// The errors of decoding and encoding are the protocol's error objects
// (spec/qf.md, "Errors"). Their Message says what is wrong, without the
// position, which handler.failed puts in front.

// atBit returns an error at a bit offset, with a field.
func atBit(kind string, bit int, field, message string) *spec.ErrorObject {
	return &spec.ErrorObject{Kind: kind, Bit: &bit, Field: field, Message: message}
}

// atChar returns an error at a character offset, without a field.
func atChar(kind string, char int, message string) *spec.ErrorObject {
	return &spec.ErrorObject{Kind: kind, Char: &char, Message: message}
}

// inValue returns an encoding error: no offset, the field given (a path
// as spec/qf.md, "Errors" writes it, or "" for none).
func inValue(kind, field, message string) *spec.ErrorObject {
	return &spec.ErrorObject{Kind: kind, Field: field, Message: message}
}
