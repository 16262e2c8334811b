package outsider

import (
	"fmt"
	"slices"
)

// A Fault is a mistake the implementation can be told to make, described
// by its row of Table. Faults combine: New takes any number of them.
type Fault string

// An Entry describes a fault: what it does, the categories of vectors it
// concerns, and the family of the suite's catalogue of faults that
// describes the same mechanism, if one does.
type Entry struct {
	Fault Fault
	// Fails lists the categories of vectors the fault may fail: those of
	// the ops it concerns (replay and validate decode their codes
	// strictly, so a fault of strict decoding may fail them too).
	Fails string
	// Does says what the fault does; "crash:" marks a fault that panics on
	// the inputs it concerns, which a server of the Handler turns into a
	// crash.
	Does string
	// Family, for the faults of Ports, names the family of package faults'
	// catalogue a shape of which (or whose shapes for decoding and for
	// encoding together) does what the fault does, in the same scope; ""
	// when none does, in scope (a profile, a chunk, a direction) or in
	// bounds, even where a family is close. Variants names those shapes.
	Family   string
	Variants []string
	// Partly is set when the family's shapes do what the fault does on
	// most inputs but not all (the comment of the entry says where): the
	// fault may be named by the family, or by what its failures share.
	Partly bool
}

// Table describes every fault, one row each, in the order of their
// declarations.
var Table []Entry

// Faults lists every fault, in the order of Table.
var Faults []Fault

// fault adds e to Table and its fault to Faults, and returns the fault.
func fault(e Entry) Fault {
	Table = append(Table, e)
	Faults = append(Faults, e.Fault)
	return e.Fault
}

// The faults.
var (
	// The catalogue's crash-on-short-input crashes on any field past the
	// end, the empty string included; this crashes only in the Record
	// chunk and answers the empty string with an error.
	CrashTruncatedRecord = fault(Entry{Fault: "crash-truncated-record", Fails: "strict lenient replay validate", Does: "crash: panics when a field of the Record chunk runs past the last bit, in either profile; a truncated State is reported as truncated"})
	CrashJunkStrict      = fault(Entry{Fault: "crash-junk-strict", Fails: "strict replay validate", Does: "crash: panics on any byte outside the alphabet, in the strict profile only"})
	// The shape wall-count-max-9 (counts checked against 0-9), in
	// decoding; the shape's words do not say whether its encoder also
	// refuses 10 walls, which this one does not.
	WallCountTenOut = fault(Entry{Fault: "wall-count-ten-out", Fails: "strict lenient replay validate", Does: "a wall count of 10 is out_of_range at the count (the bound tested with >= instead of >)",
		Family: "wall-count-range", Variants: []string{"wall-count-max-9"}})
	EqualsSkipped = fault(Entry{Fault: "equals-skipped", Fails: "strict replay validate", Does: "deletes every '=' before reading, wherever it is, in both profiles; other bytes outside the alphabet are handled as the spec says",
		Family: "equals-sign", Variants: []string{"strict-accepts-equals"}})
	ASCIIAnswers          = fault(Entry{Fault: "ascii-answers", Fails: "strict lenient encode replay validate", Does: "writes every non-ASCII character of an error's field and message as '?', as a writer in an ASCII charset does"})
	PaddingLow            = fault(Entry{Fault: "padding-low", Fails: "strict lenient encode replay validate", Does: "puts the last character's bits at its low end when the bit count is not a multiple of 6 (the padding bits at the top), and decodes so: it reads the fields once to learn how many bits the last character holds, then again with them moved to the top, the top bits its padding"})
	NestedUnknownSkipped  = fault(Entry{Fault: "nested-unknown-skipped", Fails: "encode", Does: "skips unknown keys silently inside state, walls, last_move, record and moves; refuses only unknown keys of the whole value"})
	TouchingWallsConflict = fault(Entry{Fault: "touching-walls-conflict", Fails: "replay", Does: "a wall placed end to end with another of its orientation (horizontal at p±2 in the row, vertical at p±16) is walls_conflict: an overlap test off by one (validation's is right)"})
	LenientHighSquares    = fault(Entry{Fault: "lenient-high-squares", Fails: "lenient", Does: "squares 81-127 decode without error in the lenient profile"})
	TurnNineBits          = fault(Entry{Fault: "turn-nine-bits", Fails: "strict lenient replay validate", Does: "reads the turn as 9 bits, so that every later field, padding and trailing data shift by one bit; the encoder writes 10"})
	HTMLEscapedPaths      = fault(Entry{Fault: "html-escaped-paths", Fails: "encode", Does: "writes an unknown key in an error's field with Go's json.Marshal: <, >, &, U+2028 and U+2029 as \\u003c, \\u003e, \\u0026, \\u2028, \\u2029"})
	RepeatedKeyLastWins   = fault(Entry{Fault: "repeated-key-last-wins", Fails: "encode", Does: "takes the last of a repeated key's values instead of refusing the value"})
	FirstMoverParity      = fault(Entry{Fault: "first-mover-parity", Fails: "replay", Does: "after a State, the first mover is white on an odd turn and black on an even one, whoever made the last move"})
	DiagonalWhenAdjacent  = fault(Entry{Fault: "diagonal-when-adjacent", Fails: "replay", Does: "a diagonal beside an adjacent opponent is legal even when the straight jump is open"})
	// In no family: the catalogue has no fault of how numbers are read.
	NumbersAsFloat64     = fault(Entry{Fault: "numbers-as-float64", Fails: "encode", Does: "reads numbers as float64 with strconv.ParseFloat: 3.99999999999999999999 is 4, 1e-400 is 0, 1e400 (an overflow) is malformed"})
	TooManyWallsPerGroup = fault(Entry{Fault: "too-many-walls-per-group", Fails: "validate", Does: "checks the 10-wall limit on each group instead of each player's two groups together, so that it never reports too_many_walls"})
	ZeroFill             = fault(Entry{Fault: "zero-fill", Fails: "strict lenient replay validate", Does: "reads the bits missing at the end as zeros, so that a truncated code decodes, in both profiles; the empty string is flags 00",
		Family: "zero-fill", Variants: []string{"zero-fill"}})
	HighSquares = fault(Entry{Fault: "high-squares", Fails: "strict lenient replay validate", Does: "squares 81-127 decode without error, in both profiles; replay and validate take such a square as off the board: its pawn cannot move (off_board) and has no path (no_path)",
		Family: "no-range-checks", Variants: []string{"no-square-range-check"}})
	JunkAsZerosUTF16 = fault(Entry{Fault: "junk-as-zeros-utf16", Fails: "strict lenient replay validate", Does: "reads a character outside the alphabet as six zero bits, an 'A' per UTF-16 unit (é one, an emoji two, a byte that is not UTF-8 one), in both profiles: nothing is refused or deleted",
		Family: "junk-as-zeros", Variants: []string{"junk-as-zeros-utf16"}})
	TrailingIgnored = fault(Entry{Fault: "trailing-ignored", Fails: "strict replay validate", Does: "ignores characters after the end of the code",
		Family: "trailing-ignored", Variants: []string{"trailing-ignored"}})
	// The rust-crate port decodes only codes that hold a Record alone, so
	// the shape padding-ignored-record-only would answer as it does.
	PaddingIgnored = fault(Entry{Fault: "padding-ignored", Fails: "strict replay validate", Does: "ignores nonzero padding bits",
		Family: "padding-ignored", Variants: []string{"padding-ignored"}})
	LenientRefusesEquals = fault(Entry{Fault: "lenient-refuses-equals", Fails: "lenient", Does: "a '=' is invalid_character at its offset",
		Family: "equals-sign", Variants: []string{"lenient-rejects-equals"}})
	RecordsOnly = fault(Entry{Fault: "records-only", Fails: "strict lenient replay validate", Does: "a code with a State is invalid_character at char 0, in both profiles",
		Family: "chunk-rejected", Variants: []string{"state-rejected"}})
	NeitherChunkRefused = fault(Entry{Fault: "neither-chunk-refused", Fails: "strict lenient replay validate", Does: "flags 00 (the code A) is invalid_character at char 0, in both profiles",
		Family: "chunk-rejected", Variants: []string{"neither-chunk-rejected"}})
	// The decoding half is the shape empty-record-lost; the encoding half
	// (an empty record written as no record, A for QA) is no shape of the
	// family, whose encoder refuses the record instead: partly.
	EmptyRecordLost = fault(Entry{Fault: "empty-record-lost", Fails: "strict lenient encode", Does: "a record of 0 moves decodes as no record, and encodes as none: QA decodes as A's value, an empty record encodes without its chunk",
		Family: "empty-record", Variants: []string{"empty-record-lost"}, Partly: true})
	// The merged list is sorted stably and split by orientation again, so
	// each group comes out sorted with its duplicates: the shapes
	// walls-sorted-only and walls-sorted-only-encoding, not walls-merged
	// (which merges away an anchor of both orientations).
	WallsMergedSorted = fault(Entry{Fault: "walls-merged-sorted", Fails: "strict lenient encode", Does: "keeps a player's walls in one list sorted by anchor (stably), split by orientation for the JSON and the code: each group comes out sorted, duplicates kept, both ways; the encoder checks ranges before sorting",
		Family: "walls-reordered", Variants: []string{"walls-sorted-only", "walls-sorted-only-encoding"}})
	PlayerFromParity = fault(Entry{Fault: "player-from-parity", Fails: "strict lenient encode replay validate", Does: "the last move's player is white on an even turn and black on an odd one, both ways: the player bit is read but not kept, and written from the turn",
		Family: "player-from-parity", Variants: []string{"player-from-parity-decoding", "player-from-parity"}})
	RulesWhileDecoding = fault(Entry{Fault: "rules-while-decoding", Fails: "strict lenient replay validate", Does: "replays a record while decoding, with the implementation's own replay, and refuses the code at its first illegal move: out_of_range at the move's first bit, field \"record.moves[i]\", after every other check",
		Family: "rules-applied", Variants: []string{"rules-applied"}})
	// In no family: the catalogue's shape rules-applied-files decides 10
	// of the 23 vectors otherwise.
	OffBoardFileRefused = fault(Entry{Fault: "off-board-file-refused", Fails: "strict lenient replay validate", Does: "likewise, but refuses the code only when the first illegal move is a pawn move aimed at a file beyond a-i (a step, a jump or a diagonal; after game over, none); a record whose first illegal move breaks another rule decodes"})
	ExtraCharacter      = fault(Entry{Fault: "extra-character", Fails: "encode", Does: "writes an 'A' after a code whose bit count is a multiple of 6",
		Family: "extra-character", Variants: []string{"extra-character"}})
	// Partly encoder-overflow: the catalogue's shape mask-and-spill writes
	// negative values and those wider than 16 bits otherwise (white -1, a
	// direction of 65536): 20 vectors answer otherwise
	// (TestPortTablesTrue in package diagnosis).
	MaskAndSpill = fault(Entry{Fault: "mask-and-spill", Fails: "encode", Does: "checks no range, and writes each value into a big integer, (acc << width) + value: the bits beyond the width carry into the fields before (white 200 sets the record flag), a negative value borrows from them, and what carries past the first bit is lost",
		Family: "encoder-overflow", Variants: []string{"mask-and-spill"}, Partly: true})
	// Partly encoder-overflow: the catalogue's shape encoder-mask writes
	// values wider than 16 bits otherwise (a direction of 65536).
	MaskedToWidth = fault(Entry{Fault: "masked-to-width", Fails: "encode", Does: "checks no range, and writes each value masked to its width, two's complement (white 200 as 72, -1 as all ones, 16 walls as a count of 0 and 16 anchors)",
		Family: "encoder-overflow", Variants: []string{"encoder-mask"}, Partly: true})
	// Square arithmetic on files and ranks keeps wrapping and leaving the
	// board out: what is left is the catalogue's diagonal-jumps, not its
	// square-arithmetic, whose pawns wrap and leave the board.
	SquareArithmeticNoWrap = fault(Entry{Fault: "square-arithmetic-no-wrap", Fails: "replay", Does: "moves pawns as the fansite's square arithmetic does, the offset and the offset again onto the opponent, but on files and ranks, so that nothing wraps or leaves the board: the one change is that a diagonal onto the opponent jumps over it to the square beyond on the diagonal (walls ignored), illegal_diagonal only when that is off the board",
		Family: "diagonal-jumps", Variants: []string{"diagonal-jumps"}})
	OneErrorKind = fault(Entry{Fault: "one-error-kind", Fails: "strict lenient encode replay validate", Does: "reports every error of decoding (replay and validate included) as invalid_character and every error of encoding as malformed, with the offset and field that it would have",
		Family: "one-error-kind", Variants: []string{"one-error-kind-each-way"}})
	// The catalogue's no-positions drops the field too; this keeps it.
	NoPositions         = fault(Entry{Fault: "no-positions", Fails: "strict lenient replay validate", Does: "reports errors without a bit or char offset; the field is kept"})
	StrictEqualsSkipped = fault(Entry{Fault: "strict-equals-skipped", Fails: "strict replay validate", Does: "deletes every '=' before reading in the strict profile; the lenient profile reads it as any byte outside the alphabet",
		Family: "equals-sign", Variants: []string{"strict-accepts-equals"}})
)

// faultSet is a set of faults.
type faultSet map[Fault]bool

// newFaultSet returns the set of faults fs. It panics on a Fault that is
// not one of Faults: a caller's mistake, not an input's.
func newFaultSet(fs []Fault) faultSet {
	s := faultSet{}
	for _, f := range fs {
		if !slices.Contains(Faults, f) {
			panic(fmt.Sprintf("outsider: no fault %q", string(f)))
		}
		s[f] = true
	}
	return s
}
