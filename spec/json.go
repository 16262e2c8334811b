package spec

// Members lists the keys of each object of the canonical JSON (qf.md,
// "Canonical JSON"), in the order written there, by the object's JSON
// Pointer with "#" for an array index ("/record/moves/#" is a move).
// Both the State's walls and each of its players' wall groups are
// objects; a last move and a move hold "place" only for a wall.
var Members = map[string][]string{
	"":                   {"state", "record"},
	"/state":             {"white", "black", "walls", "last_move", "turn"},
	"/state/walls":       {"white", "black"},
	"/state/walls/white": {"h", "v"},
	"/state/walls/black": {"h", "v"},
	"/state/last_move":   {"player", "kind", "place"},
	"/record":            {"moves"},
	"/record/moves/#":    {"kind", "dir", "orientation", "place"},
}
