package runner

import (
	"encoding/json"
	"strings"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// Facets are what the runner tells of a vector from its input, beside its
// flags, for grouping failures by cause: the chunks its code or value
// holds ("chunks:record-only"), and, for a replay of one move, who makes
// it ("mover:black") and which ("move:south", "move:wall"). A fault
// confined to one chunk combination, player or direction shows as the
// facet its failing vectors share.

var facetNotes = map[string]string{
	"chunks:neither":          "The code holds neither chunk (flags 00).",
	"chunks:record-only":      "The code holds a Record alone.",
	"chunks:state-only":       "The code holds a State alone.",
	"chunks:state-and-record": "The code holds a State and a Record.",
	"mover:white":             "A replay of one move, by white.",
	"mover:black":             "A replay of one move, by black.",
	"move:wall":               "A replay of one move, a wall.",
}

func init() {
	for _, name := range rules.DirectionWords {
		facetNotes["move:"+name] = "A replay of one move, a pawn move " + name + "."
	}
}

// facetsOf returns the facets of a vector.
func facetsOf(s *selected) []string {
	var facets []string
	switch s.op {
	case protocol.OpEncode:
		var v struct{ State, Record json.RawMessage }
		if json.Unmarshal(s.test.Value, &v) == nil && v.State != nil && v.Record != nil {
			facets = append(facets, chunks(string(v.State) != "null", string(v.Record) != "null"))
		}
		return facets
	case protocol.OpDecode:
		input, _ := s.test.Input()
		if f, ok := flagsOf(input, s.profile == protocol.ProfileLenient); ok {
			facets = append(facets, f)
		}
		return facets
	}
	code := *s.test.Code
	if f, ok := flagsOf(code, false); ok {
		facets = append(facets, f)
	}
	if s.op != protocol.OpReplay {
		return facets
	}
	v, err := ref.Decode(code)
	if err != nil || v.Record == nil || len(v.Record.Moves) != 1 {
		return facets
	}
	facets = append(facets, "mover:"+rules.Start(v).ToMove.String())
	if m := v.Record.Moves[0]; m.Kind == ref.Wall {
		facets = append(facets, "move:wall")
	} else {
		facets = append(facets, "move:"+rules.DirectionWords[m.Dir])
	}
	return facets
}

// flagsOf returns the chunks facet of a code from its first character in
// the alphabet (its first in a lenient profile, after deletion), and
// whether it has one.
func flagsOf(code string, lenient bool) (string, bool) {
	for i := 0; i < len(code); i++ {
		v := strings.IndexByte(spec.Alphabet, code[i])
		if v < 0 {
			if lenient {
				continue
			}
			return "", false
		}
		return chunks(v&0x20 != 0, v&0x10 != 0), true
	}
	return "", false
}

func chunks(state, record bool) string {
	switch {
	case state && record:
		return "chunks:state-and-record"
	case state:
		return "chunks:state-only"
	case record:
		return "chunks:record-only"
	}
	return "chunks:neither"
}
