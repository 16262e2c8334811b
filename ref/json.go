package ref

import (
	"fmt"
	"slices"
	"strconv"
)

// This file maps values to and from the canonical JSON of spec/qf.md
// section "Canonical JSON":
//
//	{"state": null | {"white": 0..80, "black": 0..80,
//	                  "walls": {"white": {"h": [...], "v": [...]}, "black": {"h": [...], "v": [...]}},
//	                  "last_move": {"player": "white"|"black", "kind": "piece"}
//	                             | {"player": "white"|"black", "kind": "wall", "place": 0..63},
//	                  "turn": 0..1023},
//	 "record": null | {"moves": [{"kind": "piece", "dir": 0..7}
//	                            | {"kind": "wall", "orientation": "h"|"v", "place": 0..63}, ...]}}
//
// Marshaling writes exactly that, keys in that order and empty lists as [].
// Unmarshaling (unmarshal.go) accepts exactly that shape.

// MarshalJSON writes v as canonical JSON.
func (v Value) MarshalJSON() ([]byte, error) { return v.AppendJSON(nil) }

// AppendJSON appends v's canonical JSON to b and returns the extended
// buffer, as MarshalJSON would write it. It fails only when a Player, Kind
// or Orientation has no name.
func (v Value) AppendJSON(b []byte) ([]byte, error) {
	var w jsonWriter
	w.b = slices.Grow(b, v.jsonLen())
	w.value(v)
	return w.b, w.err
}

// jsonLen returns about the length of v's canonical JSON, a little more
// for most values, so that AppendJSON grows its buffer once.
func (v Value) jsonLen() int {
	n := len(`{"state":null,"record":null}`)
	if s := v.State; s != nil {
		n += len(`{"white":80,"black":80,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"black","kind":"wall","place":63},"turn":1023}`) + 3*s.Walls.Count()
	}
	if r := v.Record; r != nil {
		n += len(`{"moves":[]}`) + len(`{"kind":"wall","orientation":"h","place":63},`)*len(r.Moves)
	}
	return n
}

// MarshalJSON writes s as canonical JSON.
func (s State) MarshalJSON() ([]byte, error) { return marshal(func(w *jsonWriter) { w.state(&s) }) }

// MarshalJSON writes w as canonical JSON.
func (w Walls) MarshalJSON() ([]byte, error) {
	return marshal(func(jw *jsonWriter) { jw.walls(&w) })
}

// MarshalJSON writes g as canonical JSON, an empty list as [].
func (g PlayerWalls) MarshalJSON() ([]byte, error) {
	return marshal(func(w *jsonWriter) { w.group(&g) })
}

// MarshalJSON writes m as canonical JSON, with "place" only for a wall.
func (m LastMove) MarshalJSON() ([]byte, error) {
	return marshal(func(w *jsonWriter) { w.lastMove(&m) })
}

// MarshalJSON writes r as canonical JSON, no moves as [].
func (r Record) MarshalJSON() ([]byte, error) { return marshal(func(w *jsonWriter) { w.record(&r) }) }

// MarshalJSON writes m as canonical JSON: kind and dir for a pawn move;
// kind, orientation and place for a wall.
func (m Move) MarshalJSON() ([]byte, error) { return marshal(func(w *jsonWriter) { w.move(&m) }) }

// A jsonWriter appends canonical JSON to b, remembering the first enum
// without a name. Every value it writes is a fixed key, a name or an
// integer, so nothing needs escaping.
type jsonWriter struct {
	b   []byte
	err error
}

func marshal(write func(*jsonWriter)) ([]byte, error) {
	var w jsonWriter
	write(&w)
	if w.err != nil {
		return nil, w.err
	}
	return w.b, nil
}

func (w *jsonWriter) value(v Value) {
	w.b = append(w.b, `{"state":`...)
	if v.State == nil {
		w.b = append(w.b, "null"...)
	} else {
		w.state(v.State)
	}
	w.b = append(w.b, `,"record":`...)
	if v.Record == nil {
		w.b = append(w.b, "null"...)
	} else {
		w.record(v.Record)
	}
	w.b = append(w.b, '}')
}

func (w *jsonWriter) state(s *State) {
	w.b = append(w.b, `{"white":`...)
	w.b = strconv.AppendInt(w.b, int64(s.White), 10)
	w.b = append(w.b, `,"black":`...)
	w.b = strconv.AppendInt(w.b, int64(s.Black), 10)
	w.b = append(w.b, `,"walls":`...)
	w.walls(&s.Walls)
	w.b = append(w.b, `,"last_move":`...)
	w.lastMove(&s.LastMove)
	w.b = append(w.b, `,"turn":`...)
	w.b = strconv.AppendInt(w.b, int64(s.Turn), 10)
	w.b = append(w.b, '}')
}

func (w *jsonWriter) walls(ws *Walls) {
	w.b = append(w.b, `{"white":`...)
	w.group(&ws.White)
	w.b = append(w.b, `,"black":`...)
	w.group(&ws.Black)
	w.b = append(w.b, '}')
}

func (w *jsonWriter) group(g *PlayerWalls) {
	w.b = append(w.b, `{"h":`...)
	w.ints(g.H)
	w.b = append(w.b, `,"v":`...)
	w.ints(g.V)
	w.b = append(w.b, '}')
}

func (w *jsonWriter) ints(list []int) {
	w.b = append(w.b, '[')
	for i, n := range list {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = strconv.AppendInt(w.b, int64(n), 10)
	}
	w.b = append(w.b, ']')
}

func (w *jsonWriter) lastMove(m *LastMove) {
	w.b = append(w.b, `{"player":`...)
	w.name(uint8(m.Player), "player", "white", "black")
	w.b = append(w.b, `,"kind":`...)
	w.name(uint8(m.Kind), "kind", "piece", "wall")
	if m.Kind == Wall {
		w.b = append(w.b, `,"place":`...)
		w.b = strconv.AppendInt(w.b, int64(m.Place), 10)
	}
	w.b = append(w.b, '}')
}

func (w *jsonWriter) record(r *Record) {
	w.b = append(w.b, `{"moves":[`...)
	for i := range r.Moves {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.move(&r.Moves[i])
	}
	w.b = append(w.b, "]}"...)
}

func (w *jsonWriter) move(m *Move) {
	w.b = append(w.b, `{"kind":`...)
	w.name(uint8(m.Kind), "kind", "piece", "wall")
	if m.Kind == Wall {
		w.b = append(w.b, `,"orientation":`...)
		w.name(uint8(m.Orientation), "orientation", "h", "v")
		w.b = append(w.b, `,"place":`...)
		w.b = strconv.AppendInt(w.b, int64(m.Place), 10)
	} else {
		w.b = append(w.b, `,"dir":`...)
		w.b = strconv.AppendInt(w.b, int64(m.Dir), 10)
	}
	w.b = append(w.b, '}')
}

// name appends the quoted name of enum value v, or records the error
// MarshalText would return.
func (w *jsonWriter) name(v uint8, what string, names ...string) {
	if int(v) >= len(names) {
		if w.err == nil {
			_, w.err = nameText(v, what, names...)
		}
		w.b = append(w.b, "null"...)
		return
	}
	w.b = append(w.b, '"')
	w.b = append(w.b, names[v]...)
	w.b = append(w.b, '"')
}

// MarshalText returns "white" or "black"; other values are an error.
func (p Player) MarshalText() ([]byte, error) { return nameText(uint8(p), "player", "white", "black") }

// MarshalText returns "piece" or "wall"; other values are an error.
func (k MoveKind) MarshalText() ([]byte, error) { return nameText(uint8(k), "kind", "piece", "wall") }

// MarshalText returns "h" or "v"; other values are an error.
func (o Orientation) MarshalText() ([]byte, error) {
	return nameText(uint8(o), "orientation", "h", "v")
}

func nameText(v uint8, what string, names ...string) ([]byte, error) {
	if int(v) >= len(names) {
		return nil, fmt.Errorf("ref: %s %d has no name", what, v)
	}
	return []byte(names[v]), nil
}
