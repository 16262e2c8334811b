package vectors

// The Fault flags: each names a fault seen in real implementations that
// its tests catch (Notes says which). The catalogue of faults (package
// faults) names each of its faults' flags by these constants, and
// cmd/vectorgen the tests it flags.
const (
	FaultJunkAsZeros          = "FaultJunkAsZeros"
	FaultCrashOnShortInput    = "FaultCrashOnShortInput"
	FaultZeroFill             = "FaultZeroFill"
	FaultIgnoresTrailing      = "FaultIgnoresTrailing"
	FaultPadding              = "FaultPadding"
	FaultOneProfile           = "FaultOneProfile"
	FaultBase64Library        = "FaultBase64Library"
	FaultSpill                = "FaultSpill"
	FaultMask                 = "FaultMask"
	FaultExtraCharacter       = "FaultExtraCharacter"
	FaultEmptyRecord          = "FaultEmptyRecord"
	FaultPlayerFromParity     = "FaultPlayerFromParity"
	FaultWallsReordered       = "FaultWallsReordered"
	FaultAnchorDropped        = "FaultAnchorDropped"
	FaultChunkRejected        = "FaultChunkRejected"
	FaultLastMoveWallError    = "FaultLastMoveWallError"
	FaultPlaceAfterPawn       = "FaultPlaceAfterPawn"
	FaultSquareArithmetic     = "FaultSquareArithmetic"
	FaultFirstMoverFromParity = "FaultFirstMoverFromParity"
	FaultRulesApplied         = "FaultRulesApplied"
	FaultNoRangeCheck         = "FaultNoRangeCheck"
)
