// Package faults is the catalogue of faults that qf implementations have,
// as data: each with what it is, where it was seen, the vectors' flag that
// names it, one line on what to change, and the knobs of its executable
// form, a faulty implementation of the protocol with any set of faults
// turned on (ModelReading).
//
// It is the one home of the catalogue. The mutants that the suite must
// catch (faults/faultstest, for tests) are models of one fault or of
// several at once; the diagnosis of a run (package diagnosis) names a
// fault when its model, with the faults found, reproduces the
// implementation's answers; the notes of the Fault flags (vectors.Notes)
// say what their vectors catch, and a test holds the three together.
//
// With no fault turned on, the model conforms: it passes every vector.
package faults

import (
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/internal/bitstring"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// A Fault is one fault an implementation may have, in one shape: a
// variant of its family. The faults of a family are what real code does
// in different ways: junk read as zeros one hole per UTF-8 byte, or per
// UTF-16 unit, in both profiles or the strict one only.
type Fault struct {
	Name string // a slug, such as "junk-as-zeros-utf16"
	// Family names the fault's family, such as "junk-as-zeros"; Shape
	// says in words how this variant differs from the family's others,
	// "one hole per UTF-16 unit, both profiles" ("" for a family of one).
	Family string
	Shape  string
	// What is wrong, in words: the family's words.
	What string
	// Flags are the vectors' flags that name the fault (vectors.Notes),
	// usually one; none for a fault without vectors of its own.
	Flags []string
	// Seen is the number of the fault in Seen, the faults observed in
	// public implementations, or 0.
	Seen int
	// Fix says in a line what to change.
	Fix string
	// Kind says what sort of fault it is: a fault of its own (Known), a
	// way of reporting every error (Reporting), a field of the layout read
	// or written otherwise (Layout: Fields are those fields), or a rule of
	// the game broken (Rule: Rule is that rule).
	Kind   Kind
	Fields []spec.Field
	Rule   rules.Rule
	// Probes are inputs that tell the shapes of its family apart, those
	// of every fault of the family, where the vectors seldom look.
	Probes []Probe
	knobs  knobs   // what its model does otherwise than the reference: codec.go, replay.go
	index  int     // its place in Catalogue
	sets   KnobSet // the knobs it sets, of a fault of the Catalogue (Knobs)
}

// Index returns the fault's place in Catalogue.
func (f *Fault) Index() int { return f.index }

// A Kind is what sort of root cause a failure has: the kind of a fault of
// the catalogue, and of a cause of the diagnosis (package diagnosis),
// which names its causes in the same words.
type Kind string

// The kinds of fault, and of cause.
const (
	Reporting    Kind = "reporting"    // a way of reporting every error: one kind for all, no offsets
	Known        Kind = "fault"        // a fault of the catalogue of its own, confirmed by its model
	Layout       Kind = "layout"       // a field of the layout read or written with another width, position or order, or range
	Rule         Kind = "rule"         // a rule of replay or validation broken in a way the catalogue models
	Misbehaviour Kind = "misbehaviour" // a crash, a timeout, a protocol error, "unsupported"
	Behaviour    Kind = "behaviour"    // what the implementation does, observed, where no model reproduces it
	Unexplained  Kind = "unexplained"  // what no cause explains
)

// Modelled reports whether a cause of kind k names a fault of the
// catalogue, whose model reproduced the answers: a family, or a way of
// reporting errors.
func (k Kind) Modelled() bool { return k.Family() || k == Reporting }

// Family reports whether a cause of kind k is named by a family of the
// catalogue: a fault of its own, of the layout or of the rules.
func (k Kind) Family() bool { return k == Known || k == Layout || k == Rule }

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

const (
	fixAlphabet = "check every byte against A-Z a-z 0-9 + / before reading bits: strictly, reject the first other one (invalid_character at its byte offset); leniently, delete it"
	fixTruncate = "check that a field's bits are there before reading it; when they are not, report truncated at the field's first bit, with its path"
	fixRange    = "check each value against its field's range before writing it, and refuse a value out of range with out_of_range naming the field"
	fixChunks   = "read the two flags and accept all four combinations: neither chunk is the code A, a State alone, a Record alone, or both"
	fixFields   = "read the fields in the order and widths of spec/qf.md's layout table, the State's before the Record's"
)

// A variant is one shape of a family's fault: its name (the family's own
// for the first, usually), its shape in words, and its knobs.
type variant struct {
	name, shape string
	fix         string // when it needs its own
	knobs       knobs
}

// A family is faults alike: what they are, their flags, where they were
// seen, what to change, what sort they are, where they go wrong, and the
// inputs that tell its shapes apart.
type family struct {
	name, what string
	flags      []string
	seen       int
	fix        string
	kind       Kind // Known when ""
	fields     []spec.Field
	rule       rules.Rule
	probes     []Probe
}

// of returns the faults of a family, one per variant.
func (fam family) of(vs ...variant) []*Fault {
	var out []*Fault
	kind := fam.kind
	if kind == "" {
		kind = Known
	}
	for _, v := range vs {
		fix := fam.fix
		if v.fix != "" {
			fix = v.fix
		}
		seen := fam.seen
		if n, ok := seenAs[v.name]; ok {
			seen = n
		}
		out = append(out, &Fault{Name: v.name, Family: fam.name, Shape: v.shape, What: fam.what, Flags: fam.flags, Seen: seen,
			Fix: fix, Kind: kind, Fields: fam.fields, Rule: fam.rule, Probes: fam.probes, knobs: v.knobs})
	}
	return out
}

// one returns a family of one fault, of the family's name.
func (fam family) one(k knobs) []*Fault { return fam.of(variant{name: fam.name, knobs: k}) }

func flags(f ...string) []string { return f }

func fields(f ...spec.Field) []spec.Field { return f }

// seenAs numbers the variants seen in public implementations as a fault
// of Seen of their own, where their family's number is another's.
var seenAs = map[string]int{"encoder-mask": 7, "mask-and-spill": 21, "state-rejected": 19}

// Catalogue lists the faults, the variants of each family together. A
// family is one row here: its words, its flags (each a line of
// vectors.Notes), where it was seen, what to change, its probes, and each
// variant's knobs, fields of knobs (codec.go) that its model reads where
// it goes wrong; what else knows the family takes it from this row.
var Catalogue = numbered(slices.Concat(
	// Known faults, named by their models.
	family{name: "junk-as-zeros", what: "a character outside the alphabet read as six zero bits", flags: flags("FaultJunkAsZeros"), seen: 1, fix: fixAlphabet,
		// A character in the place of one of the initial board's: read as
		// one hole, the board; as two, another.
		// The same in a record, for a decoder that refuses a State.
		probes: both("gkwAéAAQ", "gkwA🙂AAQ", "gkwA AAQ", "QEéAQ", "QE🙂AQ", "QE AQ"),
	}.of(
		variant{"junk-as-zeros", "one hole per UTF-8 byte, both profiles", "", knobs{JunkAsZeros: true}},
		variant{"junk-as-zeros-utf16", "one hole per UTF-16 unit, both profiles", "", knobs{JunkAsZeros: true, JunkUnit: utf16Units}},
		variant{"junk-as-zeros-code-points", "one hole per code point, both profiles", "", knobs{JunkAsZeros: true, JunkUnit: codePoints}},
		variant{"junk-as-zeros-strict", "one hole per UTF-8 byte, strict profile only", "", knobs{JunkAsZeros: true, JunkStrictOnly: true}},
		variant{"junk-as-zeros-utf16-strict", "one hole per UTF-16 unit, strict profile only", "", knobs{JunkAsZeros: true, JunkUnit: utf16Units, JunkStrictOnly: true}},
		variant{"junk-as-zeros-code-points-strict", "one hole per code point, strict profile only", "", knobs{JunkAsZeros: true, JunkUnit: codePoints, JunkStrictOnly: true}},
	),
	family{name: "crash-on-short-input", what: "a crash on empty or truncated input", flags: flags("FaultCrashOnShortInput"), seen: 2, fix: fixTruncate,
		probes: strict("", "g", "gkwAAAA"),
	}.of(
		variant{"crash-on-short-input", "on any field past the end", "", knobs{CrashOnShort: true}},
		variant{"crash-on-empty-input", "on the empty string only", "treat the empty string like any other code: it is truncated at bit 0, field flags.state", knobs{CrashOnEmpty: true}},
	),
	family{name: "zero-fill", what: "missing bits at the end read as zeros", flags: flags("FaultZeroFill"), seen: 3, fix: fixTruncate,
		probes: strict("gkwAAAA", "QEB", "g"),
	}.of(
		variant{"zero-fill", "in every chunk", "", knobs{ZeroFill: true}},
		variant{"zero-fill-record", "in the Record chunk only", "", knobs{ZeroFillRecord: true}},
	),
	family{name: "trailing-ignored", what: "characters after the end of the code ignored", flags: flags("FaultIgnoresTrailing"), seen: 4,
		fix: spec.ErrorRules["trailing_data"].Refuse}.one(knobs{IgnoreTrailing: true}),
	family{name: "equals-sign", what: "'=' read as in the other profile", flags: flags("FaultPadding"), seen: 5,
		probes: concat(strict("gkwAAAAQ=", "=gkwAAAAQ"), lenient("gkwAAAAQ=")),
	}.of(
		variant{"lenient-rejects-equals", "rejected by the lenient decoder", "in the lenient profile, delete '=' like every byte outside the alphabet", knobs{LenientRejectsEquals: true}},
		variant{"strict-accepts-equals", "skipped by the strict decoder", "in the strict profile, reject '=' with invalid_character at its offset: a qf code has no padding", knobs{StrictSkipsEquals: true}},
	),
	family{name: "one-profile", what: "one decoder for both profiles", flags: flags("FaultOneProfile"),
		fix:    "decode strictly (reject every byte outside the alphabet, trailing data and nonzero padding) when the profile is strict, and leniently (delete them, ignore the rest) when it is lenient",
		probes: both("gkwAAAAQA", "gkw AAAQ", "gkwAAAAR"),
	}.of(
		variant{"lenient-read-strictly", "the lenient profile decoded strictly", "", knobs{OneProfile: 1}},
		variant{"strict-read-leniently", "the strict profile decoded leniently", "", knobs{OneProfile: 2}},
	),
	family{name: "base64-library", what: "decoding or encoding through a Base64 library, with its habits", flags: flags("FaultBase64Library"),
		fix: "read and write the code six bits a character yourself, or check what the library is given and gives back: any length, no '=', no CR or LF, the standard alphabet",
		probes: concat(strict("AAA=", "QA==", "QEBAQ", "QE\nBA", "gkwAAAAQ\n", "Q-A", "QB/"),
			encode(`{"state":null,"record":{"moves":[]}}`, `{"state":null,"record":null}`,
				`{"state":null,"record":{"moves":[{"kind":"wall","orientation":"vertical","place":63}]}}`)),
	}.of(
		variant{"base64-padding-accepted", "'=' padding to a multiple of 4 accepted by the strict decoder (AAA=, QA==)", "", knobs{B64PadAccepted: true}},
		variant{"base64-length-refused", "a length of 1 more than a multiple of 4 refused", "", knobs{B64LengthRefused: true}},
		variant{"base64-newlines-skipped", "CR and LF skipped by the strict decoder", "", knobs{B64NewlinesSkipped: true}},
		variant{"base64-whole-bytes", "codes written in whole bytes: a character too many when the bits end within the last byte's first six", "", knobs{B64WholeBytes: true}},
		variant{"url-safe-alphabet", "the URL-safe alphabet, '-' and '_' for '+' and '/'", "use the standard Base64 alphabet, '+' and '/'", knobs{UrlSafe: true}},
		variant{"equals-padding-written", "'=' padding written up to a multiple of 4", "write no '=': a qf code has no padding", knobs{EqualsPadding: true}},
	),
	family{name: "encoder-overflow", what: "a too-large value written instead of refused", flags: flags("FaultMask", "FaultSpill"), seen: 6, fix: fixRange,
		probes: encode(stateJSON(func(s *ref.State) { s.White = 200 }), stateJSON(func(s *ref.State) { s.Turn = 2000 }),
			stateJSON(func(s *ref.State) { s.Walls.White.H = []int{100} }), stateJSON(func(s *ref.State) { s.Black = 127 })),
	}.of(
		variant{"encoder-spill", "widened: all its bits written, shifting every later field", "", knobs{Spill: true}},
		variant{"encoder-mask", "masked to its field's width (white 200 as 72)", "", knobs{Mask: true}},
		variant{"mask-and-spill", "masked, its carry added into the bits before it", "", knobs{MaskSpill: true}},
		variant{"carry-drops-character", "masked, its carry added into its character, which vanishes past 63", "", knobs{CarrySextet: true}},
	),
	family{name: "extra-character", what: "an 'A' appended when the bit count is a multiple of 6", flags: flags("FaultExtraCharacter"), seen: 8,
		fix: "write exactly ceil(bits/6) characters: when the bits fill the last character, write no other"}.one(knobs{ExtraCharacter: true}),
	family{name: "empty-record", what: "a record of 0 moves not representable", flags: flags("FaultEmptyRecord"), seen: 9,
		probes: concat(strict("QA"), encode(`{"state":null,"record":{"moves":[]}}`)),
	}.of(
		variant{"empty-record-lost", "decoded as no record", "keep a record of 0 moves ({\"moves\": []}, code QA) apart from no record (null, code A)", knobs{EmptyRecordLost: true}},
		variant{"empty-record-refused", "refused by the encoder", "encode a record of 0 moves as the record flag and a count of 0 (QA)", knobs{EmptyRecordError: true}},
	),
	family{name: "player-from-parity", what: "the last move's player taken from the turn's parity", flags: flags("FaultPlayerFromParity"), seen: 10,
		fix:    "read and write state.last_move.player as the code and the value hold it; it is independent of the turn",
		probes: concat(strict(code(parity())), encode(jsonOf(parity()))),
	}.of(
		variant{"player-from-parity", "when encoding", "", knobs{PlayerFromParity: true}},
		variant{"player-from-parity-decoding", "when decoding", "", knobs{PlayerParityDecode: true}},
	),
	family{name: "walls-reordered", what: "walls reordered on the way through", flags: flags("FaultWallsReordered"), seen: 11,
		fix:    "keep each wall group's anchors in the order of the code, duplicates included, when decoding and when encoding",
		probes: concat(strict(code(walls())), encode(jsonOf(walls()))),
	}.of(
		variant{"walls-sorted", "sorted and de-duplicated when decoding", "", knobs{DecodeWalls: sortDedup}},
		variant{"walls-sorted-only", "sorted when decoding, duplicates kept", "", knobs{DecodeWalls: sortOnly}},
		variant{"walls-deduplicated", "de-duplicated when decoding, in their order", "", knobs{DecodeWalls: dedupOnly}},
		variant{"walls-merged", "merged into one list a player when decoding: sorted, an anchor once whatever its orientation", "", knobs{DecodeWalls: merged}},
		variant{"walls-sorted-encoding", "sorted and de-duplicated when encoding", "", knobs{EncodeWalls: sortDedup}},
		variant{"walls-sorted-only-encoding", "sorted when encoding, duplicates kept", "", knobs{EncodeWalls: sortOnly}},
		variant{"walls-deduplicated-encoding", "de-duplicated when encoding, in their order", "", knobs{EncodeWalls: dedupOnly}},
	),
	family{name: "anchors-dropped", what: "wall anchors of 64 or more silently dropped by the encoder, walls and wall moves", flags: flags("FaultAnchorDropped"), seen: 12, fix: fixRange}.one(knobs{AnchorsDropped: true}),
	family{name: "chunk-rejected", what: "codes of a combination of chunks rejected", flags: flags("FaultChunkRejected"), seen: 13, fix: fixChunks,
		probes: strict("A", "gkwAAAAQ", "QA"),
	}.of(
		variant{"neither-chunk-rejected", "neither chunk", "", knobs{NeitherRejected: true}},
		variant{"state-rejected", "with a State, by a decoder that only knows records", "", knobs{StateRejected: true}},
	),
	family{name: "square-arithmetic", what: "pawn moves as square arithmetic: wrapping, leaving the board, diagonal jumps", flags: flags("FaultSquareArithmetic"), seen: 14,
		fix: "move pawns on the 9x9 grid, file and rank apart: a step off the board is off_board, a diagonal is legal only as a side-step"}.one(knobs{SquareArithmetic: true}),
	family{name: "first-mover-from-parity", what: "the first mover of a record taken from the turn's parity", flags: flags("FaultFirstMoverFromParity"), seen: 15,
		fix: "after a State, the first mover is the player who did not make its last move, whatever the turn"}.one(knobs{FirstMoverParity: true}),
	family{name: "first-mover-same", what: "the first mover of a record after a State taken to be the player who made its last move",
		fix: "after a State, the first mover is the player who did not make its last move (R-2)"}.one(knobs{FirstMoverSame: true}),
	family{name: "last-move-wall-error", what: "a last-move anchor that matches no wall treated as a decode error", flags: flags("FaultLastMoveWallError"), seen: 16,
		fix: "decode a wall last move whatever its anchor; whether a wall stands there is for validation (last_move_wall_missing)"}.one(knobs{LastMoveWallError: true}),
	family{name: "rules-applied", what: "a code whose record holds an illegal move rejected by the decoder", flags: flags("FaultRulesApplied"), seen: 20,
		fix: "decode what the format holds; whether the moves are legal is for replay, not decoding",
		probes: strict(code(game(&ref.State{White: 8, Black: 76, LastMove: ref.LastMove{Player: ref.Black}, Turn: 2}, ref.PieceMove(2))),
			code(game(nil, ref.PieceMove(1))), code(game(nil, ref.WallMove(ref.Horizontal, 18), ref.WallMove(ref.Horizontal, 18))),
			code(game(nil, ref.PieceMove(4)))),
	}.of(
		variant{"rules-applied", "every rule", "", knobs{RulesApplied: allRules}},
		variant{"rules-applied-files", "only a pawn that leaves files a-i", "", knobs{RulesApplied: filesOnly}},
		variant{"rules-applied-diagonals", "only an illegal diagonal", "", knobs{RulesApplied: diagonalsOnly}},
	),
	family{name: "place-after-pawn", what: "a 6-bit place read and written after a pawn last move", flags: flags("FaultPlaceAfterPawn"),
		fix: "read state.last_move.place only when state.last_move.kind is 1 (a wall); after a pawn last move the turn follows"}.one(knobs{PlaceAfterPawn: true}),
	family{name: "no-range-checks", what: "values out of range accepted by the decoder, as the fansite's scripts do", flags: flags("FaultNoRangeCheck"),
		fix: spec.ErrorRules["out_of_range"].Refuse}.of(
		variant{"no-range-checks", "squares 81-127 and wall counts 11-15", "", knobs{SquareMax: 127, CountMax: 15}},
		variant{"no-square-range-check", "squares 81-127; wall counts checked", "reject a square above 80 with out_of_range at the square's first bit", knobs{SquareMax: 127}},
		variant{"no-count-range-check", "wall counts 11-15; squares checked", "reject a wall count above 10 with out_of_range at the count's first bit", knobs{CountMax: 15}},
	),

	// Ways of reporting every error.
	family{name: "one-error-kind", what: "every rejection reported with one error kind", seen: 17, kind: Reporting,
		fix:    "report the kind of spec/qf.md section Errors that applies: invalid_character, truncated, out_of_range, trailing_data, nonzero_padding, malformed",
		probes: concat(strict("=", "g", "gkwAAAAQA"), encode(stateJSON(func(s *ref.State) { s.White = 81 }), `{"state":7}`)),
	}.of(
		variant{"one-error-kind", "the same for decoding and encoding", "", knobs{OneKind: "error"}},
		variant{"one-error-kind-each-way", "invalid_character for every decoding error, malformed for every encoding error", "", knobs{KindEachWay: true}},
	),
	family{name: "no-positions", what: "rejections without a position: no bit or char offset, no field", seen: 18, kind: Reporting,
		fix: "report each error's offset (bit, or char for invalid_character and trailing_data) and, where spec/qf.md names one, its field"}.one(knobs{NoPositions: true}),

	// Faults of the layout, named by the field where the answers first differ.
	family{name: "lsb-first", what: "each character's bits read and written least significant first", kind: Layout, fields: fields(spec.StateFlag),
		fix: "read and write each character's six bits most significant first"}.one(knobs{LsbFirst: true}),
	family{name: "black-first", what: "black's square before white's", kind: Layout, fields: fields(spec.White), fix: fixFields}.one(knobs{BlackFirst: true}),
	family{name: "groups-vertical-first", what: "each player's vertical walls before the horizontal ones", kind: Layout, fields: fields(spec.WallGroups[0].Count), fix: fixFields}.one(knobs{VerticalFirst: true}),
	family{name: "turn-9-bits", what: "the turn read as 9 bits", kind: Layout, fields: fields(spec.Turn), fix: fixFields}.one(knobs{TurnBits: 9}),
	family{name: "square-range", what: "squares checked against another range", kind: Layout, fields: fields(spec.White, spec.Black), fix: "a square is 0-80",
		probes: strict(code(&ref.Value{State: &ref.State{White: 80, Black: 79, Turn: 1}}), bitstring.Code("10"+bitstring.Field(81, 7)+strings.Repeat("0", 40))),
	}.of(
		variant{"square-max-79", "0-79", "", knobs{SquareMax: 79}},
		variant{"square-max-81", "0-81", "", knobs{SquareMax: 81}},
	),
	family{name: "wall-count-range", what: "wall counts checked against another range", kind: Layout, fields: fields(spec.WallGroups[0].Count, spec.WallGroups[1].Count, spec.WallGroups[2].Count, spec.WallGroups[3].Count), fix: "a wall count is 0-10",
		probes: strict(code(walls10()), bitstring.Code("10"+bitstring.Field(4, 7)+bitstring.Field(76, 7)+bitstring.Field(11, 4)+strings.Repeat("0", 80))),
	}.of(
		variant{"wall-count-max-9", "0-9", "", knobs{CountMax: 9}},
		variant{"wall-count-max-11", "0-11", "", knobs{CountMax: 11}},
	),
	family{name: "padding-ignored", what: "nonzero padding bits ignored by the strict decoder", kind: Known,
		fix:    spec.ErrorRules["nonzero_padding"].Refuse,
		probes: strict("B", "gkwAAAAR", withPaddingBit(code(game(nil, ref.PieceMove(0), ref.PieceMove(4))))),
	}.of(
		variant{"padding-ignored", "in every code", "", knobs{IgnorePadding: true}},
		variant{"padding-ignored-record-only", "in codes that hold only a Record", "", knobs{IgnorePaddingRecordOnly: true}},
	),
	family{name: "move-count-wraps", what: "a move count of 1024 written as 0", kind: Layout, fields: fields(spec.MoveCount),
		fix: "refuse a record of more than 1023 moves with out_of_range at record.moves.count"}.one(knobs{MaskMoveCount: true}),
	family{name: "orientation-inverted", what: "the orientation bit of wall moves inverted", kind: Layout, fields: fields(spec.MoveOrientation),
		fix: "a wall move's orientation bit is 0 for horizontal, 1 for vertical"}.one(knobs{OrientationFlip: true}),

	// Faults of the rules, named by the rule and where it fails.
	family{name: "wrap-at-edge", what: "a pawn wraps from file i to file a of the next rank (and back)", kind: Rule, rule: rules.OffBoard,
		fix: "a step east from file i or west from file a is off_board"}.one(knobs{WrapAtEdge: true}),
	family{name: "diagonal-jumps", what: "a diagonal onto the opponent jumps over it", kind: Rule, rule: rules.IllegalDiagonal,
		fix: "a diagonal is legal only as the side-step of a blocked straight jump"}.one(knobs{DiagonalJumps: true}),
	family{name: "crossing-walls-allowed", what: "walls crossing at one anchor allowed", kind: Rule, rule: rules.WallsConflict,
		fix: "a horizontal and a vertical wall at the same anchor conflict (walls_conflict)"}.one(knobs{CrossingAllowed: true}),
	family{name: "no-path-check", what: "walls that cut a player off allowed", kind: Rule, rule: rules.NoPath,
		fix: "after a wall, both players must still have a path to their goal rank (no_path)"}.of(
		variant{"no-path-check", "for either player", "", knobs{NoPathCheck: true}},
		variant{"opponent-path-unchecked", "for the opponent: only the mover's path is checked", "check both players' paths after a wall (no_path)", knobs{OpponentPathUnchecked: true}},
	),
	family{name: "side-step-while-open", what: "side-steps allowed while the straight jump is open", kind: Rule, rule: rules.IllegalDiagonal,
		fix: "a side-step is legal only when a wall or the edge blocks the straight jump"}.one(knobs{SideStepWhileOpen: true}),
	family{name: "walls-left-unchecked", what: "the wall limit not kept", kind: Rule, rule: rules.NoWallsLeft,
		fix: "a player with no walls left cannot place one (no_walls_left)",
		// Eleven walls placed by white from the initial board: the
		// eleventh is no_walls_left, unless the limit is not kept at all;
		// a replay that counts only the State's walls still counts these.
		probes: replay(code(elevenWalls())),
	}.of(
		variant{"walls-left-unchecked", "more than 10 walls a player", "", knobs{NoWallsLeftIgnored: true}},
		variant{"state-walls-uncounted", "the State's walls not counted, only the record's", "a player's walls left are 10 less its walls in the State, less those placed since", knobs{StateWallsUncounted: true}},
	),
	family{name: "jump-wall-ignored-south", what: "a wall behind the opponent does not block a jump south", kind: Rule, rule: rules.JumpBlocked,
		fix: "a wall behind the opponent blocks a jump in every direction (jump_blocked)"}.one(knobs{BoardGeometry: geometry{jumpIgnored: 1 << south}}),
	family{name: "black-side-steps-through-walls", what: "black's side-steps ignore a wall between the opponent and the target", kind: Rule, rule: rules.IllegalDiagonal,
		fix: "a wall between the opponent and the side-step's target makes it illegal, for either player"}.one(knobs{BlackSideStepsThrough: true}),
	family{name: "step-wall-ignored-west", what: "a wall does not block a step west", kind: Rule, rule: rules.WallBlocksMove,
		fix: "a wall between the pawn and the square ahead blocks a step in every direction (wall_blocks_move)"}.one(knobs{BoardGeometry: geometry{stepIgnored: 1 << west}}),
	family{name: "black-win-ignored", what: "a black pawn on rank 1 does not end the game", kind: Rule, rule: rules.GameOver,
		fix: "the game is over when either pawn stands on its goal rank (game_over)"}.one(knobs{BlackWinIgnored: true}),
))

// numbered sets each fault's place in fs.
func numbered(fs []*Fault) []*Fault {
	for i, f := range fs {
		f.index, f.sets = i, f.knobs.set()
	}
	return fs
}
