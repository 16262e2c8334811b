package ref

// MoveWidths are the widths the decoder reads a whole move with, for
// TestMoveFieldsHaveNoLimit to hold to spec's layout.
var MoveWidths = [4]int{kindBits, dirBits, orientationBits, placeBits}
