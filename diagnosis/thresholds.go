package diagnosis

// Thresholds are the numbers the diagnosis decides by, in one place: how
// much the answers must show before a cause is named, and how many
// requests of its own it may ask. A diagnosis depends on the answers and
// on these alone, never on the time it takes, so that the same answers
// give the same diagnosis on any machine.
type Thresholds struct {
	// Against weighs, in the score of the search for faults of the
	// catalogue, a test where the implementation decides as the spec
	// where a fault's model decides otherwise: against the +1 of a test
	// decided as the model, so that a fault is charged only where more
	// than Against in Against+1 of its decisions are the implementation's.
	Against int
	// Otherwise weighs a test where the implementation decides neither as
	// the model nor as the spec: against the +1 of a test decided as the
	// model, so that a fault is charged only where its model decides as
	// the implementation more than Otherwise times as often as not.
	Otherwise int
	// PairOf is how many faults, those that decide the most failures, are
	// tried two at a time when none alone raises the score.
	PairOf int
	// Rounds is how many times the search starts again without the
	// faults that the others make redundant.
	Rounds int
	// MinErrors is how many errors the implementation must have answered
	// for a way of reporting every error to be told.
	MinErrors int
	// MinFacet is the least number of tests a facet must have for its
	// failing as a whole to be told; FacetShare the least share of them
	// that fail; OthersShare the most share of the other tests of its
	// categories that may fail.
	MinFacet    int
	FacetShare  float64
	OthersShare float64
	// ProbesPerFault, MaxProbes and DrawsPerFault bound the requests the
	// diagnosis asks of its own to tell apart shapes of a fault that the
	// tests cannot: at most ProbesPerFault a fault and MaxProbes in all,
	// among the family's probes and DrawsPerFault cases drawn; none after
	// MaxProbeFailures requests got no answer.
	ProbesPerFault   int
	MaxProbes        int
	DrawsPerFault    int
	MaxProbeFailures int
	// Claims is how many of its failures a cause states as claims.
	Claims int
	// TraitShare and MinShared split the failures of a behaviour by what
	// they share: a trait of the inputs names a behaviour when at least
	// TraitShare of the tests having it fail so, and at least MinShared
	// failures have it.
	TraitShare float64
	MinShared  int
	// SayShared is the least share of a misbehaviour's failures (crashes,
	// timeouts) that must have a trait for its cause to say so.
	SayShared float64
}

// Default is the thresholds of Diagnose.
var Default = Thresholds{
	Against:          9,
	Otherwise:        2,
	PairOf:           8,
	Rounds:           4,
	MinErrors:        3,
	MinFacet:         3,
	FacetShare:       0.9,
	OthersShare:      0.5,
	ProbesPerFault:   4,
	MaxProbes:        24,
	DrawsPerFault:    400,
	MaxProbeFailures: 2,
	Claims:           3,
	TraitShare:       0.9,
	MinShared:        2,
	SayShared:        0.5,
}
