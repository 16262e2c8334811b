package outsider

import "fmt"

// fields reads the fields of s in layout order into d.val and returns the
// number of bits they use, or the first field's error: truncated, or out
// of range (spec/qf.md, "Strict decoding", step 2).
func (d *decoder) fields(s string, lenient bool) (int, *codeError) {
	d.r = bitReader{s: s, zeros: d.faults.has(ZeroFill)}
	d.val = Value{}
	hasState, err := d.read(field{name: flagsState}, flagWidth)
	if err != nil {
		return 0, err
	}
	hasRecord, err := d.read(field{name: flagsRecord}, flagWidth)
	if err != nil {
		return 0, err
	}
	if err := d.chunks(hasState == 1, hasRecord == 1); err != nil {
		return 0, err
	}
	if hasState == 1 {
		if err := d.readState(lenient); err != nil {
			return 0, err
		}
		d.val.State = &d.state
	}
	if hasRecord == 1 {
		if err := d.readRecord(); err != nil {
			return 0, err
		}
		if len(d.record.Moves) > 0 || !d.faults.has(EmptyRecordLost) {
			d.val.Record = &d.record
		}
	}
	return d.r.pos, nil
}

// chunks refuses the combinations of chunks that the decoder does not
// know, with invalid_character at char 0, the character of the flags: a
// State (RecordsOnly), or neither chunk (NeitherChunkRefused).
func (d *decoder) chunks(state, record bool) *codeError {
	switch {
	case state && d.faults.has(RecordsOnly):
		return atChar(kindInvalidCharacter, 0, "not a record: the code holds a State")
	case !state && !record && d.faults.has(NeitherChunkRefused):
		return atChar(kindInvalidCharacter, 0, "the code holds neither a State nor a record")
	}
	return nil
}

// read reads one field of width bits.
func (d *decoder) read(f field, width int) (int64, *codeError) {
	start := d.r.pos
	v, ok := d.r.read(width)
	if !ok {
		if f.inRecord() && d.faults.has(CrashTruncatedRecord) {
			panic(fmt.Sprintf("outsider: index out of range [%d] with length %d", (start+width-1)/6, len(d.r.s)))
		}
		return 0, atBit(kindTruncated, start, f.path(), f.words()+" runs past the last bit")
	}
	return int64(v), nil
}

// readBounded reads a field that must not exceed max: a square or a wall
// count.
func (d *decoder) readBounded(f field, width int, max int64) (int64, *codeError) {
	start := d.r.pos
	v, err := d.read(f, width)
	if err != nil {
		return 0, err
	}
	if v > max {
		return 0, atBit(kindOutOfRange, start, f.path(), fmt.Sprintf("%s %d out of range 0-%d", f.words(), v, max))
	}
	return v, nil
}

func (d *decoder) readState(lenient bool) *codeError {
	st := &d.state
	maxSq := int64(maxSquare)
	if d.faults.has(HighSquares) || lenient && d.faults.has(LenientHighSquares) {
		maxSq = 1<<squareWidth - 1
	}
	var err *codeError
	if st.White, err = d.readBounded(field{name: stateWhite}, squareWidth, maxSq); err != nil {
		return err
	}
	if st.Black, err = d.readBounded(field{name: stateBlack}, squareWidth, maxSq); err != nil {
		return err
	}
	for p := range 2 {
		for o := range 2 {
			if st.Walls[p][o], err = d.readGroup(p, o, st.Walls[p][o][:0]); err != nil {
				return err
			}
		}
	}
	if d.faults.has(WallsMergedSorted) {
		st.sortGroups()
	}
	return d.readLast(st)
}

// readGroup reads a wall group's count and anchors, appending these to
// anchors.
func (d *decoder) readGroup(p, o int, anchors []int64) ([]int64, *codeError) {
	max := int64(maxCount)
	if d.faults.has(WallCountTenOut) {
		max = maxCount - 1
	}
	n, err := d.readBounded(field{name: wallCount, player: p, orient: o}, countWidth, max)
	if err != nil {
		return anchors, err
	}
	for i := range int(n) {
		a, err := d.read(field{name: wallAnchor, player: p, orient: o, index: i}, anchorWidth)
		if err != nil {
			return anchors, err
		}
		anchors = append(anchors, a)
	}
	return anchors, nil
}

// readLast reads the last move and the turn.
func (d *decoder) readLast(st *State) *codeError {
	player, err := d.read(field{name: lastPlayer}, flagWidth)
	if err != nil {
		return err
	}
	kind, err := d.read(field{name: lastKind}, flagWidth)
	if err != nil {
		return err
	}
	st.Last = LastMove{Player: int(player), Wall: kind == 1}
	if st.Last.Wall {
		if st.Last.Place, err = d.read(field{name: lastPlace}, anchorWidth); err != nil {
			return err
		}
	}
	width := turnWidth
	if d.faults.has(TurnNineBits) {
		width = turnWidth - 1
	}
	if st.Turn, err = d.read(field{name: stateTurn}, width); err != nil {
		return err
	}
	if d.faults.has(PlayerFromParity) {
		st.Last.Player = parityPlayer(st.Turn)
	}
	return nil
}

func (d *decoder) readRecord() *codeError {
	n, err := d.read(field{name: movesCount}, movesWidth)
	if err != nil {
		return err
	}
	moves := d.record.Moves[:0]
	d.moveBits = d.moveBits[:0]
	defer func() { d.record.Moves = moves }()
	for i := range int(n) {
		d.moveBits = append(d.moveBits, d.r.pos)
		kind, err := d.read(field{name: moveKind, index: i}, flagWidth)
		if err != nil {
			return err
		}
		var m Move
		if kind == 0 {
			m.Dir, err = d.read(field{name: moveDir, index: i}, dirWidth)
		} else {
			m.Wall = true
			var o int64
			if o, err = d.read(field{name: moveOrientation, index: i}, flagWidth); err == nil {
				m.Orientation = int(o)
				m.Place, err = d.read(field{name: movePlace, index: i}, anchorWidth)
			}
		}
		if err != nil {
			return err
		}
		moves = append(moves, m)
	}
	return nil
}
