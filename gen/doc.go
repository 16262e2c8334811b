// Package gen generates qf values, codes, positions and games: the one
// generator that the vector generator (cmd/vectorgen), the tests and
// generative checking (qf fuzz) share.
//
// It holds random values drawn from a seed whose draws do not change across
// Go versions (Rand), the longest value (MaxValue), positions and games
// written in players' notation (Pos, Game), and random legal games (Play).
// Every value it makes is checked by the reference, never assumed: a value
// is what package ref encodes, a game what package rules replays.
package gen
