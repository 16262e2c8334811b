package ref

import "bytes"

// A quick reading of the common JSON text of a value, without package
// jsontext: the canonical JSON, as AppendJSON writes it, or with the keys
// of its objects in another order, such as the order of their bytes, in
// which most JSON writers write a map. The encoder reads a value a
// request, and the full reading of unmarshal.go takes several times as
// long.
//
// The quick reading reads only text it is sure of: JSON without
// whitespace and escapes, each object with exactly the keys its value
// has, each once, every number an integer written with digits alone. Any
// other text, JSON or not, it leaves to the full reading, which says what
// is wrong; what both read, they read alike (quick_test.go).

// A quickReader reads a text from the start; ok turns false, and stays
// so, at the first byte it is not sure of.
type quickReader struct {
	b  []byte
	ok bool
}

// quickValue reads text into v, as UnmarshalJSON would, and reports
// whether it could; v is changed only when it could.
func quickValue(v *Value, text []byte) bool {
	var nv Value
	if !quickInto(&nv, text) {
		return false
	}
	*v = nv
	return true
}

// quickInto reads text into v, as UnmarshalInto would, and reports
// whether it could: a State and a Record the text has are read into
// v's, if it has them, and the lists into their arrays. When it could
// not, v holds part of the text, or nothing.
func quickInto(v *Value, text []byte) bool {
	q := quickReader{b: text, ok: true}
	state, record := v.State, v.Record
	*v = Value{}
	q.want(q.object(quickValueKeys, func(k int) {
		switch {
		case q.take(tokNull):
		case k == 0:
			if state == nil {
				state = new(State)
			}
			*state = State{Walls: state.Walls}
			v.State = state
			q.state(state)
		default:
			if record == nil {
				record = new(Record)
			}
			v.Record = record
			q.want(q.object(quickRecordKeys, func(int) { record.Moves = q.moves(record.Moves[:0]) }), 0)
		}
	}), 0, 1)
	return q.ok && len(q.b) == 0
}

// take takes s when the text goes on with it, and reports whether it
// did.
func (q *quickReader) take(s []byte) bool {
	rest, found := bytes.CutPrefix(q.b, s)
	if found && q.ok {
		q.b = rest
	}
	return found && q.ok
}

// need takes s, or makes q not ok.
func (q *quickReader) need(s []byte) {
	if !q.take(s) {
		q.ok = false
	}
}

// object reads an object whose keys are some of keys, each once, in any
// order, calling member with the index of each key to read its value, and
// returns the set of the keys read, a bit each by its index.
func (q *quickReader) object(keys [][]byte, member func(k int)) (seen uint) {
	q.need(tokOpenObject)
	for q.ok && !q.take(tokCloseObject) {
		if seen != 0 {
			q.need(tokComma)
		}
		k := q.key(keys)
		if k < 0 || seen&(1<<k) != 0 {
			q.ok = false
			break
		}
		seen |= 1 << k
		member(k)
	}
	return seen
}

// want makes q not ok unless seen, the keys of an object read, are those
// of the indexes keys.
func (q *quickReader) want(seen uint, keys ...int) {
	var want uint
	for _, k := range keys {
		want |= 1 << k
	}
	if seen != want {
		q.ok = false
	}
}

// key reads a key of keys, each quoted and followed by its colon
// (quotedKeys), and returns its index; -1 for another.
func (q *quickReader) key(keys [][]byte) int {
	for k, key := range keys {
		if q.take(key) {
			return k
		}
	}
	return -1
}

// The keys of each object, in canonical order, quoted and followed by a
// colon, as the text holds them.
var (
	quickValueKeys    = quotedKeys(valueKeys)
	quickStateKeys    = quotedKeys(stateKeys)
	quickPlayerKeys   = quotedKeys(playerKeys)
	quickGroupKeys    = quotedKeys(groupKeys)
	quickLastMoveKeys = quotedKeys(lastMoveKeys)
	quickRecordKeys   = quotedKeys(recordKeys)
)

func quotedKeys(keys []string) [][]byte {
	quoted := make([][]byte, len(keys))
	for k, key := range keys {
		quoted[k] = []byte(`"` + key + `":`)
	}
	return quoted
}

// The tokens the quick reading takes.
var (
	tokOpenObject, tokCloseObject = []byte("{"), []byte("}")
	tokOpenList, tokCloseList     = []byte("["), []byte("]")
	tokComma, tokNull             = []byte(","), []byte("null")
	tokWhite, tokBlack            = []byte(`"white"`), []byte(`"black"`)
	tokPiece, tokWall             = []byte(`"piece"`), []byte(`"wall"`)
	tokPieceDir, tokDirPiece      = []byte(`{"kind":"piece","dir":`), []byte(`,"kind":"piece"}`)
	tokDirFirst                   = []byte(`{"dir":`)
	tokWallH                      = []byte(`{"kind":"wall","orientation":"h","place":`)
	tokWallV                      = []byte(`{"kind":"wall","orientation":"v","place":`)
)

// name reads one of names, each quoted, and returns its index.
func (q *quickReader) name(names ...[]byte) int {
	for i, n := range names {
		if q.take(n) {
			return i
		}
	}
	q.ok = false
	return 0
}

// int reads an integer written with digits alone, as JSON writes one, and
// returns it as the full reading does (integer).
func (q *quickReader) int() int {
	if !q.ok {
		return 0
	}
	i := 0
	if len(q.b) > 0 && q.b[0] == '-' {
		i++
	}
	start := i
	for i < len(q.b) && isDigit(q.b[i]) {
		i++
	}
	if i == start || q.b[start] == '0' && i > start+1 {
		q.ok = false
		return 0
	}
	n, ok := integer(q.b[:i])
	if !ok {
		q.ok = false
	}
	q.b = q.b[i:]
	return n
}

// ints reads a list of integers into list's array, from its start; an
// empty list is list[:0], nil for a nil list, as the full reading makes
// it.
func (q *quickReader) ints(list []int) []int {
	list = list[:0]
	q.need(tokOpenList)
	for q.ok && !q.take(tokCloseList) {
		if len(list) > 0 {
			q.need(tokComma)
		}
		list = append(list, q.int())
	}
	return list
}

func (q *quickReader) state(s *State) {
	q.want(q.object(quickStateKeys, func(k int) {
		switch k {
		case 0:
			s.White = q.int()
		case 1:
			s.Black = q.int()
		case 2:
			q.want(q.object(quickPlayerKeys, func(p int) {
				g := s.Walls.Group(Player(p))
				q.want(q.object(quickGroupKeys, func(o int) {
					list := g.list(Orientation(o))
					*list = q.ints(*list)
				}), 0, 1)
			}), 0, 1)
		case 3:
			q.lastMove(&s.LastMove)
		default:
			s.Turn = q.int()
		}
	}), 0, 1, 2, 3, 4)
}

// lastMove reads a last move: a place for a wall, none for a pawn.
func (q *quickReader) lastMove(m *LastMove) {
	seen := q.object(quickLastMoveKeys, func(k int) {
		switch k {
		case 0:
			m.Player = Player(q.name(tokWhite, tokBlack))
		case 1:
			m.Kind = MoveKind(q.name(tokPiece, tokWall))
		default:
			m.Place = q.int()
		}
	})
	if m.Kind == Wall {
		q.want(seen, 0, 1, 2)
	} else {
		q.want(seen, 0, 1)
	}
}

// moves reads a list of moves into moves' array, from its start; an
// empty list is a record of no moves, never nil.
func (q *quickReader) moves(moves []Move) []Move {
	moves = moves[:0]
	if moves == nil {
		moves = []Move{}
	}
	q.need(tokOpenList)
	for q.ok && !q.take(tokCloseList) {
		if len(moves) > 0 {
			q.need(tokComma)
		}
		moves = append(moves, q.move())
	}
	return moves
}

// move reads a move written as AppendJSON writes one, or with its keys in
// byte order; the full reading reads any other.
func (q *quickReader) move() Move {
	switch {
	case q.take(tokPieceDir):
		m := Move{Kind: Piece, Dir: narrow(q.int())}
		q.need(tokCloseObject)
		return m
	case q.take(tokDirFirst):
		m := Move{Kind: Piece, Dir: narrow(q.int())}
		q.need(tokDirPiece)
		return m
	case q.take(tokWallH):
		m := Move{Kind: Wall, Orientation: Horizontal, Place: narrow(q.int())}
		q.need(tokCloseObject)
		return m
	case q.take(tokWallV):
		m := Move{Kind: Wall, Orientation: Vertical, Place: narrow(q.int())}
		q.need(tokCloseObject)
		return m
	}
	q.ok = false
	return Move{}
}
