package ref

import (
	"encoding/json"
	"fmt"
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
func (v Value) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		State  *State  `json:"state"`
		Record *Record `json:"record"`
	}{v.State, v.Record})
}

// MarshalJSON writes s as canonical JSON.
func (s State) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		White    int      `json:"white"`
		Black    int      `json:"black"`
		Walls    Walls    `json:"walls"`
		LastMove LastMove `json:"last_move"`
		Turn     int      `json:"turn"`
	}{s.White, s.Black, s.Walls, s.LastMove, s.Turn})
}

// MarshalJSON writes w as canonical JSON.
func (w Walls) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		White Group `json:"white"`
		Black Group `json:"black"`
	}{w.White, w.Black})
}

// MarshalJSON writes g as canonical JSON, an empty list as [].
func (g Group) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		H []int `json:"h"`
		V []int `json:"v"`
	}{nonNil(g.H), nonNil(g.V)})
}

// MarshalJSON writes m as canonical JSON, with "place" only for a wall.
func (m LastMove) MarshalJSON() ([]byte, error) {
	if m.Kind == Wall {
		return json.Marshal(struct {
			Player Player `json:"player"`
			Kind   Kind   `json:"kind"`
			Place  int    `json:"place"`
		}{m.Player, m.Kind, m.Place})
	}
	return json.Marshal(struct {
		Player Player `json:"player"`
		Kind   Kind   `json:"kind"`
	}{m.Player, m.Kind})
}

// MarshalJSON writes r as canonical JSON, no moves as [].
func (r Record) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Moves []Move `json:"moves"`
	}{nonNil(r.Moves)})
}

// MarshalJSON writes m as canonical JSON: kind and dir for a pawn move;
// kind, orientation and place for a wall.
func (m Move) MarshalJSON() ([]byte, error) {
	if m.Kind == Wall {
		return json.Marshal(struct {
			Kind        Kind        `json:"kind"`
			Orientation Orientation `json:"orientation"`
			Place       int         `json:"place"`
		}{m.Kind, m.Orientation, m.Place})
	}
	return json.Marshal(struct {
		Kind Kind `json:"kind"`
		Dir  int  `json:"dir"`
	}{m.Kind, m.Dir})
}

// MarshalText returns "white" or "black"; other values are an error.
func (p Player) MarshalText() ([]byte, error) { return nameText(uint8(p), "player", "white", "black") }

// MarshalText returns "piece" or "wall"; other values are an error.
func (k Kind) MarshalText() ([]byte, error) { return nameText(uint8(k), "kind", "piece", "wall") }

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

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
