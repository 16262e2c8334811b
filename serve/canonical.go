package serve

import (
	"bytes"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// A quick reading of the common JSON text of a value, without a JSON
// tokenizer: the canonical JSON of spec/qf.md, as ref.Value.AppendJSON
// writes it, or with the keys of its objects in another order, such as
// the order of their bytes, in which most JSON writers write a map. The
// encoder reads a value a request, and the reference's reading,
// ref.Value.UnmarshalJSON, takes twice to four times as long (BenchmarkRead).
//
// It reads only text it is sure of: JSON without whitespace and escapes,
// each object with exactly the keys its value has, each once, every
// number an integer of at most 18 digits written with digits alone. Any
// other text, JSON or not, it declines, and encode reads it with
// ref.Value.UnmarshalJSON, which says what is wrong. What it reads, it
// reads as UnmarshalJSON does (canonical_test.go), and the encoder's
// answer is the same as with UnmarshalJSON alone, for any text: the fuzz
// target FuzzEncodeAsRef (package fuzz) holds it.

// readCanonical reads text into v as v.UnmarshalJSON would, and reports
// whether it could, reusing the memory v holds: its State and Record
// when the text has them, and the arrays of their lists of anchors and of
// moves when they have room. Into a zero Value it reads what
// UnmarshalJSON reads; into a Value that held another, the same but that
// a group of walls with no anchors may be an empty list rather than nil,
// which ref.Encode, AppendJSON and package rules take alike. A text whose
// state or record is null sets v.State or v.Record to nil. When it could
// not, v holds part of the text, or nothing: read the text again with
// UnmarshalJSON, into a Value of its own.
func readCanonical(v *ref.Value, text []byte) bool {
	q := reader{b: text, ok: true}
	state, record := v.State, v.Record
	*v = ref.Value{}
	q.want(q.object(valueKeys, func(k int) {
		switch {
		case q.take(tokNull):
		case k == 0:
			if state == nil {
				state = new(ref.State)
			}
			*state = ref.State{Walls: state.Walls}
			v.State = state
			q.state(state)
		default:
			if record == nil {
				record = new(ref.Record)
			}
			v.Record = record
			q.want(q.object(recordKeys, func(int) { record.Moves = q.moves(record.Moves[:0]) }), 0)
		}
	}), 0, 1)
	return q.ok && len(q.b) == 0
}

// A reader reads a text from the start; ok turns false, and stays so, at
// the first byte it is not sure of.
type reader struct {
	b  []byte
	ok bool
}

// take takes s when the text goes on with it, and reports whether it
// did.
func (q *reader) take(s []byte) bool {
	rest, found := bytes.CutPrefix(q.b, s)
	if found && q.ok {
		q.b = rest
	}
	return found && q.ok
}

// need takes s, or makes q not ok.
func (q *reader) need(s []byte) {
	if !q.take(s) {
		q.ok = false
	}
}

// object reads an object whose keys are some of keys, each once, in any
// order, calling member with the index of each key to read its value, and
// returns the set of the keys read, a bit each by its index.
func (q *reader) object(keys [][]byte, member func(k int)) (seen uint) {
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
func (q *reader) want(seen uint, keys ...int) {
	var want uint
	for _, k := range keys {
		want |= 1 << k
	}
	if seen != want {
		q.ok = false
	}
}

// key reads a key of keys, each quoted and followed by its colon
// (quoted), and returns its index; -1 for another.
func (q *reader) key(keys [][]byte) int {
	for k, key := range keys {
		if q.take(key) {
			return k
		}
	}
	return -1
}

// The keys of each object of spec/qf.md's canonical JSON, in its order,
// quoted and followed by a colon, as the text holds them.
var (
	valueKeys    = quoted(spec.Members[""]...)
	stateKeys    = quoted(spec.Members["/state"]...)
	playerKeys   = quoted(spec.Members["/state/walls"]...)
	groupKeys    = quoted(spec.Members["/state/walls/white"]...)
	lastMoveKeys = quoted(spec.Members["/state/last_move"]...)
	recordKeys   = quoted(spec.Members["/record"]...)
)

func quoted(keys ...string) [][]byte {
	out := make([][]byte, len(keys))
	for k, key := range keys {
		out[k] = []byte(`"` + key + `":`)
	}
	return out
}

// The tokens the reader takes.
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
func (q *reader) name(names ...[]byte) int {
	for i, n := range names {
		if q.take(n) {
			return i
		}
	}
	q.ok = false
	return 0
}

// maxDigits is the most digits an integer the reader reads has: any
// such integer fits an int64 (ref saturates longer ones, left to it).
const maxDigits = 18

// int reads an integer written with digits alone, as JSON writes one,
// with at most maxDigits digits, and returns it.
func (q *reader) int() int {
	if !q.ok {
		return 0
	}
	i := 0
	neg := len(q.b) > 0 && q.b[0] == '-'
	if neg {
		i++
	}
	start, n := i, 0
	for ; i < len(q.b) && '0' <= q.b[i] && q.b[i] <= '9'; i++ {
		n = n*10 + int(q.b[i]-'0')
	}
	if i == start || i-start > maxDigits || q.b[start] == '0' && i > start+1 {
		q.ok = false
		return 0
	}
	q.b = q.b[i:]
	if neg {
		return -n
	}
	return n
}

// ints reads a list of integers into list's array, from its start; an
// empty list is list[:0], nil for a nil list, as UnmarshalJSON makes it.
func (q *reader) ints(list []int) []int { return items(q, list, q.int) }

// items reads a list into list's array, from its start, an item at a
// time.
func items[T any](q *reader, list []T, item func() T) []T {
	list = list[:0]
	q.need(tokOpenList)
	for q.ok && !q.take(tokCloseList) {
		if len(list) > 0 {
			q.need(tokComma)
		}
		list = append(list, item())
	}
	return list
}

func (q *reader) state(s *ref.State) {
	q.want(q.object(stateKeys, func(k int) {
		switch k {
		case 0:
			s.White = q.int()
		case 1:
			s.Black = q.int()
		case 2:
			q.want(q.object(playerKeys, func(p int) {
				g := s.Walls.Group(ref.Player(p))
				q.want(q.object(groupKeys, func(o int) {
					if o == 0 {
						g.H = q.ints(g.H)
					} else {
						g.V = q.ints(g.V)
					}
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
func (q *reader) lastMove(m *ref.LastMove) {
	seen := q.object(lastMoveKeys, func(k int) {
		switch k {
		case 0:
			m.Player = ref.Player(q.name(tokWhite, tokBlack))
		case 1:
			m.Kind = ref.MoveKind(q.name(tokPiece, tokWall))
		default:
			m.Place = q.int()
		}
	})
	if m.Kind == ref.Wall {
		q.want(seen, 0, 1, 2)
	} else {
		q.want(seen, 0, 1)
	}
}

// moves reads a list of moves into moves' array, from its start; an
// empty list is a record of no moves, never nil.
func (q *reader) moves(moves []ref.Move) []ref.Move {
	if moves == nil {
		moves = []ref.Move{}
	}
	return items(q, moves, q.move)
}

// move reads a move written as AppendJSON writes one, or with its keys in
// byte order.
func (q *reader) move() ref.Move {
	switch {
	case q.take(tokPieceDir):
		m := ref.PieceMove(q.int())
		q.need(tokCloseObject)
		return m
	case q.take(tokDirFirst):
		m := ref.PieceMove(q.int())
		q.need(tokDirPiece)
		return m
	case q.take(tokWallH):
		m := ref.WallMove(ref.Horizontal, q.int())
		q.need(tokCloseObject)
		return m
	case q.take(tokWallV):
		m := ref.WallMove(ref.Vertical, q.int())
		q.need(tokCloseObject)
		return m
	}
	q.ok = false
	return ref.Move{}
}
