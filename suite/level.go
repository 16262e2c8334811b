package suite

import (
	"fmt"
	"slices"
)

// A Level is how well an answer meets a test, as CONFORMANCE.md defines the
// levels: a decoding test is met at L1 when the implementation accepts or
// rejects as the test says (with the test's value when it accepts), at L2
// when it also reports the error's kind, at L3 when it also reports the
// offset and, if it reports a field, the test's field. Encoding is graded
// at one level, E, replay and validation at R. None meets nothing.
//
// Levels of one category are ordered; a level of another category is not
// comparable with them.
type Level uint8

// The levels.
const (
	None Level = iota
	L1
	L2
	L3
	E
	R
)

var levelNames = [...]string{None: "none", L1: "L1", L2: "L2", L3: "L3", E: "E", R: "R"}

// String returns the level's name: "none", "L1", "L2", "L3", "E" or "R".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// ParseLevel returns the level named name, as String writes it.
func ParseLevel(name string) (Level, error) {
	if i := slices.Index(levelNames[:], name); i >= 0 {
		return Level(i), nil
	}
	return None, fmt.Errorf("suite: no level %q (want L1, L2, L3, E, R or none)", name)
}

// MarshalText returns the level's name.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText sets l to the level text names.
func (l *Level) UnmarshalText(text []byte) error {
	v, err := ParseLevel(string(text))
	*l = v
	return err
}

// A Status is the outcome of one test in a run.
type Status string

// The statuses.
const (
	Pass   Status = "pass"
	Fail   Status = "fail"
	XFail  Status = "xfail"  // failed, as the expected-failures list says
	Skip   Status = "skip"   // an op or profile the implementation does not list, or a mode cannot check
	NotRun Status = "notrun" // the run ended before this test, or never began
)

// Ran reports whether a test of status s was run: passed, failed or
// failed as expected.
func (s Status) Ran() bool { return s == Pass || s == Fail || s == XFail }

func (s Status) failed() bool { return s == Fail || s == XFail }

// A Reason says why a test failed, was skipped or was not run.
type Reason string

// Why a test failed. Crash, Timeout and Protocol are why a request got no
// usable answer (package driver says which, and package session tells
// the suite).
const (
	Mismatch    Reason = "mismatch"    // an answer, but not the expected one (its Way says how)
	Crash       Reason = "crash"       // the implementation exited or closed its output
	Timeout     Reason = "timeout"     // no answer within the time given (the timeout, or a shorter wait after hangs), or its input not read
	Protocol    Reason = "protocol"    // an answer that breaks spec/protocol.md
	Unsupported Reason = "unsupported" // "unsupported" for an op and profile the implementation lists
)

// A Misbehaviour is a reason a request got no usable answer, in words,
// and what spec/protocol.md requires instead.
type Misbehaviour struct{ Title, Fix string }

// Misbehaviours holds the reasons a request got no usable answer.
var Misbehaviours = map[Reason]Misbehaviour{
	Crash: {"the implementation exited or closed its output instead of answering",
		"answer every request, with an error object for what cannot be decoded or encoded, and exit only at the end of the input (spec/protocol.md)"},
	Timeout: {"no answer within the time it was given",
		"answer each request within the timeout, with an error object for what cannot be decoded or encoded (spec/protocol.md)"},
	Protocol: {"an answer that breaks spec/protocol.md",
		"answer each request with one line of JSON as spec/protocol.md says: its id, then a result or an error object"},
	Unsupported: {`"unsupported" for an op and profile the implementation's hello lists`,
		"list in hello only the ops and profiles implemented, or implement them (spec/protocol.md)"},
}

// Why a test was skipped or not run.
const (
	NotListed   Reason = "not listed"   // skipped: the hello does not list its op or profile
	ModeCannot  Reason = "mode cannot"  // skipped: the mode cannot check it (oneshot: strict decoding only)
	RunEnded    Reason = "run ended"    // not run: the run ended early
	NoHello     Reason = "no hello"     // not run: the implementation never answered hello
	CannotStart Reason = "cannot start" // not run: the command could not be started
)

// A Way is how an answer first parts from a test's expectation, recorded
// when it is graded: the one classification of a failure that the
// levels, the reports and the diagnosis read (Difference).
type Way string

// The ways of decoding.
const (
	RejectedValid   Way = "rejected a valid code"
	OtherValue      Way = "accepted with another value"
	AcceptedInvalid Way = "accepted an invalid code"
	RefusedEarlier  Way = "refused before the spec's error" // an error before the spec's: the implementation stopped where the spec reads on
	RefusedLater    Way = "refused after the spec's error"  // an error after the spec's: the implementation read past the spec's error
	OtherKind       Way = "another error kind"              // at the spec's place
	NoOffset        Way = "no offset"
	OtherUnit       Way = "an offset in another unit"
	OtherField      Way = "another field"
)

// The ways of encoding; OtherKind and OtherField too.
const (
	RefusedValid   Way = "refused a valid value"
	OtherCode      Way = "another code"
	EncodedInvalid Way = "encoded an invalid value"
)

// The ways of replay and validation; RefusedEarlier, RefusedLater,
// OtherKind, NoOffset and OtherUnit too, for a code that does not decode.
const (
	AnsweredInvalid Way = "answered for a code that does not decode"
	ErrorForValid   Way = "an error for a code that decodes"
	OtherSquares    Way = "other squares"                      // a legal move landing elsewhere
	ViolationMissed Way = "a violation missed"                 // the spec's first violation not reported (there, or at all)
	ViolationFalse  Way = "a violation where there is none"    // one reported before the spec's, or where it finds none
	ViolationOther  Way = "another violation of the same move" // the spec reports another rule of the move first
)

// Rules reports whether the way is one of the rules applied to a code
// that decodes: a violation missed, false or other, or other squares.
func (w Way) Rules() bool {
	return w == OtherSquares || w == ViolationMissed || w == ViolationFalse || w == ViolationOther
}

// Refuses reports whether the way is of an input refused where the spec
// goes on: a valid one, or before the spec's error.
func (w Way) Refuses() bool {
	return w == RejectedValid || w == RefusedValid || w == ErrorForValid || w == RefusedEarlier
}

// Accepts reports whether the way is of an input the spec refuses, not
// refused there: answered, or refused after the spec's error.
func (w Way) Accepts() bool {
	return w == AcceptedInvalid || w == EncodedInvalid || w == AnsweredInvalid || w == RefusedLater
}

// Reported reports whether the way is of an error at the spec's place,
// reported otherwise: its kind, offset or field.
func (w Way) Reported() bool {
	return w == OtherKind || w == NoOffset || w == OtherUnit || w == OtherField
}
