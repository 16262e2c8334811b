// Package outsider is an implementation of qf written from spec/qf.md and
// spec/protocol.md alone, for the suite's own tests: an implementation
// that the diagnosis was not built from, with faults of its own that can
// be switched on, several at once, to check that qf check and qf fuzz
// name real-world faults truthfully.
//
// New returns it as a protocol.Handler. It answers every op of
// spec/protocol.md: hello; decode in the strict and lenient profiles
// (spec/qf.md, "Strict decoding", "Lenient decoding", "Errors"); encode,
// reading the value's JSON text itself, so that repeated keys, key order
// and numbers are seen as written (spec/qf.md, "Canonical JSON",
// "Encoding", "Errors"); replay and validate (spec/qf.md, "Replay and
// validation"). With no fault on, it passes every vector of the suite.
//
// It shares no code with the reference: only the message types of
// package protocol and the error object of package spec. Its choices
// where spec/qf.md leaves room are its own.
//
// # Faults
//
// Each fault is a mistake that third-party implementers were seen to
// make, or would plausibly make; some are deliberately shaped unlike
// anything a tidy catalogue of faults models. Table describes each.
// Replay and validate decode their codes strictly, so that every fault
// of strict decoding reaches them too.
//
// The hello's name is "outsider", followed by "+" and the name of each
// fault on, in the order of Table: "outsider+padding-low".
//
// # Ports
//
// Ports lists implementations modelled on real public qf implementations,
// each the outsider with several of these faults on at once. The rows of
// their faults, written before any diagnosis runs, say for each the
// family of the suite's catalogue of faults (package faults) that
// describes the same mechanism, if one does: the truth that a diagnosis
// of a port is held to.
package outsider
