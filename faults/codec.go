package faults

import (
	"bytes"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// A faulty codec: a plain decoder and encoder over strings of '0' and '1',
// written apart from the reference as a third-party implementation might
// write one, each knob turning on one fault. With no knob set it
// conforms (TestConforming), and it is the second decoder that the
// differential fuzz target holds the reference to (fuzz/).

const (
	stdAlphabet = spec.Alphabet
	urlAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
)

// knobs are the faults turned on. The tag of each, reads, names the
// parts of a model that read it: the decoder (of decode, and of replay
// and validate, which decode first), the encoder, the replayer, or the
// errors of every op. A model answers each op with the knobs of its
// parts alone (ModelReading), so that a fault whose knobs none of them
// reads cannot change the op's answers (Changes). A model reads each
// through knob, whose bit in a KnobSet is its field's place here: a knob
// is its field and nothing else.
type knobs struct {
	// Characters.
	JunkAsZeros          bool `reads:"decoder"`         // a character outside the alphabet reads as 000000, in either profile
	JunkUnit             unit `reads:"decoder"`         // one hole per byte, UTF-16 unit or code point
	JunkStrictOnly       bool `reads:"decoder"`         // the holes in the strict profile only: leniently, junk is deleted
	OneProfile           int  `reads:"decoder"`         // both profiles decoded as one: 1 strictly, 2 leniently
	B64PadAccepted       bool `reads:"decoder"`         // strict: '=' padding to a multiple of 4 stripped, after a length of 2 or 3 more than one
	B64LengthRefused     bool `reads:"decoder"`         // a length of 1 more than a multiple of 4 refused, as a Base64 library does
	B64NewlinesSkipped   bool `reads:"decoder"`         // strict: CR and LF skipped
	StrictSkipsEquals    bool `reads:"decoder"`         // strict: '=' is skipped
	LenientRejectsEquals bool `reads:"decoder"`         // lenient: '=' is an invalid character
	UrlSafe              bool `reads:"decoder,encoder"` // the URL-safe alphabet
	LsbFirst             bool `reads:"decoder,encoder"` // each character's bits least significant first
	CrashOnShort         bool `reads:"decoder"`         // panics on a field past the end
	CrashOnEmpty         bool `reads:"decoder"`         // panics on the empty string

	// Fields.
	ZeroFill           bool      `reads:"decoder"`         // missing bits read as zeros
	BlackFirst         bool      `reads:"decoder,encoder"` // black's square before white's
	VerticalFirst      bool      `reads:"decoder"`         // each player's vertical group before the horizontal one
	TurnBits           int       `reads:"decoder"`         // width of the turn, when not 10
	SquareMax          int       `reads:"decoder"`         // the largest square, when not 80
	CountMax           int       `reads:"decoder"`         // the largest wall count, when not 10
	PlaceAfterPawn     bool      `reads:"decoder,encoder"` // a 6-bit place read after a pawn last move too
	OrientationFlip    bool      `reads:"decoder,encoder"` // wall move orientation 0 read and written as vertical
	EmptyRecordLost    bool      `reads:"decoder"`         // a record of 0 moves decodes as no record
	DecodeWalls        wallOrder `reads:"decoder"`         // how the decoder reorders each group
	NeitherRejected    bool      `reads:"decoder"`         // flags 00 refused
	StateRejected      bool      `reads:"decoder"`         // a State refused
	LastMoveWallError  bool      `reads:"decoder"`         // a wall last move naming no wall refused
	RulesApplied       ruleSet   `reads:"decoder"`         // a record with an illegal move of these refused
	PlayerParityDecode bool      `reads:"decoder"`         // the last move's player decoded from the turn's parity

	// The end of the code.
	IgnoreTrailing          bool `reads:"decoder"` // strict: characters after the end ignored
	IgnorePadding           bool `reads:"decoder"` // strict: nonzero padding bits ignored
	IgnorePaddingRecordOnly bool `reads:"decoder"` // strict: likewise, in codes that hold only a Record
	ZeroFillRecord          bool `reads:"decoder"` // missing bits in the Record chunk read as zeros

	// Encoding.
	Spill            bool      `reads:"encoder"` // no range checks: wide values spill into the next fields
	Mask             bool      `reads:"encoder"` // values masked to their field's width
	MaskSpill        bool      `reads:"encoder"` // values masked, their carry added into the bits before
	CarrySextet      bool      `reads:"encoder"` // values masked, their carry added into their character, which vanishes past 63
	MaskMoveCount    bool      `reads:"encoder"` // the move count alone masked (1024 written as 0)
	ExtraCharacter   bool      `reads:"encoder"` // an 'A' appended when the bits fill the last character
	EqualsPadding    bool      `reads:"encoder"` // '=' appended up to a multiple of 4 characters
	B64WholeBytes    bool      `reads:"encoder"` // the bits written in whole bytes, as a Base64 library encodes bytes
	PlayerFromParity bool      `reads:"encoder"` // the last move's player written from the turn's parity
	AnchorsDropped   bool      `reads:"encoder"` // anchors of 64 or more silently left out, walls and wall moves
	EncodeWalls      wallOrder `reads:"encoder"` // how the encoder reorders each group
	EmptyRecordError bool      `reads:"encoder"` // a record of 0 moves refused by the encoder

	// Reporting.
	OneKind     string `reads:"errors"` // every error of this kind
	KindEachWay bool   `reads:"errors"` // every decoding error invalid_character, every encoding error malformed
	NoPositions bool   `reads:"errors"` // errors without offset or field

	// The rules (replay.go).
	SquareArithmetic   bool `reads:"replayer"`           // pawn moves as square number + offset (+ offset again onto the opponent)
	WrapAtEdge         bool `reads:"replayer"`           // east from file i and west from file a wrap to the next or previous rank
	DiagonalJumps      bool `reads:"replayer"`           // a diagonal onto the opponent jumps over it diagonally
	CrossingAllowed    bool `reads:"replayer,validator"` // crossing walls do not conflict
	NoPathCheck        bool `reads:"replayer"`           // walls may cut a player off
	SideStepWhileOpen  bool `reads:"replayer"`           // side-steps allowed while the straight jump is open
	NoWallsLeftIgnored bool `reads:"replayer"`           // a player may place more than 10 walls
	FirstMoverParity   bool `reads:"replayer"`           // the first mover from the turn's parity
	FirstMoverSame     bool `reads:"replayer"`           // the first mover the State's last mover

	// Faults confined to one direction or one player.
	BlackSideStepsThrough bool `reads:"replayer"` // black's side-steps ignore the wall between the opponent and the target
	OpponentPathUnchecked bool `reads:"replayer"` // a wall may cut off the opponent: only the mover's path is checked
	StateWallsUncounted   bool `reads:"replayer"` // the wall limit counts the record's walls only, not the State's
	BlackWinIgnored       bool `reads:"replayer"` // a black pawn on rank 1 does not end the game

	// The board's geometry (geometry.go): where walls stand in the way.
	BoardGeometry geometry `reads:"replayer,validator"`

	// The layout (layout.go).
	DecodeLayout layout `reads:"decoder"` // the decoder's layout parts from spec/qf.md's so
	EncodeLayout layout `reads:"encoder"` // the encoder's
}

// KnobSet is a set of the knobs of the models of faults, a bit each: the
// knobs a fault sets (Fault.Knobs), or those a model read to answer a
// request (Reading.Answer). A knob's bit is its field's place in knobs,
// which has no more fields than a KnobSet has bits
// (TestKnobSetHoldsEveryKnob).
type KnobSet uint64

// A reading is the knobs of a model as one answer reads them: through
// knob, which adds the knob read to *read.
type reading struct {
	k    *knobs
	read *KnobSet
}

// knob returns the value of field, a field of r's knobs (or of one of
// them), and notes that knob read: knob(r, &r.k.ZeroFill). Its bit comes
// of its offset in knobs, taken in one expression, where nothing moves.
func knob[T any](r reading, field *T) T {
	*r.read |= 1 << knobAt[uintptr(unsafe.Pointer(field))-uintptr(unsafe.Pointer(r.k))]
	return *field
}

// knobAt holds, by its offset in knobs, the place of the field of knobs
// that holds each byte.
var knobAt = func() (at [unsafe.Sizeof(knobs{})]uint8) {
	t := reflect.TypeFor[knobs]()
	for i := range t.NumField() {
		f := t.Field(i)
		for off := f.Offset; off < f.Offset+f.Type.Size(); off++ {
			at[off] = uint8(i)
		}
	}
	return at
}()

// A unit is what a decoder counts as one character: a byte of UTF-8, a
// unit of UTF-16 (as JavaScript and JVM strings hold them), a code point.
type unit uint8

const (
	utf8Bytes unit = iota
	utf16Units
	codePoints
)

// holes returns how many characters the decoder sees in the character
// r, size bytes of UTF-8.
func (u unit) holes(r rune, size int) int {
	switch {
	case u == utf8Bytes || r == utf8.RuneError && size == 1:
		return size
	case u == utf16Units:
		return utf16.RuneLen(r)
	}
	return 1
}

// A wallOrder is how a wall group is reordered.
type wallOrder uint8

const (
	asGiven   wallOrder = iota
	sortDedup           // sorted, duplicates dropped
	sortOnly            // sorted, duplicates kept
	dedupOnly           // duplicates dropped, the first of each kept in place
	merged              // a player's groups as one list sorted by anchor, an anchor once whatever its orientation
)

// reorder returns a player's groups h and v reordered.
func (o wallOrder) reorder(h, v []int) ([]int, []int) {
	switch o {
	case sortDedup:
		return slices.Compact(slices.Sorted(slices.Values(h))), slices.Compact(slices.Sorted(slices.Values(v)))
	case sortOnly:
		return slices.Sorted(slices.Values(h)), slices.Sorted(slices.Values(v))
	case dedupOnly:
		return firstOfEach(h), firstOfEach(v)
	case merged:
		h = slices.Compact(slices.Sorted(slices.Values(h)))
		v = slices.DeleteFunc(slices.Compact(slices.Sorted(slices.Values(v))), func(a int) bool { return slices.Contains(h, a) })
		return h, v
	}
	return h, v
}

// firstOfEach returns a with the repeats of each anchor dropped.
func firstOfEach(a []int) []int {
	var out []int
	for _, x := range a {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// A ruleSet is the rules a decoder applies to a record's moves.
type ruleSet uint8

const (
	noRules       ruleSet = iota
	allRules              // every rule of replay
	filesOnly             // a pawn leaving files a-i only
	diagonalsOnly         // an illegal diagonal only
)

// refuses reports whether the rules of s refuse the move that broke the
// rules, violation, of v.
func (s ruleSet) refuses(v *ref.Value, violation *rules.Violation) bool {
	switch s {
	case allRules:
		return true
	case filesOnly:
		d := v.Record.Moves[violation.Move]
		return violation.Kind == rules.OffBoard && d.Kind == ref.Piece && (d.Dir == 2 || d.Dir == 6)
	case diagonalsOnly:
		return violation.Kind == rules.IllegalDiagonal
	}
	return false
}

// errObj is an error object; decode and encode return one on failure.
type errObj = spec.ErrorObject

func bitErr(kind string, bit int, field string) *errObj {
	return &errObj{Kind: kind, Bit: &bit, Field: field}
}

func charErr(kind string, char int) *errObj {
	return &errObj{Kind: kind, Char: &char}
}

// reader walks a string of bits.
type reader struct {
	bits     []byte // '0' and '1'
	pos      int
	k        reading
	err      *errObj
	inRecord bool // reading the Record chunk
}

// read reads a field of width bits, limit at most, whose path is field's
// with index i.
func (r *reader) read(width int, field spec.Field, i int, limit int) int {
	if r.err != nil {
		return 0
	}
	if r.pos+width > len(r.bits) {
		if knob(r.k, &r.k.k.CrashOnShort) {
			panic(fmt.Sprintf("index out of range [%d] with length %d", r.pos+width-1, len(r.bits)))
		}
		if !knob(r.k, &r.k.k.ZeroFill) && !(knob(r.k, &r.k.k.ZeroFillRecord) && r.inRecord) {
			r.err = bitErr("truncated", r.pos, field.Path(i))
			return 0
		}
	}
	v := 0
	for p := r.pos; p < r.pos+width; p++ {
		v <<= 1
		if p < len(r.bits) { // the missing bits, zeros
			v |= int(r.bits[p] - '0')
		}
	}
	if v > limit {
		r.err = bitErr("out_of_range", r.pos, field.Path(i))
		return 0
	}
	r.pos += width
	return v
}

// left returns how many bits are left to read: none once the reader
// has read past the end, filling with zeros.
func (r *reader) left() int { return max(0, len(r.bits)-r.pos) }

func (r *reader) field(f spec.Field, i int) int {
	limit := f.Max
	switch {
	case f.Max == spec.MaxSquare && knob(r.k, &r.k.k.SquareMax) != 0:
		limit = knob(r.k, &r.k.k.SquareMax)
	case f.Max == spec.MaxWallsPerGroup && knob(r.k, &r.k.k.CountMax) != 0:
		limit = knob(r.k, &r.k.k.CountMax)
	}
	width, limit, lsb, invert := knob(r.k, &r.k.k.DecodeLayout).fieldOf(f, f.Width, limit)
	if lsb || invert {
		v := r.read(width, f, i, 1<<width-1)
		switch {
		case invert:
			v ^= 1
		case lsb:
			v = reverse(v, width)
		}
		if v > limit && r.err == nil {
			r.err = bitErr("out_of_range", r.pos-width, f.Path(i))
			return 0
		}
		return v
	}
	return r.read(width, f, i, limit)
}

// sextets holds each character's six bits, most and least significant
// first.
var sextets = func() (t [2][64]string) {
	for v := range 64 {
		s := fmt.Sprintf("%06b", v)
		t[0][v] = s
		t[1][v] = string([]byte{s[5], s[4], s[3], s[2], s[1], s[0]})
	}
	return t
}()

// bitBuffers holds buffers of bits for decode, which a diagnosis calls
// millions of times.
var bitBuffers = sync.Pool{New: func() any { return new([]byte) }}

// decode decodes code in profile p and returns its value, or the error
// object.
func (k reading) decode(code string, p ref.Profile) (*ref.Value, *errObj) {
	if code == "" && knob(k, &k.k.CrashOnEmpty) {
		panic("runtime error: index out of range [0] with length 0")
	}
	lenient := p == ref.Lenient
	if knob(k, &k.k.OneProfile) != 0 {
		lenient = knob(k, &k.k.OneProfile) == 2
	}
	code, e := k.library(code, lenient)
	if e != nil {
		return nil, e
	}
	buf := bitBuffers.Get().(*[]byte)
	defer bitBuffers.Put(buf)
	bits, kept, e := k.sextets((*buf)[:0], code, lenient)
	if e != nil {
		return nil, e
	}
	*buf = bits // grown, kept for the next
	r := &reader{bits: bits, k: k}
	v := r.value()
	if r.err != nil {
		return nil, r.err
	}
	if !lenient {
		used := (r.pos + 5) / 6
		if kept > used && !knob(k, &k.k.IgnoreTrailing) {
			return nil, charErr("trailing_data", used)
		}
		recordOnly := v.State == nil && v.Record != nil
		if end := min(len(r.bits), used*6); r.pos < end && bytes.IndexByte(r.bits[r.pos:end], '1') >= 0 && !knob(k, &k.k.IgnorePadding) && !(knob(k, &k.k.IgnorePaddingRecordOnly) && recordOnly) {
			return nil, bitErr("nonzero_padding", r.pos, "")
		}
	}
	if knob(k, &k.k.RulesApplied) != noRules && v.Record != nil {
		if violation := rules.Check(v); violation != nil && knob(k, &k.k.RulesApplied).refuses(v, violation) {
			return nil, &errObj{Kind: string(violation.Kind), Field: spec.MoveKind.Path(violation.Move)}
		}
	}
	return v, nil
}

// library does to code what a Base64 library would before the decoder
// reads it: strictly, CR and LF skipped and '=' padding stripped; a
// length of 1 more than a multiple of 4 refused, at its last character.
func (k reading) library(code string, lenient bool) (string, *errObj) {
	if knob(k, &k.k.B64NewlinesSkipped) && !lenient {
		code = newlines.Replace(code)
	}
	if knob(k, &k.k.B64PadAccepted) && !lenient && len(code)%4 == 0 {
		if body := strings.TrimRight(code, "="); len(code)-len(body) <= 2 && len(body)%4 >= 2 {
			code = body
		}
	}
	if knob(k, &k.k.B64LengthRefused) {
		n := 0
		for i := 0; i < len(code); i++ {
			if k.sextetOf()[code[i]] >= 0 {
				n++
			}
		}
		if n%4 == 1 {
			return "", charErr("invalid_character", len(code)-1)
		}
	}
	return code, nil
}

// newlines deletes CR and LF.
var newlines = strings.NewReplacer("\r", "", "\n", "")

// sextetOf holds the value of each byte in the standard alphabet [0] and
// the URL-safe one [1]: -1 for a byte outside it.
var sextetOf = func() (t [2][256]int8) {
	for a, alphabet := range []string{stdAlphabet, urlAlphabet} {
		for c := range t[a] {
			t[a][c] = int8(strings.IndexByte(alphabet, byte(c)))
		}
	}
	return t
}()

// sextetOf returns the value of each byte in the alphabet, -1 for a byte
// outside it.
func (k reading) sextetOf() *[256]int8 {
	if knob(k, &k.k.UrlSafe) {
		return &sextetOf[1]
	}
	return &sextetOf[0]
}

func (k reading) alphabet() string {
	if knob(k, &k.k.UrlSafe) {
		return urlAlphabet
	}
	return stdAlphabet
}

// sextets appends the bits of code to bits, six a character, and returns
// them and the number of characters read; a character outside the alphabet is rejected, deleted
// or read as zeros, one hole per unit of it, as the knobs say.
func (k reading) sextets(bits []byte, code string, lenient bool) ([]byte, int, *errObj) {
	sextetOf := k.sextetOf()
	lsb := 0
	if knob(k, &k.k.LsbFirst) || knob(k, &k.k.DecodeLayout).change == charLSB {
		lsb = 1
	}
	kept := 0
	for i := 0; i < len(code); {
		c := code[i]
		if v := sextetOf[c]; v >= 0 {
			bits = append(bits, sextets[lsb][v]...)
			kept++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(code[i:])
		switch {
		case lenient && c == '=' && knob(k, &k.k.LenientRejectsEquals):
			return nil, 0, charErr("invalid_character", i)
		case c == '=' && knob(k, &k.k.StrictSkipsEquals) && !lenient: // '=' taken for Base64 padding, and skipped
		case knob(k, &k.k.JunkAsZeros) && !(lenient && knob(k, &k.k.JunkStrictOnly)): // six-bit holes, as the fansite's scripts do
			for range knob(k, &k.k.JunkUnit).holes(r, size) {
				bits = append(bits, sextets[lsb][0]...)
				kept++
			}
		case lenient:
		default:
			return nil, 0, charErr("invalid_character", i)
		}
		i += size
	}
	return bits, kept, nil
}

func (r *reader) value() *ref.Value {
	hasState, hasRecord := r.field(spec.StateFlag, 0), r.field(spec.RecordFlag, 0)
	if r.err != nil {
		return nil
	}
	switch {
	case hasState == 0 && hasRecord == 0 && knob(r.k, &r.k.k.NeitherRejected):
		r.err = bitErr("truncated", 0, "flags.state")
	case hasState == 1 && knob(r.k, &r.k.k.StateRejected):
		r.err = bitErr("out_of_range", 0, "flags.state")
	}
	v := new(ref.Value)
	if hasState == 1 {
		v.State = r.state()
	}
	if hasRecord == 1 {
		v.Record = r.record()
	}
	return v
}

func (r *reader) state() *ref.State {
	s := new(ref.State)
	dev := knob(r.k, &r.k.k.DecodeLayout)
	if knob(r.k, &r.k.k.BlackFirst) || dev.swaps(spec.White) {
		s.Black, s.White = r.field(spec.Black, 0), r.field(spec.White, 0)
	} else {
		s.White, s.Black = r.field(spec.White, 0), r.field(spec.Black, 0)
	}
	all := [4]*[]int{&s.Walls.White.H, &s.Walls.White.V, &s.Walls.Black.H, &s.Walls.Black.V}
	order := dev.groups()
	if knob(r.k, &r.k.k.VerticalFirst) {
		order = [4]int{1, 0, 3, 2}
	}
	var groups [4]*[]int
	var layout [4]spec.WallGroup
	for k, g := range order {
		groups[k], layout[k] = all[g], spec.WallGroups[g]
	}
	for g, l := range layout {
		n := r.field(l.Count, 0)
		if n > 0 {
			*groups[g] = make([]int, 0, min(n, r.left()/l.Anchor.Width+1))
		}
		for i := 0; i < n; i++ {
			*groups[g] = append(*groups[g], r.field(l.Anchor, i))
		}
	}
	w := &s.Walls
	w.White.H, w.White.V = knob(r.k, &r.k.k.DecodeWalls).reorder(w.White.H, w.White.V)
	w.Black.H, w.Black.V = knob(r.k, &r.k.k.DecodeWalls).reorder(w.Black.H, w.Black.V)
	if dev.swaps(spec.LastMovePlayer) {
		s.LastMove.Kind = ref.MoveKind(r.field(spec.LastMoveKind, 0))
		s.LastMove.Player = ref.Player(r.field(spec.LastMovePlayer, 0))
	} else {
		s.LastMove.Player = ref.Player(r.field(spec.LastMovePlayer, 0))
		s.LastMove.Kind = ref.MoveKind(r.field(spec.LastMoveKind, 0))
	}
	if s.LastMove.Kind == ref.Wall || knob(r.k, &r.k.k.PlaceAfterPawn) {
		place := r.field(spec.LastMovePlace, 0)
		if s.LastMove.Kind == ref.Wall {
			s.LastMove.Place = place
		}
	}
	width := spec.Turn.Width
	if w := knob(r.k, &r.k.k.TurnBits); w != 0 {
		width = w
	}
	if w, _, _, _ := dev.fieldOf(spec.Turn, width, 0); w != width || dev.change == lsbField {
		width = w
		s.Turn = r.field(spec.Turn, 0)
	} else {
		s.Turn = r.read(width, spec.Turn, 0, 1<<width-1)
	}
	if knob(r.k, &r.k.k.PlayerParityDecode) {
		s.LastMove.Player = ref.Player(s.Turn % 2) // white plays the odd turns, so it moved last before an even one
	}
	if knob(r.k, &r.k.k.LastMoveWallError) && s.LastMove.Kind == ref.Wall && r.err == nil {
		w := s.Walls
		if !slices.Contains(slices.Concat(w.White.H, w.White.V, w.Black.H, w.Black.V), s.LastMove.Place) {
			r.err = bitErr("out_of_range", r.pos-width-spec.LastMovePlace.Width, spec.LastMovePlace.Name)
		}
	}
	return s
}

func (r *reader) record() *ref.Record {
	r.inRecord = true
	n := r.field(spec.MoveCount, 0)
	if n == 0 && knob(r.k, &r.k.k.EmptyRecordLost) {
		return nil
	}
	// Each move takes 4 bits at least: room for no more than the bits left
	// hold, and more as zero-filled moves come.
	rec := &ref.Record{Moves: make([]ref.Move, 0, min(n, r.left()/4))}
	for i := 0; i < n && r.err == nil; i++ {
		if r.field(spec.MoveKind, i) == 0 {
			rec.Moves = append(rec.Moves, ref.PieceMove(r.field(spec.MoveDir, i)))
			continue
		}
		o := r.field(spec.MoveOrientation, i)
		if knob(r.k, &r.k.k.OrientationFlip) {
			o = 1 - o
		}
		rec.Moves = append(rec.Moves, ref.WallMove(ref.Orientation(o), r.field(spec.MovePlace, i)))
	}
	return rec
}

// writer collects bits for encode.
type writer struct {
	bits   []byte // '0' and '1'
	fields []written
	k      reading
	err    *errObj
}

// written is a field's value as given, and its width.
type written struct{ v, width int }

func (w *writer) put(v, width int, field spec.Field, i int, limit int) {
	if w.err != nil {
		return
	}
	switch {
	case knob(w.k, &w.k.k.Spill):
		v = max(v, 0)
		b := strconv.FormatInt(int64(v), 2)
		w.bits = append(w.bits, strings.Repeat("0", max(0, width-len(b)))+b...)
		return
	case knob(w.k, &w.k.k.MaskSpill):
		// As bits = bits<<width | v on one big number: the bits of v
		// beyond the field are ORed into the bits before it.
		v = max(v, 0)
		w.bits = appendBits(w.bits, v&(1<<width-1), width)
		w.or(v>>width, len(w.bits)-width)
		return
	case knob(w.k, &w.k.k.CarrySextet):
		v = max(v, 0)
		w.fields = append(w.fields, written{v, width})
		w.bits = appendBits(w.bits, v&(1<<width-1), width)
		return
	case knob(w.k, &w.k.k.Mask):
		v &= 1<<width - 1
	case v < 0 || v > limit:
		w.err = &errObj{Kind: "out_of_range", Field: field.Path(i)}
		return
	}
	w.bits = appendBits(w.bits, v, width)
}

// or ORs the bits of c into the bits before end, its lowest into the
// bit at end-1; what reaches past the first bit is lost.
func (w *writer) or(c, end int) {
	for i := end - 1; i >= 0 && c > 0; i-- {
		if c&1 == 1 {
			w.bits[i] = '1'
		}
		c >>= 1
	}
}

func (w *writer) field(f spec.Field, i, v int) {
	width, limit, lsb, invert := knob(w.k, &w.k.k.EncodeLayout).fieldOf(f, f.Width, f.Max)
	switch {
	case invert && v >= 0 && v <= 1:
		v ^= 1
	case lsb && v >= 0 && v <= limit:
		v = reverse(v, width)
		limit = 1<<width - 1
	}
	w.put(v, width, f, i, limit)
}

// encode encodes a value.
func (k reading) encode(v *ref.Value) (string, *errObj) {
	w := &writer{k: k, bits: make([]byte, 0, 320)} // a State takes 290 bits at most
	w.field(spec.StateFlag, 0, flagBit(v.State != nil))
	w.field(spec.RecordFlag, 0, flagBit(v.Record != nil))
	if s := v.State; s != nil {
		w.state(s)
	}
	if r := v.Record; r != nil {
		if knob(k, &k.k.EmptyRecordError) && len(r.Moves) == 0 {
			return "", &errObj{Kind: "malformed", Field: "record.moves"}
		}
		w.record(r)
	}
	if w.err != nil {
		return "", w.err
	}
	bits := w.bits
	exact := len(bits)%6 == 0
	for knob(k, &k.k.B64WholeBytes) && len(bits)%8 != 0 {
		bits = append(bits, '0')
	}
	for len(bits)%6 != 0 {
		bits = append(bits, '0')
	}
	var code strings.Builder
	alphabet := k.alphabet()
	if knob(k, &k.k.CarrySextet) {
		carried(&code, w.fields, alphabet)
		bits = nil
	}
	charLSB := knob(k, &k.k.LsbFirst) || knob(k, &k.k.EncodeLayout).change == charLSB
	for i := 0; i < len(bits); i += 6 {
		n := 0
		for j := range 6 {
			if charLSB {
				n |= int(bits[i+j]-'0') << j
			} else {
				n = n<<1 | int(bits[i+j]-'0')
			}
		}
		code.WriteByte(alphabet[n])
	}
	if exact && knob(k, &k.k.ExtraCharacter) {
		code.WriteByte('A')
	}
	for knob(k, &k.k.EqualsPadding) && code.Len()%4 != 0 {
		code.WriteByte('=')
	}
	return code.String(), nil
}

// carried writes the characters of fields as an encoder does that keeps
// the bits not yet written in a number, acc = acc<<width | v, and writes
// a character whenever six are there: a value too wide for its field
// adds its carry into its character's bits, and a character whose value
// comes out above 63 is none of the alphabet's and vanishes.
func carried(code *strings.Builder, fields []written, alphabet string) {
	acc, n := new(big.Int), 0
	emit := func(c *big.Int) {
		if c.IsInt64() && c.Int64() < 64 {
			code.WriteByte(alphabet[c.Int64()])
		}
	}
	for _, f := range fields {
		acc.Lsh(acc, uint(f.width))
		acc.Or(acc, big.NewInt(int64(f.v)))
		n += f.width
		for n >= 6 {
			emit(new(big.Int).Rsh(acc, uint(n-6)))
			acc.And(acc, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n-6)), big.NewInt(1)))
			n -= 6
		}
	}
	if n > 0 {
		emit(acc.Lsh(acc, uint(6-n)))
	}
}

func (w *writer) state(s *ref.State) {
	k := w.k
	dev := knob(k, &k.k.EncodeLayout)
	if knob(k, &k.k.BlackFirst) || dev.swaps(spec.White) {
		w.field(spec.Black, 0, s.Black)
		w.field(spec.White, 0, s.White)
	} else {
		w.field(spec.White, 0, s.White)
		w.field(spec.Black, 0, s.Black)
	}
	groups := [][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V}
	if knob(k, &k.k.AnchorsDropped) {
		for g := range groups {
			groups[g] = slices.DeleteFunc(slices.Clone(groups[g]), func(a int) bool { return a > spec.MaxAnchor })
		}
	}
	groups[0], groups[1] = knob(k, &k.k.EncodeWalls).reorder(groups[0], groups[1])
	groups[2], groups[3] = knob(k, &k.k.EncodeWalls).reorder(groups[2], groups[3])
	for _, g := range dev.groups() {
		l, anchors := spec.WallGroups[g], groups[g]
		w.field(l.Count, 0, len(anchors))
		for i, a := range anchors {
			w.field(l.Anchor, i, a)
		}
	}
	player := int(s.LastMove.Player)
	if knob(k, &k.k.PlayerFromParity) {
		player = s.Turn % 2 // white plays the odd turns, so it moved last before an even one
	}
	if dev.swaps(spec.LastMovePlayer) {
		w.field(spec.LastMoveKind, 0, int(s.LastMove.Kind))
		w.field(spec.LastMovePlayer, 0, player)
	} else {
		w.field(spec.LastMovePlayer, 0, player)
		w.field(spec.LastMoveKind, 0, int(s.LastMove.Kind))
	}
	if s.LastMove.Kind == ref.Wall || knob(k, &k.k.PlaceAfterPawn) {
		w.field(spec.LastMovePlace, 0, s.LastMove.Place)
	}
	w.field(spec.Turn, 0, s.Turn)
}

func (w *writer) record(r *ref.Record) {
	k := w.k
	moves := r.Moves
	if knob(k, &k.k.AnchorsDropped) {
		moves = slices.DeleteFunc(slices.Clone(moves), func(m ref.Move) bool { return m.Kind == ref.Wall && m.Place > spec.MaxAnchor })
	}
	n := len(moves)
	if knob(k, &k.k.MaskMoveCount) {
		n &= 1<<spec.MoveCount.Width - 1
	}
	w.field(spec.MoveCount, 0, n)
	for i, m := range moves {
		w.field(spec.MoveKind, i, int(m.Kind))
		if m.Kind == ref.Piece {
			w.field(spec.MoveDir, i, int(m.Dir))
			continue
		}
		o := int(m.Orientation)
		if knob(k, &k.k.OrientationFlip) {
			o = 1 - o
		}
		w.field(spec.MoveOrientation, i, o)
		w.field(spec.MovePlace, i, int(m.Place))
	}
}

func flagBit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendBits appends v, not negative, as '0' and '1' characters, most
// significant first: width of them, or as many as v has bits when it has
// more (a value wider than its field, written whole).
func appendBits(b []byte, v, width int) []byte {
	if v>>width != 0 {
		return strconv.AppendInt(b, int64(v), 2)
	}
	for k := width - 1; k >= 0; k-- {
		b = append(b, byte('0'+v>>k&1))
	}
	return b
}
