package suite

import "slices"

// The flags of a test made from a generated case: Fuzz, and those of what
// the reference makes of its input, as the suite's vectors name them
// (vectors.Notes).

// FuzzFlag is the flag of every vector that qf fuzz writes.
const FuzzFlag = "Fuzz"

// tidy sorts flags and drops the repeated and empty ones.
func tidy(flags []string) []string {
	slices.Sort(flags)
	return slices.Compact(slices.DeleteFunc(flags, func(f string) bool { return f == "" }))
}
