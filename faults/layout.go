package faults

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/qf-format/qf-conformance/spec"
)

// Deviations of the layout: one model of a codec whose layout parts from
// spec/qf.md's table by parameters, rather than a list of shapes seen:
// the order of the four wall groups, of white's and black's squares, of
// the last move's player and kind; a field's width one bit more or less;
// a field's bits, or every field's, least significant first; a one-bit
// field read inverted;
// the squares' or the wall counts' range one off; each character's six
// bits least significant first. Each deviation is had
// when decoding, when encoding, or both (a table both use). The diagnosis
// searches them as it searches the catalogue (Deviations), and names one
// only where its model reproduces the failures of its cause.

// A change is what a deviation of the layout does.
type change uint8

const (
	noChange   change = iota
	width             // the field read and written with n bits
	lsbField          // the field's bits least significant first
	inverted          // the one-bit field read and written inverted
	rangeMax          // the field's values checked against 0..n
	groupOrder        // the wall groups in the order of permutation n
	swapped           // the field and the one after it in the other order
	charLSB           // each character's six bits least significant first
)

// A layout is one deviation of the layout, for one side of a codec: the
// zero layout is spec/qf.md's.
type layout struct {
	change change
	class  fieldClass
	n      int16
}

// A fieldClass is the fields a deviation applies to: one field, or every
// field a codec reads with one line (the four wall counts, the anchors,
// the two squares).
type fieldClass uint8

const (
	noClass fieldClass = iota
	stateFlag
	recordFlag
	white
	black
	squares
	wallCounts
	wallAnchors
	lastPlayer
	lastKind
	lastPlace
	turn
	moveCount
	moveKind
	moveDir
	moveOrientation
	movePlace
	everyField
)

// classes holds, by class, its name and the fields it holds.
var classes = [...]struct {
	name   string
	fields []spec.Field
}{
	stateFlag:       {"flags.state", []spec.Field{spec.StateFlag}},
	recordFlag:      {"flags.record", []spec.Field{spec.RecordFlag}},
	white:           {"state.white", []spec.Field{spec.White}},
	black:           {"state.black", []spec.Field{spec.Black}},
	squares:         {"the squares", []spec.Field{spec.White, spec.Black}},
	wallCounts:      {"the wall counts", groupFields(func(g spec.WallGroup) spec.Field { return g.Count })},
	wallAnchors:     {"the wall anchors", groupFields(func(g spec.WallGroup) spec.Field { return g.Anchor })},
	lastPlayer:      {spec.LastMovePlayer.Name, []spec.Field{spec.LastMovePlayer}},
	lastKind:        {spec.LastMoveKind.Name, []spec.Field{spec.LastMoveKind}},
	lastPlace:       {spec.LastMovePlace.Name, []spec.Field{spec.LastMovePlace}},
	turn:            {spec.Turn.Name, []spec.Field{spec.Turn}},
	moveCount:       {spec.MoveCount.Name, []spec.Field{spec.MoveCount}},
	moveKind:        {spec.MoveKind.Name, []spec.Field{spec.MoveKind}},
	moveDir:         {spec.MoveDir.Name, []spec.Field{spec.MoveDir}},
	moveOrientation: {spec.MoveOrientation.Name, []spec.Field{spec.MoveOrientation}},
	movePlace:       {spec.MovePlace.Name, []spec.Field{spec.MovePlace}},
	everyField:      {"every field", spec.Layout},
}

func groupFields(of func(spec.WallGroup) spec.Field) []spec.Field {
	var out []spec.Field
	for _, g := range spec.WallGroups {
		out = append(out, of(g))
	}
	return out
}

// holds reports whether the class holds field f.
func (c fieldClass) holds(f spec.Field) bool {
	for _, g := range classes[c].fields {
		if g.Name == f.Name {
			return true
		}
	}
	return false
}

// permutations lists the orders of the four wall groups, as indexes into
// spec.WallGroups, spec/qf.md's first.
var permutations = func() (out [][4]int) {
	var walk func(p []int, left []int)
	walk = func(p []int, left []int) {
		if len(left) == 0 {
			out = append(out, [4]int(p))
			return
		}
		for i, g := range left {
			rest := append(append([]int{}, left[:i]...), left[i+1:]...)
			walk(append(append([]int{}, p...), g), rest)
		}
	}
	walk(nil, []int{0, 1, 2, 3})
	return out
}()

// groups returns the order in which a codec of layout l reads the wall
// groups, as indexes into spec.WallGroups.
func (l layout) groups() [4]int {
	if l.change == groupOrder {
		return permutations[l.n]
	}
	return [4]int{0, 1, 2, 3}
}

// fieldOf returns the width, the largest value, and whether a codec of
// layout l reads field f's bits least significant first or inverted,
// where spec/qf.md's are bits and max.
func (l layout) fieldOf(f spec.Field, bits, max int) (w, m int, lsb, invert bool) {
	w, m = bits, max
	if l.change == noChange || !l.class.holds(f) {
		return w, m, false, false
	}
	switch l.change {
	case width:
		w = int(l.n)
		m = min(m, 1<<w-1)
	case rangeMax:
		m = int(l.n)
	case lsbField:
		lsb = true
	case inverted:
		invert = true
	}
	return w, m, lsb, invert
}

// swaps reports whether a codec of layout l has field f and the one after
// it in the other order.
func (l layout) swaps(f spec.Field) bool { return l.change == swapped && l.class.holds(f) }

// reverse returns the width low bits of v in the other order.
func reverse(v, width int) int {
	out := 0
	for range width {
		out = out<<1 | v&1
		v >>= 1
	}
	return out
}

// A side is the part of a codec a deviation is had in.
type side uint8

const (
	decoderSide side = 1 << iota
	encoderSide
	bothSides = decoderSide | encoderSide
)

// words says which part has it: "when decoding", "when encoding", "when
// decoding and encoding".
func (s side) words() string {
	return map[side]string{decoderSide: "when decoding", encoderSide: "when encoding", bothSides: "when decoding and encoding"}[s]
}

func (s side) slug() string {
	return map[side]string{decoderSide: "decoding", encoderSide: "encoding", bothSides: "both"}[s]
}

// deviation returns the fault of layout l had on side s.
func deviation(l layout, s side) *Fault {
	var k knobs
	if s&decoderSide != 0 {
		k.DecodeLayout = l
	}
	if s&encoderSide != 0 {
		k.EncodeLayout = l
	}
	slug, what, fix := l.describe()
	f := &Fault{Name: slug + "-" + s.slug(), What: what + " " + s.words(), Fix: fix, Kind: Layout, knobs: k, index: 1 << 30}
	f.Family = f.Name
	f.Fields = classes[l.class].fields
	switch l.change {
	case groupOrder:
		f.Fields = []spec.Field{spec.WallGroups[0].Count}
	case charLSB:
		f.Fields = []spec.Field{spec.StateFlag}
	}
	f.sets = k.set()
	return f
}

// describe returns a slug of the deviation, what it is in words and what
// to change, as spec/qf.md's layout says.
func (l layout) describe() (slug, what, fix string) {
	c := classes[l.class]
	name := c.name
	slugName := strings.NewReplacer("the ", "", " ", "-", "state.", "", "record.moves[].", "move-", "record.moves.", "move-", "flags.", "", "last_move.", "last-move-", "_", "-").Replace(name)
	one := len(c.fields) == 1
	switch l.change {
	case width:
		f := c.fields[0]
		return fmt.Sprintf("%s-width-%d", slugName, l.n), fmt.Sprintf("%s as %d bits", name, l.n),
			fmt.Sprintf("read and write %s as %d bits, as spec/qf.md's layout says", name, f.Width)
	case lsbField:
		return slugName + "-lsb-first", name + " least significant bit first",
			fmt.Sprintf("read and write %s most significant bit first, as spec/qf.md says", name)
	case inverted:
		return slugName + "-inverted", name + " inverted (0 for 1, 1 for 0)",
			fmt.Sprintf("%s is 1 for what spec/qf.md's layout says, 0 otherwise", name)
	case rangeMax:
		f := c.fields[0]
		verb := "checked against"
		if !one {
			verb = "each checked against"
		}
		return fmt.Sprintf("%s-max-%d", slugName, l.n), fmt.Sprintf("%s %s 0-%d", name, verb, l.n),
			fmt.Sprintf("%s range over 0-%d (spec/qf.md's layout)", name, f.Max)
	case groupOrder:
		order := l.groups()
		var words, slugs []string
		for _, g := range order {
			words = append(words, spec.WallGroups[g].Player+" "+spec.WallGroups[g].Orientation)
			slugs = append(slugs, spec.WallGroups[g].Player[:1]+spec.WallGroups[g].Orientation)
		}
		return "wall-groups-" + strings.Join(slugs, "-"), "the wall groups in the order " + strings.Join(words, ", "),
			"read and write the wall groups in spec/qf.md's order: white h, white v, black h, black v"
	case charLSB:
		return "character-bits-lsb-first", "each character's six bits least significant first", "read and write each character's six bits most significant first"
	case swapped:
		next := "state.black"
		if l.class == lastPlayer {
			next = spec.LastMoveKind.Name
		}
		return slugName + "-after-" + strings.NewReplacer("state.", "", "last_move.", "last-move-").Replace(next), name + " after " + next,
			fmt.Sprintf("read and write %s before %s, as spec/qf.md's layout says", name, next)
	}
	return "", "", ""
}

// Deviations returns the deviations of the layout that the diagnosis
// searches, each a fault outside the catalogue, had when decoding, when
// encoding, and both: widths one more and one less, each multi-bit field
// least significant bit first, each one-bit field inverted, the squares'
// and the wall counts' range one off, every other order of the wall
// groups, white after black, the last move's kind before its player, and
// each character's bits least significant first; and those of the board's
// geometry (geometries).
var Deviations = sync.OnceValue(func() []*Fault {
	layouts := slices.DeleteFunc(allDeviations(), func(f *Fault) bool { _, ok := catalogued[f.Name]; return ok })
	return append(layouts, geometries()...)
})

// catalogued names the deviations that are faults of the catalogue, by
// the catalogue's name: Deviations leaves them out, so that the search
// has each model once (TestDeviations holds the two alike).
var catalogued = map[string]string{"turn-width-9-decoding": "turn-9-bits", "wall-groups-wv-wh-bv-bh-decoding": "groups-vertical-first",
	"squares-max-79-decoding": "square-max-79", "squares-max-81-decoding": "square-max-81", "wall-counts-max-9-decoding": "wall-count-max-9",
	"wall-counts-max-11-decoding": "wall-count-max-11", "move-orientation-inverted-both": "orientation-inverted",
	"white-after-black-both": "black-first", "character-bits-lsb-first-both": "lsb-first"}

// allDeviations returns every deviation, those of the catalogue too.
func allDeviations() []*Fault {
	var ls []layout
	for _, c := range []fieldClass{white, black, wallCounts, wallAnchors, lastPlace, turn, moveCount, moveDir, movePlace} {
		w := int16(classes[c].fields[0].Width)
		ls = append(ls, layout{width, c, w - 1}, layout{width, c, w + 1}, layout{change: lsbField, class: c})
	}
	ls = append(ls, layout{change: lsbField, class: everyField})
	for _, c := range []fieldClass{stateFlag, recordFlag, lastPlayer, lastKind, moveKind, moveOrientation} {
		ls = append(ls, layout{change: inverted, class: c})
	}
	for _, c := range []fieldClass{squares, wallCounts} {
		m := int16(classes[c].fields[0].Max)
		ls = append(ls, layout{rangeMax, c, m - 1}, layout{rangeMax, c, m + 1})
	}
	for n := 1; n < len(permutations); n++ {
		ls = append(ls, layout{groupOrder, noClass, int16(n)})
	}
	ls = append(ls, layout{change: swapped, class: white}, layout{change: swapped, class: lastPlayer}, layout{change: charLSB})
	var out []*Fault
	for _, l := range ls {
		for _, s := range []side{bothSides, decoderSide, encoderSide} {
			out = append(out, deviation(l, s))
		}
	}
	return out
}
