// Package mutants is a catalogue of deliberately faulty qf implementations
// ("mutants"), each with one fault that a real implementation could have,
// used only by tests: the suite must catch every one of them. Its test runs
// the whole vector suite against each mutant through the runner that
// `qf check` uses, and keeps the table of mutants in CONFORMANCE.md.
//
// The mutants share one faulty codec (codec.go) and one faulty replayer
// (replay.go), written apart from the reference, whose knobs each mutant
// turns on one at a time.
package mutants

import (
	"encoding/json"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// A Mutant is a faulty implementation.
type Mutant struct {
	Name  string // a slug, such as "junk-as-zeros"
	Fault string // what is wrong, in words
	Facts int    // the number under which the fault was recorded as seen in a public third-party implementation ("fault N" in CONFORMANCE.md), or 0
	Flag  string // the vectors' flag that names this fault (FaultJunkAsZeros, ...), or ""
	codec faults
	rules ruleFaults
}

// Handler returns the mutant as a protocol handler.
func (m *Mutant) Handler() protocol.Handler { return m.handler() }

// Catalogue lists the mutants.
var Catalogue = []*Mutant{
	// The faults seen in public third-party implementations.
	{Name: "junk-as-zeros", Facts: 1, Flag: "FaultJunkAsZeros", Fault: "a character outside the alphabet read as six zero bits", codec: faults{junkAsZeros: true}},
	{Name: "crash-on-short-input", Facts: 2, Flag: "FaultCrashOnShortInput", Fault: "a crash on empty or truncated input", codec: faults{crashOnShort: true}},
	{Name: "zero-fill", Facts: 3, Flag: "FaultZeroFill", Fault: "missing bits at the end read as zeros", codec: faults{zeroFill: true}},
	{Name: "trailing-ignored", Facts: 4, Flag: "FaultIgnoresTrailing", Fault: "characters after the end of the code ignored", codec: faults{ignoreTrailing: true}},
	{Name: "lenient-rejects-equals", Facts: 5, Flag: "FaultPadding", Fault: "'=' rejected by the lenient decoder", codec: faults{lenientRejectsEquals: true}},
	{Name: "strict-accepts-equals", Facts: 5, Flag: "FaultPadding", Fault: "'=' skipped by the strict decoder", codec: faults{strictSkipsEquals: true}},
	{Name: "encoder-spill", Facts: 6, Flag: "FaultSpill", Fault: "no range check in the encoder: a wide value spills into the next fields", codec: faults{spill: true}},
	{Name: "encoder-mask", Facts: 7, Flag: "FaultMask", Fault: "values masked to their field's width (white 200 as 72)", codec: faults{mask: true}},
	{Name: "extra-character", Facts: 8, Flag: "FaultExtraCharacter", Fault: "an 'A' appended when the bit count is a multiple of 6", codec: faults{extraCharacter: true}},
	{Name: "empty-record-lost", Facts: 9, Flag: "FaultEmptyRecord", Fault: "a record of 0 moves decoded as no record", codec: faults{emptyRecordLost: true}},
	{Name: "empty-record-refused", Facts: 9, Flag: "FaultEmptyRecord", Fault: "a record of 0 moves refused by the encoder", codec: faults{emptyRecordError: true}},
	{Name: "player-from-parity", Facts: 10, Flag: "FaultPlayerFromParity", Fault: "the last move's player written from the turn's parity", codec: faults{playerFromParity: true}},
	{Name: "walls-sorted", Facts: 11, Flag: "FaultWallsReordered", Fault: "walls sorted and de-duplicated on the way through", codec: faults{wallsSorted: true}},
	{Name: "anchors-dropped", Facts: 12, Flag: "FaultAnchorDropped", Fault: "wall anchors of 64 or more silently dropped by the encoder, walls and wall moves", codec: faults{anchorsDropped: true}},
	{Name: "neither-chunk-rejected", Facts: 13, Flag: "FaultChunkRejected", Fault: "codes with neither chunk rejected", codec: faults{neitherRejected: true}},
	{Name: "state-rejected", Facts: 13, Flag: "FaultChunkRejected", Fault: "codes with a State rejected by a decoder that only knows records", codec: faults{stateRejected: true}},
	{Name: "square-arithmetic", Facts: 14, Flag: "FaultSquareArithmetic", Fault: "pawn moves as square arithmetic: wrapping, leaving the board, diagonal jumps", rules: ruleFaults{squareArithmetic: true}},
	{Name: "first-mover-from-parity", Facts: 15, Flag: "FaultFirstMoverFromParity", Fault: "the first mover of a record taken from the turn's parity", rules: ruleFaults{firstMoverParity: true}},
	{Name: "last-move-wall-error", Facts: 16, Flag: "FaultLastMoveWallError", Fault: "a last-move anchor that matches no wall treated as a decode error", codec: faults{lastMoveWallError: true}},

	// Classic codec faults.
	{Name: "lsb-first", Fault: "each character's bits read and written least significant first", codec: faults{lsbFirst: true}},
	{Name: "black-first", Fault: "black's square before white's", codec: faults{blackFirst: true}},
	{Name: "groups-vertical-first", Fault: "each player's vertical walls before the horizontal ones", codec: faults{verticalFirst: true}},
	{Name: "turn-9-bits", Fault: "the turn read as 9 bits", codec: faults{turnBits: 9}},
	{Name: "square-max-79", Fault: "squares checked against 0-79", codec: faults{squareMax: 79}},
	{Name: "square-max-81", Fault: "squares checked against 0-81", codec: faults{squareMax: 81}},
	{Name: "wall-count-max-9", Fault: "wall counts checked against 0-9", codec: faults{countMax: 9}},
	{Name: "wall-count-max-11", Fault: "wall counts checked against 0-11", codec: faults{countMax: 11}},
	{Name: "place-after-pawn", Flag: "FaultPlaceAfterPawn", Fault: "a 6-bit place read and written after a pawn last move", codec: faults{placeAfterPawn: true}},
	{Name: "url-safe-alphabet", Fault: "the URL-safe alphabet ('-' and '_' for '+' and '/')", codec: faults{urlSafe: true}},
	{Name: "equals-padding-written", Fault: "'=' padding written up to a multiple of 4", codec: faults{equalsPadding: true}},
	{Name: "padding-ignored", Fault: "nonzero padding bits ignored by the strict decoder", codec: faults{ignorePadding: true}},
	{Name: "move-count-wraps", Fault: "a move count of 1024 written as 0", codec: faults{maskMoveCount: true}},
	{Name: "orientation-inverted", Fault: "the orientation bit of wall moves inverted", codec: faults{orientationFlip: true}},

	// Rules faults.
	{Name: "wrap-at-edge", Fault: "a pawn wraps from file i to file a of the next rank (and back)", rules: ruleFaults{wrapAtEdge: true}},
	{Name: "diagonal-jumps", Fault: "a diagonal onto the opponent jumps over it", rules: ruleFaults{diagonalJumps: true}},
	{Name: "crossing-walls-allowed", Fault: "walls crossing at one anchor allowed", rules: ruleFaults{crossingAllowed: true}},
	{Name: "no-path-check", Fault: "walls that cut a player off allowed", rules: ruleFaults{noPathCheck: true}},
	{Name: "side-step-while-open", Fault: "side-steps allowed while the straight jump is open", rules: ruleFaults{sideStepWhileOpen: true}},
	{Name: "walls-left-unchecked", Fault: "more than 10 walls a player allowed", rules: ruleFaults{noWallsLeftIgnored: true}},

	// Several faults at once, as the fansite's own scripts have them
	// (EC-5, EC-6, EC-24): characters outside the alphabet as six-bit holes,
	// missing bits as zeros, no range checks, trailing data and padding
	// ignored, values masked when written, pawn moves as square arithmetic.
	{Name: "fansite-scripts", Fault: "the fansite's scripts: six-bit holes, zero fill, no range checks, trailing data and padding ignored, masking, square arithmetic",
		codec: faults{junkAsZeros: true, zeroFill: true, ignoreTrailing: true, ignorePadding: true, squareMax: 127, countMax: 15, mask: true},
		rules: ruleFaults{squareArithmetic: true}},

	// Faults confined to one chunk combination, one direction or one
	// player: plausible mistakes that a vector of one case would miss.
	{Name: "padding-ignored-record-only", Fault: "nonzero padding bits ignored in codes that hold only a Record", codec: faults{ignorePaddingRecordOnly: true}},
	{Name: "zero-fill-record", Fault: "missing bits in the Record chunk read as zeros", codec: faults{zeroFillRecord: true}},
	{Name: "jump-wall-ignored-south", Fault: "a wall behind the opponent does not block a jump south", rules: ruleFaults{jumpWallIgnoredSouth: true}},
	{Name: "black-side-steps-through-walls", Fault: "black's side-steps ignore a wall between the opponent and the target", rules: ruleFaults{blackSideStepsThrough: true}},
	{Name: "step-wall-ignored-west", Fault: "a wall does not block a step west", rules: ruleFaults{stepWallIgnoredWest: true}},
	{Name: "opponent-path-unchecked", Fault: "a wall may cut off the opponent: only the mover's path is checked", rules: ruleFaults{opponentPathUnchecked: true}},
	{Name: "state-walls-uncounted", Fault: "the wall limit counts the record's walls only, not the State's", rules: ruleFaults{stateWallsUncounted: true}},
	{Name: "black-win-ignored", Fault: "a black pawn on rank 1 does not end the game", rules: ruleFaults{blackWinIgnored: true}},
}

// Conforming is the faulty codec and replayer with no fault turned on: it
// must pass the whole suite, so that each mutant fails by its fault alone.
var Conforming = &Mutant{Name: "conforming", Fault: "none"}

// handler returns the mutant as the protocol's functions: the faulty
// codec and replayer, replay and validation decoding strictly first.
func (m *Mutant) handler() *protocol.Funcs {
	return &protocol.Funcs{
		Name:     "mutant " + m.Name,
		Version:  spec.Version,
		Profiles: []string{ref.Strict.String(), ref.Lenient.String()},
		Decode: func(code, profile string) *protocol.Response {
			v, e := m.codec.decode(code, profile)
			if e != nil {
				return &protocol.Response{Error: e}
			}
			return &protocol.Response{Value: v}
		},
		Encode: func(value json.RawMessage) *protocol.Response {
			code, e := m.codec.encode(value)
			if e != nil {
				return &protocol.Response{Error: e}
			}
			return &protocol.Response{Code: &code}
		},
		Replay: func(code string) *protocol.Response {
			v, e := m.decodeStrictly(code)
			if e != nil {
				return &protocol.Response{Error: e}
			}
			squares, violation := m.rules.replay(v)
			return &protocol.Response{Squares: &squares, Violation: violation}
		},
		Validate: func(code string) *protocol.Response {
			v, e := m.decodeStrictly(code)
			if e != nil {
				return &protocol.Response{Error: e}
			}
			kinds := []string{}
			if v.State != nil {
				for _, k := range rules.Validate(v.State) {
					kinds = append(kinds, string(k))
				}
			}
			return &protocol.Response{Violations: &kinds}
		},
	}
}

// decodeStrictly decodes code with the faulty codec, strictly, for replay
// and validation.
func (m *Mutant) decodeStrictly(code string) (*ref.Value, *errObj) {
	raw, e := m.codec.decode(code, ref.Strict.String())
	if e != nil {
		return nil, e
	}
	var v ref.Value
	if err := json.Unmarshal(raw, &v); err != nil {
		panic(err)
	}
	return &v, nil
}
