// Package outsider is an implementation of qf written from spec/qf.md and
// spec/protocol.md alone, for the suite's own tests: an implementation
// that the diagnosis was not built from, with faults of its own that can
// be switched on, several at once, to check that qf check and qf fuzz
// name real-world faults truthfully.
//
// New returns it as a protocol.Handler. It answers every op of
// spec/protocol.md: hello; decode in the strict and lenient profiles
// (spec/qf.md, "Strict decoding", "Lenient decoding", "Errors"); encode,
// reading the value's JSON text itself, so that repeated keys, key order
// and numbers are seen as written (spec/qf.md, "Canonical JSON",
// "Encoding", "Errors"); replay and validate (spec/qf.md, "Replay and
// validation"). With no fault on, it passes every vector of the suite.
//
// It shares no code with the reference: only the message types of
// package protocol and the error object of package spec. Its choices
// where spec/qf.md leaves room are its own.
//
// # Faults
//
// Each fault is a mistake that third-party implementers were seen to
// make, or would plausibly make; some are deliberately shaped unlike
// anything a tidy catalogue of faults models. "crash" marks a fault that
// panics on the inputs it concerns, which a server of the Handler turns
// into a crash. Replay and validate decode their codes strictly, so that
// every fault of strict decoding reaches them too.
//
//	fault                     op(s)              what it does
//	crash-truncated-record    decode, replay,    crash: panics when a field of the Record chunk
//	                          validate           runs past the last bit, in either profile; a
//	                                             truncated State is reported as truncated
//	crash-junk-strict         decode strict,     crash: panics on any byte outside the alphabet,
//	                          replay, validate   in the strict profile only
//	wall-count-ten-out        decode             a wall count of 10 is out_of_range at the count
//	                                             (the bound tested with >= instead of >)
//	equals-skipped            decode strict,     deletes every '=' before reading, wherever it is,
//	                          replay, validate   in both profiles; other bytes outside the
//	                                             alphabet are handled as the spec says
//	ascii-answers             all                writes every non-ASCII character of an error's
//	                                             field and message as '?', as a writer in an
//	                                             ASCII charset does
//	padding-low               encode, decode,    puts the last character's bits at its low end
//	                          replay, validate   when the bit count is not a multiple of 6 (the
//	                                             padding bits at the top), and decodes so: it
//	                                             reads the fields once to learn how many bits
//	                                             the last character holds, then again with them
//	                                             moved to the top, the top bits its padding
//	nested-unknown-skipped    encode             skips unknown keys silently inside state,
//	                                             walls, last_move, record and moves; refuses
//	                                             only unknown keys of the whole value
//	touching-walls-conflict   replay             a wall placed end to end with another of its
//	                                             orientation (horizontal at p±2 in the row,
//	                                             vertical at p±16) is walls_conflict: an
//	                                             overlap test off by one (validation's is right)
//	lenient-high-squares      decode lenient     squares 81-127 decode without error in the
//	                                             lenient profile
//	turn-nine-bits            decode, replay,    reads the turn as 9 bits, so that every later
//	                          validate           field, padding and trailing data shift by one
//	                                             bit; the encoder writes 10
//	html-escaped-paths        encode             writes an unknown key in an error's field with
//	                                             Go's json.Marshal: <, >, &, U+2028 and U+2029
//	                                             as \u003c, \u003e, \u0026, \u2028, \u2029
//	repeated-key-last-wins    encode             takes the last of a repeated key's values
//	                                             instead of refusing the value
//	first-mover-parity        replay             after a State, the first mover is white on an
//	                                             odd turn and black on an even one, whoever
//	                                             made the last move
//	diagonal-when-adjacent    replay             a diagonal beside an adjacent opponent is
//	                                             legal even when the straight jump is open
//	numbers-as-float64        encode             reads numbers as float64 with strconv.ParseFloat:
//	                                             3.99999999999999999999 is 4, 1e-400 is 0,
//	                                             1e400 (an overflow) is malformed
//	too-many-walls-per-group  validate           checks the 10-wall limit on each group instead
//	                                             of each player's two groups together, so that
//	                                             it never reports too_many_walls
//	zero-fill                 decode             reads the bits missing at the end as zeros, so
//	                                             that a truncated code decodes, in both
//	                                             profiles; the empty string is flags 00
//	high-squares              decode             squares 81-127 decode without error, in both
//	                                             profiles; replay and validate take such a
//	                                             square as off the board: its pawn cannot move
//	                                             (off_board) and has no path (no_path)
//	junk-as-zeros-utf16       decode             reads a character outside the alphabet as six
//	                                             zero bits, an 'A' per UTF-16 unit (é one, an
//	                                             emoji two, a byte that is not UTF-8 one), in
//	                                             both profiles: nothing is refused or deleted
//	trailing-ignored          decode strict      ignores characters after the end of the code
//	padding-ignored           decode strict      ignores nonzero padding bits
//	lenient-refuses-equals    decode lenient     a '=' is invalid_character at its offset
//	records-only              decode             a code with a State is invalid_character at
//	                                             char 0, in both profiles
//	neither-chunk-refused     decode             flags 00 (the code A) is invalid_character at
//	                                             char 0, in both profiles
//	empty-record-lost         decode, encode     a record of 0 moves decodes as no record, and
//	                                             encodes as none: QA decodes as A's value, an
//	                                             empty record encodes without its chunk
//	walls-merged-sorted       decode, encode     keeps a player's walls in one list sorted by
//	                                             anchor (stably), split by orientation for the
//	                                             JSON and the code: each group comes out
//	                                             sorted, duplicates kept, both ways; the
//	                                             encoder checks ranges before sorting
//	player-from-parity        decode, encode     the last move's player is white on an even
//	                                             turn and black on an odd one, both ways: the
//	                                             player bit is read but not kept, and written
//	                                             from the turn
//	rules-while-decoding      decode             replays a record while decoding, with the
//	                                             implementation's own replay, and refuses the
//	                                             code at its first illegal move: out_of_range
//	                                             at the move's first bit, field
//	                                             "record.moves[i]", after every other check
//	off-board-file-refused    decode             likewise, but refuses the code only when the
//	                                             first illegal move is a pawn move aimed at a
//	                                             file beyond a-i (a step, a jump or a diagonal;
//	                                             after game over, none); a record whose first
//	                                             illegal move breaks another rule decodes
//	extra-character           encode             writes an 'A' after a code whose bit count is
//	                                             a multiple of 6
//	mask-and-spill            encode             checks no range, and writes each value into a
//	                                             big integer, (acc << width) + value: the bits
//	                                             beyond the width carry into the fields before
//	                                             (white 200 sets the record flag), a negative
//	                                             value borrows from them, and what carries past
//	                                             the first bit is lost
//	masked-to-width           encode             checks no range, and writes each value masked
//	                                             to its width, two's complement (white 200 as
//	                                             72, -1 as all ones, 16 walls as a count of 0
//	                                             and 16 anchors)
//	square-arithmetic-no-wrap replay             moves pawns as the fansite's square arithmetic
//	                                             does, the offset and the offset again onto the
//	                                             opponent, but on files and ranks, so that
//	                                             nothing wraps or leaves the board: the one
//	                                             change is that a diagonal onto the opponent
//	                                             jumps over it to the square beyond on the
//	                                             diagonal (walls ignored), illegal_diagonal
//	                                             only when that is off the board
//	one-error-kind            all                reports every error of decoding (replay and
//	                                             validate included) as invalid_character and
//	                                             every error of encoding as malformed, with the
//	                                             offset and field that it would have
//	no-positions              all                reports errors without a bit or char offset;
//	                                             the field is kept
//	strict-equals-skipped     decode strict,     deletes every '=' before reading in the strict
//	                          replay, validate   profile; the lenient profile reads it as any
//	                                             byte outside the alphabet
//
// The hello's name is "outsider", followed by "+" and the name of each
// fault on, in the order of the table: "outsider+padding-low".
//
// # Ports
//
// Ports lists implementations modelled on real public qf implementations,
// each the outsider with several of these faults on at once, and with a
// table of its faults written before any diagnosis runs: for each, what
// it does to the answers and the family of the suite's catalogue of
// faults (package faults) that describes the same mechanism, if one
// does. The tables are the truth that a diagnosis of a port is held to.
package outsider
