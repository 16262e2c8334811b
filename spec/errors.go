package spec

import "strconv"

// An ErrorObject is an error as JSON, the error object of qf.md section
// "Errors": {"kind": ..., "bit" or "char": ..., "field": ..., "message":
// ...}, Bit and Char nil when absent. It is the form in which the
// reference reports errors (ref.Error's Object), test vectors expect them
// and other implementations answer with them through the conformance
// protocol, so its Kind may be any string.
type ErrorObject struct {
	Kind    string `json:"kind"`
	Bit     *int   `json:"bit,omitempty"`
	Char    *int   `json:"char,omitempty"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message,omitempty"`
}

// String says the error in words, as the reports show it: its kind, its
// offset and its field, "truncated at bit 34 (state.turn)", "invalid_character
// at char 0", "malformed (record.moves[0].kind)". A kind that is not a
// word of lower-case letters and underscores is quoted. The message is
// left out.
func (e *ErrorObject) String() string {
	s := strconv.Quote(e.Kind)
	if isKindName(e.Kind) {
		s = e.Kind
	}
	if p := e.Position(); p != "" {
		s += " " + p
	}
	return s
}

// Position says where the error is: "at bit 34 (state.turn)", "at char
// 0", "(state.turn)" for a field without an offset, "" for neither.
func (e *ErrorObject) Position() string {
	var s string
	switch {
	case e.Bit != nil:
		s = "at bit " + strconv.Itoa(*e.Bit)
	case e.Char != nil:
		s = "at char " + strconv.Itoa(*e.Char)
	}
	if e.Field != "" {
		if s != "" {
			s += " "
		}
		s += "(" + e.Field + ")"
	}
	return s
}

// HasOffset reports whether the error has an offset, a bit or a char.
func (e *ErrorObject) HasOffset() bool { return e.Bit != nil || e.Char != nil }

// SameOffset reports whether e and f have the same offsets: the same bit
// or none, and the same char or none.
func (e *ErrorObject) SameOffset(f *ErrorObject) bool {
	return sameInt(e.Bit, f.Bit) && sameInt(e.Char, f.Char)
}

// Equal reports whether e and f are the same error: the same kind,
// offsets and field. Their messages, free text, are not compared.
func (e *ErrorObject) Equal(f *ErrorObject) bool {
	if e == nil || f == nil {
		return e == f
	}
	return e.Kind == f.Kind && e.SameOffset(f) && e.Field == f.Field
}

// sameInt reports whether a and b are both absent, or both the same.
func sameInt(a, b *int) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// isKindName reports whether kind reads well unquoted: lower-case letters
// and underscores.
func isKindName(kind string) bool {
	for i := 0; i < len(kind); i++ {
		if c := kind[i]; !('a' <= c && c <= 'z' || c == '_') {
			return false
		}
	}
	return kind != ""
}

// An ErrorRule is spec/qf.md's rule of one kind of error, in the words a
// report's fix says: where its error object puts it (section Errors),
// what a strict decoder refuses with it, and the sections that say so;
// for out_of_range and malformed, what an encoder refuses with it too.
type ErrorRule struct {
	Reported string
	Refuse   string
	Sections []string
	Encoder  string
}

// ErrorRules holds the rule of each kind of error, by its name.
var ErrorRules = map[string]ErrorRule{
	"invalid_character": {"at char, the byte offset of the first byte outside the alphabet, with no field",
		"strictly, refuse a byte outside A-Z a-z 0-9 + / with invalid_character at its byte offset; nothing is skipped (spec/qf.md Strict decoding)",
		[]string{"Strict decoding", "Characters"}, ""},
	"truncated": {"at bit, the first bit of the field that runs past the end, with its path",
		"refuse a field that runs past the last bit with truncated at the field's first bit, naming it; nothing is zero-filled (spec/qf.md Strict decoding)",
		[]string{"Strict decoding"}, ""},
	"out_of_range": {"decoding, at bit, the field's first bit, with its path; encoding, with no offset, naming the field",
		"refuse a square above 80 or a wall count above 10 with out_of_range at the field's first bit (spec/qf.md Strict decoding)",
		[]string{"Strict decoding", "Layout"},
		"refuse any value outside its field's range with out_of_range naming the field, never mask, spill or wrap it (spec/qf.md Encoding)"},
	"trailing_data": {"at char, the offset of the first extra character, with no field",
		"strictly, refuse characters beyond ceil(bits/6) with trailing_data at the first of them (spec/qf.md Strict decoding)",
		[]string{"Strict decoding"}, ""},
	"nonzero_padding": {"at bit, the first padding bit, with no field",
		"strictly, refuse a 1 among the padding bits with nonzero_padding at the first padding bit (spec/qf.md Strict decoding)",
		[]string{"Strict decoding"}, ""},
	"malformed": {"with no offset, naming the path when there is one", "", nil,
		"refuse JSON that is not a canonical value with malformed, naming its path (spec/qf.md Canonical JSON)"},
}
