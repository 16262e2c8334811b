package suite

import (
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// A Facet is what a test's input is, told from the input itself, beside
// the flags its author gave it: the chunks its code or value holds
// ("chunks:record-only"), and, for a replay of one move, who makes it
// ("mover:black") and which ("move:south", "move:wall"). A fault confined
// to one chunk combination, player or direction shows as the facet its
// failing tests share.
type Facet string

// The facets of the chunks a code or value holds.
const (
	ChunksNeither        Facet = "chunks:neither"
	ChunksRecordOnly     Facet = "chunks:record-only"
	ChunksStateOnly      Facet = "chunks:state-only"
	ChunksStateAndRecord Facet = "chunks:state-and-record"
)

var facetNotes = map[Facet]string{
	ChunksNeither:        "The code holds neither chunk (flags 00).",
	ChunksRecordOnly:     "The code holds a Record alone.",
	ChunksStateOnly:      "The code holds a State alone.",
	ChunksStateAndRecord: "The code holds a State and a Record.",
	"mover:white":        "A replay of one move, by white.",
	"mover:black":        "A replay of one move, by black.",
	"move:wall":          "A replay of one move, a wall.",
}

func init() {
	for _, name := range rules.DirectionWords {
		facetNotes[Facet("move:"+name)] = "A replay of one move, a pawn move " + name + "."
	}
}

// Note says what the facet means, "" for a facet this package does not
// make.
func (f Facet) Note() string { return facetNotes[f] }

// HasState reports whether the facet is of a code or value with a State.
func (f Facet) HasState() bool { return f == ChunksStateOnly || f == ChunksStateAndRecord }

// chunksOf returns the chunks facet of a code from the flags in its first
// character in the alphabet (its first in the lenient profile, after
// deletion), and whether it has one.
func chunksOf(code string, p ref.Profile) (Facet, bool) {
	for i := 0; i < len(code); i++ {
		v := strings.IndexByte(spec.Alphabet, code[i])
		switch {
		case v < 0 && p.Reads(code[i]):
			return "", false
		case v < 0:
			continue
		}
		state := v>>(6-spec.StateFlag.Width) != 0
		record := v>>(6-spec.StateFlag.Width-spec.RecordFlag.Width)&1 != 0
		return chunks(state, record), true
	}
	return "", false
}

func chunks(state, record bool) Facet {
	switch {
	case state && record:
		return ChunksStateAndRecord
	case state:
		return ChunksStateOnly
	case record:
		return ChunksRecordOnly
	}
	return ChunksNeither
}
