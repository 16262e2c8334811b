package diagnosis

// Thresholds are the numbers the diagnosis decides by, in one place: how
// much the answers must show before a cause says it, and how many
// requests of its own it may ask. A diagnosis depends on the answers and
// on these alone, never on the time it takes, so that the same answers
// give the same diagnosis on any machine.
type Thresholds struct {
	// Mechanisms is how many mechanisms the search takes at most.
	Mechanisms int
	// PairOf is how many mechanisms, those that change the most failures
	// left, are tried two at a time when no one explains one more.
	PairOf int
	// Refutes is how many of the failures a mechanism explains, and of
	// the failures it bears on that the implementation decides as the
	// spec where its model does not, one of the second kind may be: more
	// refute it.
	Refutes int
	// Asks is how many codes of failing replays and validations the
	// diagnosis asks the implementation to decode, at most.
	Asks int
	// AskFailures is how many of those requests may go unanswered (a
	// crash, a timeout) before it asks no more.
	AskFailures int
	// MinErrors is how many errors the implementation must have answered
	// for a way of reporting every error to be told.
	MinErrors int
	// Claims is how many of its failures a cause states as claims.
	Claims int
	// TraitShare and MinShared say when a trait of the inputs is said of
	// a cause: at least MinShared of its failures have it, and at least
	// TraitShare of the tests of their categories that have it fail.
	TraitShare float64
	MinShared  int
	// SayShared is the least share of a cause's failures that must have
	// a trait for its cause to say so.
	SayShared float64
}

// Default is the thresholds of Diagnose.
var Default = Thresholds{
	Mechanisms:  24,
	Refutes:     10,
	PairOf:      8,
	Asks:        1024,
	AskFailures: 2,
	MinErrors:   3,
	Claims:      3,
	TraitShare:  0.9,
	MinShared:   2,
	SayShared:   0.5,
}
