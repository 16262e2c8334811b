// Package suite is the conformance model of qf-conformance: what a
// category of vectors is, how a vector becomes a request, how the
// reference's answer becomes a test's expectation, how an answer is graded
// at each level, and what the facets of an input are.
//
// A Category is one vector file (strict and lenient decoding, encoding,
// replay, validation; vectors/ and CONFORMANCE.md): its op and profile,
// the levels it grades (L1 to L3 for decoding, E for encoding, R for
// replay and validation, CONFORMANCE.md "Levels"), and what it reads and
// answers (a Form), all held as data in one table; and what is done with
// its tests, the same for `qf check` (package runner), `qf fuzz` (package
// generative) and the diagnosis of failures (package diagnosis). A Result
// is one test graded, holding the test and the answer it was graded on
// once; an Entry is a result as the reports write it.
//
// Each op of the protocol is one type in a file of its own (decoding.go,
// encoding.go, replaying.go, validating.go, the last two sharing
// ruling.go) with the methods that do its work: the expectation made of
// the reference's answer, the grade, what a test expects and the code it
// is about, the facets and the flags. The suite neither asks the
// reference (its caller gives the answer: package serve answers as qf
// serve does), nor talks to implementations (package session reports why
// one gave no answer), nor draws cases (package gen).
//
// Adding a category is adding its constant and its row to the table in
// category.go; everything else derives from the row, but for what cannot
// live here, keyed by Category and held by tests: its file's schema in
// vectors/schema/ and its name in shapes.schema.json (suite's tests), how
// its inputs are drawn and shrunk (gen/inputs.go, gen's tests), and the
// tests cmd/vectorgen writes in its file (contents in
// cmd/vectorgen/generate.go), whose run then writes the file and the
// manifest. Adding an op is adding its row to package protocol's table of
// ops, and such a type.
package suite
