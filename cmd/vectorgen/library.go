package main

import (
	"fmt"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
)

// addStrictLibrary adds what a decoder built on a Base64 library lets
// through: '=' padding in every shape such a library accepts (one or two
// '=' making the length a multiple of 4, after a State, a Record, both or
// neither), and CR and LF, which such libraries skip, inside and at the
// end. Strictly each is invalid_character.
func addStrictLibrary(s *builder) {
	oneWall := initialWith(func(st *ref.State) { st.Walls.White.H = []int{18} })
	for _, c := range []struct {
		id, what string
		v        *ref.Value
	}{
		{"neither", "flags 00 and a character", nil},
		{"record", "a record of 0 moves", &ref.Value{Record: &ref.Record{}}},
		{"record-one-move", "a record of one pawn move", game(nil, "N")},
		{"state-two-walls", "a State with 2 walls", &ref.Value{State: initialWith(func(st *ref.State) { st.Walls.White.H = []int{0, 18} })}},
		{"state-three-walls", "a State with 3 walls", &ref.Value{State: initialWith(func(st *ref.State) { st.Walls.White.H = []int{0, 18, 36} })}},
		{"state-and-record", "a State with a wall and a record of 0 moves", &ref.Value{State: oneWall, Record: &ref.Record{}}},
		{"state-and-one-move", "a State with a wall and a record of one pawn move", game(oneWall, "S")},
	} {
		code := "AA"
		if c.v != nil {
			code = mustEncode(c.v)
		}
		pad := (4 - len(code)%4) % 4
		if pad == 0 || pad == 3 {
			s.failf("base64-padding-%s: %s has %d characters: no padding makes it a multiple of 4", c.id, code, len(code))
			continue
		}
		s.decode("base64-padding-"+c.id, fmt.Sprintf("%s (%s), padded with %d '=' to a multiple of 4, as standard Base64 would: %s.", code, c.what, pad, strings.Repeat("=", pad)),
			invalidChar, code+strings.Repeat("=", pad), "EqualsSign", "FaultPadding", "FaultBase64Library")
	}
	for _, c := range []struct {
		id string
		v  *ref.Value
	}{
		{"length-9", &ref.Value{State: initialWith(func(st *ref.State) { st.Walls.White.H = []int{18} })}},
		{"length-13", &ref.Value{State: initialWith(func(st *ref.State) { st.Walls.White.H, st.Walls.Black.V = []int{18, 20, 22}, []int{52, 54} })}},
	} {
		code := mustEncode(c.v)
		if len(code)%4 != 1 {
			s.failf("%s: %s has %d characters", c.id, code, len(code))
		}
		s.decode(c.id, code+": a State of "+itoa(len(code))+" characters, a length standard Base64 refuses.", valid, code, "Base64Length", "FaultBase64Library")
	}
	s.decode("cr-trailing", "A CR after the code: standard Base64 decoders skip it even in strict mode.", invalidChar, "j7oklAHMe1ICg\r", "Whitespace", "FaultBase64Library")
	s.decode("lf-middle", "A line feed in the middle: standard Base64 decoders skip it even in strict mode.", invalidChar, "j7oklAH\nMe1ICg", "Whitespace", "FaultBase64Library")
	s.decode("crlf-trailing", "CR and LF after the code, as a line of a file written on Windows.", invalidChar, "gkwAAAAQ\r\n", "Whitespace", "FaultBase64Library")
}

// initialWith returns the initial State, changed by edit.
func initialWith(edit func(*ref.State)) *ref.State {
	st := initial()
	edit(st)
	return st
}

// A unit is a character outside the alphabet whose size differs by how
// it is counted: in UTF-8 bytes, UTF-16 units or code points.
type unitChar struct {
	id, what, text string
}

var unitChars = []unitChar{
	{"surrogate-pair", "an emoji, U+1F642 (4 bytes, 2 UTF-16 units, 1 code point)", "🙂"},
	{"continuation-byte", "a lone continuation byte 0x80, which is not UTF-8", "\x80"},
	{"replacement", "U+FFFD, the replacement character (3 bytes, 1 UTF-16 unit)", "\ufffd"},
	{"combining-mark", "a combining acute accent, U+0301 (2 bytes, 1 UTF-16 unit), after a letter it would combine with", "\u0301"},
	{"zero-width-joiner", "a zero-width joiner, U+200D (3 bytes, 1 UTF-16 unit)", "\u200d"},
}

// addUnits adds, in both profiles, each character of unitChars at the
// start, in the middle and at the end of j7oklAHMe1ICg: one character
// outside the alphabet whatever its size, rejected strictly at the offset
// of its first byte, deleted whole leniently. A decoder that reads it as
// holes leaves one per unit it counts.
func addUnits(s *builder, lenient bool) {
	const code = "j7oklAHMe1ICg"
	for _, c := range unitChars {
		for _, at := range []struct {
			where string
			i     int
		}{{"start", 0}, {"middle", 5}, {"end", len(code)}} {
			input := code[:at.i] + c.text + code[at.i:]
			id := "unit-" + c.id + "-" + at.where
			comment := fmt.Sprintf("j7oklAHMe1ICg with %s at its %s.", c.what, at.where)
			flags := []string{"CharacterUnit", "DeletionNotHoles", "FaultJunkAsZeros"}
			if at.where == "end" {
				flags = flags[:2] // holes at the end are trailing data, which lenient decoding ignores
			}
			if lenient {
				s.decode(id, comment+" Deleted whole: the position of j7oklAHMe1ICg.", valid, input, flags...)
			} else {
				s.decode(id, comment+" Rejected at its first byte.", invalidChar, input, "CharacterUnit", "NonAscii", "FaultJunkAsZeros")
			}
		}
	}
}
