package mutants

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// A faulty codec: a plain decoder and encoder over strings of '0' and '1',
// as a third-party implementation might write one, where each knob of
// faults turns on one fault. With no knob set it conforms (a test says so),
// so that a mutant that fails the suite fails because of its fault.

const (
	stdAlphabet = spec.Alphabet
	urlAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
)

// faults are the knobs of the faulty codec and replayer.
type faults struct {
	// Characters.
	junkAsZeros          bool // strict: a character outside the alphabet reads as 000000
	strictSkipsEquals    bool // strict: '=' is skipped
	lenientRejectsEquals bool // lenient: '=' is an invalid character
	urlSafe              bool // the URL-safe alphabet
	lsbFirst             bool // each character's bits least significant first
	crashOnShort         bool // panics on the empty string, or a field past the end

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

	// The end of the code.
	ignoreTrailing          bool // strict: characters after the end ignored
	ignorePadding           bool // strict: nonzero padding bits ignored
	ignorePaddingRecordOnly bool // strict: likewise, in codes that hold only a Record
	zeroFillRecord          bool // missing bits in the Record chunk read as zeros

	// Encoding.
	spill            bool // no range checks: wide values spill into the next fields
	mask             bool // values masked to their field's width
	maskMoveCount    bool // the move count alone masked (1024 written as 0)
	extraCharacter   bool // an 'A' appended when the bits fill the last character
	equalsPadding    bool // '=' appended up to a multiple of 4 characters
	playerFromParity bool // the last move's player written from the turn's parity
	anchorsDropped   bool // anchors of 64 or more silently left out, walls and wall moves
	emptyRecordError bool // a record of 0 moves refused by the encoder
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
	f        *faults
	err      *errObj
	inRecord bool // reading the Record chunk
}

func (r *reader) read(width int, field string, limit int) int {
	if r.err != nil {
		return 0
	}
	if r.pos+width > len(r.bits) {
		if r.f.crashOnShort {
			panic(fmt.Sprintf("index out of range [%d] with length %d", r.pos+width-1, len(r.bits)))
		}
		if !r.f.zeroFill && !(r.f.zeroFillRecord && r.inRecord) {
			r.err = bitErr("truncated", r.pos, field)
			return 0
		}
		r.bits += strings.Repeat("0", r.pos+width-len(r.bits))
	}
	v, _ := strconv.ParseUint(r.bits[r.pos:r.pos+width], 2, 32)
	if int(v) > limit {
		r.err = bitErr("out_of_range", r.pos, field)
		return 0
	}
	r.pos += width
	return int(v)
}

func (r *reader) field(f spec.Field, i int) int {
	limit := f.Max
	switch {
	case f.Max == spec.MaxSquare && r.f.squareMax != 0:
		limit = r.f.squareMax
	case f.Max == spec.MaxWallsPerGroup && r.f.countMax != 0:
		limit = r.f.countMax
	}
	return r.read(f.Width, f.Path(i), limit)
}

// decode decodes code in the profile named profile and returns the
// value as canonical JSON, or the error object.
func (f *faults) decode(code, profile string) (json.RawMessage, *errObj) {
	alphabet := stdAlphabet
	if f.urlSafe {
		alphabet = urlAlphabet
	}
	lenient := profile == ref.Lenient.String()
	var bits strings.Builder
	kept := 0
	for i := 0; i < len(code); i++ {
		c := code[i]
		v := strings.IndexByte(alphabet, c)
		switch {
		case v >= 0:
		case lenient && c == '=' && f.lenientRejectsEquals:
			return nil, charErr("invalid_character", i)
		case f.junkAsZeros: // a six-bit hole, in either profile, as the fansite's scripts do
			v = 0
		case lenient, c == '=' && f.strictSkipsEquals:
			continue
		default:
			return nil, charErr("invalid_character", i)
		}
		six := fmt.Sprintf("%06b", v)
		if f.lsbFirst {
			six = string([]byte{six[5], six[4], six[3], six[2], six[1], six[0]})
		}
		bits.WriteString(six)
		kept++
	}
	r := &reader{bits: bits.String(), f: f}
	v := r.value()
	if r.err != nil {
		return nil, r.err
	}
	if !lenient {
		used := (r.pos + 5) / 6
		if kept > used && !f.ignoreTrailing {
			return nil, charErr("trailing_data", used)
		}
		recordOnly := v.State == nil && v.Record != nil
		if end := min(len(r.bits), used*6); strings.Contains(r.bits[r.pos:end], "1") && !f.ignorePadding && !(f.ignorePaddingRecordOnly && recordOnly) {
			return nil, bitErr("nonzero_padding", r.pos, "")
		}
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b, nil
}

func (r *reader) value() *ref.Value {
	hasState, hasRecord := r.field(spec.StateFlag, 0), r.field(spec.RecordFlag, 0)
	if r.err != nil {
		return nil
	}
	switch {
	case hasState == 0 && hasRecord == 0 && r.f.neitherRejected:
		r.err = bitErr("truncated", 0, "flags.state")
	case hasState == 1 && r.f.stateRejected:
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
	if r.f.blackFirst {
		s.Black, s.White = r.field(spec.Black, 0), r.field(spec.White, 0)
	} else {
		s.White, s.Black = r.field(spec.White, 0), r.field(spec.Black, 0)
	}
	groups := []*[]int{&s.Walls.White.H, &s.Walls.White.V, &s.Walls.Black.H, &s.Walls.Black.V}
	layout := spec.WallGroups[:]
	if r.f.verticalFirst {
		groups = []*[]int{&s.Walls.White.V, &s.Walls.White.H, &s.Walls.Black.V, &s.Walls.Black.H}
		layout = []spec.WallGroup{spec.WallGroups[1], spec.WallGroups[0], spec.WallGroups[3], spec.WallGroups[2]}
	}
	for g, l := range layout {
		n := r.field(l.Count, 0)
		for i := 0; i < n; i++ {
			*groups[g] = append(*groups[g], r.field(l.Anchor, i))
		}
		if r.f.wallsSorted {
			slices.Sort(*groups[g])
			*groups[g] = slices.Compact(*groups[g])
		}
	}
	s.LastMove.Player = ref.Player(r.field(spec.LastMovePlayer, 0))
	s.LastMove.Kind = ref.Kind(r.field(spec.LastMoveKind, 0))
	if s.LastMove.Kind == ref.Wall || r.f.placeAfterPawn {
		place := r.field(spec.LastMovePlace, 0)
		if s.LastMove.Kind == ref.Wall {
			s.LastMove.Place = place
		}
	}
	turnBits := spec.Turn.Width
	if r.f.turnBits != 0 {
		turnBits = r.f.turnBits
	}
	s.Turn = r.read(turnBits, spec.Turn.Name, 1<<turnBits-1)
	if r.f.lastMoveWallError && s.LastMove.Kind == ref.Wall && r.err == nil {
		w := s.Walls
		if !slices.Contains(slices.Concat(w.White.H, w.White.V, w.Black.H, w.Black.V), s.LastMove.Place) {
			r.err = bitErr("out_of_range", r.pos-turnBits-6, spec.LastMovePlace.Name)
		}
	}
	return s
}

func (r *reader) record() *ref.Record {
	r.inRecord = true
	n := r.field(spec.MoveCount, 0)
	if n == 0 && r.f.emptyRecordLost {
		return nil
	}
	rec := &ref.Record{Moves: []ref.Move{}}
	for i := 0; i < n && r.err == nil; i++ {
		if r.field(spec.MoveKind, i) == 0 {
			rec.Moves = append(rec.Moves, ref.PieceMove(r.field(spec.MoveDir, i)))
			continue
		}
		o := r.field(spec.MoveOrientation, i)
		if r.f.orientationFlip {
			o = 1 - o
		}
		rec.Moves = append(rec.Moves, ref.WallMove(ref.Orientation(o), r.field(spec.MovePlace, i)))
	}
	return rec
}

// writer collects bits for encode.
type writer struct {
	bits strings.Builder
	f    *faults
	err  *errObj
}

func (w *writer) put(v, width int, field string, limit int) {
	if w.err != nil {
		return
	}
	switch {
	case w.f.spill:
		if v < 0 {
			v = 0
		}
		b := strconv.FormatInt(int64(v), 2)
		w.bits.WriteString(strings.Repeat("0", max(0, width-len(b))) + b)
		return
	case w.f.mask:
		v &= 1<<width - 1
	case v < 0 || v > limit:
		w.err = &errObj{Kind: "out_of_range", Field: field}
		return
	}
	fmt.Fprintf(&w.bits, "%0*b", width, v)
}

func (w *writer) field(f spec.Field, i, v int) { w.put(v, f.Width, f.Path(i), f.Max) }

// encode encodes a canonical JSON value.
func (f *faults) encode(value json.RawMessage) (string, *errObj) {
	var v ref.Value
	if err := json.Unmarshal(value, &v); err != nil {
		e, ok := err.(*ref.Error)
		if !ok {
			return "", &errObj{Kind: "malformed"}
		}
		return "", e.Object()
	}
	w := &writer{f: f}
	w.field(spec.StateFlag, 0, flagBit(v.State != nil))
	w.field(spec.RecordFlag, 0, flagBit(v.Record != nil))
	if s := v.State; s != nil {
		if f.blackFirst {
			w.field(spec.Black, 0, s.Black)
			w.field(spec.White, 0, s.White)
		} else {
			w.field(spec.White, 0, s.White)
			w.field(spec.Black, 0, s.Black)
		}
		groups := [][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V}
		for g, l := range spec.WallGroups {
			anchors := groups[g]
			if f.anchorsDropped {
				anchors = slices.DeleteFunc(slices.Clone(anchors), func(a int) bool { return a > spec.MaxAnchor })
			}
			if f.wallsSorted {
				anchors = slices.Compact(slices.Sorted(slices.Values(anchors)))
			}
			w.field(l.Count, 0, len(anchors))
			for i, a := range anchors {
				w.field(l.Anchor, i, a)
			}
		}
		player := int(s.LastMove.Player)
		if f.playerFromParity {
			player = s.Turn % 2 // white plays the odd turns, so it moved last before an even one
		}
		w.field(spec.LastMovePlayer, 0, player)
		w.field(spec.LastMoveKind, 0, int(s.LastMove.Kind))
		if s.LastMove.Kind == ref.Wall || f.placeAfterPawn {
			w.field(spec.LastMovePlace, 0, s.LastMove.Place)
		}
		w.field(spec.Turn, 0, s.Turn)
	}
	if r := v.Record; r != nil {
		if f.emptyRecordError && len(r.Moves) == 0 {
			return "", &errObj{Kind: "malformed", Field: "record.moves"}
		}
		if f.anchorsDropped {
			r.Moves = slices.DeleteFunc(slices.Clone(r.Moves), func(m ref.Move) bool { return m.Kind == ref.Wall && m.Place > spec.MaxAnchor })
		}
		n := len(r.Moves)
		if f.maskMoveCount {
			n &= 1<<spec.MoveCount.Width - 1
		}
		w.field(spec.MoveCount, 0, n)
		for i, m := range r.Moves {
			w.field(spec.MoveKind, i, int(m.Kind))
			if m.Kind == ref.Piece {
				w.field(spec.MoveDir, i, m.Dir)
				continue
			}
			o := int(m.Orientation)
			if f.orientationFlip {
				o = 1 - o
			}
			w.field(spec.MoveOrientation, i, o)
			w.field(spec.MovePlace, i, m.Place)
		}
	}
	if w.err != nil {
		return "", w.err
	}
	bits := w.bits.String()
	exact := len(bits)%6 == 0
	for len(bits)%6 != 0 {
		bits += "0"
	}
	var code strings.Builder
	alphabet := stdAlphabet
	if f.urlSafe {
		alphabet = urlAlphabet
	}
	for i := 0; i < len(bits); i += 6 {
		six := bits[i : i+6]
		if f.lsbFirst {
			six = string([]byte{six[5], six[4], six[3], six[2], six[1], six[0]})
		}
		n, _ := strconv.ParseUint(six, 2, 8)
		code.WriteByte(alphabet[n])
	}
	if exact && f.extraCharacter {
		code.WriteByte('A')
	}
	for f.equalsPadding && code.Len()%4 != 0 {
		code.WriteByte('=')
	}
	return code.String(), nil
}

func flagBit(b bool) int {
	if b {
		return 1
	}
	return 0
}
