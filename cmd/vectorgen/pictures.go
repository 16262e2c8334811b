package main

import (
	"bytes"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/render"
)

// pictures returns the boards that spec/qf.md and CONFORMANCE-REFERENCE.md show
// where vectors cannot speak, by path under the module's root.
func pictures() map[string][]byte {
	hl := render.FlagHighlight
	list := []struct {
		name  string
		v     *ref.Value
		move  int
		flags int
	}{
		// EC-24: white on i1 moves east. The fansite's arithmetic, 8 + 1,
		// puts it on a2; under the rules the move is off the board.
		{"ec-24-i1-east-scripts", &ref.Value{State: pos("a2", "e9", white, 10)}, 0, hl},
		{"ec-24-i1-east-rules", &ref.Value{State: pos("i1", "e9", white, 10)}, 0, hl},
		// A side-step: the wall e5h behind black blocks the jump; white
		// steps NE to f5.
		{"side-step", game(pos("e4", "e5", black, 9, "e5h")), 0, 0},
		{"side-step-after", game(pos("e4", "e5", black, 9, "e5h"), "NE"), 1, hl},
		// Conflicting walls: white's c3h and black's c3v cross at anchor 18.
		{"walls-conflict", &ref.Value{State: pos("e1", "e9", black, 3, "c3h", "b:c3v")}, 0, 0},
		// A pawn cut off from its goal: white on a1 behind a1v and a2h.
		{"no-path", &ref.Value{State: pos("a1", "e9", black, 4, "a1v", "b:a2h")}, 0, 0},
		// The worked example.
		{"j7oklAHMe1ICg", mustDecode("j7oklAHMe1ICg"), 0, hl | render.FlagInfo},
	}
	out := map[string][]byte{}
	for _, p := range list {
		b, err := render.BoardOf(p.v, p.move)
		if err != nil {
			panic(err)
		}
		var buf bytes.Buffer
		if err := render.SVG(&buf, b, p.flags); err != nil {
			panic(err)
		}
		out["spec/img/"+p.name+".svg"] = buf.Bytes()
	}
	return out
}

func mustDecode(code string) *ref.Value {
	v, err := ref.Decode(code)
	if err != nil {
		panic(err)
	}
	return v
}
