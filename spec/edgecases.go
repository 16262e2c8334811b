package spec

// An EdgeCase is one of the edge cases of qf.md, section "Edge cases":
// its stable id and its title, the bold words that open its text there.
type EdgeCase struct {
	ID    string
	Title string
}

// EdgeCases lists the edge cases of qf.md in order. Ids are never
// renumbered or reused; a test checks this list against qf.md.
var EdgeCases = []EdgeCase{
	{"EC-1", "`=` padding"},
	{"EC-2", "Spaces, tabs and line breaks"},
	{"EC-3", "Other ASCII outside the alphabet"},
	{"EC-4", "Non-ASCII characters and bytes that are not UTF-8"},
	{"EC-5", "Deletion versus six-bit holes"},
	{"EC-6", "Truncation"},
	{"EC-7", "Characters after the end"},
	{"EC-8", "Non-zero padding bits"},
	{"EC-9", "Flags `00`: neither chunk"},
	{"EC-10", "A record of 0 moves versus no record"},
	{"EC-11", "Squares 81-127"},
	{"EC-12", "Wall counts 11-15"},
	{"EC-13", `"1024 moves"`},
	{"EC-14", "Order and duplicates of walls within a group"},
	{"EC-15", "A last-move anchor that names no wall"},
	{"EC-16", "Turn 0, and the initial-board code `gkwAAAAQ`"},
	{"EC-17", "Field-width overflow in encoders"},
	{"EC-18", "An extra character when the bit count is a multiple of 6"},
	{"EC-19", "The last move's player and the turn's parity"},
	{"EC-20", "A pawn last move has no place"},
	{"EC-21", "Codes that break the rules"},
	{"EC-22", "Inputs longer than 1414 characters"},
	{"EC-23", "The first mover of a record after a State"},
	{"EC-24", "Pawn moves at the board's edge"},
	{"EC-25", "Lengths that Base64 refuses"},
}

// EdgeCaseTitle returns the title of the edge case of that id, "" for
// none.
func EdgeCaseTitle(id string) string {
	for _, ec := range EdgeCases {
		if ec.ID == id {
			return ec.Title
		}
	}
	return ""
}
