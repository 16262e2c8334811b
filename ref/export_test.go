package ref

// MoveWidths are the widths the decoder reads a whole move with, for
// TestMoveFieldsHaveNoLimit to hold to spec's layout.
var MoveWidths = [4]int{kindBits, dirBits, orientationBits, placeBits}

// NewValue allocates a Value as the decoder does, and AnchorRoom is the
// number of anchors it has room for, for BenchmarkAllocFloor.
var (
	NewValue   = newValue
	AnchorRoom = anchorRoom
)
