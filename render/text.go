package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// Text writes b for a terminal: squares 3 characters wide, pawns as W and
// B, and walls across their two squares and the grid point between them,
// so that walls end to end stay apart at a '+': white's as '=' (horizontal)
// and 'H' (vertical), black's as '#', grey (FlagGrey) as '%'. With
// FlagHighlight the last move's pawn is bracketed and its wall drawn with
// '*'. A legend line names the marks when there are walls or a highlight;
// FlagInfo adds
// the info bar.
func Text(w io.Writer, b Board, flags int) error {
	flip := flags&FlagFlip != 0
	// A grid of characters: square (x, y) is at column 4c+2, row 2r+1,
	// with c, r its place in view; grid lines between them.
	const cols, rows = 4*rules.Size + 1, 2*rules.Size + 1
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(" ", cols))
		for c := 0; c < cols; c++ {
			switch {
			case r%2 == 0 && c%4 == 0:
				grid[r][c] = '+'
			case r%2 == 0:
				grid[r][c] = '-'
			case c%4 == 0:
				grid[r][c] = '|'
			}
		}
	}
	at := func(x, y int) (c, r int) { // the view column and row of square (x, y)
		if flip {
			return rules.Size - 1 - x, y
		}
		return x, rules.Size - 1 - y
	}
	mark := func(wall rules.Wall, ch byte) {
		x, y := wall.Anchor%rules.AnchorSize, wall.Anchor/rules.AnchorSize
		if wall.Orientation == ref.Horizontal {
			// The line between ranks y and y+1, under files x and x+1,
			// and the grid point between them.
			c1, r1 := at(x, y)
			c2, r2 := at(x+1, y+1)
			line := max(r1, r2) * 2
			for k := 4*min(c1, c2) + 1; k < 4*max(c1, c2)+4; k++ {
				grid[line][k] = ch
			}
			return
		}
		// The line between files x and x+1, beside ranks y and y+1.
		c1, r1 := at(x, y)
		c2, r2 := at(x+1, y+1)
		for k := 2*min(r1, r2) + 1; k < 2*max(r1, r2)+2; k++ {
			grid[k][4*max(c1, c2)] = ch
		}
	}
	marks := map[ref.Player][2]byte{ref.White: {'=', 'H'}, ref.Black: {'#', '#'}}
	for _, wall := range b.Walls {
		ch := marks[wall.Owner][wall.Orientation]
		if flags&FlagGrey != 0 {
			ch = '%'
		}
		mark(wall, ch)
	}
	highlight := flags&FlagHighlight != 0 && b.HasLast
	if highlight && b.Last.Wall {
		mark(b.Last.Of, '*')
	}
	for _, p := range []struct {
		square int
		ch     byte
	}{{b.White, 'W'}, {b.Black, 'B'}} {
		c, r := at(rules.XY(p.square))
		grid[2*r+1][4*c+2] = p.ch
		if highlight && !b.Last.Wall && b.Last.Square == p.square {
			grid[2*r+1][4*c+1], grid[2*r+1][4*c+3] = '[', ']'
		}
	}
	var sb strings.Builder
	files := "    a   b   c   d   e   f   g   h   i"
	if flip {
		files = "    i   h   g   f   e   d   c   b   a"
	}
	for r, line := range grid {
		label := "  "
		if r%2 == 1 {
			rank := rules.Size - r/2
			if flip {
				rank = r/2 + 1
			}
			label = fmt.Sprintf("%d ", rank)
		}
		sb.WriteString(strings.TrimRight(label+string(line), " ") + "\n")
	}
	sb.WriteString(files + "\n")
	if len(b.Walls) > 0 || highlight {
		sb.WriteString(textLegend(flags, highlight) + "\n")
	}
	if flags&FlagInfo != 0 {
		sb.WriteString(info(b) + "\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// textLegend names the marks of the walls and of the highlight.
func textLegend(flags int, highlight bool) string {
	parts := []string{"walls: = H white's, # black's"}
	if flags&FlagGrey != 0 {
		parts = []string{"walls: %"}
	}
	if highlight {
		parts = append(parts, "[ ] and * the last move")
	}
	return strings.Join(parts, "; ")
}
