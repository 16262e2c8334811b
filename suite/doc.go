// Package suite is the conformance model of qf-conformance: what a
// category of vectors is, how a vector becomes a request, what the
// reference expects of it, how an answer is graded at each level, and what
// the facets of an input are.
//
// A Category is one vector file (strict and lenient decoding, encoding,
// replay, validation; vectors/ and CONFORMANCE.md): its op and profile,
// the levels it grades (L1 to L3 for decoding, E for encoding, R for
// replay and validation, CONFORMANCE.md "Levels"), what it reads and
// answers (a Form), and everything done with its tests, the same for `qf
// check` (package runner), `qf fuzz` (package generative) and the diagnosis of
// failures (package diagnosis). A Result is one test graded, with the
// test and the answer it was graded on.
//
// Each op of the protocol is one type in a file of its own (decoding.go,
// encoding.go, replaying.go, validating.go) that implements what checking
// needs (a checker: the request, the reference's expectation, the grade,
// the facets and flags) and what generating cases needs (a generator:
// drawing an input and shrinking one, with package gen). Adding a
// category is adding a value of Category and its vector file; adding an op
// is adding such a type.
package suite
