package outsider

import (
	"fmt"
	"slices"
)

// A Fault is a mistake the implementation can be told to make, named as
// in the package documentation's table. Faults combine: New takes any
// number of them.
type Fault string

// The faults, in the order of the package documentation's table.
const (
	CrashTruncatedRecord   Fault = "crash-truncated-record"
	CrashJunkStrict        Fault = "crash-junk-strict"
	WallCountTenOut        Fault = "wall-count-ten-out"
	EqualsSkipped          Fault = "equals-skipped"
	ASCIIAnswers           Fault = "ascii-answers"
	PaddingLow             Fault = "padding-low"
	NestedUnknownSkipped   Fault = "nested-unknown-skipped"
	TouchingWallsConflict  Fault = "touching-walls-conflict"
	LenientHighSquares     Fault = "lenient-high-squares"
	TurnNineBits           Fault = "turn-nine-bits"
	HTMLEscapedPaths       Fault = "html-escaped-paths"
	RepeatedKeyLastWins    Fault = "repeated-key-last-wins"
	FirstMoverParity       Fault = "first-mover-parity"
	DiagonalWhenAdjacent   Fault = "diagonal-when-adjacent"
	NumbersAsFloat64       Fault = "numbers-as-float64"
	TooManyWallsPerGroup   Fault = "too-many-walls-per-group"
	ZeroFill               Fault = "zero-fill"
	HighSquares            Fault = "high-squares"
	JunkAsZerosUTF16       Fault = "junk-as-zeros-utf16"
	TrailingIgnored        Fault = "trailing-ignored"
	PaddingIgnored         Fault = "padding-ignored"
	LenientRefusesEquals   Fault = "lenient-refuses-equals"
	RecordsOnly            Fault = "records-only"
	NeitherChunkRefused    Fault = "neither-chunk-refused"
	EmptyRecordLost        Fault = "empty-record-lost"
	WallsMergedSorted      Fault = "walls-merged-sorted"
	PlayerFromParity       Fault = "player-from-parity"
	RulesWhileDecoding     Fault = "rules-while-decoding"
	OffBoardFileRefused    Fault = "off-board-file-refused"
	ExtraCharacter         Fault = "extra-character"
	MaskAndSpill           Fault = "mask-and-spill"
	MaskedToWidth          Fault = "masked-to-width"
	SquareArithmeticNoWrap Fault = "square-arithmetic-no-wrap"
	OneErrorKind           Fault = "one-error-kind"
	NoPositions            Fault = "no-positions"
	StrictEqualsSkipped    Fault = "strict-equals-skipped"
)

// Faults lists every fault, in the order of the package documentation's
// table.
var Faults = []Fault{
	CrashTruncatedRecord,
	CrashJunkStrict,
	WallCountTenOut,
	EqualsSkipped,
	ASCIIAnswers,
	PaddingLow,
	NestedUnknownSkipped,
	TouchingWallsConflict,
	LenientHighSquares,
	TurnNineBits,
	HTMLEscapedPaths,
	RepeatedKeyLastWins,
	FirstMoverParity,
	DiagonalWhenAdjacent,
	NumbersAsFloat64,
	TooManyWallsPerGroup,
	ZeroFill,
	HighSquares,
	JunkAsZerosUTF16,
	TrailingIgnored,
	PaddingIgnored,
	LenientRefusesEquals,
	RecordsOnly,
	NeitherChunkRefused,
	EmptyRecordLost,
	WallsMergedSorted,
	PlayerFromParity,
	RulesWhileDecoding,
	OffBoardFileRefused,
	ExtraCharacter,
	MaskAndSpill,
	MaskedToWidth,
	SquareArithmeticNoWrap,
	OneErrorKind,
	NoPositions,
	StrictEqualsSkipped,
}

// Crashes reports whether f makes the implementation panic, rather than
// answer wrongly, on the inputs it concerns.
func (f Fault) Crashes() bool {
	return f == CrashTruncatedRecord || f == CrashJunkStrict
}

// faultSet is a set of faults, one bit per index in Faults.
type faultSet uint64

// newFaultSet returns the set of faults fs. It panics on a Fault that is
// not one of Faults: a caller's mistake, not an input's.
func newFaultSet(fs []Fault) faultSet {
	var s faultSet
	for _, f := range fs {
		i := slices.Index(Faults, f)
		if i < 0 {
			panic(fmt.Sprintf("outsider: no fault %q", string(f)))
		}
		s |= 1 << i
	}
	return s
}

// has reports whether f is in the set.
func (s faultSet) has(f Fault) bool {
	return s != 0 && s&(1<<slices.Index(Faults, f)) != 0
}

// list returns the faults of the set, in the order of Faults.
func (s faultSet) list() []Fault {
	var out []Fault
	for i, f := range Faults {
		if s&(1<<i) != 0 {
			out = append(out, f)
		}
	}
	return out
}
