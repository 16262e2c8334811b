package vectors

// Notes explains every flag a test may carry, once for the whole suite;
// each file's header lists the ones its tests use. A flag names either the
// rule a test checks (with the spec section or edge case it documents) or
// a fault seen in real implementations that the test catches.
var Notes = map[string]Note{
	// Rules of the spec, by edge case.
	"EqualsSign":       note("An '=' in the input: strict decoding rejects it as invalid_character; lenient decoding deletes it.", "EC-1"),
	"Whitespace":       note("A space, tab, CR or LF in the input: strict decoding rejects it; lenient decoding deletes it.", "EC-2"),
	"OtherAscii":       note("Another ASCII character outside the alphabet, such as the URL-safe '-' and '_': rejected strictly, deleted leniently.", "EC-3"),
	"NonAscii":         note("A non-ASCII character or a byte that is not UTF-8: the offset is in bytes, of the first byte.", "EC-4"),
	"CharacterUnit":    note("A character outside the alphabet of several bytes, of two UTF-16 units, or combining: one character whatever its size, rejected strictly at the offset of its first byte, deleted whole leniently.", "EC-4", "EC-5"),
	"DeletionNotHoles": note("Characters outside the alphabet are deleted by lenient decoding, not read as six zero bits.", "EC-5"),
	"Truncated":        note("A field runs past the last bit: truncated at the field's first bit; nothing is zero-filled.", "EC-6", "Strict decoding"),
	"TrailingData":     note("Characters after the last field's character: trailing_data in strict decoding, ignored leniently.", "EC-7"),
	"NonzeroPadding":   note("A 1 among the padding bits: nonzero_padding in strict decoding, ignored leniently.", "EC-8"),
	"NeitherChunk":     note("Flags 00, no State and no Record: a valid code, 'A'.", "EC-9"),
	"EmptyRecord":      note("A record of 0 moves, which is not the same as no record.", "EC-10"),
	"SquareRange":      note("A square at 80 (valid) or above (out_of_range, at the square's first bit).", "EC-11", "Layout"),
	"WallCountRange":   note("A wall group's count at 10 (valid) or 11-15 (out_of_range, at the count's first bit).", "EC-12", "Layout"),
	"MoveCountLimit":   note("A record at the 1023-move limit, or an encoder asked for more.", "EC-13"),
	"WallOrder":        note("Walls within a group in descending order or repeated: kept as they are, never sorted or de-duplicated.", "EC-14"),
	"LastMoveNoWall":   note("A wall last move whose anchor names no wall: the code is still valid.", "EC-15"),
	"TurnNumber":       note("Turn 0, or the fansite's initial-board code gkwAAAAQ: any turn 0-1023 is valid.", "EC-16"),
	"EncoderOverflow":  note("A value wider than its field: refused with out_of_range, never masked or spilled into the next field.", "EC-17", "Encoding"),
	"ExactLength":      note("The bits fill the last character exactly: no further character.", "EC-18", "Sizes"),
	"LastMovePlayer":   note("The last move's player disagrees with the turn's parity; it is kept as given.", "EC-19"),
	"PawnLastMove":     note("A pawn last move is followed directly by the turn: no place field.", "EC-20"),
	"RulesNotChecked":  note("A code that breaks the rules of Quoridor (pawns on one square, 20 walls for a player, crossing walls): it decodes.", "EC-21"),
	"LongInput":        note("An input longer than the longest code: the first fault in order is reported, not a length error.", "EC-22"),
	"FirstMover":       note("A record after a State whose last move's player disagrees with the turn's parity: the code decodes; the replay tests give its meaning.", "EC-23"),
	"EdgeMove":         note("A record whose pawn moves the fansite's square arithmetic gets wrong at the board's edge: the code decodes; the replay tests give its meaning.", "EC-24"),
	"Base64Length":     note("A length, 1 more than a multiple of 4, that standard Base64 decoders refuse.", "EC-25", "Characters"),

	// What a test is, beyond its rule.
	"Fuzz":           note("Found by qf fuzz: a case drawn from a seed and shrunk, on which an implementation disagreed with the reference; the comment says how.", "Errors"),
	"Corpus":         note("A code published on the web; the comment gives its source.", "testdata/qf-corpus.tsv"),
	"Random":         note("A value drawn from a fixed seed across the whole space: 0-10 walls per group, 0-1023 moves, every direction and anchor.", "Layout", "Canonical JSON"),
	"Boundary":       note("A field at the lowest or highest value of its range, or one past it.", "Layout", "Encoding"),
	"Minimum":        note("The shortest code: 1 character.", "Sizes"),
	"Maximum":        note("The longest code: 40 walls, a wall last move and 1023 wall moves, 1414 characters.", "Sizes"),
	"ErrorPosition":  note("An error at the first, a middle or the last position where its kind can occur.", "Errors"),
	"Precedence":     note("Several faults at once: the first in the order characters, fields, trailing data, padding is reported.", "Errors"),
	"ExactNumber":    note("A number read in its exact decimal value: 7.0 and 1e3 are integers, 3.99999999999999999999 and 1e-400 are not (a float would round them), 1e400 is out of range.", "Canonical JSON"),
	"MalformedOrder": note("Several malformed faults at once: the first in the order of spec/qf.md is reported (depth first in canonical order, missing or malformed keys before the later ones, unknown keys last in byte order).", "Errors", "Canonical JSON"),
	"Malformed":      note("JSON that is not a canonical value: a missing or unknown key, a wrong name, null, a non-integer.", "Canonical JSON", "Encoding"),

	// Replay and validation.
	"Direction":           note("One of a family that checks a rule of pawn moves for white and for black, north, east, south and west: a fault confined to one direction or one player fails vectors of its own.", "Replay and validation"),
	"North":               note("A rule of pawn moves checked for a move north, or a side-step beside a jump north.", "Replay and validation"),
	"East":                note("A rule of pawn moves checked for a move east, or a side-step beside a jump east.", "Replay and validation"),
	"South":               note("A rule of pawn moves checked for a move south, or a side-step beside a jump south.", "Replay and validation"),
	"West":                note("A rule of pawn moves checked for a move west, or a side-step beside a jump west.", "Replay and validation"),
	"MoverWhite":          note("A rule of pawn moves checked for white, the player to move.", "Replay and validation"),
	"MoverBlack":          note("A rule of pawn moves checked for black, the player to move.", "Replay and validation"),
	"Step":                note("A pawn step to a free square.", "Replay and validation"),
	"Jump":                note("A straight jump over the adjacent opponent.", "Replay and validation"),
	"SideStep":            note("A diagonal side-step around an opponent whose straight jump a wall or the board's edge blocks.", "Replay and validation"),
	"OffBoard":            note("A straight pawn move off the board: off_board.", "Replay and validation", "EC-24"),
	"WallBlocksMove":      note("A wall between the pawn and the square ahead: wall_blocks_move.", "Replay and validation"),
	"JumpBlocked":         note("A jump over the opponent with a wall or the edge behind it: jump_blocked.", "Replay and validation"),
	"IllegalDiagonal":     note("A diagonal that is not a legal side-step: illegal_diagonal.", "Replay and validation"),
	"WallsConflict":       note("A wall that is the same as, overlaps or crosses one on the board: walls_conflict.", "Replay and validation", "Geometry"),
	"NoWallsLeft":         note("A wall by a player who has placed, or was given, all 10: no_walls_left.", "Replay and validation"),
	"NoPath":              note("A wall that leaves a player no path to its goal rank: no_path.", "Replay and validation"),
	"GameOver":            note("A move after a pawn reached its goal rank: game_over.", "Replay and validation"),
	"ViolationOrder":      note("A move or State that breaks several rules: the kind first in the spec's order is reported.", "Replay and validation"),
	"PawnsOverlap":        note("A State with both pawns on one square: pawns_overlap.", "Replay and validation"),
	"TooManyWalls":        note("A State with more than 10 walls for a player: too_many_walls.", "Replay and validation"),
	"LastMoveWallMissing": note("A State whose wall last move names no wall of the mover: last_move_wall_missing.", "Replay and validation", "EC-15"),
	"NotACode":            note("A code that does not decode strictly: answered with its error object.", "Strict decoding"),

	// Faults seen in real third-party implementations: the catalogue of
	// faults holds each, its model and what to change.
	FaultJunkAsZeros:          note("Catches a decoder that reads a character outside the alphabet as six zero bits instead of rejecting or deleting it: one hole per UTF-8 byte, per UTF-16 unit or per code point, in both profiles or in the strict one only.", "EC-5", "EC-4"),
	FaultCrashOnShortInput:    note("Catches a decoder that crashes on truncated input: on any field past the end, or on the empty string only.", "EC-6"),
	FaultZeroFill:             note("Catches a decoder that reads missing bits at the end as zeros, so that a truncated code decodes: in every chunk, or in the Record only.", "EC-6"),
	FaultIgnoresTrailing:      note("Catches a strict decoder that ignores characters after the end of the code.", "EC-7"),
	FaultPadding:              note("Catches '=' rejected by a lenient decoder, or skipped by a strict one.", "EC-1"),
	FaultOneProfile:           note("Catches one decoder for both profiles: the lenient profile decoded strictly (junk, trailing data and nonzero padding rejected), or the strict one leniently (all three let through).", "Lenient decoding", "Strict decoding"),
	FaultBase64Library:        note("Catches a codec built on a Base64 library that keeps its habits: '=' padding accepted after a length of 2 or 3 more than a multiple of 4 (AAA=, QA==), a length of 1 more than a multiple of 4 refused, CR and LF skipped, a code written in whole bytes (a character too many), the URL-safe alphabet, '=' written.", "EC-1", "EC-2", "EC-25"),
	FaultSpill:                note("Catches an encoder without range checks whose too-large value spills: written wider than its field (every later field shifted), or masked with its carry added into the bits before it, or into its character, which vanishes past 63.", "EC-17"),
	FaultMask:                 note("Catches an encoder that masks a too-large value to its field's width, with or without a carry into the bits before it.", "EC-12", "EC-13", "EC-17"),
	FaultExtraCharacter:       note("Catches an encoder that appends an 'A' when the bit count is a multiple of 6.", "EC-18"),
	FaultEmptyRecord:          note("Catches an implementation that cannot represent a record of 0 moves.", "EC-10"),
	FaultPlayerFromParity:     note("Catches an implementation that takes the last move's player from the turn's parity: when encoding, or when decoding.", "EC-19"),
	FaultWallsReordered:       note("Catches walls reordered on the way through: sorted, de-duplicated or both, or a player's two groups merged into one list, when decoding or when encoding.", "EC-14"),
	FaultAnchorDropped:        note("Catches an encoder that drops wall anchors of 64 or more.", "EC-17"),
	FaultChunkRejected:        note("Catches a decoder that rejects codes with neither chunk, or with a State.", "EC-9"),
	FaultLastMoveWallError:    note("Catches a decoder that rejects a last-move anchor that matches no wall.", "EC-15"),
	FaultPlaceAfterPawn:       note("Catches a decoder that reads a 6-bit place after a pawn last move.", "EC-20"),
	FaultSquareArithmetic:     note("Catches pawn moves computed as square-number arithmetic: wrapping from file i to file a, leaving the board at the top or bottom, jumping diagonally over a pawn.", "EC-24"),
	FaultFirstMoverFromParity: note("Catches a replay that takes the first mover of a record from the turn's parity instead of the last move's player.", "EC-23"),
	FaultRulesApplied:         note("Catches a decoder that applies the rules of the game, all or some (a pawn leaving files a-i, an illegal diagonal): a code whose record holds such a move is rejected instead of decoded.", "EC-21", "Replay and validation"),
	FaultNoRangeCheck:         note("Catches a decoder without range checks, as the fansite's scripts: squares 81-127 and wall counts 11-15 accepted.", "EC-11", "EC-12"),
}

func note(description string, refs ...string) Note {
	return Note{Description: description, Refs: refs}
}
