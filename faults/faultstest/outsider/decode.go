package outsider

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/spec"
)

// A decoder decodes codes (spec/qf.md, "Strict decoding" and "Lenient
// decoding"): one code.
type decoder struct {
	faults   faultSet
	val      *Value
	moveBits []int // the offset of each move's first bit
}

// A bitReader reads fields from characters of the alphabet, each six
// bits, most significant first.
type bitReader struct {
	s     string // characters of the alphabet only
	pos   int    // the offset of the next bit
	zeros bool   // ZeroFill: the bits past the last read as zeros
}

// read returns the next width bits as an unsigned integer, or false when
// they run past the last bit, the offset then unchanged.
func (r *bitReader) read(width int) (uint32, bool) {
	if r.pos+width > 6*len(r.s) && !r.zeros {
		return 0, false
	}
	var v uint32
	for ; width > 0; width-- {
		v <<= 1
		if r.pos < 6*len(r.s) {
			v |= uint32(sextet(r.s[r.pos/6])) >> (5 - r.pos%6) & 1
		}
		r.pos++
	}
	return v, true
}

// decode decodes code in the strict profile, or the lenient one.
func (d *decoder) decode(code string, lenient bool) (*Value, *spec.ErrorObject) {
	s, err := d.characters(code, lenient)
	if err != nil {
		return nil, err
	}
	n, err := d.fields(s, lenient)
	if err != nil {
		return nil, err
	}
	low := d.faults[PaddingLow] && n%6 != 0 && n/6 < len(s) && (lenient || len(s) <= (n+5)/6)
	if low {
		// PaddingLow: the fields, read once, used n bits, which end inside
		// a character; read them again with that character's bits taken
		// from its low end (its top bits are its padding, which end checks).
		moved := []byte(s)
		moved[n/6] = alphabet[sextet(s[n/6])<<(6-n%6)&63]
		if _, err := d.fields(string(moved), lenient); err != nil {
			return nil, err
		}
	}
	if !lenient {
		if err := d.end(s, n, low); err != nil {
			return nil, err
		}
	}
	if err := d.rules(); err != nil {
		return nil, err
	}
	return d.val, nil
}

// fields reads the fields of s in layout order into d.val and returns the
// number of bits they use, or the first field's error: truncated, or out
// of range (spec/qf.md, "Strict decoding", step 2).
func (d *decoder) fields(s string, lenient bool) (int, *spec.ErrorObject) {
	io := newFieldIO(d.faults, reading)
	io.r.s, io.r.zeros = s, d.faults[ZeroFill]
	if d.faults[HighSquares] || lenient && d.faults[LenientHighSquares] {
		io.maxSquare = 1<<squareWidth - 1
	}
	if d.faults[WallCountTenOut] {
		io.maxCount = maxCount - 1
	}
	if d.faults[TurnNineBits] {
		io.turnWidth = turnWidth - 1
	}
	v := new(Value)
	if io.walk(v); io.err != nil {
		return 0, io.err
	}
	v.model(d.faults)
	d.val, d.moveBits = v, io.moveBits
	return io.r.pos, nil
}

// characters returns the characters of code to read the fields from:
// in the strict profile code itself, when every byte is in the alphabet;
// in the lenient profile, code without the bytes outside the alphabet.
func (d *decoder) characters(code string, lenient bool) (string, *spec.ErrorObject) {
	if d.faults[EqualsSkipped] || d.faults[StrictEqualsSkipped] && !lenient {
		code = strings.ReplaceAll(code, "=", "")
	}
	if d.faults[JunkAsZerosUTF16] {
		return holes(code, "A"), nil
	}
	if lenient {
		if i := strings.IndexByte(code, '='); i >= 0 && d.faults[LenientRefusesEquals] {
			return "", atChar(kindInvalidCharacter, i, "invalid character '='")
		}
		return holes(code, ""), nil
	}
	for i := 0; i < len(code); i++ {
		if sextet(code[i]) >= 0 {
			continue
		}
		if d.faults[CrashJunkStrict] {
			panic(fmt.Sprintf("outsider: illegal base64 data at input byte %d", i))
		}
		r, size := utf8.DecodeRuneInString(code[i:])
		msg := "invalid character " + strconv.QuoteRune(r)
		if r == utf8.RuneError && size == 1 {
			msg = fmt.Sprintf("invalid byte 0x%02x", code[i])
		}
		return "", atChar(kindInvalidCharacter, i, msg)
	}
	return code, nil
}

// holes returns code with each character outside the alphabet written
// as hole once per UTF-16 code unit of the character (a byte that is not
// UTF-8 as U+FFFD, one unit): with "", deleted (the lenient profile);
// with "A", six zero bits a unit (JunkAsZerosUTF16).
func holes(code, hole string) string {
	var b strings.Builder
	for _, r := range code {
		if r < 0x80 && sextet(byte(r)) >= 0 {
			b.WriteRune(r)
		} else {
			b.WriteString(strings.Repeat(hole, utf16.RuneLen(r)))
		}
	}
	return b.String()
}

// end checks what follows the fields, in the strict profile: n is the
// number of bits they used. With low, the padding bits of a last
// character that the fields do not fill are its top bits (PaddingLow).
func (d *decoder) end(s string, n int, low bool) *spec.ErrorObject {
	need := (n + 5) / 6
	if len(s) > need && !d.faults[TrailingIgnored] {
		return atChar(kindTrailingData, need, fmt.Sprintf("%d characters after the code's %d", len(s)-need, need))
	}
	if n%6 == 0 || need > len(s) || d.faults[PaddingIgnored] {
		return nil
	}
	c := sextet(s[need-1])
	pad := c & (1<<(6-n%6) - 1)
	if low {
		pad = c >> (n % 6)
	}
	if pad != 0 {
		return atBit(kindNonzeroPadding, n, "", fmt.Sprintf("nonzero padding bits in %q", s[need-1]))
	}
	return nil
}

// rules refuses a record that breaks the rules that the decoder applies
// (RulesWhileDecoding: all of them, as its replay does; OffBoardFileRefused:
// only a pawn moving off files a-i), with out_of_range at the first bit
// of the first illegal move. Replay stops at the first illegal move, so
// with OffBoardFileRefused a record whose first illegal move breaks
// another rule decodes.
func (d *decoder) rules() *spec.ErrorObject {
	if d.val.Record == nil || !d.faults[RulesWhileDecoding] && !d.faults[OffBoardFileRefused] {
		return nil
	}
	_, vi := replay(d.val, d.faults, nil)
	if vi == nil || !d.faults[RulesWhileDecoding] && !vi.offFiles {
		return nil
	}
	return atBit(kindOutOfRange, d.moveBits[vi.move], "record.moves["+strconv.Itoa(vi.move)+"]",
		fmt.Sprintf("move %d is illegal (%s)", vi.move+1, vi.kind))
}
