package render

import (
	"bufio"
	"fmt"
	"io"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// Geometry of the SVG board, in pixels.
const (
	cell    = 40 // a square and the groove around it
	left    = 28 // room for the rank labels
	top     = 12
	side    = rules.Size * cell
	thick   = 6 // a wall's thickness
	infoBar = 28
)

// Colours.
const (
	colourGroove    = "#6b4f2f"
	colourSquare    = "#ecdcbc"
	colourWhiteWall = "#f0c060"
	colourBlackWall = "#3b2414"
	colourGreyWall  = "#8c8c8c"
	colourHighlight = "#d62828"
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

// SVG writes b as an SVG image, drawn with the display flags. The output
// depends on nothing but b and flags.
func SVG(w io.Writer, b Board, flags int) error {
	bw := bufio.NewWriter(w)
	v := view{flip: flags&FlagFlip != 0}
	width, height := left+side+8, top+side+24
	if flags&FlagInfo != 0 {
		height += infoBar
	}
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="13">`+"\n", width, height, width, height)
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
		fmt.Fprintf(bw, `<rect class="last" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="3"/>`+"\n", sx+3, sy+3, cell-6, cell-6, colourHighlight)
	}
	for _, wall := range b.Walls {
		colour := colourWhiteWall
		if wall.Owner == ref.Black {
			colour = colourBlackWall
		}
		if flags&FlagGrey != 0 {
			colour = colourGreyWall
		}
		writeWall(bw, v, wall, colour, "wall")
	}
	if highlight && b.Last.Wall {
		writeWall(bw, v, b.Last.Of, colourHighlight, "wall last")
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
	if flags&FlagInfo != 0 {
		fmt.Fprintf(bw, `<text x="%d" y="%d" fill="%s">%s</text>`+"\n", left, top+side+24+18, colourText, info(b))
	}
	fmt.Fprintln(bw, "</svg>")
	return bw.Flush()
}

// writeWall draws a wall as a rectangle on its grid line, two squares long.
func writeWall(w io.Writer, v view, wall rules.Wall, colour, class string) {
	x, y := wall.Anchor%rules.AnchorSize, wall.Anchor/rules.AnchorSize
	// The wall's centre line, in board coordinates: from (x, y+1) to
	// (x+2, y+1) when horizontal, from (x+1, y) to (x+1, y+2) when vertical.
	x0, y0, x1, y1 := x, y+1, x+2, y+1
	if wall.Orientation == ref.Vertical {
		x0, y0, x1, y1 = x+1, y, x+1, y+2
	}
	px0, px1 := min(v.px(x0), v.px(x1)), max(v.px(x0), v.px(x1))
	py0, py1 := min(v.py(y0), v.py(y1)), max(v.py(y0), v.py(y1))
	fmt.Fprintf(w, `<rect class="%s" data-wall="%s" x="%d" y="%d" width="%d" height="%d" rx="2" fill="%s"/>`+"\n",
		class, wall.Name(), px0-thick/2+2*sign(px1-px0), py0-thick/2+2*sign(py1-py0),
		px1-px0+thick-4*sign(px1-px0), py1-py0+thick-4*sign(py1-py0), colour)
}

func sign(n int) int {
	if n > 0 {
		return 1
	}
	return 0
}

// info returns the info bar's text.
func info(b Board) string {
	return fmt.Sprintf("turn %d · %s to move · walls left: white %d, black %d",
		b.Turn, b.ToMove, b.WallsLeft[ref.White], b.WallsLeft[ref.Black])
}
