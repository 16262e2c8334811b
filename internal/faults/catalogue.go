// Package faults is the catalogue of faults that qf implementations have,
// each with what it is, where it was seen, the vectors' flag that names it
// and one line on what to change, and its executable form: a faulty
// implementation of the protocol with any set of faults turned on (Model).
//
// It is the one home of the catalogue. The mutants that the suite must
// catch (internal/mutants, for tests) are models of one fault or of several
// at once; the diagnosis of a run (package diagnosis) names a fault when
// the implementation's answers are the answers its model gives; the notes
// of the Fault flags (vectors.Notes) say what their vectors catch, and a
// test holds the three together.
//
// With no fault turned on, the model conforms: it passes every vector.
package faults

// A Fault is one fault an implementation may have.
type Fault struct {
	Name string // a slug, such as "junk-as-zeros"
	// What is wrong, in words.
	What string
	// Flags are the vectors' flags that name the fault (vectors.Notes),
	// usually one; none for a fault that the diagnosis names otherwise
	// (a field read wrong, a rule broken, a way of reporting errors).
	Flags []string
	// Seen is the number of the fault in Seen, the faults observed in
	// public implementations, or 0.
	Seen int
	// Fix says in a line what to change.
	Fix string
	// Group says how the diagnosis names the fault (see the Groups), and
	// Locus, for a fault named by where it goes wrong, the names of the
	// causes it shows as: the fields of the layout where the answers first
	// differ, the kinds of error or the rules of replay broken.
	Group Group
	Locus []string
	set   func(*knobs)
}

// A Group is how the diagnosis finds a fault in the answers.
type Group uint8

// The groups.
const (
	// Known faults are named by their model: the diagnosis confirms one
	// when the implementation answers as the fault's model does.
	Known Group = iota
	// Reporting faults are ways of reporting every error: one kind for
	// everything, no offsets.
	Reporting
	// Structural faults are named by the field where the answers first
	// differ (a field read with the wrong width, fields in the wrong order).
	Structural
	// Rules faults are named by the rule whose vectors fail, and where.
	Rules
)

// Seen lists the faults observed in public third-party qf implementations
// (TypeScript, Rust, Kotlin, JavaScript) when they were run on edge cases,
// in late 2026; a Fault's Seen is its number here, counting from 1.
var Seen = []string{
	"a character outside the alphabet read as six zero bits instead of rejected",
	"a crash (panic or uncaught exception) on empty or truncated input",
	"missing bits at the end read as zeros, so a truncated code decodes",
	"characters after the end of the code silently ignored",
	"'=' and other padding rejected in a decoder that claims to be lenient, or accepted in one that claims to be strict",
	"no range check in the encoder, so a too-large value spills into the neighbouring fields (white square 200 changes the flags)",
	"too-large values masked to the field width (white 200 written as 72, 16 walls written as a count of 0 followed by 16 anchors)",
	"an extra 'A' appended when the bit count is a multiple of 6",
	"an empty record (count 0) not representable: decoded as \"no record\", or refused by the encoder",
	"the last-move player written from the turn number's parity instead of the value given",
	"walls re-sorted or de-duplicated on the way through, so decode then encode changes the code",
	"wall anchors of 64 or more silently dropped",
	"codes with neither chunk rejected, or codes with a State rejected by a decoder that only knows records",
	"pawn moves computed by square arithmetic: wrapping across a board edge, leaving the board at the top or bottom, jumping diagonally over a pawn",
	"the first mover of a record taken from the turn parity instead of the last-move player",
	"a last-move wall anchor that matches no wall treated as a decode error",
	"every rejection reported the same way (one exception type, so one error kind for everything)",
	"rejections without a position (a kind, but no character or bit offset, no field)",
	"a decoder that knows only records, rejecting every code with a State",
	"the rules of the game applied while decoding, so a code whose record holds an illegal move is rejected instead of decoded",
	"an encoder whose too-large value is masked and whose carry spills into the next field at once (faults 6 and 7 together)",
}

// Named returns the fault of that name.
func Named(name string) (*Fault, bool) {
	for _, f := range Catalogue {
		if f.Name == name {
			return f, true
		}
	}
	return nil, false
}

// OfFlag returns the faults that a flag names.
func OfFlag(flag string) []*Fault {
	var out []*Fault
	for _, f := range Catalogue {
		for _, g := range f.Flags {
			if g == flag {
				out = append(out, f)
			}
		}
	}
	return out
}

const (
	fixAlphabet = "check every byte against A-Z a-z 0-9 + / before reading bits: strictly, reject the first other one (invalid_character at its byte offset); leniently, delete it"
	fixTruncate = "check that a field's bits are there before reading it; when they are not, report truncated at the field's first bit, with its path"
	fixRange    = "check each value against its field's range before writing it, and refuse a value out of range with out_of_range naming the field"
	fixChunks   = "read the two flags and accept all four combinations: neither chunk is the code A, a State alone, a Record alone, or both"
	fixFields   = "read the fields in the order and widths of spec/qf.md's layout table, the State's before the Record's"
)

// Catalogue lists the faults.
var Catalogue = []*Fault{
	// Known faults, named by their models.
	{Name: "junk-as-zeros", Flags: []string{"FaultJunkAsZeros"}, Seen: 1, What: "a character outside the alphabet read as six zero bits", Fix: fixAlphabet, set: func(k *knobs) { k.junkAsZeros = true }},
	{Name: "crash-on-short-input", Flags: []string{"FaultCrashOnShortInput"}, Seen: 2, What: "a crash on empty or truncated input", Fix: fixTruncate, set: func(k *knobs) { k.crashOnShort = true }},
	{Name: "crash-on-empty-input", Flags: []string{"FaultCrashOnShortInput"}, Seen: 2, What: "a crash on empty input", Fix: "treat the empty string like any other code: it is truncated at bit 0, field flags.state", set: func(k *knobs) { k.crashOnEmpty = true }},
	{Name: "zero-fill", Flags: []string{"FaultZeroFill"}, Seen: 3, What: "missing bits at the end read as zeros", Fix: fixTruncate, set: func(k *knobs) { k.zeroFill = true }},
	{Name: "trailing-ignored", Flags: []string{"FaultIgnoresTrailing"}, Seen: 4, What: "characters after the end of the code ignored", Fix: "after the last field, reject any character beyond ceil(bits/6) with trailing_data at its offset (strict decoding)", set: func(k *knobs) { k.ignoreTrailing = true }},
	{Name: "lenient-rejects-equals", Flags: []string{"FaultPadding"}, Seen: 5, What: "'=' rejected by the lenient decoder", Fix: "in the lenient profile, delete '=' like every byte outside the alphabet", set: func(k *knobs) { k.lenientRejectsEquals = true }},
	{Name: "strict-accepts-equals", Flags: []string{"FaultPadding"}, Seen: 5, What: "'=' skipped by the strict decoder", Fix: "in the strict profile, reject '=' with invalid_character at its offset: a qf code has no padding", set: func(k *knobs) { k.strictSkipsEquals = true }},
	{Name: "encoder-spill", Flags: []string{"FaultSpill"}, Seen: 6, What: "no range check in the encoder: a wide value spills into the next fields", Fix: fixRange, set: func(k *knobs) { k.spill = true }},
	{Name: "encoder-mask", Flags: []string{"FaultMask"}, Seen: 7, What: "values masked to their field's width (white 200 as 72)", Fix: fixRange, set: func(k *knobs) { k.mask = true }},
	{Name: "mask-and-spill", Flags: []string{"FaultMask", "FaultSpill"}, Seen: 21, What: "a wide value masked to its field, its carry added into the fields before it", Fix: fixRange, set: func(k *knobs) { k.maskSpill = true }},
	{Name: "extra-character", Flags: []string{"FaultExtraCharacter"}, Seen: 8, What: "an 'A' appended when the bit count is a multiple of 6", Fix: "write exactly ceil(bits/6) characters: when the bits fill the last character, write no other", set: func(k *knobs) { k.extraCharacter = true }},
	{Name: "empty-record-lost", Flags: []string{"FaultEmptyRecord"}, Seen: 9, What: "a record of 0 moves decoded as no record", Fix: "keep a record of 0 moves ({\"moves\": []}, code QA) apart from no record (null, code A)", set: func(k *knobs) { k.emptyRecordLost = true }},
	{Name: "empty-record-refused", Flags: []string{"FaultEmptyRecord"}, Seen: 9, What: "a record of 0 moves refused by the encoder", Fix: "encode a record of 0 moves as the record flag and a count of 0 (QA)", set: func(k *knobs) { k.emptyRecordError = true }},
	{Name: "player-from-parity", Flags: []string{"FaultPlayerFromParity"}, Seen: 10, What: "the last move's player written from the turn's parity", Fix: "write state.last_move.player as given; it is independent of the turn", set: func(k *knobs) { k.playerFromParity = true }},
	{Name: "walls-sorted", Flags: []string{"FaultWallsReordered"}, Seen: 11, What: "walls sorted and de-duplicated on the way through", Fix: "keep each wall group's anchors in the order of the code, duplicates included, when decoding and when encoding", set: func(k *knobs) { k.wallsSorted = true }},
	{Name: "anchors-dropped", Flags: []string{"FaultAnchorDropped"}, Seen: 12, What: "wall anchors of 64 or more silently dropped by the encoder, walls and wall moves", Fix: fixRange, set: func(k *knobs) { k.anchorsDropped = true }},
	{Name: "neither-chunk-rejected", Flags: []string{"FaultChunkRejected"}, Seen: 13, What: "codes with neither chunk rejected", Fix: fixChunks, set: func(k *knobs) { k.neitherRejected = true }},
	{Name: "state-rejected", Flags: []string{"FaultChunkRejected"}, Seen: 19, What: "codes with a State rejected by a decoder that only knows records", Fix: fixChunks, set: func(k *knobs) { k.stateRejected = true }},
	{Name: "square-arithmetic", Flags: []string{"FaultSquareArithmetic"}, Seen: 14, What: "pawn moves as square arithmetic: wrapping, leaving the board, diagonal jumps", Fix: "move pawns on the 9x9 grid, file and rank apart: a step off the board is off_board, a diagonal is legal only as a side-step", set: func(k *knobs) { k.squareArithmetic = true }},
	{Name: "first-mover-from-parity", Flags: []string{"FaultFirstMoverFromParity"}, Seen: 15, What: "the first mover of a record taken from the turn's parity", Fix: "after a State, the first mover is the player who did not make its last move, whatever the turn", set: func(k *knobs) { k.firstMoverParity = true }},
	{Name: "last-move-wall-error", Flags: []string{"FaultLastMoveWallError"}, Seen: 16, What: "a last-move anchor that matches no wall treated as a decode error", Fix: "decode a wall last move whatever its anchor; whether a wall stands there is for validation (last_move_wall_missing)", set: func(k *knobs) { k.lastMoveWallError = true }},
	{Name: "rules-applied", Flags: []string{"FaultRulesApplied"}, Seen: 20, What: "a code whose record holds an illegal move rejected by the decoder", Fix: "decode what the format holds; whether the moves are legal is for replay, not decoding", set: func(k *knobs) { k.rulesApplied = true }},
	{Name: "place-after-pawn", Flags: []string{"FaultPlaceAfterPawn"}, What: "a 6-bit place read and written after a pawn last move", Fix: "read state.last_move.place only when state.last_move.kind is 1 (a wall); after a pawn last move the turn follows", set: func(k *knobs) { k.placeAfterPawn = true }},
	{Name: "no-range-checks", Flags: []string{"FaultNoRangeCheck"}, What: "squares 81-127 and wall counts 11-15 accepted by the decoder, as the fansite's scripts do", Fix: "reject a square above 80 or a wall count above 10 with out_of_range at the field's first bit", set: func(k *knobs) { k.squareMax, k.countMax = 127, 15 }},

	// Ways of reporting every error.
	{Name: "one-error-kind", Seen: 17, Group: Reporting, What: "every rejection reported with one error kind", Fix: "report the kind of spec/qf.md section Errors that applies: invalid_character, truncated, out_of_range, trailing_data, nonzero_padding, malformed", Locus: []string{"one kind"}, set: func(k *knobs) { k.oneKind = "error" }},
	{Name: "no-positions", Seen: 18, Group: Reporting, What: "rejections without a position: no bit or char offset, no field", Fix: "report each error's offset (bit, or char for invalid_character and trailing_data) and, where spec/qf.md names one, its field", Locus: []string{"no offsets"}, set: func(k *knobs) { k.noPositions = true }},

	// Faults of the layout, named by the field where the answers first differ.
	{Name: "lsb-first", Group: Structural, What: "each character's bits read and written least significant first", Fix: "read and write each character's six bits most significant first", Locus: []string{"flags.state"}, set: func(k *knobs) { k.lsbFirst = true }},
	{Name: "black-first", Group: Structural, What: "black's square before white's", Fix: fixFields, Locus: []string{"state.white"}, set: func(k *knobs) { k.blackFirst = true }},
	{Name: "groups-vertical-first", Group: Structural, What: "each player's vertical walls before the horizontal ones", Fix: fixFields, Locus: []string{"state.walls.white.h.count"}, set: func(k *knobs) { k.verticalFirst = true }},
	{Name: "turn-9-bits", Group: Structural, What: "the turn read as 9 bits", Fix: fixFields, Locus: []string{"state.turn"}, set: func(k *knobs) { k.turnBits = 9 }},
	{Name: "square-max-79", Group: Structural, What: "squares checked against 0-79", Fix: "a square is 0-80", Locus: []string{"state.white", "state.black", "out_of_range"}, set: func(k *knobs) { k.squareMax = 79 }},
	{Name: "square-max-81", Group: Structural, What: "squares checked against 0-81", Fix: "a square is 0-80", Locus: []string{"state.white", "state.black", "out_of_range"}, set: func(k *knobs) { k.squareMax = 81 }},
	{Name: "wall-count-max-9", Group: Structural, What: "wall counts checked against 0-9", Fix: "a wall count is 0-10", Locus: []string{"state.walls.white.h.count", "state.walls.white.v.count", "state.walls.black.h.count", "state.walls.black.v.count", "out_of_range"}, set: func(k *knobs) { k.countMax = 9 }},
	{Name: "wall-count-max-11", Group: Structural, What: "wall counts checked against 0-11", Fix: "a wall count is 0-10", Locus: []string{"state.walls.white.h.count", "state.walls.white.v.count", "state.walls.black.h.count", "state.walls.black.v.count", "out_of_range"}, set: func(k *knobs) { k.countMax = 11 }},
	{Name: "url-safe-alphabet", What: "the URL-safe alphabet ('-' and '_' for '+' and '/')", Fix: "use the standard Base64 alphabet, '+' and '/'", set: func(k *knobs) { k.urlSafe = true }},
	{Name: "equals-padding-written", What: "'=' padding written up to a multiple of 4", Fix: "write no '=': a qf code has no padding", set: func(k *knobs) { k.equalsPadding = true }},
	{Name: "padding-ignored", Group: Structural, What: "nonzero padding bits ignored by the strict decoder", Fix: "strictly, reject a 1 among the padding bits with nonzero_padding at the first padding bit", Locus: []string{"nonzero_padding"}, set: func(k *knobs) { k.ignorePadding = true }},
	{Name: "move-count-wraps", Group: Structural, What: "a move count of 1024 written as 0", Fix: "refuse a record of more than 1023 moves with out_of_range at record.moves.count", Locus: []string{"record.moves.count"}, set: func(k *knobs) { k.maskMoveCount = true }},
	{Name: "orientation-inverted", Group: Structural, What: "the orientation bit of wall moves inverted", Fix: "a wall move's orientation bit is 0 for horizontal, 1 for vertical", Locus: []string{"record.moves[].orientation"}, set: func(k *knobs) { k.orientationFlip = true }},
	{Name: "padding-ignored-record-only", Group: Structural, What: "nonzero padding bits ignored in codes that hold only a Record", Fix: "strictly, reject a 1 among the padding bits whatever the chunks", Locus: []string{"nonzero_padding"}, set: func(k *knobs) { k.ignorePaddingRecordOnly = true }},
	{Name: "zero-fill-record", Group: Structural, What: "missing bits in the Record chunk read as zeros", Fix: fixTruncate, Locus: []string{"truncated"}, set: func(k *knobs) { k.zeroFillRecord = true }},

	// Faults of the rules, named by the rule and where it fails.
	{Name: "wrap-at-edge", Group: Rules, What: "a pawn wraps from file i to file a of the next rank (and back)", Fix: "a step east from file i or west from file a is off_board", Locus: []string{"off_board"}, set: func(k *knobs) { k.wrapAtEdge = true }},
	{Name: "diagonal-jumps", Group: Rules, What: "a diagonal onto the opponent jumps over it", Fix: "a diagonal is legal only as the side-step of a blocked straight jump", Locus: []string{"illegal_diagonal"}, set: func(k *knobs) { k.diagonalJumps = true }},
	{Name: "crossing-walls-allowed", Group: Rules, What: "walls crossing at one anchor allowed", Fix: "a horizontal and a vertical wall at the same anchor conflict (walls_conflict)", Locus: []string{"walls_conflict"}, set: func(k *knobs) { k.crossingAllowed = true }},
	{Name: "no-path-check", Group: Rules, What: "walls that cut a player off allowed", Fix: "after a wall, both players must still have a path to their goal rank (no_path)", Locus: []string{"no_path"}, set: func(k *knobs) { k.noPathCheck = true }},
	{Name: "side-step-while-open", Group: Rules, What: "side-steps allowed while the straight jump is open", Fix: "a side-step is legal only when a wall or the edge blocks the straight jump", Locus: []string{"illegal_diagonal"}, set: func(k *knobs) { k.sideStepWhileOpen = true }},
	{Name: "walls-left-unchecked", Group: Rules, What: "more than 10 walls a player allowed", Fix: "a player with no walls left cannot place one (no_walls_left)", Locus: []string{"no_walls_left"}, set: func(k *knobs) { k.noWallsLeftIgnored = true }},
	{Name: "jump-wall-ignored-south", Group: Rules, What: "a wall behind the opponent does not block a jump south", Fix: "a wall behind the opponent blocks a jump in every direction (jump_blocked)", Locus: []string{"jump_blocked"}, set: func(k *knobs) { k.jumpWallIgnoredSouth = true }},
	{Name: "black-side-steps-through-walls", Group: Rules, What: "black's side-steps ignore a wall between the opponent and the target", Fix: "a wall between the opponent and the side-step's target makes it illegal, for either player", Locus: []string{"illegal_diagonal"}, set: func(k *knobs) { k.blackSideStepsThrough = true }},
	{Name: "step-wall-ignored-west", Group: Rules, What: "a wall does not block a step west", Fix: "a wall between the pawn and the square ahead blocks a step in every direction (wall_blocks_move)", Locus: []string{"wall_blocks_move"}, set: func(k *knobs) { k.stepWallIgnoredWest = true }},
	{Name: "opponent-path-unchecked", Group: Rules, What: "a wall may cut off the opponent: only the mover's path is checked", Fix: "check both players' paths after a wall (no_path)", Locus: []string{"no_path"}, set: func(k *knobs) { k.opponentPathUnchecked = true }},
	{Name: "state-walls-uncounted", Group: Rules, What: "the wall limit counts the record's walls only, not the State's", Fix: "a player's walls left are 10 less its walls in the State, less those placed since", Locus: []string{"no_walls_left"}, set: func(k *knobs) { k.stateWallsUncounted = true }},
	{Name: "black-win-ignored", Group: Rules, What: "a black pawn on rank 1 does not end the game", Fix: "the game is over when either pawn stands on its goal rank (game_over)", Locus: []string{"game_over"}, set: func(k *knobs) { k.blackWinIgnored = true }},
}
