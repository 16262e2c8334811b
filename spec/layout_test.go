package spec

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestLayoutNames(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range Layout {
		if seen[f.Name] {
			t.Errorf("field %s appears twice in Layout", f.Name)
		}
		seen[f.Name] = true
		if f.Width < 1 || f.Max < 1 || f.Max > 1<<f.Width-1 {
			t.Errorf("field %s: width %d cannot hold range 0-%d", f.Name, f.Width, f.Max)
		}
	}
	if len(Layout) != 21 {
		t.Errorf("Layout has %d fields, want 21", len(Layout))
	}
}

// Only the squares and the wall counts have ranges narrower than their
// widths: they are the only range checks of a decoder (qf.md, "Layout").
func TestLimits(t *testing.T) {
	var limited []string
	for _, f := range Layout {
		if f.Limit() {
			limited = append(limited, f.Name)
		}
	}
	want := []string{"state.white", "state.black",
		"state.walls.white.h.count", "state.walls.white.v.count",
		"state.walls.black.h.count", "state.walls.black.v.count"}
	if len(limited) != len(want) {
		t.Fatalf("fields with a limit: %v, want %v", limited, want)
	}
	for i := range want {
		if limited[i] != want[i] {
			t.Errorf("fields with a limit: %v, want %v", limited, want)
		}
	}
}

func TestSizes(t *testing.T) {
	fixed := White.Width + Black.Width + LastMovePlayer.Width + LastMoveKind.Width + Turn.Width
	for _, g := range WallGroups {
		fixed += g.Count.Width
	}
	if fixed != StateFixedBits {
		t.Errorf("State without walls: %d bits by the layout, StateFixedBits = %d", fixed, StateFixedBits)
	}
	if n := StateFlag.Width + RecordFlag.Width; n != FlagBits {
		t.Errorf("flags: %d bits, FlagBits = %d", n, FlagBits)
	}
	if n := MoveCount.Width; n != RecordFixedBits {
		t.Errorf("move count: %d bits, RecordFixedBits = %d", n, RecordFixedBits)
	}
	if n := MoveKind.Width + MoveDir.Width; n != PieceMoveBits {
		t.Errorf("pawn move: %d bits, PieceMoveBits = %d", n, PieceMoveBits)
	}
	if n := MoveKind.Width + MoveOrientation.Width + MovePlace.Width; n != WallMoveBits {
		t.Errorf("wall move: %d bits, WallMoveBits = %d", n, WallMoveBits)
	}
	max := FlagBits + StateBits(4*MaxWallsPerGroup, true) + RecordBits(0, MaxMoves)
	if max != MaxBits || Chars(max) != MaxChars {
		t.Errorf("longest code: %d bits, %d characters; want %d, %d", max, Chars(max), MaxBits, MaxChars)
	}
	if Chars(FlagBits) != MinChars {
		t.Errorf("shortest code: %d characters, want %d", Chars(FlagBits), MinChars)
	}
	for bits, chars := range map[int]int{0: 0, 1: 1, 6: 1, 7: 2, 12: 2, 74: 13, 8484: 1414} {
		if got := Chars(bits); got != chars {
			t.Errorf("Chars(%d) = %d, want %d", bits, got, chars)
		}
	}
	if StateBits(0, false) != 42 || StateBits(3, true) != 66 || RecordBits(2, 3) != 42 {
		t.Errorf("StateBits/RecordBits disagree with qf.md's formulas")
	}
}

func TestPath(t *testing.T) {
	if got := MoveDir.Path(12); got != "record.moves[12].dir" {
		t.Errorf("MoveDir.Path(12) = %q", got)
	}
	if got := WallGroups[2].Anchor.Path(0); got != "state.walls.black.h[0]" {
		t.Errorf("black h anchor path %q", got)
	}
	if got := WallGroups[0].Count.Describe(0); got != "white horizontal wall count" {
		t.Errorf("white h count in words: %q", got)
	}
	if got := MoveDir.Describe(3); got != "move 4 direction" {
		t.Errorf("MoveDir.Describe(3) = %q", got)
	}
}

// Every edge case has its text in the document, which names it in bold
// first.
func TestEdgeCaseText(t *testing.T) {
	for _, ec := range EdgeCases {
		text := EdgeCaseText(ec.ID)
		if !strings.HasPrefix(text, "**") || strings.Contains(text, "### ") {
			t.Errorf("%s: %.80q", ec.ID, text)
		}
	}
	if EdgeCaseText("EC-999") != "" {
		t.Error("EC-999 has a text")
	}
}

// Every rule has its anchor in the document, named by its id in bold
// followed by its title (R-n), or in its table row (V-n); the anchors in
// the document are those of Rules, in order.
func TestRulesInDocument(t *testing.T) {
	var ids []string
	for _, r := range Rules {
		ids = append(ids, r.ID)
		anchor := `<a id="` + strings.ToLower(r.ID) + `"></a>`
		i := strings.Index(Document, anchor)
		if i < 0 {
			t.Errorf("%s: no anchor %s", r.ID, anchor)
			continue
		}
		after := Document[i+len(anchor):]
		switch {
		case strings.HasPrefix(r.ID, "R-"):
			if !strings.HasPrefix(after, "**"+r.ID+". "+r.Title) {
				t.Errorf("%s: the anchor is followed by %.40q, want **%s. %s", r.ID, after, r.ID, r.Title)
			}
		case !strings.HasPrefix(after, r.ID) && !strings.HasPrefix(after, "**"+r.ID):
			t.Errorf("%s: the anchor is followed by %.40q", r.ID, after)
		}
	}
	var inDoc []string
	for _, m := range regexp.MustCompile(`<a id="([rv]-\d+)"></a>`).FindAllStringSubmatch(Document, -1) {
		inDoc = append(inDoc, strings.ToUpper(m[1]))
	}
	slices.Sort(inDoc)
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	if !slices.Equal(inDoc, sorted) {
		t.Errorf("the document's rules are %v, Rules has %v", inDoc, sorted)
	}
}
