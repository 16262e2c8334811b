package outsider

import (
	"slices"

	"github.com/qf-format/qf-conformance/protocol"
)

// A Port is an implementation modelled on a real public qf
// implementation: the outsider with several faults on at once. Its table,
// written before any diagnosis runs, is the truth a diagnosis of the
// port is held to: each fault must be named by its own cause.
type Port struct {
	Name string // as its hello gives it: "kotlin-app-codec"
	// Of says what the port is modelled on.
	Of string
	// Faults are the faults on, in the order of Table.
	Faults []Fault
	// Table describes each fault of the port, once: its rows of the
	// package's Table.
	Table []Entry
	// Left says which faults of the implementation modelled the port
	// leaves out, because another fault of the port hides them from every
	// vector; "" when none.
	Left string
}

// New returns the port as a protocol.Handler: the outsider with the
// port's faults on, its hello named after the port.
func (p *Port) New() protocol.Handler {
	return newHandler(p.Name, newFaultSet(p.Faults))
}

// port returns the Port of the faults fs.
func port(name, of, left string, fs ...Fault) Port {
	p := Port{Name: name, Of: of, Faults: fs, Left: left}
	for _, f := range fs {
		p.Table = append(p.Table, Table[slices.Index(Faults, f)])
	}
	return p
}

// Ports lists the ports: of a Kotlin app's codec, a Rust crate, a
// TypeScript package, and an implementation written from the kit.
var Ports = []Port{
	// A data model without the last move's player and with a player's
	// walls in one sorted list, the app's move generator run on every
	// decoded record, one exception type each way, and a JVM's JSON and
	// charset habits (a JVM's platform default charset writes é as '?').
	port("kotlin-app-codec",
		"the codec of a Kotlin Android app: qf read into its own game model, with its move generator, and written back from it",
		"first-mover-parity: the app takes a record's first mover from the turn's parity too, but with player-from-parity the player replay starts from is already the turn's parity, so no vector can tell it apart",
		ZeroFill, HighSquares, WallCountTenOut, WallsMergedSorted, PlayerFromParity, RulesWhileDecoding, EmptyRecordLost,
		TrailingIgnored, ExtraCharacter, MaskAndSpill, OneErrorKind, NumbersAsFloat64, NestedUnknownSkipped,
		RepeatedKeyLastWins, ASCIIAnswers),
	// Its decoder knows only records and indexes past the end of a short
	// one, its replay does square arithmetic on files and ranks, and its
	// encoder masks with `as` casts.
	port("rust-crate",
		"a Rust crate for game records: a record decoder with a board model, and an encoder of both chunks",
		"",
		RecordsOnly, NeitherChunkRefused, CrashTruncatedRecord, LenientRefusesEquals, OffBoardFileRefused,
		SquareArithmeticNoWrap, OneErrorKind, MaskedToWidth, PaddingIgnored),
	// It decodes over a UTF-16 string with a table lookup that gives 0
	// for what it lacks, strips '=' first when strict, stops reading
	// where the fields end, writes with a BigInt accumulator, reads JSON
	// with JSON.parse and reports errors without positions.
	port("typescript-package",
		"an npm package in TypeScript: a decoder and an encoder over JavaScript strings and BigInt",
		"",
		JunkAsZerosUTF16, StrictEqualsSkipped, TrailingIgnored, MaskAndSpill, NoPositions, NumbersAsFloat64,
		RepeatedKeyLastWins),
	port("kit-port",
		"an implementation written from the kit (spec/qf.md and the protocol), by someone else",
		"",
		PaddingLow, NestedUnknownSkipped, TouchingWallsConflict, WallCountTenOut, EqualsSkipped, ASCIIAnswers,
		CrashJunkStrict),
}
