package spec

// A Rule is one of the rules of qf.md, section "Replay and validation": its
// stable id, R-n for replay and V-n for validation, and its title. The
// flags of the replay and validation vectors cite the ids.
type Rule struct {
	ID    string
	Title string
}

// Rules lists the rules of qf.md in order. Ids are never renumbered or
// reused; a test checks this list against qf.md.
var Rules = []Rule{
	{"R-1", "Start"},
	{"R-2", "First mover"},
	{"R-3", "Walls in hand"},
	{"R-4", "Steps"},
	{"R-5", "A wall in the way"},
	{"R-6", "Jumps"},
	{"R-7", "Blocked jumps"},
	{"R-8", "Side-steps"},
	{"R-9", "No opponent beside"},
	{"R-10", "An open jump"},
	{"R-11", "A wall between the pawns"},
	{"R-12", "A wall beyond the opponent"},
	{"R-13", "A target off the board"},
	{"R-14", "Nothing leaves the board or wraps"},
	{"R-15", "Walls"},
	{"R-16", "Conflicting walls"},
	{"R-17", "Paths"},
	{"R-18", "The end"},
	{"R-19", "Violations of a move"},
	{"R-20", "Replay stops"},
	{"V-1", "pawns_overlap"},
	{"V-2", "too_many_walls"},
	{"V-3", "walls_conflict"},
	{"V-4", "no_path"},
	{"V-5", "last_move_wall_missing"},
	{"V-6", "Distinct kinds, sorted"},
	{"V-7", "No State"},
}

// RuleTitle returns the title of the rule of that id, "" for none.
func RuleTitle(id string) string {
	for _, r := range Rules {
		if r.ID == id {
			return r.Title
		}
	}
	return ""
}
