package render_test

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/render"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var goldens = []struct {
	name  string
	code  string
	move  int
	flags int
}{
	{"viewer-position", "j7oklAHMe1ICg", 0, 0},
	{"viewer-position-highlight-info", "j7oklAHMe1ICg", 0, render.FlagHighlight | render.FlagInfo},
	{"viewer-position-flipped", "j7oklAHMe1ICg", 0, render.FlagFlip | render.FlagHighlight | render.FlagInfo},
	{"viewer-position-grey", "j7oklAHMe1ICg", 0, render.FlagGrey},
	{"viewer-record-move-7", "QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk", 7, render.FlagHighlight},
	{"viewer-record-end", "QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk", 46, 15},
	{"initial-board", "gkwAAAAQ", 0, render.FlagInfo},
	{"initial-position", "QEBAQ", 0, render.FlagHighlight},
	{"walls-end-to-end", "lDEklALDIo8/MBw", 0, render.FlagHighlight | render.FlagInfo},
	{"walls-end-to-end-flipped", "lDEklALDIo8/MBw", 0, render.FlagFlip | render.FlagGrey},
	{"black-has-won", "QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk", 46, render.FlagInfo},
}

// The pictures match the golden files in testdata, byte for byte;
// `go test ./render -update` rewrites them.
func TestGolden(t *testing.T) {
	for _, g := range goldens {
		v, err := ref.Decode(g.code)
		if err != nil {
			t.Fatal(err)
		}
		b, err := render.BoardOf(v, g.move)
		if err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		for _, format := range []string{"svg", "txt"} {
			var out bytes.Buffer
			if format == "svg" {
				err = render.SVG(&out, b, g.flags)
			} else {
				err = render.Text(&out, b, g.flags)
			}
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", fmt.Sprintf("%s.%s", g.name, format))
			if *update {
				if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("%s differs from its golden file; if the change is meant, run go test ./render -update", path)
			}
		}
	}
}

// The SVG is well-formed XML, with both pawns on their squares.
func TestSVGContent(t *testing.T) {
	v, _ := ref.Decode("j7oklAHMe1ICg")
	b, _ := render.BoardOf(v, 0)
	for _, flags := range []int{0, 15} {
		var out bytes.Buffer
		if err := render.SVG(&out, b, flags); err != nil {
			t.Fatal(err)
		}
		pawns := map[string]string{}
		walls := 0
		for _, attrs := range elements(t, out.Bytes()) {
			if strings.HasPrefix(attrs["class"], "pawn ") {
				pawns[attrs["class"]] = attrs["data-square"]
			}
			if strings.HasPrefix(attrs["class"], "wall") {
				walls++
			}
		}
		if pawns["pawn white"] != "e4" || pawns["pawn black"] != "e7" || walls != 4+flags/15 { // the highlight draws c3h again
			t.Errorf("flags %d: pawns %v, %d walls", flags, pawns, walls)
		}
	}
}

func TestBoardOf(t *testing.T) {
	v, _ := ref.Decode("QEBAQ")
	b, err := render.BoardOf(v, 3)
	if err != nil || b.White != 22 || b.Black != 67 || !b.HasLast || b.Last.Square != 22 {
		t.Errorf("after 3 moves: %+v, %v", b, err)
	}
	if _, err := render.BoardOf(v, 5); err == nil {
		t.Error("move 5 of a 4-move record drew")
	}
	bad, _ := ref.Decode("QBQ") // white's first move goes south, off the board
	if _, err := render.BoardOf(bad, 1); err == nil || !strings.Contains(err.Error(), "off_board") {
		t.Errorf("an illegal move drew: %v", err)
	}
	// A wall last move in a State highlights that wall.
	s, _ := ref.Decode("j7oklAHMe1ICg")
	b, _ = render.BoardOf(s, 0)
	if !b.Last.Wall || b.Last.Of.Name() != "c3h" {
		t.Errorf("the last move of j7oklAHMe1ICg: %+v", b.Last)
	}
}

// luminance returns the relative luminance of a colour "#rrggbb", as WCAG
// 2 defines it.
func luminance(t *testing.T, colour string) float64 {
	var rgb [3]float64
	for i := range rgb {
		var c int
		if _, err := fmt.Sscanf(colour[1+2*i:3+2*i], "%02x", &c); err != nil {
			t.Fatalf("colour %q: %v", colour, err)
		}
		v := float64(c) / 255
		if v <= 0.03928 {
			rgb[i] = v / 12.92
		} else {
			rgb[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
}

func contrast(t *testing.T, a, b string) float64 {
	la, lb := luminance(t, a), luminance(t, b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// The colours drawn on the board (walls, highlight, text) contrast with
// the squares and the grooves at 4.5:1 or more; the two players' walls
// differ. The colours are read from the SVG itself.
func TestContrast(t *testing.T) {
	v, _ := ref.Decode("lDEklALDIo8/MBw")
	b, _ := render.BoardOf(v, 0)
	colours := map[string]map[string]bool{} // by role
	note := func(role, c string) {
		if colours[role] == nil {
			colours[role] = map[string]bool{}
		}
		colours[role][c] = true
	}
	for _, flags := range []int{render.FlagHighlight | render.FlagInfo, render.FlagGrey | render.FlagHighlight} {
		var out bytes.Buffer
		render.SVG(&out, b, flags)
		for _, attrs := range elements(t, out.Bytes()) {
			switch {
			case attrs["element"] == "rect" && attrs["width"] == "360":
				note("groove", attrs["fill"])
			case attrs["element"] == "rect" && attrs["width"] == "34":
				note("square", attrs["fill"])
			case strings.HasPrefix(attrs["class"], "wall"):
				note("wall "+attrs["data-owner"], attrs["fill"])
				if attrs["stroke"] != "" {
					note("highlight", attrs["stroke"])
				}
			case attrs["class"] == "last":
				note("highlight", attrs["stroke"])
			case attrs["element"] == "text" && attrs["fill"] != "":
				note("text", attrs["fill"])
			}
		}
	}
	if len(colours["groove"]) != 1 || len(colours["square"]) != 1 || len(colours["wall white"]) != 2 || len(colours["highlight"]) != 1 {
		t.Fatalf("colours found: %v", colours)
	}
	lowest := 21.0
	for role, set := range colours {
		if role == "groove" || role == "square" {
			continue
		}
		for c := range set {
			for bg := range colours["groove"] {
				lowest = min(lowest, contrast(t, c, bg))
			}
			for bg := range colours["square"] {
				lowest = min(lowest, contrast(t, c, bg))
			}
			for bg := range colours["groove"] {
				if r := contrast(t, c, bg); r < 4.5 {
					t.Errorf("%s %s on the grooves %s: contrast %.2f:1, under 4.5:1", role, c, bg, r)
				}
			}
			for bg := range colours["square"] {
				if r := contrast(t, c, bg); r < 4.5 {
					t.Errorf("%s %s beside the squares %s: contrast %.2f:1, under 4.5:1", role, c, bg, r)
				}
			}
		}
	}
	t.Logf("the lowest contrast on the board: %.2f:1", lowest)
	for c := range colours["wall black"] {
		if colours["wall white"][c] && c != "#595959" {
			t.Errorf("white's and black's walls are both %s", c)
		}
	}
}

// Two walls end to end are drawn as two, with a gap between them: c3h and
// e3h, d5v and d7v.
func TestWallsApart(t *testing.T) {
	v, _ := ref.Decode("lDEklALDIo8/MBw")
	b, _ := render.BoardOf(v, 0)
	var out bytes.Buffer
	render.SVG(&out, b, 0)
	rects := map[string][4]int{}
	for _, attrs := range elements(t, out.Bytes()) {
		if attrs["class"] == "wall" {
			var r [4]int
			fmt.Sscan(attrs["x"]+" "+attrs["y"]+" "+attrs["width"]+" "+attrs["height"], &r[0], &r[1], &r[2], &r[3])
			rects[attrs["data-wall"]] = r
		}
	}
	if c, e := rects["c3h"], rects["e3h"]; c[0]+c[2] >= e[0] || c[1] != e[1] {
		t.Errorf("c3h %v and e3h %v touch", c, e)
	}
	if d5, d7 := rects["d5v"], rects["d7v"]; d7[1]+d7[3] >= d5[1] || d5[0] != d7[0] {
		t.Errorf("d5v %v and d7v %v touch", d5, d7)
	}
	var text bytes.Buffer
	render.Text(&text, b, 0)
	if !strings.Contains(text.String(), "+=======+=======+") || !strings.Contains(text.String(), "walls: = H white's, # black's") {
		t.Errorf("the text board:\n%s", text.String())
	}
}

// The title and description say the position in words; the info bar of a
// finished game names the winner.
func TestWords(t *testing.T) {
	v, _ := ref.Decode("j7oklAHMe1ICg")
	b, _ := render.BoardOf(v, 0)
	var out bytes.Buffer
	render.SVG(&out, b, render.FlagInfo)
	for _, want := range []string{
		"<title>qf board: white on e4, black on e7, 4 walls; turn 10, black to move</title>",
		"<desc>white's walls: c3h, e3h. black's walls: d7h, d8v. The last move: white's wall c3h. Walls left: white 8, black 8.</desc>",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %s", want)
		}
	}
	for _, c := range []struct {
		white, black int
		says         string
	}{{76, 40, "white has won"}, {40, 41, "walls left: white none (3 too many placed), black 10"}, {4, 3, "black has won"}, {40, 41, "white to move"}, {76, 3, "both pawns on their goal ranks"}} {
		var out bytes.Buffer
		b := render.Board{}
		b.White, b.Black = c.white, c.black
		b.WallsLeft = [2]int{-3, 10}
		if !strings.Contains(c.says, "too many") {
			b.WallsLeft = [2]int{}
		}
		render.Text(&out, b, render.FlagInfo)
		if !strings.Contains(out.String(), c.says) {
			t.Errorf("white %d, black %d: %q, want %q", c.white, c.black, out.String(), c.says)
		}
	}
}

// elements returns the attributes of each element of an SVG, in order,
// with its name as "element"; the SVG must be well-formed XML.
func elements(t *testing.T, svg []byte) []map[string]string {
	t.Helper()
	var out []map[string]string
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed: %v", err)
		}
		if el, ok := tok.(xml.StartElement); ok {
			attrs := map[string]string{"element": el.Name.Local}
			for _, a := range el.Attr {
				attrs[a.Name.Local] = a.Value
			}
			out = append(out, attrs)
		}
	}
}
