package ref

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
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
// Unmarshaling accepts exactly that shape: a missing or unknown key, a
// name other than the ones shown, a null where an object or a list belongs
// or a number that is not an integer is an *Error of kind ErrMalformed
// naming the path. Integers outside the ranges are kept, so that Encode can
// refuse them with ErrOutOfRange.

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

// UnmarshalJSON reads v from canonical JSON. Both keys, "state" and
// "record", must be present.
func (v *Value) UnmarshalJSON(data []byte) error {
	o, err := object(data, "")
	if err != nil {
		return err
	}
	var nv Value
	if raw, err := o.get("state"); err != nil {
		return err
	} else if !isNull(raw) {
		nv.State = new(State)
		if err := nv.State.unmarshal(raw, "state"); err != nil {
			return err
		}
	}
	if raw, err := o.get("record"); err != nil {
		return err
	} else if !isNull(raw) {
		nv.Record = new(Record)
		if err := nv.Record.unmarshal(raw, "record"); err != nil {
			return err
		}
	}
	if err := o.done(); err != nil {
		return err
	}
	*v = nv
	return nil
}

// UnmarshalJSON reads s from canonical JSON.
func (s *State) UnmarshalJSON(data []byte) error { return s.unmarshal(data, "state") }

// UnmarshalJSON reads r from canonical JSON.
func (r *Record) UnmarshalJSON(data []byte) error { return r.unmarshal(data, "record") }

func (s *State) unmarshal(data []byte, path string) error {
	o, err := object(data, path)
	if err != nil {
		return err
	}
	var ns State
	if ns.White, err = o.int("white"); err != nil {
		return err
	}
	if ns.Black, err = o.int("black"); err != nil {
		return err
	}
	if err := ns.Walls.unmarshal(o, "walls"); err != nil {
		return err
	}
	if err := ns.LastMove.unmarshal(o, "last_move"); err != nil {
		return err
	}
	if ns.Turn, err = o.int("turn"); err != nil {
		return err
	}
	if err := o.done(); err != nil {
		return err
	}
	*s = ns
	return nil
}

func (w *Walls) unmarshal(parent *jsonObject, key string) error {
	o, err := parent.object(key)
	if err != nil {
		return err
	}
	for _, p := range []Player{White, Black} {
		g, err := o.object(p.String())
		if err != nil {
			return err
		}
		for _, or := range []Orientation{Horizontal, Vertical} {
			list, err := g.ints(or.String())
			if err != nil {
				return err
			}
			if or == Vertical {
				w.Group(p).V = list
			} else {
				w.Group(p).H = list
			}
		}
		if err := g.done(); err != nil {
			return err
		}
	}
	return o.done()
}

func (m *LastMove) unmarshal(parent *jsonObject, key string) error {
	o, err := parent.object(key)
	if err != nil {
		return err
	}
	player, err := o.name("player", "white", "black")
	if err != nil {
		return err
	}
	kind, err := o.name("kind", "piece", "wall")
	if err != nil {
		return err
	}
	*m = LastMove{Player: Player(player), Kind: Kind(kind)}
	if m.Kind == Wall {
		if m.Place, err = o.int("place"); err != nil {
			return err
		}
	}
	return o.done()
}

func (r *Record) unmarshal(data []byte, path string) error {
	o, err := object(data, path)
	if err != nil {
		return err
	}
	raw, err := o.get("moves")
	if err != nil {
		return err
	}
	var items []json.RawMessage
	if isNull(raw) || json.Unmarshal(raw, &items) != nil {
		return malformed(path+".moves", "not a list")
	}
	moves := make([]Move, len(items))
	for i, item := range items {
		if err := moves[i].unmarshal(item, fmt.Sprintf("%s.moves[%d]", path, i)); err != nil {
			return err
		}
	}
	if err := o.done(); err != nil {
		return err
	}
	r.Moves = moves
	return nil
}

func (m *Move) unmarshal(data []byte, path string) error {
	o, err := object(data, path)
	if err != nil {
		return err
	}
	kind, err := o.name("kind", "piece", "wall")
	if err != nil {
		return err
	}
	nm := Move{Kind: Kind(kind)}
	if nm.Kind == Piece {
		if nm.Dir, err = o.int("dir"); err != nil {
			return err
		}
	} else {
		or, err := o.name("orientation", "h", "v")
		if err != nil {
			return err
		}
		nm.Orientation = Orientation(or)
		if nm.Place, err = o.int("place"); err != nil {
			return err
		}
	}
	if err := o.done(); err != nil {
		return err
	}
	*m = nm
	return nil
}

// A jsonObject is a JSON object being read: its members, the path that
// names it in errors, and the keys read so far.
type jsonObject struct {
	path    string
	members map[string]json.RawMessage
	read    map[string]bool
}

func object(data []byte, path string) (*jsonObject, error) {
	var members map[string]json.RawMessage
	if isNull(data) || json.Unmarshal(data, &members) != nil {
		return nil, malformed(path, "not an object")
	}
	return &jsonObject{path: path, members: members, read: make(map[string]bool)}, nil
}

func (o *jsonObject) child(key string) string {
	if o.path == "" {
		return key
	}
	return o.path + "." + key
}

// get returns the member key, which must be present.
func (o *jsonObject) get(key string) (json.RawMessage, error) {
	raw, ok := o.members[key]
	if !ok {
		return nil, malformed(o.child(key), "missing")
	}
	o.read[key] = true
	return raw, nil
}

func (o *jsonObject) object(key string) (*jsonObject, error) {
	raw, err := o.get(key)
	if err != nil {
		return nil, err
	}
	return object(raw, o.child(key))
}

func (o *jsonObject) int(key string) (int, error) {
	raw, err := o.get(key)
	if err != nil {
		return 0, err
	}
	return integer(raw, o.child(key))
}

// ints reads a list of integers.
func (o *jsonObject) ints(key string) ([]int, error) {
	raw, err := o.get(key)
	if err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if isNull(raw) || json.Unmarshal(raw, &items) != nil {
		return nil, malformed(o.child(key), "not a list")
	}
	if len(items) == 0 {
		return nil, nil
	}
	list := make([]int, len(items))
	for i, item := range items {
		if list[i], err = integer(item, fmt.Sprintf("%s[%d]", o.child(key), i)); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// name reads a string that must be one of names, and returns its index.
func (o *jsonObject) name(key string, names ...string) (int, error) {
	raw, err := o.get(key)
	if err != nil {
		return 0, err
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if i := slices.Index(names, s); i >= 0 {
			return i, nil
		}
	}
	return 0, malformed(o.child(key), fmt.Sprintf("%s is not %q or %q", raw, names[0], names[1]))
}

// done reports the first unknown key, in sorted order, if any.
func (o *jsonObject) done() error {
	var unknown []string
	for k := range o.members {
		if !o.read[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	return malformed(o.child(unknown[0]), "unknown key")
}

// integer reads a JSON number that must be an integer: 1e3 and 1.0 are, 1.5
// is not. An integer beyond the range of an int is saturated, so that
// Encode still refuses it as out of range.
func integer(raw json.RawMessage, path string) (int, error) {
	s := string(bytes.TrimSpace(raw))
	if s == "" || (s[0] != '-' && (s[0] < '0' || s[0] > '9')) {
		return 0, malformed(path, s+" is not an integer")
	}
	n, err := strconv.ParseInt(s, 10, 64) // saturates on overflow
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		f, err := strconv.ParseFloat(s, 64) // ±Inf on overflow
		if err != nil && !errors.Is(err, strconv.ErrRange) || f != math.Trunc(f) {
			return 0, malformed(path, s+" is not an integer")
		}
		switch {
		case f >= math.MaxInt64:
			n = math.MaxInt64
		case f <= math.MinInt64:
			n = math.MinInt64
		default:
			n = int64(f)
		}
	}
	return int(max(min(n, math.MaxInt), math.MinInt)), nil
}

func isNull(raw json.RawMessage) bool {
	return string(bytes.TrimSpace(raw)) == "null"
}

func malformed(path, what string) *Error {
	detail := "malformed value: " + what
	if path != "" {
		detail = "malformed value: " + path + ": " + what
	}
	return &Error{Kind: ErrMalformed, Field: path, Detail: detail}
}
