package term

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// FoldJSON folds between tokens only: the lines pasted back, with their
// breaks and indentation, parse as the same JSON; no line is longer than
// the width but one token alone; nothing a terminal acts on is left.
func TestFoldJSON(t *testing.T) {
	texts := []string{
		`{"kind":"invalid_character","char":8}`,
		`{"state":null,"record":{"moves":[{"kind":"piece","dir":0},{"kind":"wall","orientation":"h","place":19},{"kind":"piece","dir":4},{"kind":"wall","orientation":"v","place":9}]}}`,
		`"` + strings.Repeat("QuBAQEk6yVqpfcBgTio6WQr0JiSJ", 10) + `"`,
		`"QuBAQEk6\r\nyVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk"`,
		`["a \"quoted\", [bracketed] {braced}: string, with commas, colons and spaces that Fold would break at", 12345678901234567890, -1.5e300, true, false, null]`,
		"{\"del\":\"a\x7fb\",\"c1\":\"\u0085\",\"bidi\":\"\u202e\u2028\",\"key with spaces\"   :   [ 1 ,\r\n 2 ]\t}",
		strings.Repeat("[", 110) + strings.Repeat("]", 110),
		`{}`, `[]`, `0`, `""`,
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		b, _ := json.Marshal(randomValue(r, 4))
		texts = append(texts, string(b))
	}
	for _, text := range texts {
		for _, width := range []int{1, 10, 40, 100} {
			checkFoldJSON(t, text, width)
		}
	}
}

func checkFoldJSON(t *testing.T, text string, width int) {
	t.Helper()
	lines := FoldJSON(text, width)
	var want, got any
	json.Unmarshal([]byte(text), &want)
	pasted := strings.Join(lines, "\n          ")
	if err := json.Unmarshal([]byte(pasted), &got); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("%.60q folded at %d, pasted back: %v\n%s", text, width, err, pasted)
		return
	}
	for _, l := range lines {
		if Printable(l, false) != l {
			t.Errorf("%.60q folded at %d: a line a terminal acts on: %q", text, width, l)
		}
		if len(l) > width && len(jsonUnits(strings.TrimSpace(l))) > 1 {
			t.Errorf("%.60q folded at %d: a line of %d bytes that could break: %q", text, width, len(l), l)
		}
	}
}

// randomValue returns a JSON value of strings, numbers and nestings, up
// to depth deep.
func randomValue(r *rand.Rand, depth int) any {
	switch k := r.IntN(6); {
	case depth == 0 || k == 0:
		return strings.Repeat(string(rune('a'+r.IntN(26))), r.IntN(30)) + " \"\\,:[{"[r.IntN(7):]
	case k == 1:
		return r.NormFloat64() * 1e6
	case k == 2:
		return r.IntN(2) == 0
	case k == 3:
		m := map[string]any{}
		for range r.IntN(5) {
			m[string(rune('a'+r.IntN(26)))+":,"] = randomValue(r, depth-1)
		}
		return m
	default:
		var list []any
		for range r.IntN(6) {
			list = append(list, randomValue(r, depth-1))
		}
		return list
	}
}

// A text that is not JSON is folded as Fold folds it.
func TestFoldJSONNotJSON(t *testing.T) {
	text := "not JSON: \x1b[2J " + strings.Repeat("word ", 40)
	if got, want := FoldJSON(text, 30), Fold(Printable(text, false), 30); !reflect.DeepEqual(got, want) {
		t.Errorf("FoldJSON(%q) = %q, want %q", text, got, want)
	}
}
