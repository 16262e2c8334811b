package ref_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
)

// corpusFile is the repository's copy of ../shared/qf-corpus.tsv: real
// published codes, a code, its source and a note per line.
const corpusFile = "../testdata/qf-corpus.tsv"

type corpusEntry struct{ code, source, note string }

func readCorpus(t *testing.T) []corpusEntry {
	t.Helper()
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	var entries []corpusEntry
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			t.Fatalf("corpus line %q: want 3 tab-separated fields", sc.Text())
		}
		if f[0] != "code" {
			entries = append(entries, corpusEntry{f[0], f[1], f[2]})
		}
	}
	return entries
}

// The copy must not drift from the shared corpus, when that is beside the
// repository.
func TestCorpusCopy(t *testing.T) {
	shared, err := os.ReadFile("../../shared/qf-corpus.tsv")
	if err != nil {
		t.Skipf("no shared corpus beside the repository: %v", err)
	}
	mine, err := os.ReadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(shared, mine) {
		t.Errorf("%s differs from ../shared/qf-corpus.tsv: copy it again", corpusFile)
	}
}

// Every published code decodes strictly, re-encodes to itself and holds
// what its source says.
func TestCorpus(t *testing.T) {
	want := map[string]string{
		// The viewer's example, spec/qf.md "Worked examples": white 31, black 58, white h [18, 20], black h [51],
		// black v [59], last move white wall at 18, turn 10.
		"j7oklAHMe1ICg": `{"state":{"white":31,"black":58,"walls":{"white":{"h":[18,20],"v":[]},"black":{"h":[51],"v":[59]}},"last_move":{"player":"white","kind":"wall","place":18},"turn":10},"record":null}`,
		// The fansite's code for the untouched board (EC-16), white moved a pawn last, turn 1.
		"gkwAAAAQ": `{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`,
		// The sidewall: white e2, black e8, white's vertical wall d7v beside black's pawn.
		"hsMBzAHMBA": `{"state":{"white":13,"black":67,"walls":{"white":{"h":[],"v":[51]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"wall","place":51},"turn":4},"record":null}`,
		// Black's answer: a horizontal wall c7h.
		"hsMBzHIPIBQ":           `{"state":{"white":13,"black":67,"walls":{"white":{"h":[],"v":[51]},"black":{"h":[50],"v":[]}},"last_move":{"player":"black","kind":"wall","place":50},"turn":5},"record":null}`,
		"j8YrLiz3AADg":          `{"state":{"white":31,"black":70,"walls":{"white":{"h":[44,46],"v":[51,55]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":14},"record":null}`,
		"j8dU1V7Liz3AFMFA":      `{"state":{"white":31,"black":71,"walls":{"white":{"h":[19,21,23,44,46],"v":[51,55]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"wall","place":19},"turn":20},"record":null}`,
		"j75k1V4bLkaoz3Kr8GgGg": `{"state":{"white":31,"black":62,"walls":{"white":{"h":[19,21,23,33,44,46],"v":[26,40,51,55]},"black":{"h":[42,63],"v":[]}},"last_move":{"player":"white","kind":"wall","place":40},"turn":26},"record":null}`,
	}
	moves := map[string]int{
		"QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk":                                   46, // the viewer's record example
		"ReBPNKwglK4p8Gkm5WkJ0CvCzSZGKEZmgmRkqm8QuSQCYmJiQkBAICZGQC2+IAhqBhRERiAgRkYgIE": 94, // "Hidden costs"
	}
	entries := readCorpus(t)
	if len(entries) != len(want)+len(moves) {
		t.Errorf("corpus has %d codes, the test knows %d", len(entries), len(want)+len(moves))
	}
	for _, e := range entries {
		v, err := ref.Decode(e.code)
		if err != nil {
			t.Errorf("%s (%s): %v", e.code, e.source, err)
			continue
		}
		if code, err := ref.Encode(v); code != e.code {
			t.Errorf("Encode(Decode(%q)) = %q, %v", e.code, code, err)
		}
		if v.State != nil {
			// The free board's SNAP writes each group in ascending order.
			for _, g := range [][]int{v.State.Walls.White.H, v.State.Walls.White.V, v.State.Walls.Black.H, v.State.Walls.Black.V} {
				if !slices.IsSorted(g) || len(slices.Compact(slices.Clone(g))) != len(g) {
					t.Errorf("%s: wall group %v is not ascending", e.code, g)
				}
			}
			got, _ := json.Marshal(v)
			if string(got) != want[e.code] {
				t.Errorf("%s:\ngot  %s\nwant %s", e.code, got, want[e.code])
			}
			continue
		}
		n, ok := moves[e.code]
		if !ok || v.Record == nil || len(v.Record.Moves) != n {
			t.Errorf("%s: got %+v, want a record of %d moves", e.code, v.Record, n)
			continue
		}
		// Both records open with white's and black's steps forward.
		first := v.Record.Moves[:2]
		if first[0] != ref.PieceMove(0) || first[1] != ref.PieceMove(4) {
			t.Errorf("%s: first moves %+v, want N then S", e.code, first)
		}
	}
}
