package explore_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/qf-format/qf-conformance/explore"
	"github.com/qf-format/qf-conformance/internal/browsertest"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/vectors"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	if err := explore.Write(dir); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "data.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"window.QF_VECTORS = [", `"id":"replay/corpus-viewer-record"`, `"id":"strict/maximum"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("data.js lacks %s", want)
		}
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !bytes.Contains(index, []byte(`src="data.js"`)) || bytes.Contains(index, []byte("http")) {
		t.Error("index.html must load data.js and nothing from the network")
	}
}

// The explorer in a real browser: open the viewer's record, step through
// it with the next button and the arrow keys, check the pawns' squares in
// the DOM after each step against the replay vector, and take a
// screenshot.
func TestBrowser(t *testing.T) {
	b := browsertest.New(t, 1200, 900)
	ctx := b.Ctx
	dir := t.TempDir()
	if err := explore.Write(dir); err != nil {
		t.Fatal(err)
	}
	const id = "replay/corpus-viewer-record"
	var want [][2]int
	f, err := vectors.Load(vectors.ReplayFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range f.Tests {
		if test.ID == id {
			want = *test.Squares
		}
	}
	if len(want) == 0 {
		t.Fatalf("no vector %s", id)
	}

	url := "file://" + filepath.ToSlash(filepath.Join(dir, "index.html")) + "#" + id
	if err := chromedp.Run(ctx, chromedp.Navigate(url), chromedp.WaitVisible(".pawn.white", chromedp.ByQuery)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	squares := func() (white, black string) {
		var ok bool
		if err := chromedp.Run(ctx,
			chromedp.AttributeValue(".pawn.white", "data-square", &white, &ok, chromedp.ByQuery),
			chromedp.AttributeValue(".pawn.black", "data-square", &black, &ok, chromedp.ByQuery),
		); err != nil {
			t.Fatal(err)
		}
		return white, black
	}
	if w, b := squares(); w != "e1" || b != "e9" {
		t.Fatalf("start: white %s, black %s", w, b)
	}
	for k, sq := range want {
		step := chromedp.Click("#next", chromedp.ByQuery)
		if k%2 == 1 {
			step = chromedp.KeyEvent(kb.ArrowRight) // the arrow keys step too
		}
		if err := chromedp.Run(ctx, step); err != nil {
			t.Fatal(err)
		}
		w, b := squares()
		if w != rules.SquareName(sq[0]) || b != rules.SquareName(sq[1]) {
			t.Fatalf("after move %d: white %s, black %s; the vector says %s, %s", k+1, w, b, rules.SquareName(sq[0]), rules.SquareName(sq[1]))
		}
	}
	// Back steps back.
	if err := chromedp.Run(ctx, chromedp.Click("#back", chromedp.ByQuery), chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	if w, b := squares(); w != rules.SquareName(want[len(want)-3][0]) || b != rules.SquareName(want[len(want)-3][1]) {
		t.Errorf("two steps back: white %s, black %s", w, b)
	}
	var step string
	if err := chromedp.Run(ctx, chromedp.Text("#step", &step, chromedp.ByQuery)); err != nil || !strings.Contains(step, "of 46") {
		t.Errorf("step label %q, %v", step, err)
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Fatal(err)
	}
	if len(png) < 1000 || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("screenshot of %d bytes", len(png))
	}
	shot := filepath.Join(t.TempDir(), "qf-explorer.png")
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", shot, len(png))
}
