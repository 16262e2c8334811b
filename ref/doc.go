// Package ref is the reference codec for qf codes, the Quoridor Fansite's
// Base64 text for a Quoridor position and game record.
//
// It is written to be checked against the specification line by line
// (spec/qf.md in this module) rather than to be fast: Decode implements the
// strict profile of section "Strict decoding", Lenient.Decode the lenient
// profile of section "Lenient decoding" (a Profile names either), and
// Encode section "Encoding".
// The layout itself, every field's width and range, comes from package spec.
//
// A decoded code is a Value: a new one from Decode, or one the caller
// reuses, from Profile.DecodeInto, which then allocates nothing. Values
// marshal to, and unmarshal from, the canonical JSON of spec/qf.md
// section "Canonical JSON"; every error is an *Error that carries its
// kind, position and field.
//
// Decoding checks the format only. Whether the position and the moves obey
// the rules of Quoridor is the business of a separate package: a code with
// two pawns on one square still decodes.
package ref
