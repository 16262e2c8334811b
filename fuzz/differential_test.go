package fuzz

import (
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/spec"
)

// A second decoder, written for the differential target in another style
// than ref's: it turns the whole code into a string of '0' and '1' first,
// then walks package spec's fields over it with string slicing and
// strconv.ParseUint, and builds the canonical JSON value as generic maps
// and lists. It shares nothing with ref but the field table.

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// bitDecoder holds the bits of a code and a cursor; err is the first error.
type bitDecoder struct {
	bits string
	pos  int
	err  *spec.ErrorObject
}

func intp(n int) *int { return &n }

// decode2 decodes s in the strict profile, or the lenient one, and returns
// the canonical JSON value as generic Go values, or the error object.
func decode2(s string, lenient bool) (any, *spec.ErrorObject) {
	var bits strings.Builder
	kept := 0
	for i := 0; i < len(s); i++ {
		v := strings.IndexByte(alphabet, s[i])
		if v < 0 {
			if lenient {
				continue
			}
			return nil, &spec.ErrorObject{Kind: "invalid_character", Char: intp(i)}
		}
		bits.WriteString(strconv.FormatInt(int64(v)+64, 2)[1:]) // six digits
		kept++
	}
	d := &bitDecoder{bits: bits.String()}
	value := d.value()
	if d.err != nil {
		return nil, d.err
	}
	if lenient {
		return value, nil
	}
	used := (d.pos + 5) / 6
	if kept > used {
		return nil, &spec.ErrorObject{Kind: "trailing_data", Char: intp(used)}
	}
	if strings.Contains(d.bits[d.pos:], "1") {
		return nil, &spec.ErrorObject{Kind: "nonzero_padding", Bit: intp(d.pos)}
	}
	return value, nil
}

// read reads field f (index i) or records the first error; after an error
// it reads 0.
func (d *bitDecoder) read(f spec.Field, i int) int {
	if d.err != nil {
		return 0
	}
	if d.pos+f.Width > len(d.bits) {
		d.err = &spec.ErrorObject{Kind: "truncated", Bit: intp(d.pos), Field: f.Path(i)}
		return 0
	}
	v, _ := strconv.ParseUint(d.bits[d.pos:d.pos+f.Width], 2, 32)
	if int(v) > f.Max {
		d.err = &spec.ErrorObject{Kind: "out_of_range", Bit: intp(d.pos), Field: f.Path(i)}
		return 0
	}
	d.pos += f.Width
	return int(v)
}

func (d *bitDecoder) value() map[string]any {
	out := map[string]any{"state": nil, "record": nil}
	hasState, hasRecord := d.read(spec.StateFlag, 0), d.read(spec.RecordFlag, 0)
	if hasState == 1 {
		state := map[string]any{}
		state["white"] = d.read(spec.White, 0)
		state["black"] = d.read(spec.Black, 0)
		walls := map[string]any{"white": map[string]any{}, "black": map[string]any{}}
		for _, g := range spec.WallGroups {
			n := d.read(g.Count, 0)
			anchors := []any{}
			for i := 0; i < n && d.err == nil; i++ {
				anchors = append(anchors, d.read(g.Anchor, i))
			}
			walls[g.Player].(map[string]any)[g.Orientation] = anchors
		}
		state["walls"] = walls
		lastMove := map[string]any{"player": []string{"white", "black"}[d.read(spec.LastMovePlayer, 0)]}
		if d.read(spec.LastMoveKind, 0) == 1 {
			lastMove["kind"] = "wall"
			lastMove["place"] = d.read(spec.LastMovePlace, 0)
		} else {
			lastMove["kind"] = "piece"
		}
		state["last_move"] = lastMove
		state["turn"] = d.read(spec.Turn, 0)
		out["state"] = state
	}
	if hasRecord == 1 {
		n := d.read(spec.MoveCount, 0)
		moves := []any{}
		for i := 0; i < n && d.err == nil; i++ {
			if d.read(spec.MoveKind, i) == 0 {
				moves = append(moves, map[string]any{"kind": "piece", "dir": d.read(spec.MoveDir, i)})
				continue
			}
			o := []string{"h", "v"}[d.read(spec.MoveOrientation, i)]
			moves = append(moves, map[string]any{"kind": "wall", "orientation": o, "place": d.read(spec.MovePlace, i)})
		}
		out["record"] = map[string]any{"moves": moves}
	}
	return out
}
