// Package suite is the conformance model of qf-conformance: what a
// category of vectors is, how a vector becomes a request, how an answer is
// graded at each level, what the facets of an input are, what the
// reference expects of a test, and a session with an implementation.
//
// A Category is one vector file (strict and lenient decoding, encoding,
// replay, validation; vectors/ and CONFORMANCE.md): its op and profile,
// the levels it grades (L1 to L3 for decoding, E for encoding, R for
// replay and validation, CONFORMANCE.md "Levels"), and everything done
// with its tests, the same for `qf check` (package runner), `qf fuzz`
// (package fuzzer) and the diagnosis of failures (package diagnosis). A
// Result is one test graded. A Session starts an implementation through
// package driver, says hello and knows which categories it lists.
//
// Adding a category is adding a value of Category here and its vector
// file; adding an op is adding a type that implements its behaviour.
package suite
