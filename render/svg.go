package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// Geometry of the SVG board, in pixels.
const (
	cell    = 40 // a square and the groove around it
	left    = 28 // room for the rank labels
	top     = 12
	side    = rules.Size * cell
	thick   = 6  // a wall's thickness
	gap     = 2  // cut from each end of a wall, so that walls end to end stay apart
	legend  = 22 // the legend's row
	infoBar = 24
)

// Colours. Every colour drawn on the board, the walls', the highlight's
// and the text's, has a contrast ratio of 4.5:1 or more with both the
// squares and the grooves (WCAG 2's ratio; TestContrast checks).
const (
	colourGroove    = "#ddd0b0"
	colourSquare    = "#f5ecd7"
	colourWhiteWall = "#9a3412" // rust
	colourBlackWall = "#222222" // charcoal
	colourGreyWall  = "#595959"
	colourHighlight = "#0050b5" // blue: neither player's
	colourText      = "#333333"
)

// view maps board coordinates, in squares from a1's lower-left corner, to
// pixels, flipped for black's view.
type view struct{ flip bool }

func (v view) px(bx int) int {
	if v.flip {
		bx = rules.Size - bx
	}
	return left + bx*cell
}

func (v view) py(by int) int {
	if !v.flip {
		by = rules.Size - by
	}
	return top + by*cell
}

// SVG writes b as an SVG image, drawn with the display flags: the board,
// the walls in their owners' colours (or grey), the pawns, a legend of the
// colours and, with FlagInfo, the info bar. Its title and description say
// the same in words, for screen readers. The output depends on nothing but
// b and flags.
func SVG(w io.Writer, b Board, flags int) error {
	bw := bufio.NewWriter(w)
	v := view{flip: flags&FlagFlip != 0}
	width, height := left+side+8, top+side+24+legend
	if flags&FlagInfo != 0 {
		height += infoBar
	}
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="13">`+"\n", width, height, width, height)
	fmt.Fprintf(bw, "<title>%s</title>\n<desc>%s</desc>\n", title(b), description(b))
	fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", left, top, side, side, colourGroove)
	for y := 0; y < rules.Size; y++ {
		for x := 0; x < rules.Size; x++ {
			sx, sy := min(v.px(x), v.px(x+1)), min(v.py(y), v.py(y+1))
			fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", sx+3, sy+3, cell-6, cell-6, colourSquare)
		}
	}
	for i := 0; i < rules.Size; i++ {
		file, rank := v.px(i)+cell/2, v.py(i)-cell/2
		if v.flip {
			file, rank = v.px(i)-cell/2, v.py(i)+cell/2
		}
		fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle" fill="%s">%c</text>`+"\n", file, top+side+17, colourText, 'a'+i)
		fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle" fill="%s">%d</text>`+"\n", left/2, rank+5, colourText, i+1)
	}
	highlight := flags&FlagHighlight != 0 && b.HasLast
	if highlight && !b.Last.Wall {
		x, y := rules.XY(b.Last.Square)
		sx, sy := min(v.px(x), v.px(x+1)), min(v.py(y), v.py(y+1))
		fmt.Fprintf(bw, `<rect class="last" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="3"/>`+"\n", sx+4, sy+4, cell-8, cell-8, colourHighlight)
	}
	for _, wall := range b.Walls {
		writeWall(bw, v, wall, wallColour(wall.Owner, flags), "wall", "")
	}
	if highlight && b.Last.Wall {
		writeWall(bw, v, b.Last.Of, wallColour(b.Last.Of.Owner, flags), "wall last", colourHighlight)
	}
	for _, p := range []struct {
		name          string
		square        int
		fill, outline string
	}{{"white", b.White, "#fafafa", "#222222"}, {"black", b.Black, "#222222", "#fafafa"}} {
		x, y := rules.XY(p.square)
		cx, cy := (v.px(x)+v.px(x+1))/2, (v.py(y)+v.py(y+1))/2
		fmt.Fprintf(bw, `<circle class="pawn %s" data-square="%s" cx="%d" cy="%d" r="13" fill="%s" stroke="%s" stroke-width="2"/>`+"\n",
			p.name, rules.SquareName(p.square), cx, cy, p.fill, p.outline)
	}
	writeLegend(bw, top+side+24+legend-6, flags, highlight)
	if flags&FlagInfo != 0 {
		fmt.Fprintf(bw, `<text class="info" x="%d" y="%d" fill="%s">%s</text>`+"\n", left, top+side+24+legend+infoBar-6, colourText, info(b))
	}
	fmt.Fprintln(bw, "</svg>")
	return bw.Flush()
}

// wallColour returns the colour of a wall of owner.
func wallColour(owner ref.Player, flags int) string {
	switch {
	case flags&FlagGrey != 0:
		return colourGreyWall
	case owner == ref.Black:
		return colourBlackWall
	}
	return colourWhiteWall
}

// writeLegend writes the legend row, its text's baseline at y: a swatch
// for each player's walls (or for the grey walls), and the highlight's.
func writeLegend(w io.Writer, y, flags int, highlight bool) {
	type item struct{ colour, stroke, text string }
	items := []item{{colourWhiteWall, "", "white's walls"}, {colourBlackWall, "", "black's walls"}}
	if flags&FlagGrey != 0 {
		items = []item{{colourGreyWall, "", "walls"}}
	}
	if highlight {
		items = append(items, item{"none", colourHighlight, "last move"})
	}
	x := left
	fmt.Fprintf(w, `<g class="legend" font-size="12" fill="%s">`+"\n", colourText)
	for _, it := range items {
		stroke := ""
		if it.stroke != "" {
			stroke = fmt.Sprintf(` stroke="%s" stroke-width="2"`, it.stroke)
		}
		fmt.Fprintf(w, `<rect x="%d" y="%d" width="18" height="%d" rx="2" fill="%s"%s/><text x="%d" y="%d">%s</text>`+"\n",
			x, y-9, thick+2, it.colour, stroke, x+23, y, it.text)
		x += 23 + 7*len(it.text) + 16
	}
	fmt.Fprintln(w, "</g>")
}

// writeWall draws a wall as a rectangle on its grid line, two squares
// long less a gap at each end, so that two walls end to end are seen as
// two; with an outline when outline is set.
func writeWall(w io.Writer, v view, wall rules.Wall, colour, class, outline string) {
	x, y := wall.Anchor%rules.AnchorSize, wall.Anchor/rules.AnchorSize
	// The wall's centre line, in board coordinates: from (x, y+1) to
	// (x+2, y+1) when horizontal, from (x+1, y) to (x+1, y+2) when vertical.
	x0, y0, x1, y1 := x, y+1, x+2, y+1
	if wall.Orientation == ref.Vertical {
		x0, y0, x1, y1 = x+1, y, x+1, y+2
	}
	px0, px1 := min(v.px(x0), v.px(x1)), max(v.px(x0), v.px(x1))
	py0, py1 := min(v.py(y0), v.py(y1)), max(v.py(y0), v.py(y1))
	// Along its length the wall runs from one end to the other less the
	// gaps; across it, thick pixels centred on the line.
	rx, ry, rw, rh := px0+gap, py0-thick/2, px1-px0-2*gap, thick
	if px0 == px1 {
		rx, ry, rw, rh = px0-thick/2, py0+gap, thick, py1-py0-2*gap
	}
	stroke := ""
	if outline != "" {
		stroke = fmt.Sprintf(` stroke="%s" stroke-width="2"`, outline)
	}
	fmt.Fprintf(w, `<rect class="%s" data-wall="%s" data-owner="%s" x="%d" y="%d" width="%d" height="%d" rx="2" fill="%s"%s/>`+"\n",
		class, wall.Name(), wall.Owner, rx, ry, rw, rh, colour, stroke)
}

// info returns the info bar's text: the turn, who is to move or who has
// won, and the walls left.
func info(b Board) string {
	return fmt.Sprintf("turn %d · %s · walls left: white %s, black %s",
		b.Turn, status(b), wallsLeft(b.WallsLeft[ref.White]), wallsLeft(b.WallsLeft[ref.Black]))
}

// wallsLeft says how many walls a player has left: none, and how many too
// many it has placed, in a State that breaks the rules.
func wallsLeft(n int) string {
	if n < 0 {
		return fmt.Sprintf("none (%d too many placed)", -n)
	}
	return strconv.Itoa(n)
}

// status says who is to move, or, once a pawn has reached its goal rank,
// who has won.
func status(b Board) string {
	_, whiteRank := rules.XY(b.White)
	_, blackRank := rules.XY(b.Black)
	whiteWon, blackWon := whiteRank == rules.Size-1, blackRank == 0
	switch {
	case whiteWon && blackWon:
		return "both pawns on their goal ranks"
	case whiteWon:
		return "white has won"
	case blackWon:
		return "black has won"
	}
	return b.ToMove.String() + " to move"
}

// title names the position in a line: the pawns, the walls and the turn.
func title(b Board) string {
	return fmt.Sprintf("qf board: white on %s, black on %s, %d %s; turn %d, %s",
		rules.SquareName(b.White), rules.SquareName(b.Black), len(b.Walls), term.Plural(len(b.Walls), "wall"), b.Turn, status(b))
}

// description lists the walls by owner, and the last move.
func description(b Board) string {
	var names [2][]string
	for _, w := range b.Walls {
		names[w.Owner] = append(names[w.Owner], w.Name())
	}
	var parts []string
	for p, list := range names {
		who := ref.Player(p).String()
		if len(list) == 0 {
			parts = append(parts, who+"'s walls: none")
		} else {
			parts = append(parts, who+"'s walls: "+strings.Join(list, ", "))
		}
	}
	d := strings.Join(parts, ". ") + "."
	if b.HasLast {
		if b.Last.Wall {
			d += fmt.Sprintf(" The last move: %s's wall %s.", b.Last.Of.Owner, b.Last.Of.Name())
		} else {
			d += fmt.Sprintf(" The last move: a pawn to %s.", rules.SquareName(b.Last.Square))
		}
	}
	return d + fmt.Sprintf(" Walls left: white %s, black %s.", wallsLeft(b.WallsLeft[ref.White]), wallsLeft(b.WallsLeft[ref.Black]))
}
