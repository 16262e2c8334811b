package suite

import (
	"bytes"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
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

func (decoding) facets(c Category, t *vectors.Test) []Facet {
	input, _ := t.Input()
	if f, ok := chunksOf(input, c.profile); ok {
		return []Facet{f}
	}
	return nil
}

func (encoding) facets(c Category, t *vectors.Test) []Facet {
	// The top-level members only: a value may hold a million anchors.
	dec := jsontext.NewDecoder(bytes.NewReader(t.Value))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil
	}
	var state, record jsontext.Kind // 0 when absent
	for dec.PeekKind() == '"' {
		name, err := dec.ReadToken()
		if err != nil {
			return nil
		}
		key := name.String()
		kind := dec.PeekKind()
		if dec.SkipValue() != nil {
			return nil
		}
		switch key {
		case "state":
			state = kind
		case "record":
			record = kind
		}
	}
	if state == 0 || record == 0 {
		return nil
	}
	return []Facet{chunks(state != 'n', record != 'n')}
}

func (validating) facets(c Category, t *vectors.Test) []Facet {
	if f, ok := chunksOf(*t.Code, ref.Strict); ok {
		return []Facet{f}
	}
	return nil
}

func (replaying) facets(c Category, t *vectors.Test) []Facet {
	facets := validating{}.facets(c, t)
	v, err := ref.Decode(*t.Code)
	if err != nil || v.Record == nil || len(v.Record.Moves) != 1 {
		return facets
	}
	facets = append(facets, Facet("mover:"+rules.Start(v).ToMove.String()))
	if m := v.Record.Moves[0]; m.Kind == ref.Wall {
		facets = append(facets, "move:wall")
	} else {
		facets = append(facets, Facet("move:"+rules.DirectionWords[m.Dir]))
	}
	return facets
}

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
