package ref

// NewValue allocates a Value as the decoder does, and AnchorRoom is the
// number of anchors it has room for, for BenchmarkAllocFloor.
var (
	NewValue   = newValue
	AnchorRoom = anchorRoom
)
