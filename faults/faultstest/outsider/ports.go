package outsider

import "github.com/qf-format/qf-conformance/protocol"

// A Port is an implementation modelled on a real public qf
// implementation: the outsider with several faults on at once, each
// described by an Entry of its table. The table is written before any
// diagnosis runs, and is the truth a diagnosis of the port is held to:
// each fault must be named by its own cause.
type Port struct {
	Name string // as its hello gives it: "kotlin-app-codec"
	// Of says what the port is modelled on.
	Of string
	// Faults are the faults on, in the order of Table.
	Faults []Fault
	// Table describes each fault of the port, once.
	Table []Entry
	// Left says which faults of the implementation modelled the port
	// leaves out, because another fault of the port hides them from every
	// vector; "" when none.
	Left string
}

// An Entry describes a fault of a port.
type Entry struct {
	Fault Fault
	// Does says in one sentence what the fault does to the port's
	// answers, as a user would describe it.
	Does string
	// Family names the family of the suite's catalogue of faults (package
	// faults) that describes the same mechanism in the same scope: a
	// shape of the family does what the fault does, or, for a fault of
	// decoding and encoding alike, the family's shape for decoding and
	// its shape for encoding do it together. It is "" when no shape
	// matches: when the fault differs from every shape in scope (a
	// profile, a chunk, a direction) or in bounds, even where a family
	// is close.
	Family string
	// Variants names the catalogue's faults of those shapes; none when
	// Family is "".
	Variants []string
	// Partly is set when the family's shapes do what the fault does on
	// most inputs but not all (the comment of the entry says where): the
	// fault may be named by the family, or by what its failures share.
	Partly bool
}

// New returns the port as a protocol.Handler: the outsider with the
// port's faults on, its hello named after the port.
func (p *Port) New() protocol.Handler {
	return newHandler(p.Name, newFaultSet(p.Faults))
}

// port returns a Port whose Faults are those of its table.
func port(name, of, left string, table ...Entry) Port {
	p := Port{Name: name, Of: of, Table: table, Left: left}
	for _, e := range table {
		p.Faults = append(p.Faults, e.Fault)
	}
	return p
}

// Ports lists the ports: of a Kotlin app's codec, a Rust crate, a
// TypeScript package, and an implementation written from the kit.
var Ports = []Port{kotlinAppCodec, rustCrate, typescriptPackage, kitPort}

// The entries of the faults that ports share.
var (
	oneErrorKindEntry = Entry{OneErrorKind,
		"every decoding error (replay's and validate's included) is reported as invalid_character and every encoding error as malformed, each at its right position and field",
		"one-error-kind", []string{"one-error-kind-each-way"}, false}
	trailingIgnoredEntry = Entry{TrailingIgnored,
		"characters after the end of the code are ignored in the strict profile instead of trailing_data",
		"trailing-ignored", []string{"trailing-ignored"}, false}
	// mask-and-spill is partly encoder-overflow: the catalogue's shape
	// of it (mask-and-spill) writes negative values and those wider than
	// 16 bits otherwise (white -1, a direction of 65536): 20 vectors
	// answer otherwise (TestPortTablesTrue in package diagnosis).
	maskAndSpillEntry = Entry{MaskAndSpill,
		"a value too large for its field is encoded, masked to the field with its carry added into the bits before (white 200 as 72 with the record flag set, turn 1024 as 0 with 1 added into the last move's bits), a negative one borrowing from the bits before, instead of out_of_range",
		"encoder-overflow", []string{"mask-and-spill"}, true}
	// numbers-as-float64 is in no family: the catalogue has no fault of
	// how numbers are read.
	numbersAsFloat64Entry = Entry{NumbersAsFloat64,
		"numbers are read as float64, so 3.99999999999999999999 encodes as 4 and 1e-400 as 0 instead of malformed, and 1e400 is malformed instead of out_of_range",
		"", nil, false}
	repeatedKeyLastWinsEntry = Entry{RepeatedKeyLastWins,
		"a value with a repeated key encodes with the key's last value instead of malformed",
		"", nil, false}
	nestedUnknownSkippedEntry = Entry{NestedUnknownSkipped,
		"unknown keys inside state, walls, last_move, record and moves are ignored by the encoder instead of malformed; only unknown top-level keys are refused",
		"", nil, false}
	asciiAnswersEntry = Entry{ASCIIAnswers,
		"every non-ASCII character of an error's field is written as '?', as a writer in an ASCII charset does (a JVM's platform default, for one), so that an unknown key é is reported at [\"?\"]",
		"", nil, false}
	// wall-count-ten-out is the shape wall-count-max-9 (counts checked
	// against 0-9), in decoding; the shape's words do not say whether
	// its encoder also refuses 10 walls, which this one does not.
	wallCountTenOutEntry = Entry{WallCountTenOut,
		"a wall count of 10 is refused at the count's first bit, as if the range were 0-9, instead of decoded",
		"wall-count-range", []string{"wall-count-max-9"}, false}
	equalsSkippedEntry = Entry{EqualsSkipped,
		"'=' is deleted wherever it is before decoding, so that the strict profile accepts it instead of invalid_character",
		"equals-sign", []string{"strict-accepts-equals"}, false}
)

// kotlinAppCodec is modelled on the Kotlin app's codec: a data model
// without the last move's player and with a player's walls in one sorted
// list, the app's move generator run on every decoded record, one
// exception type each way, and a JVM's JSON and charset habits.
var kotlinAppCodec = port("kotlin-app-codec",
	"the codec of a Kotlin Android app: qf read into its own game model, with its move generator, and written back from it",
	"first-mover-parity: the app takes a record's first mover from the turn's parity too, but with player-from-parity the player replay starts from is already the turn's parity, so no vector can tell it apart",
	Entry{ZeroFill,
		"a truncated code decodes, in both profiles, the bits missing at the end read as zeros (the empty string is the value of A)",
		"zero-fill", []string{"zero-fill"}, false},
	Entry{HighSquares,
		"a square of 81-127 decodes, in both profiles, instead of out_of_range at the square",
		"no-range-checks", []string{"no-square-range-check"}, false},
	wallCountTenOutEntry,
	// The merged list is sorted stably and split by orientation again,
	// so each group comes out sorted with its duplicates: the shapes
	// walls-sorted-only and walls-sorted-only-encoding, not walls-merged
	// (which merges away an anchor of both orientations).
	Entry{WallsMergedSorted,
		"each wall group comes out sorted by anchor, duplicates kept, both in the decoded value and in the encoded code",
		"walls-reordered", []string{"walls-sorted-only", "walls-sorted-only-encoding"}, false},
	Entry{PlayerFromParity,
		"the last move's player is white on an even turn and black on an odd one, whatever the code or the value says, in decoding and in encoding (and so in replay's first mover and validation's last_move_wall_missing)",
		"player-from-parity", []string{"player-from-parity-decoding", "player-from-parity"}, false},
	Entry{RulesWhileDecoding,
		"a code whose record holds an illegal move, by the app's own replay, is refused at the move's first bit instead of decoded, in both profiles, and so replay answers an error instead of the violation",
		"rules-applied", []string{"rules-applied"}, false},
	// The decoding half is the shape empty-record-lost; the encoding half
	// (an empty record written as no record, A for QA) is no shape of the
	// family, whose encoder refuses the record instead: partly
	// empty-record.
	Entry{EmptyRecordLost,
		"a record of 0 moves is lost both ways: QA decodes as no record, and an empty record encodes as no record (A instead of QA)",
		"empty-record", []string{"empty-record-lost"}, true},
	trailingIgnoredEntry,
	Entry{ExtraCharacter,
		"an 'A' is appended to the code when its bit count is a multiple of 6",
		"extra-character", []string{"extra-character"}, false},
	maskAndSpillEntry,
	oneErrorKindEntry,
	numbersAsFloat64Entry,
	nestedUnknownSkippedEntry,
	repeatedKeyLastWinsEntry,
	asciiAnswersEntry,
)

// rustCrate is modelled on a Rust crate that reads game records: its
// decoder knows only records and indexes past the end of a short one,
// its replay does square arithmetic on files and ranks, and its encoder
// masks with `as` casts.
var rustCrate = port("rust-crate",
	"a Rust crate for game records: a record decoder with a board model, and an encoder of both chunks",
	"",
	Entry{RecordsOnly,
		"a code with a State is refused as invalid_character at char 0, in both profiles (and so every replay and validation from a State)",
		"chunk-rejected", []string{"state-rejected"}, false},
	Entry{NeitherChunkRefused,
		"the code A, with neither chunk, is refused as invalid_character at char 0 instead of decoded",
		"chunk-rejected", []string{"neither-chunk-rejected"}, false},
	// crash-on-short-input crashes on any field past the end, the empty
	// string included; this crate crashes only in the Record chunk and
	// answers the empty string with an error.
	Entry{CrashTruncatedRecord,
		"it crashes (panics) on a code whose Record ends inside a field, in both profiles, instead of answering truncated",
		"", nil, false},
	Entry{LenientRefusesEquals,
		"'=' is refused in the lenient profile, as invalid_character at its offset, instead of deleted",
		"equals-sign", []string{"lenient-rejects-equals"}, false},
	// off-board-file-refused is in no family: the catalogue's shape
	// rules-applied-files decides 10 of the 23 vectors otherwise.
	Entry{OffBoardFileRefused,
		"a code whose record's first illegal move aims a pawn beyond files a-i is refused at the move's first bit instead of decoded; records with other illegal moves decode",
		"", nil, false},
	// Square arithmetic on files and ranks keeps wrapping and leaving the
	// board out: what is left is the catalogue's diagonal-jumps, not its
	// square-arithmetic, whose pawns wrap and leave the board.
	Entry{SquareArithmeticNoWrap,
		"in replay a diagonal onto the opponent jumps over it to the square beyond instead of illegal_diagonal",
		"diagonal-jumps", []string{"diagonal-jumps"}, false},
	oneErrorKindEntry,
	// masked-to-width is partly encoder-overflow: the catalogue's shape
	// encoder-mask writes values wider than 16 bits otherwise (a
	// direction of 65536).
	Entry{MaskedToWidth,
		"a value too large for its field is encoded masked to the field's width (white 200 as 72, 16 walls as a count of 0 and 16 anchors) instead of out_of_range",
		"encoder-overflow", []string{"encoder-mask"}, true},
	// Every code it decodes holds only a Record, so the shape
	// padding-ignored-record-only would answer as it does.
	Entry{PaddingIgnored,
		"nonzero padding bits are ignored in the strict profile instead of nonzero_padding",
		"padding-ignored", []string{"padding-ignored"}, false},
)

// typescriptPackage is modelled on a TypeScript package: it decodes over
// a UTF-16 string with a table lookup that gives 0 for what it lacks,
// strips '=' first, stops reading where the fields end, writes with a
// BigInt accumulator, reads JSON with JSON.parse and reports errors
// without positions.
var typescriptPackage = port("typescript-package",
	"an npm package in TypeScript: a decoder and an encoder over JavaScript strings and BigInt",
	"",
	Entry{JunkAsZerosUTF16,
		"a character outside the alphabet is read as six zero bits, one per UTF-16 unit (é one, an emoji two), in both profiles, instead of invalid_character (strict) or deleted (lenient)",
		"junk-as-zeros", []string{"junk-as-zeros-utf16"}, false},
	// '=' skipped when strict, as its decoder strips padding before it
	// reads; the lenient profile reads '=' as any other byte outside the
	// alphabet: a hole, with the fault above.
	Entry{StrictEqualsSkipped,
		"'=' is deleted before decoding in the strict profile, instead of invalid_character",
		"equals-sign", []string{"strict-accepts-equals"}, false},
	trailingIgnoredEntry,
	maskAndSpillEntry,
	// The catalogue's no-positions drops the field too; this package
	// keeps it.
	Entry{NoPositions,
		"errors come without a bit or char offset, though with their field",
		"", nil, false},
	numbersAsFloat64Entry,
	repeatedKeyLastWinsEntry,
)

// kitPort is an implementation written from the kit, with faults of its
// own.
var kitPort = port("kit-port",
	"an implementation written from the kit (spec/qf.md and the protocol), by someone else",
	"",
	Entry{PaddingLow,
		"when the bits do not fill the last character, its bits are written and read at its low end, the padding at the top, so that most codes differ in their last character",
		"", nil, false},
	nestedUnknownSkippedEntry,
	Entry{TouchingWallsConflict,
		"in replay a wall placed end to end with another of its orientation is walls_conflict instead of legal",
		"", nil, false},
	wallCountTenOutEntry,
	equalsSkippedEntry,
	asciiAnswersEntry,
	Entry{CrashJunkStrict,
		"it crashes (panics) on a byte outside the alphabet (other than '=') in the strict profile, and so in replay and validate, instead of answering invalid_character",
		"", nil, false},
)
