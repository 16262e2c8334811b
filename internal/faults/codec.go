package faults

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// A faulty codec: a plain decoder and encoder over strings of '0' and '1',
// written apart from the reference as a third-party implementation might
// write one, each knob turning on one fault. With no knob set it
// conforms (a test says so).

const (
	stdAlphabet = spec.Alphabet
	urlAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
)

// knobs are the faults turned on.
type knobs struct {
	// Characters.
	junkAsZeros          bool // a character outside the alphabet reads as 000000, in either profile
	strictSkipsEquals    bool // strict: '=' is skipped
	lenientRejectsEquals bool // lenient: '=' is an invalid character
	urlSafe              bool // the URL-safe alphabet
	lsbFirst             bool // each character's bits least significant first
	crashOnShort         bool // panics on a field past the end
	crashOnEmpty         bool // panics on the empty string

	// Fields.
	zeroFill          bool // missing bits read as zeros
	blackFirst        bool // black's square before white's
	verticalFirst     bool // each player's vertical group before the horizontal one
	turnBits          int  // width of the turn, when not 10
	squareMax         int  // the largest square, when not 80
	countMax          int  // the largest wall count, when not 10
	placeAfterPawn    bool // a 6-bit place read after a pawn last move too
	orientationFlip   bool // wall move orientation 0 read and written as vertical
	emptyRecordLost   bool // a record of 0 moves decodes as no record
	wallsSorted       bool // each group sorted and de-duplicated
	neitherRejected   bool // flags 00 refused
	stateRejected     bool // a State refused
	lastMoveWallError bool // a wall last move naming no wall refused
	rulesApplied      bool // a record with an illegal move refused

	// The end of the code.
	ignoreTrailing          bool // strict: characters after the end ignored
	ignorePadding           bool // strict: nonzero padding bits ignored
	ignorePaddingRecordOnly bool // strict: likewise, in codes that hold only a Record
	zeroFillRecord          bool // missing bits in the Record chunk read as zeros

	// Encoding.
	spill            bool // no range checks: wide values spill into the next fields
	mask             bool // values masked to their field's width
	maskSpill        bool // values masked, their carry added into the bits before
	maskMoveCount    bool // the move count alone masked (1024 written as 0)
	extraCharacter   bool // an 'A' appended when the bits fill the last character
	equalsPadding    bool // '=' appended up to a multiple of 4 characters
	playerFromParity bool // the last move's player written from the turn's parity
	anchorsDropped   bool // anchors of 64 or more silently left out, walls and wall moves
	emptyRecordError bool // a record of 0 moves refused by the encoder

	// Reporting.
	oneKind     string // every error of this kind
	noPositions bool   // errors without offset or field

	ruleKnobs
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
	bits     string
	pos      int
	k        *knobs
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
		if r.k.crashOnShort {
			panic(fmt.Sprintf("index out of range [%d] with length %d", r.pos+width-1, len(r.bits)))
		}
		if !r.k.zeroFill && !(r.k.zeroFillRecord && r.inRecord) {
			r.err = bitErr("truncated", r.pos, field.Path(i))
			return 0
		}
		r.bits += strings.Repeat("0", r.pos+width-len(r.bits))
	}
	v := 0
	for _, b := range r.bits[r.pos : r.pos+width] {
		v = v<<1 | int(b-'0')
	}
	if v > limit {
		r.err = bitErr("out_of_range", r.pos, field.Path(i))
		return 0
	}
	r.pos += width
	return v
}

func (r *reader) field(f spec.Field, i int) int {
	limit := f.Max
	switch {
	case f.Max == spec.MaxSquare && r.k.squareMax != 0:
		limit = r.k.squareMax
	case f.Max == spec.MaxWallsPerGroup && r.k.countMax != 0:
		limit = r.k.countMax
	}
	return r.read(f.Width, f, i, limit)
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

// decode decodes code in profile p and returns its value, or the error
// object.
func (k *knobs) decode(code string, p ref.Profile) (*ref.Value, *errObj) {
	if code == "" && k.crashOnEmpty {
		panic("runtime error: index out of range [0] with length 0")
	}
	alphabet := stdAlphabet
	if k.urlSafe {
		alphabet = urlAlphabet
	}
	lenient := p == ref.Lenient
	lsb := 0
	if k.lsbFirst {
		lsb = 1
	}
	var bits strings.Builder
	bits.Grow(6 * len(code))
	kept := 0
	for i := 0; i < len(code); i++ {
		c := code[i]
		v := strings.IndexByte(alphabet, c)
		switch {
		case v >= 0:
		case lenient && c == '=' && k.lenientRejectsEquals:
			return nil, charErr("invalid_character", i)
		case c == '=' && k.strictSkipsEquals: // '=' taken for Base64 padding, and skipped
			continue
		case k.junkAsZeros: // a six-bit hole, in either profile, as the fansite's scripts do
			v = 0
		case lenient:
			continue
		default:
			return nil, charErr("invalid_character", i)
		}
		bits.WriteString(sextets[lsb][v])
		kept++
	}
	r := &reader{bits: bits.String(), k: k}
	v := r.value()
	if r.err != nil {
		return nil, r.err
	}
	if !lenient {
		used := (r.pos + 5) / 6
		if kept > used && !k.ignoreTrailing {
			return nil, charErr("trailing_data", used)
		}
		recordOnly := v.State == nil && v.Record != nil
		if end := min(len(r.bits), used*6); strings.Contains(r.bits[r.pos:end], "1") && !k.ignorePadding && !(k.ignorePaddingRecordOnly && recordOnly) {
			return nil, bitErr("nonzero_padding", r.pos, "")
		}
	}
	if k.rulesApplied && v.Record != nil {
		if _, violation := rules.Replay(v); violation != nil {
			return nil, &errObj{Kind: string(violation.Kind), Field: spec.MoveKind.Path(violation.Move)}
		}
	}
	return v, nil
}

func (r *reader) value() *ref.Value {
	hasState, hasRecord := r.field(spec.StateFlag, 0), r.field(spec.RecordFlag, 0)
	if r.err != nil {
		return nil
	}
	switch {
	case hasState == 0 && hasRecord == 0 && r.k.neitherRejected:
		r.err = bitErr("truncated", 0, "flags.state")
	case hasState == 1 && r.k.stateRejected:
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
	if r.k.blackFirst {
		s.Black, s.White = r.field(spec.Black, 0), r.field(spec.White, 0)
	} else {
		s.White, s.Black = r.field(spec.White, 0), r.field(spec.Black, 0)
	}
	groups := []*[]int{&s.Walls.White.H, &s.Walls.White.V, &s.Walls.Black.H, &s.Walls.Black.V}
	layout := spec.WallGroups[:]
	if r.k.verticalFirst {
		groups = []*[]int{&s.Walls.White.V, &s.Walls.White.H, &s.Walls.Black.V, &s.Walls.Black.H}
		layout = []spec.WallGroup{spec.WallGroups[1], spec.WallGroups[0], spec.WallGroups[3], spec.WallGroups[2]}
	}
	for g, l := range layout {
		n := r.field(l.Count, 0)
		for i := 0; i < n; i++ {
			*groups[g] = append(*groups[g], r.field(l.Anchor, i))
		}
		if r.k.wallsSorted {
			slices.Sort(*groups[g])
			*groups[g] = slices.Compact(*groups[g])
		}
	}
	s.LastMove.Player = ref.Player(r.field(spec.LastMovePlayer, 0))
	s.LastMove.Kind = ref.Kind(r.field(spec.LastMoveKind, 0))
	if s.LastMove.Kind == ref.Wall || r.k.placeAfterPawn {
		place := r.field(spec.LastMovePlace, 0)
		if s.LastMove.Kind == ref.Wall {
			s.LastMove.Place = place
		}
	}
	turnBits := spec.Turn.Width
	if r.k.turnBits != 0 {
		turnBits = r.k.turnBits
	}
	s.Turn = r.read(turnBits, spec.Turn, 0, 1<<turnBits-1)
	if r.k.lastMoveWallError && s.LastMove.Kind == ref.Wall && r.err == nil {
		w := s.Walls
		if !slices.Contains(slices.Concat(w.White.H, w.White.V, w.Black.H, w.Black.V), s.LastMove.Place) {
			r.err = bitErr("out_of_range", r.pos-turnBits-spec.LastMovePlace.Width, spec.LastMovePlace.Name)
		}
	}
	return s
}

func (r *reader) record() *ref.Record {
	r.inRecord = true
	n := r.field(spec.MoveCount, 0)
	if n == 0 && r.k.emptyRecordLost {
		return nil
	}
	rec := &ref.Record{Moves: []ref.Move{}}
	for i := 0; i < n && r.err == nil; i++ {
		if r.field(spec.MoveKind, i) == 0 {
			rec.Moves = append(rec.Moves, ref.PieceMove(r.field(spec.MoveDir, i)))
			continue
		}
		o := r.field(spec.MoveOrientation, i)
		if r.k.orientationFlip {
			o = 1 - o
		}
		rec.Moves = append(rec.Moves, ref.WallMove(ref.Orientation(o), r.field(spec.MovePlace, i)))
	}
	return rec
}

// writer collects bits for encode.
type writer struct {
	bits []byte // '0' and '1'
	k    *knobs
	err  *errObj
}

func (w *writer) put(v, width int, field spec.Field, i int, limit int) {
	if w.err != nil {
		return
	}
	switch {
	case w.k.spill:
		v = max(v, 0)
		b := strconv.FormatInt(int64(v), 2)
		w.bits = append(w.bits, strings.Repeat("0", max(0, width-len(b)))+b...)
		return
	case w.k.maskSpill:
		// As bits = bits<<width | v on one big number: the bits of v
		// beyond the field are ORed into the bits before it.
		v = max(v, 0)
		w.bits = fmt.Appendf(w.bits, "%0*b", width, v&(1<<width-1))
		w.or(v>>width, len(w.bits)-width)
		return
	case w.k.mask:
		v &= 1<<width - 1
	case v < 0 || v > limit:
		w.err = &errObj{Kind: "out_of_range", Field: field.Path(i)}
		return
	}
	w.bits = fmt.Appendf(w.bits, "%0*b", width, v)
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

func (w *writer) field(f spec.Field, i, v int) { w.put(v, f.Width, f, i, f.Max) }

// encode encodes a value.
func (k *knobs) encode(v *ref.Value) (string, *errObj) {
	w := &writer{k: k}
	w.field(spec.StateFlag, 0, flagBit(v.State != nil))
	w.field(spec.RecordFlag, 0, flagBit(v.Record != nil))
	if s := v.State; s != nil {
		w.state(s)
	}
	if r := v.Record; r != nil {
		if k.emptyRecordError && len(r.Moves) == 0 {
			return "", &errObj{Kind: "malformed", Field: "record.moves"}
		}
		w.record(r)
	}
	if w.err != nil {
		return "", w.err
	}
	bits := w.bits
	exact := len(bits)%6 == 0
	for len(bits)%6 != 0 {
		bits = append(bits, '0')
	}
	var code strings.Builder
	alphabet := stdAlphabet
	if k.urlSafe {
		alphabet = urlAlphabet
	}
	for i := 0; i < len(bits); i += 6 {
		six := bits[i : i+6]
		if k.lsbFirst {
			six = []byte{six[5], six[4], six[3], six[2], six[1], six[0]}
		}
		n, _ := strconv.ParseUint(string(six), 2, 8)
		code.WriteByte(alphabet[n])
	}
	if exact && k.extraCharacter {
		code.WriteByte('A')
	}
	for k.equalsPadding && code.Len()%4 != 0 {
		code.WriteByte('=')
	}
	return code.String(), nil
}

func (w *writer) state(s *ref.State) {
	k := w.k
	if k.blackFirst {
		w.field(spec.Black, 0, s.Black)
		w.field(spec.White, 0, s.White)
	} else {
		w.field(spec.White, 0, s.White)
		w.field(spec.Black, 0, s.Black)
	}
	groups := [][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V}
	for g, l := range spec.WallGroups {
		anchors := groups[g]
		if k.anchorsDropped {
			anchors = slices.DeleteFunc(slices.Clone(anchors), func(a int) bool { return a > spec.MaxAnchor })
		}
		if k.wallsSorted {
			anchors = slices.Compact(slices.Sorted(slices.Values(anchors)))
		}
		w.field(l.Count, 0, len(anchors))
		for i, a := range anchors {
			w.field(l.Anchor, i, a)
		}
	}
	player := int(s.LastMove.Player)
	if k.playerFromParity {
		player = s.Turn % 2 // white plays the odd turns, so it moved last before an even one
	}
	w.field(spec.LastMovePlayer, 0, player)
	w.field(spec.LastMoveKind, 0, int(s.LastMove.Kind))
	if s.LastMove.Kind == ref.Wall || k.placeAfterPawn {
		w.field(spec.LastMovePlace, 0, s.LastMove.Place)
	}
	w.field(spec.Turn, 0, s.Turn)
}

func (w *writer) record(r *ref.Record) {
	k := w.k
	moves := r.Moves
	if k.anchorsDropped {
		moves = slices.DeleteFunc(slices.Clone(moves), func(m ref.Move) bool { return m.Kind == ref.Wall && m.Place > spec.MaxAnchor })
	}
	n := len(moves)
	if k.maskMoveCount {
		n &= 1<<spec.MoveCount.Width - 1
	}
	w.field(spec.MoveCount, 0, n)
	for i, m := range moves {
		w.field(spec.MoveKind, i, int(m.Kind))
		if m.Kind == ref.Piece {
			w.field(spec.MoveDir, i, m.Dir)
			continue
		}
		o := int(m.Orientation)
		if k.orientationFlip {
			o = 1 - o
		}
		w.field(spec.MoveOrientation, i, o)
		w.field(spec.MovePlace, i, m.Place)
	}
}

func flagBit(b bool) int {
	if b {
		return 1
	}
	return 0
}
