package gen

import (
	"encoding/json"
	"iter"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// Cases for generative checking (qf fuzz): inputs for every op, biased
// toward the boundaries and corners where implementations go wrong.

// pick returns one of the choices.
func pick[T any](r *Rand, choices ...T) T { return choices[r.Intn(len(choices))] }

// BoundaryValue returns a value from the whole space, biased toward the
// boundaries: each chunk combination as often; squares 0 and 80; groups
// of 0 and 10 walls; anchors 0, 7, 56 and 63, repeated and unsorted; turns
// 0 and 1023; records of 0 and 1 moves (of 1023 now and then); a wall last
// move.
func (r *Rand) BoundaryValue() *ref.Value {
	v := new(ref.Value)
	switch r.Intn(4) {
	case 1:
		v.State = r.BoundaryState()
	case 2:
		v.Record = r.boundaryRecord()
	case 3:
		v.State, v.Record = r.BoundaryState(), r.boundaryRecord()
	}
	return v
}

func (r *Rand) square() int {
	return pick(r, 0, spec.MaxSquare, r.Intn(spec.MaxSquare+1), r.Intn(spec.MaxSquare+1))
}

func (r *Rand) anchor() int {
	return pick(r, 0, 7, 56, spec.MaxAnchor, r.Intn(spec.MaxAnchor+1), r.Intn(spec.MaxAnchor+1))
}

func (r *Rand) group() []int {
	n := pick(r, 0, 0, 1, spec.MaxWallsPerGroup, r.Intn(spec.MaxWallsPerGroup+1))
	if n == 0 {
		return nil
	}
	a := make([]int, n)
	for i := range a {
		a[i] = r.anchor()
	}
	return a
}

// BoundaryState returns a State biased toward the boundaries.
func (r *Rand) BoundaryState() *ref.State {
	s := &ref.State{
		White: r.square(), Black: r.square(),
		Walls:    ref.Walls{White: ref.PlayerWalls{H: r.group(), V: r.group()}, Black: ref.PlayerWalls{H: r.group(), V: r.group()}},
		LastMove: ref.LastMove{Player: ref.Player(r.Intn(2)), Kind: ref.MoveKind(r.Intn(2))},
		Turn:     pick(r, 0, 1, spec.MaxTurn, r.Intn(spec.MaxTurn+1)),
	}
	if s.LastMove.Kind == ref.Wall {
		s.LastMove.Place = r.anchor()
	}
	return s
}

func (r *Rand) boundaryRecord() *ref.Record {
	n := pick(r, 0, 1, 2, r.Intn(12), r.Intn(40))
	if r.Intn(200) == 0 {
		n = spec.MaxMoves
	}
	moves := make([]ref.Move, n)
	for i := range moves {
		if r.Intn(2) == 0 {
			moves[i] = ref.PieceMove(r.Intn(8))
		} else {
			moves[i] = ref.WallMove(ref.Orientation(r.Intn(2)), r.anchor())
		}
	}
	return &ref.Record{Moves: moves}
}

// Junk holds what people paste around and inside codes, and what the
// alphabet lacks: padding, white space, the URL-safe characters,
// non-ASCII characters, bytes that are not UTF-8.
var Junk = []string{"=", "==", " ", "\t", "\n", "\r\n", "-", "_", ".", "%3D", "é", "ｇ", "🙂", "\ufeff", "\xff", "\xc3", "\x00"}

const alphabet = spec.Alphabet

// Code returns a code to decode: the code of a BoundaryValue, often
// mutated once or twice: truncated (at a field or anywhere), characters
// inserted (from the alphabet or not) or appended, padding bits set, a bit
// flipped, a square or a wall count written out of range; with long
// inputs (WithLongInputs), one in longCodeShare with a long run of
// characters in it instead (longCode).
func (r *Rand) Code() string {
	code, _ := ref.Encode(r.BoundaryValue())
	if r.long && r.Intn(longCodeShare) == 0 {
		return r.longCode(code)
	}
	if r.Intn(5) < 2 {
		return code
	}
	for k := 1 + r.Intn(2); k > 0; k-- {
		code = r.Mutate(code)
	}
	return code
}

// Mutate returns code changed in one way, drawn at random.
func (r *Rand) Mutate(code string) string {
	switch r.Intn(8) {
	case 0: // truncated at the character of a field's first bit, or anywhere
		fields, err := r.fields(code)
		if err == nil && len(fields) > 0 && r.Intn(2) == 0 {
			return code[:fields[r.Intn(len(fields))].offset/6]
		}
		return code[:r.Intn(len(code)+1)]
	case 1, 2: // a character inserted
		at := r.Intn(len(code) + 1)
		for at < len(code) && at > 0 && code[at]&0xc0 == 0x80 {
			at++ // not inside a UTF-8 sequence
		}
		c := string(alphabet[r.Intn(len(alphabet))])
		if r.Intn(3) > 0 {
			c = Junk[r.Intn(len(Junk))]
		}
		return code[:at] + c + code[at:]
	case 3: // characters appended
		return code + pick(r, "A", "AA", "=", string(alphabet[r.Intn(len(alphabet))]), Junk[r.Intn(len(Junk))])
	case 4, 5: // a bit flipped, or a padding bit set
		if !spec.InAlphabet(code) || code == "" {
			return code
		}
		bits := 6 * len(code)
		i := r.Intn(bits)
		if r.Intn(2) == 0 {
			if v, err := ref.Decode(code); err == nil {
				if used := v.BitLen(); used < bits {
					i = used + r.Intn(bits-used) // a padding bit
				}
			}
		}
		return withBits(code, i, 1, sextetBit(code, i)^1)
	}
	// A square above 80 or a wall count above 10, written bit by bit.
	fields, err := r.fields(code)
	if err != nil {
		return code
	}
	limited := r.limited[:0]
	for _, f := range fields {
		if f.width == 7 || strings.HasSuffix(f.name, ".count") && f.width == 4 {
			limited = append(limited, f)
		}
	}
	r.limited = limited
	if len(limited) == 0 {
		return code
	}
	f := limited[r.Intn(len(limited))]
	v := spec.MaxSquare + 1 + r.Intn(127-spec.MaxSquare)
	if f.width == 4 {
		v = spec.MaxWallsPerGroup + 1 + r.Intn(15-spec.MaxWallsPerGroup)
	}
	return withBits(code, f.offset, f.width, v)
}

// A fieldAt is a field of a code: its name in spec's layout, the offset of
// its first bit and its width.
type fieldAt struct {
	name          string
	offset, width int
}

// fields returns the fields of code, which it decodes strictly, in the
// order of the code, as ref.Fields returns them (cases_test.go holds them
// to it) without their paths, into memory of r's that the next call
// reuses; or Decode's error.
func (r *Rand) fields(code string) ([]fieldAt, error) {
	if err := ref.Strict.DecodeInto(&r.decoded, code); err != nil {
		return nil, err
	}
	fields, at := r.fieldsAt[:0], 0
	add := func(f *spec.Field) {
		fields = append(fields, fieldAt{f.Name, at, f.Width})
		at += f.Width
	}
	v := &r.decoded
	add(&spec.StateFlag)
	add(&spec.RecordFlag)
	if s := v.State; s != nil {
		add(&spec.White)
		add(&spec.Black)
		for g, anchors := range [...][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V} {
			add(&spec.WallGroups[g].Count)
			for range anchors {
				add(&spec.WallGroups[g].Anchor)
			}
		}
		add(&spec.LastMovePlayer)
		add(&spec.LastMoveKind)
		if s.LastMove.Kind == ref.Wall {
			add(&spec.LastMovePlace)
		}
		add(&spec.Turn)
	}
	if rec := v.Record; rec != nil {
		add(&spec.MoveCount)
		for _, m := range rec.Moves {
			add(&spec.MoveKind)
			if m.Kind == ref.Wall {
				add(&spec.MoveOrientation)
				add(&spec.MovePlace)
			} else {
				add(&spec.MoveDir)
			}
		}
	}
	r.fieldsAt = fields
	return fields, nil
}

// sextetBit returns bit i of code, a string of the alphabet, counting six
// bits a character, the most significant first.
func sextetBit(code string, i int) int {
	return strings.IndexByte(alphabet, code[i/6]) >> (5 - i%6) & 1
}

// withBits returns code, a string of the alphabet, with its width bits
// from bit offset on set to v, the most significant first.
func withBits(code string, offset, width, v int) string {
	b := []byte(code)
	for k := 0; k < width; k++ {
		i := offset + k
		c := strings.IndexByte(alphabet, b[i/6])
		bit := 1 << (5 - i%6)
		c &^= bit
		if v>>(width-1-k)&1 == 1 {
			c |= bit
		}
		b[i/6] = alphabet[c]
	}
	return string(b)
}

// EncodeValue returns JSON text for an encoder: the canonical JSON of a
// BoundaryValue, often broken: a number out of range (in every field) or
// not an integer, a member missing, unknown, misspelled or of the wrong
// type, a group of too many walls or a record of too many moves; with
// long inputs (WithLongInputs), one in 80 with something long in it
// instead (longJSON): a name, a string or a list.
func (r *Rand) EncodeValue() []byte {
	v := r.BoundaryValue()
	switch n := r.Intn(240); {
	case r.long && n >= 240-longEncodeShare:
		return appendTree(make([]byte, 0, 1024), r.longJSON(r.trees.valueTree(v).(*object)))
	case n == 0: // a record of too many moves (rare: it is long to write)
		v.Record = &ref.Record{Moves: make([]ref.Move, spec.MaxMoves+pick(r, 1, 1, 2, 1025))}
	case n < 5: // a group of too many walls
		if v.State == nil {
			v.State = r.BoundaryState()
		}
		g := pick(r, &v.State.Walls.White.H, &v.State.Walls.White.V, &v.State.Walls.Black.H, &v.State.Walls.Black.V)
		for len(*g) <= spec.MaxWallsPerGroup+r.Intn(6) {
			*g = append(*g, r.anchor())
		}
	}
	if r.Intn(5) < 2 {
		b, _ := v.AppendJSON(nil)
		return b
	}
	tree := r.trees.valueTree(v)
	for k := 1 + r.Intn(2); k > 0; k-- {
		tree = r.breakJSON(tree)
	}
	return appendTree(make([]byte, 0, 256), tree)
}

// A place in a JSON tree: the object or list holding it, and its key or
// index.
type place struct {
	object *object
	list   []any
	key    string
	index  int
}

func (p place) get() any {
	if p.object != nil {
		return p.object.get(p.key)
	}
	return p.list[p.index]
}

func (p place) set(v any) {
	if p.object != nil {
		p.object.set(p.key, v)
	} else {
		p.list[p.index] = v
	}
}

// places yields every member and item of tree, depth first, the members
// of an object in the order of their keys, so that a seed repeats its
// choices.
func places(tree any) iter.Seq[place] {
	return func(yield func(place) bool) { walkPlaces(tree, yield) }
}

func walkPlaces(x any, yield func(place) bool) bool {
	switch x := x.(type) {
	case *object:
		for _, m := range x.members {
			if !yield(place{object: x, key: m.key}) || !walkPlaces(m.value, yield) {
				return false
			}
		}
	case []any:
		for i, v := range x {
			if !yield(place{list: x, index: i}) || !walkPlaces(v, yield) {
				return false
			}
		}
	}
	return true
}

// countPlaces returns the number of places that places yields.
func countPlaces(x any) int {
	n := 0
	switch x := x.(type) {
	case *object:
		for _, m := range x.members {
			n += 1 + countPlaces(m.value)
		}
	case []any:
		for _, v := range x {
			n += 1 + countPlaces(v)
		}
	}
	return n
}

// nthPlace returns the place of tree that places yields after n others.
func nthPlace(tree any, n int) place {
	var out place
	for p := range places(tree) {
		if n == 0 {
			out = p
			break
		}
		n--
	}
	return out
}

// Numbers that are out of some range, or not integers however close.
var badNumbers = []string{"-1", "8", "11", "64", "81", "128", "1024", "200", "99999999999999999999", "1e400", "-1e400",
	"4.5", "3.99999999999999999999", "1e-400", "0.5"}

// Keys that no value has, each written in a way that a writer may get
// wrong in the path of the error it makes: escaped as spec/qf.md says
// (controls, the quote, the backslash), bracketed (a dot), raw (non-ASCII,
// U+2028, U+007F, <, & and >, which some writers escape).
var oddKeys = []string{"<&>", "\u2028", "\u2029", "\x1b", "\x00", "\b\f\n\r\t", "é", "ü", "a\"b\\c", "a.b", "\U0001F600", "\x7f", "x\u00e9"}

// Values of the wrong type.
//
// The list and the object are shared by every tree they are put in, as
// they were when trees were maps: nothing adds to them, since a place is
// a member or an item of what holds it, and they hold none.
var wrongTypes = []any{nil, "4", true, []any{}, &object{}, "white", "wall"}

func (r *Rand) breakJSON(tree any) any {
	n := countPlaces(tree)
	if n == 0 || r.Intn(12) == 0 {
		return pick(r, any(nil), any([]any{}), any("A"), tree)
	}
	p := nthPlace(tree, r.Intn(n))
	switch r.Intn(7) {
	case 0, 1: // a number out of range or not an integer
		if _, ok := p.get().(json.Number); ok {
			p.set(json.Number(pick(r, badNumbers...)))
			return tree
		}
		p.set(json.Number(pick(r, badNumbers...)))
	case 2: // a value of the wrong type
		p.set(pick(r, wrongTypes...))
	case 3: // a member missing
		if p.object != nil {
			p.object.remove(p.key)
		}
	case 4: // an unknown, misspelled or repeated member
		if p.object != nil && !strings.HasSuffix(p.key, repeated) {
			name := pick(r, "comment", strings.ToUpper(p.key[:1])+p.key[1:], p.key+"s", "x", p.key+repeated, pick(r, oddKeys...))
			p.object.set(name, p.object.get(p.key))
			if r.Intn(2) == 0 && name != p.key+repeated {
				p.object.remove(p.key)
			}
		}
	case 5: // a list of too many items
		if list, ok := p.get().([]any); ok && len(list) > 0 {
			n := pick(r, spec.MaxWallsPerGroup+1, spec.MaxWallsPerGroup+6, 2*len(list))
			for len(list) < n {
				list = append(list, list[r.Intn(len(list))])
			}
			p.set(list)
		}
	default: // a string that is not a name
		if _, ok := p.get().(string); ok {
			p.set(pick(r, "White", "pawn", "H", "", "red", "jump"))
		}
	}
	return tree
}

// ReplayValue returns a value with a record to replay: from the initial
// position or from a State where the rules are subtle (pawns side by side
// in any direction, walls behind and beside them, pawns on the edges and in
// the corners, walls next to walls, the tenth wall, paths nearly cut, a
// pawn on its goal rank), a short game of legal moves with illegal ones
// injected.
func (r *Rand) ReplayValue() *ref.Value {
	v := &ref.Value{Record: &ref.Record{Moves: []ref.Move{}}}
	if r.Intn(5) > 0 {
		v.State = r.SubtleState()
	}
	p := rules.Start(v)
	for n := pick(r, 1, 1, 2, 3, 1+r.Intn(12)); n > 0; n-- {
		var m ref.Move
		toward, beside, adjacent := towardOpponent(&p)
		switch {
		case adjacent && r.Intn(3) == 0: // a jump, or a side-step, legal or not
			m = ref.PieceMove(pick(r, toward, toward, beside[0], beside[1]))
		case r.Intn(4) == 0: // any move, legal or not
			if r.Intn(2) == 0 {
				m = ref.PieceMove(r.Intn(8))
			} else {
				m = ref.WallMove(ref.Orientation(r.Intn(2)), r.anchor())
			}
		case r.Intn(3) == 0: // a wall, legal if a few draws find one
			m = ref.WallMove(ref.Orientation(r.Intn(2)), r.Intn(64))
			for try := 0; try < 4; try++ {
				if _, k := p.Apply(m); k == "" {
					break
				}
				m = ref.WallMove(ref.Orientation(r.Intn(2)), r.Intn(64))
			}
		default:
			moves := p.PawnMoves()
			if len(moves) == 0 {
				m = ref.PieceMove(r.Intn(8))
				break
			}
			m = moves[r.Intn(len(moves))]
		}
		v.Record.Moves = append(v.Record.Moves, m)
		if next, k := p.Apply(m); k == "" {
			p = next
		}
	}
	return v
}

// towardOpponent returns, when the opponent stands orthogonally next to
// the player to move, the direction toward it and the two diagonals beside
// that one.
func towardOpponent(p *rules.Position) (toward int, beside [2]int, adjacent bool) {
	me, opp := p.White, p.Black
	if p.ToMove == ref.Black {
		me, opp = opp, me
	}
	mx, my := rules.XY(me)
	ox, oy := rules.XY(opp)
	for d, step := range [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}} {
		if d%2 == 0 && mx+step[0] == ox && my+step[1] == oy {
			return d, [2]int{(d + 1) % 8, (d + 7) % 8}, true
		}
	}
	return 0, beside, false
}

// SubtleState returns a State where the rules of pawn moves and walls are
// subtle: the pawns side by side in a random direction, near an edge or
// in a corner often, with walls around them; a player with nine or ten
// walls placed; now and then a pawn on its goal rank.
func (r *Rand) SubtleState() *ref.State {
	for {
		s := r.subtleState()
		// A game already won, one time in eight.
		white, black := s.White/9, s.Black/9
		if white != rules.Size-1 && black != 0 || r.Intn(8) == 0 {
			return s
		}
	}
}

func (r *Rand) subtleState() *ref.State {
	s := &ref.State{LastMove: ref.LastMove{Player: ref.Player(r.Intn(2))}, Walls: roomyWalls()}
	s.Turn = TurnFor(1-s.LastMove.Player, 2+r.Intn(60))
	if r.Intn(8) == 0 {
		s.Turn = r.Intn(spec.MaxTurn + 1) // any parity
	}
	// The mover on an edge, in a corner or anywhere; the opponent beside.
	x, y := pick(r, 0, 8, r.Intn(9), r.Intn(9)), pick(r, 0, 8, r.Intn(9), r.Intn(9))
	d := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}[r.Intn(4)]
	ox, oy := x+d[0], y+d[1]
	if ox < 0 || ox > 8 || oy < 0 || oy > 8 {
		ox, oy = x-d[0], y-d[1]
	}
	mover, other := rules.Square(x, y), rules.Square(ox, oy)
	if r.Intn(6) == 0 { // not side by side
		other = r.Intn(81)
	}
	toMove := 1 - s.LastMove.Player
	if toMove == ref.White {
		s.White, s.Black = mover, other
	} else {
		s.White, s.Black = other, mover
	}
	// Walls near the pawns: behind the opponent, beside, between; then a
	// few anywhere, or nine or ten for one player.
	near := func() int {
		ax, ay := min(max(ox-1+r.Intn(2), 0), 7), min(max(oy-1+r.Intn(2), 0), 7)
		return 8*ay + ax
	}
	for n := r.Intn(4); n > 0; n-- {
		addWall(s, ref.Player(r.Intn(2)), ref.Orientation(r.Intn(2)), near())
	}
	for n := pick(r, 0, 0, 1, 2, 9, 10); n > 0; n-- {
		addWall(s, toMove, ref.Orientation(r.Intn(2)), r.Intn(64))
	}
	if s.Walls.Count() > 0 && r.Intn(3) == 0 {
		s.LastMove.Kind = ref.Wall
		s.LastMove.Place = near()
	}
	return s
}

// roomyWalls returns four empty wall groups with room for ten walls each,
// in one array, so that adding walls one by one allocates nothing more.
func roomyWalls() ref.Walls {
	const n = spec.MaxWallsPerGroup
	room := make([]int, 4*n)
	return ref.Walls{
		White: ref.PlayerWalls{H: room[0:0:n], V: room[n : n : 2*n]},
		Black: ref.PlayerWalls{H: room[2*n : 2*n : 3*n], V: room[3*n : 3*n : 4*n]},
	}
}

// addWall adds a wall to owner's group of orientation o, or of the other
// orientation when that one holds ten already; or nothing when both do.
func addWall(s *ref.State, owner ref.Player, o ref.Orientation, a int) {
	g := s.Walls.Group(owner)
	full := func(o ref.Orientation) bool {
		if o == ref.Vertical {
			return len(g.V) >= spec.MaxWallsPerGroup
		}
		return len(g.H) >= spec.MaxWallsPerGroup
	}
	if full(o) {
		o = 1 - o
	}
	if !full(o) {
		AddWall(s, owner, o, a)
	}
}

// ValidateState returns a State to validate: legal, or breaking one rule
// or several: the pawns on one square, more than ten walls for a player,
// walls that conflict (the same, overlapping, crossing; one player's or
// both's), a player cut off from its goal, a wall last move that names no
// wall of its player.
func (r *Rand) ValidateState() *ref.State {
	s := r.SubtleState()
	switch r.Intn(6) {
	case 0:
		s.Black = s.White
	case 1:
		player := ref.Player(r.Intn(2))
		g := s.Walls.Group(player)
		for n := 11 + r.Intn(10); len(g.H)+len(g.V) < n; {
			addWall(s, player, ref.Orientation(r.Intn(2)), r.Intn(64))
		}
	case 2:
		a := r.Intn(63)
		addWall(s, ref.Player(r.Intn(2)), ref.Horizontal, a)
		addWall(s, ref.Player(r.Intn(2)), pick(r, ref.Horizontal, ref.Vertical), pick(r, a, a+1))
	case 3: // a pawn in a corner, boxed in by a vertical and a horizontal wall
		corner := pick(r, [4]int{0, 0, 0, 8}, [4]int{8, 0, 7, 15}, [4]int{0, 8, 56, 48}, [4]int{8, 8, 63, 55})
		sq := rules.Square(corner[0], corner[1])
		if r.Intn(2) == 0 {
			s.White = sq
		} else {
			s.Black = sq
		}
		addWall(s, ref.Player(r.Intn(2)), ref.Vertical, corner[2])
		addWall(s, ref.Player(r.Intn(2)), ref.Horizontal, corner[3])
	case 4:
		s.LastMove = ref.LastMove{Player: ref.Player(r.Intn(2)), Kind: ref.Wall, Place: r.Intn(64)}
	}
	return s
}
