package diagnosis

// Thresholds are the numbers the diagnosis decides by, in one place: how
// much the answers must show before a cause is named, and how many
// requests of its own it may ask. A diagnosis depends on the answers and
// on these alone, never on the time it takes, so that the same answers
// give the same diagnosis on any machine.
type Thresholds struct {
	// MinShare is the least share of the telling tests (where a fault's
	// model and the model without it answer with different verdicts) on
	// which the implementation must answer as the fault's model, for the
	// fault to be confirmed: the rest answer as without it.
	MinShare float64
	// MinStrong is how many results (a value, a code, a replay) the
	// implementation must answer exactly as a fault's model, where the
	// reference answers otherwise, for its refusals where the model writes
	// a result to count as bounds of its own rather than against the
	// fault: an encoder that masks values above 127 and refuses 81-127.
	MinStrong int
	// ManyGain is how many failures the most telling fault of its turn
	// must explain to be confirmed when it matches fewer than half of the
	// tests where it shows.
	ManyGain int
	// Sample is how many failures where a fault shows are tried with the
	// faults so far, to tell whether to try it in full.
	Sample int
	// PairOf is how many candidates, those whose models alone come
	// nearest the answers, are tried two at a time when no fault is proven
	// alone.
	PairOf int
	// Rounds is how many times the search starts again without the
	// faults that the others explain away.
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
}

// Default is the thresholds of Diagnose.
var Default = Thresholds{
	MinShare:         0.9,
	MinStrong:        3,
	ManyGain:         20,
	Sample:           16,
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
}
