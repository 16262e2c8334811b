package render_test

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
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
		dec := xml.NewDecoder(bytes.NewReader(out.Bytes()))
		pawns := map[string]string{}
		walls := 0
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			if el, ok := tok.(xml.StartElement); ok {
				attrs := map[string]string{}
				for _, a := range el.Attr {
					attrs[a.Name.Local] = a.Value
				}
				if strings.HasPrefix(attrs["class"], "pawn ") {
					pawns[attrs["class"]] = attrs["data-square"]
				}
				if attrs["class"] == "wall" {
					walls++
				}
			}
		}
		if pawns["pawn white"] != "e4" || pawns["pawn black"] != "e7" || walls != 4 {
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
