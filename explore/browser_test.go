package explore_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/qf-format/qf-conformance/internal/bitstring"
	"github.com/qf-format/qf-conformance/internal/browsertest"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// page drives the explorer in Chromium.
type page struct {
	t     *testing.T
	b     *browsertest.Browser
	index string // the file:// URL of index.html
}

// eval evaluates a JavaScript expression, awaiting it if it is a promise,
// into out.
func (p *page) eval(js string, out any) {
	p.t.Helper()
	err := chromedp.Run(p.b.Ctx, chromedp.Evaluate(js, out, func(e *runtime.EvaluateParams) *runtime.EvaluateParams {
		return e.WithAwaitPromise(true)
	}))
	if err != nil {
		p.t.Fatalf("%.80s: %v", js, err)
	}
}

// visit sets the page's hash and waits until the explorer has routed it.
func (p *page) visit(hash string) {
	p.t.Helper()
	var ok bool
	p.eval(fmt.Sprintf(`new Promise((resolve) => {
		const hash = %q;
		if (location.hash === hash) { resolve(true); return; }
		window.addEventListener("hashchange", () => setTimeout(() => resolve(true), 0), { once: true });
		location.hash = hash;
	})`, hash), &ok)
}

// waitFor waits until the JavaScript expression cond is true, polling;
// the browser's context, which ends shortly before the test's deadline,
// bounds the wait (a loaded machine is slow, not wrong).
func (p *page) waitFor(cond string) {
	p.t.Helper()
	var ok bool
	p.eval(fmt.Sprintf(`new Promise((resolve) => {
		(function poll() {
			if (%s) { resolve(true); return; }
			setTimeout(poll, 20);
		})();
	})`, cond), &ok)
}

// noErrors fails the test on any console error or uncaught exception so
// far.
func (p *page) noErrors(when string) {
	p.t.Helper()
	for _, e := range p.b.Errors() {
		p.t.Errorf("%s: %s", when, e)
	}
}

func (p *page) screenshot(name string) {
	p.t.Helper()
	var png []byte
	if err := chromedp.Run(p.b.Ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		p.t.Fatal(err)
	}
	dir := os.Getenv("QF_SCREENSHOTS") // to keep them; by default they go with the test's temporary directory
	if dir == "" {
		dir = p.t.TempDir()
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot %s: %d bytes", path, len(png))
}

func open(t *testing.T, width, height int) *page {
	b := browsertest.New(t, width, height)
	p := &page{t: t, b: b, index: "file://" + filepath.ToSlash(filepath.Join(site(t), "index.html"))}
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(p.index), chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery)); err != nil {
		t.Fatalf("opening %s: %v", p.index, err)
	}
	var ms float64
	p.eval(`window.QF_LOAD_MS`, &ms)
	t.Logf("the explorer was ready %.0f ms after the navigation began (WebAssembly loaded, vectors listed)", ms)
	p.noErrors("loading")
	return p
}

// What a vector page showed.
type shownVector struct {
	ID, Route, Title, Input, Expected, White, Black, SVGTitle, Note, Explain string
	Visible                                                                  bool
	Flags                                                                    int
}

// The explorer in a real browser, page by page: every vector's page shows
// its input, its expectation as formatted JSON, its flags and, where there
// is one, its board, with the pawns where the reference puts them.
func TestBrowserVectors(t *testing.T) {
	t.Parallel()
	p := open(t, 1200, 900)
	var shown []shownVector
	p.eval(`(async () => {
		const out = [];
		const text = (id) => document.getElementById(id).textContent;
		for (const v of window.QF_VECTORS) {
			await new Promise((resolve) => {
				window.addEventListener("hashchange", () => setTimeout(resolve, 0), { once: true });
				location.hash = v.id;
			});
			const svg = document.querySelector("#vector-board svg");
			const explain = document.getElementById("vector-explain");
			out.push({
				ID: v.id, Route: document.body.dataset.route, Visible: !document.getElementById("vector").hidden,
				Title: text("vector-id"), Input: text("vector-input"), Expected: text("vector-expected"),
				White: svg ? svg.querySelector(".pawn.white").dataset.square : "",
				Black: svg ? svg.querySelector(".pawn.black").dataset.square : "",
				SVGTitle: svg ? svg.querySelector("title").textContent : "",
				Note: document.querySelector("#vector-board .board-note").textContent,
				Flags: document.querySelectorAll("#vector-flags a").length,
				Explain: explain.hidden ? "" : explain.getAttribute("href"),
			});
		}
		return out;
	})()`, &shown)
	p.noErrors("the vector pages")

	byID := map[string]shownVector{}
	for _, s := range shown {
		byID[s.ID] = s
	}
	n := 0
	for _, name := range vectors.Files {
		f, err := vectors.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range f.Tests {
			n++
			s, ok := byID[test.ID]
			if !ok {
				t.Errorf("%s: not visited", test.ID)
				continue
			}
			checkVector(t, f, &test, s)
		}
	}
	if len(shown) != n {
		t.Errorf("%d pages visited, %d vectors", len(shown), n)
	}
	t.Logf("%d vector pages visited", len(shown))
	p.visit("#strict/maximum")
	p.screenshot("vector-maximum")
}

func checkVector(t *testing.T, f *vectors.File, test *vectors.Test, s shownVector) {
	t.Helper()
	if !s.Visible || s.Title != test.ID || s.Route != test.ID {
		t.Errorf("%s: the page shows %q (visible %v, route %q)", test.ID, s.Title, s.Visible, s.Route)
		return
	}
	// The input.
	input, _ := test.Input()
	wantInput := input
	switch {
	case f.Op == "encode":
		wantInput = string(test.ValueInput())
	case test.Code == nil:
		wantInput = "bytes (hex): " + test.CodeHex
	}
	if s.Input != wantInput {
		t.Errorf("%s: input %q, want %q", test.ID, s.Input, wantInput)
	}
	// The expectation, formatted.
	var want any
	switch {
	case test.Error != nil:
		want = test.Error
	case f.Op == "decode":
		want = test.Value
	case f.Op == "encode":
		want = *test.Code
	case f.Op == "replay":
		want = map[string]any{"squares": test.Squares, "violation": test.Violation}
	default:
		want = test.Violations
	}
	var got, wantJSON any
	b, _ := json.Marshal(want)
	json.Unmarshal(b, &wantJSON)
	if err := json.Unmarshal([]byte(s.Expected), &got); err != nil || !cmp.Equal(got, wantJSON) {
		t.Errorf("%s: expected shown as %.200q, want %s", test.ID, s.Expected, b)
	}
	if strings.ContainsAny(string(b), "{[") && len(b) > 2 && !strings.Contains(s.Expected, "\n  ") {
		t.Errorf("%s: the expectation is not formatted: %.100q", test.ID, s.Expected)
	}
	if s.Flags != len(test.Flags) {
		t.Errorf("%s: %d flag links, %d flags", test.ID, s.Flags, len(test.Flags))
	}
	// The board: of the canonical code, the code encoded, or the code
	// replayed or validated; none when the input does not decode.
	board := ""
	switch {
	case f.Op == "decode" && test.Error == nil:
		board = test.Canonical
	case f.Op == "encode" && test.Error == nil:
		board = *test.Code
	case f.Op == "replay", f.Op == "validate":
		board = input
	}
	v, err := ref.Decode(board)
	if board == "" || err != nil {
		if s.White != "" || s.Note == "" {
			t.Errorf("%s: a board (white %s), or no word of why not (%q)", test.ID, s.White, s.Note)
		}
		return
	}
	last := rules.Start(v)
	if positions, _ := rules.Replay(v); len(positions) > 0 {
		last = positions[len(positions)-1]
	}
	if s.White != rules.SquareName(last.White) || s.Black != rules.SquareName(last.Black) || !strings.HasPrefix(s.SVGTitle, "qf board:") {
		t.Errorf("%s: the board shows white %s, black %s (%q); want %s, %s", test.ID, s.White, s.Black, s.SVGTitle,
			rules.SquareName(last.White), rules.SquareName(last.Black))
	}
	if f.Op != "encode" && test.CodeHex == "" {
		code, err := url.PathUnescape(strings.TrimPrefix(strings.TrimSuffix(s.Explain, "&profile=lenient"), "#code="))
		if !strings.HasPrefix(s.Explain, "#code=") || err != nil || code != input || strings.HasSuffix(s.Explain, "&profile=lenient") != (f.Profile == "lenient") {
			t.Errorf("%s: the playground link %q", test.ID, s.Explain)
		}
	}
}

// What the playground showed.
type shownPlay struct {
	Verdict, Canonical, White, Black, Info, Hash string
	Fields, Junk, Faults, Ends, SliderMax, Value int
	FaultAt                                      []int
	FaultRow                                     bool
}

const readPlay = `(() => {
	const svg = document.querySelector("#play-board svg");
	const cells = [...document.querySelectorAll("#input-view .cell")];
	const slider = document.querySelector("#play-board .slider");
	return {
		Verdict: document.getElementById("verdict").textContent,
		Canonical: document.getElementById("canonical").textContent,
		White: svg ? svg.querySelector(".pawn.white").dataset.square : "",
		Black: svg ? svg.querySelector(".pawn.black").dataset.square : "",
		Info: document.querySelector("#play-board .move-info").textContent,
		Hash: location.hash,
		Fields: document.querySelectorAll("#fields tbody tr").length,
		Junk: document.querySelectorAll("#input-view .cell.junk").length,
		Faults: document.querySelectorAll("#input-view .cell.fault").length,
		FaultAt: cells.flatMap((c, i) => c.classList.contains("fault") && !c.classList.contains("end") ? [i] : []),
		Ends: document.querySelectorAll("#input-view .cell.end").length,
		FaultRow: !!document.querySelector("#fields tr.fault"),
		SliderMax: document.querySelector("#play-board .controls").offsetHeight === 0 ? -1 : Number(slider.max), // as seen
		Value: Number(slider.value),
	};
})()`

func (p *page) play(hash string) shownPlay {
	p.t.Helper()
	p.visit(hash)
	var s shownPlay
	p.eval(readPlay, &s)
	return s
}

// The playground, with codes of every kind: valid in each profile, each
// error kind with its characters marked, junk deleted leniently, a record
// stepped with the slider, the buttons and the arrow keys, a record that
// breaks the rules, and a code typed in.
func TestBrowserPlayground(t *testing.T) {
	t.Parallel()
	p := open(t, 1200, 900)
	playCodes(t, p)
	playBits(t, p)
	playRecord(t, p)
	playTyping(t, p)
}

// playCodes checks codes of every kind: valid in each profile, each error kind with its characters marked, junk deleted leniently, a record that breaks the rules.
func playCodes(t *testing.T, p *page) {
	for _, c := range []struct {
		hash  string
		check func(s shownPlay) bool
	}{
		{"#code=j7oklAHMe1ICg", func(s shownPlay) bool {
			return strings.HasPrefix(s.Verdict, "Accepted (strict)") && s.Fields == 16 && s.White == "e4" && s.Black == "e7" &&
				s.Canonical == "canonical code: j7oklAHMe1ICg (the input)" && s.SliderMax == -1 && s.Faults == 0
		}},
		{"#code=QUFB%3D", func(s shownPlay) bool {
			return strings.HasPrefix(s.Verdict, "Rejected (strict): ref: char 4: invalid character") && s.Fields == 0 && s.White == "" && s.SliderMax == -1 && cmp.Equal(s.FaultAt, []int{4})
		}},
		{"#code=xx", func(s shownPlay) bool {
			return strings.Contains(s.Verdict, "truncated") && s.Fields == 3 && s.Ends == 1 && len(s.FaultAt) == 0
		}},
		{"#code=qIAAAAAA", func(s shownPlay) bool {
			return strings.Contains(s.Verdict, "white square 81 out of range 0-80") && s.FaultRow && cmp.Equal(s.FaultAt, []int{0, 1})
		}},
		{"#code=j7oklAHMe1ICgAA", func(s shownPlay) bool {
			return strings.Contains(s.Verdict, "trailing data") && cmp.Equal(s.FaultAt, []int{13, 14})
		}},
		{"#code=j7oklAHMe1ICh", func(s shownPlay) bool {
			return strings.Contains(s.Verdict, "nonzero padding") && cmp.Equal(s.FaultAt, []int{12})
		}},
		{"#code=j7ok%20lAHMe1ICg%3D%3D&profile=lenient", func(s shownPlay) bool {
			return strings.HasPrefix(s.Verdict, "Accepted (lenient)") && s.Junk == 3 && s.Canonical == "canonical code: j7oklAHMe1ICg" && s.White == "e4"
		}},
		{"#code=j7ok%20lAHMe1ICg%3D%3D", func(s shownPlay) bool {
			return strings.HasPrefix(s.Verdict, "Rejected (strict)") && cmp.Equal(s.FaultAt, []int{4})
		}},
		{"#code=x-x&profile=lenient", func(s shownPlay) bool {
			return strings.Contains(s.Verdict, "truncated") && s.Junk == 1 && s.Ends == 1
		}},
		{"#code=QCAA", func(s shownPlay) bool { // white north, then black north off the board
			return s.SliderMax == 1 && s.Value == 1 && strings.Contains(s.Info, "move 2 (record.moves[1]), black's pawn north, breaks the rules: off_board") && s.White == "e2"
		}},
		{"#code=gkwAAAAQ", func(s shownPlay) bool { // the initial board, turn 0
			return strings.HasPrefix(s.Verdict, "Accepted") && s.White == "e1" && s.Black == "e9"
		}},
	} {
		if s := p.play(c.hash); !c.check(s) {
			t.Errorf("%s: %+v", c.hash, s)
		}
	}
	p.noErrors("the playground's codes")
}

// playBits checks the bits shown: none for a byte outside the alphabet (strictly each of é's two bytes is a character of the code with six empty positions; leniently it is deleted, with none), those of a field lit when its row is hovered.
func playBits(t *testing.T, p *page) {
	for _, c := range []struct {
		hash string
		want []string
	}{
		{"#code=gA%C3%A9", []string{"······", "······"}},
		{"#code=gA!", []string{"······"}},
		{"#code=gA%C3%A9&profile=lenient", nil},
	} {
		p.play(c.hash)
		var groups []string
		p.eval(`[...[...document.querySelectorAll("#input-view .cell")][2].querySelectorAll(".bits")].map((b) => b.textContent)`, &groups)
		if !cmp.Equal(groups, c.want, cmpopts.EquateEmpty()) {
			t.Errorf("%s: the third character's bits %q, want %q", c.hash, groups, c.want)
		}
	}
	// Hovering a field's row lights up its bits: state.white's 7, in 'g' and 'k'.
	p.play("#code=j7oklAHMe1ICg")
	var hot int
	p.eval(`(() => { document.querySelector('#fields tr[data-field="2"]').dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
		return document.querySelectorAll('#input-view .hot').length; })()`, &hot)
	if hot != 7 {
		t.Errorf("hovering state.white's row lit %d bits, want 7", hot)
	}
	var bits string
	p.eval(`[...document.querySelectorAll("#input-view .bits")].map((b) => b.textContent).join("")`, &bits)
	if want := bitstring.Bits("j7oklAHMe1ICg"); bits != want {
		t.Errorf("the bits shown: %s, want %s", bits, want)
	}
	p.play("#code=qIAAAAAA")
	p.screenshot("playground-error")
}

// playRecord steps a long record with the slider, the buttons and the arrow keys: the squares after each move are the replay vector's.
func playRecord(t *testing.T, p *page) {
	var squares [][2]int
	f, _ := vectors.Load(suite.Replay.File())
	for _, test := range f.Tests {
		if test.ID == "replay/corpus-viewer-record" {
			squares = *test.Squares
		}
	}
	s := p.play("#code=QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk")
	if s.SliderMax != 46 || s.Value != 46 || s.White != rules.SquareName(squares[45][0]) || !strings.Contains(s.Info, "move 46 of 46") {
		t.Fatalf("the record: %+v", s)
	}
	p.screenshot("playground-record")
	for _, k := range []int{0, 1, 7, 23, 45} {
		p.eval(fmt.Sprintf(`(() => { const s = document.querySelector("#play-board .slider"); s.value = %d; s.dispatchEvent(new Event("input")); return true; })()`, k), new(bool))
		p.eval(readPlay, &s)
		wantW, wantB := "e1", "e9"
		if k > 0 {
			wantW, wantB = rules.SquareName(squares[k-1][0]), rules.SquareName(squares[k-1][1])
		}
		if s.Value != k || s.White != wantW || s.Black != wantB {
			t.Errorf("slider at %d: white %s, black %s; want %s, %s", k, s.White, s.Black, wantW, wantB)
		}
	}
	// The buttons and the arrow keys step from there (move 45).
	if err := chromedp.Run(p.b.Ctx, chromedp.Click("#play-board .back", chromedp.ByQuery), chromedp.Click("#play-board .back", chromedp.ByQuery),
		chromedp.Click("#home", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.play("#code=QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk")
	if err := chromedp.Run(p.b.Ctx, chromedp.Click("#play-board .back", chromedp.ByQuery), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	p.eval(readPlay, &s)
	if s.Value != 44 || s.White != rules.SquareName(squares[43][0]) {
		t.Errorf("back, left, left, right from 46: move %d, white %s", s.Value, s.White)
	}
}

// playTyping types a code: each key is explained, and the link follows; then the profile switch.
func playTyping(t *testing.T, p *page) {
	var s shownPlay
	p.visit("#")
	if err := chromedp.Run(p.b.Ctx, chromedp.SendKeys("#code", "QEB", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.eval(readPlay, &s)
	if s.Hash != "#code=QEB" || !strings.Contains(s.Verdict, "Rejected") {
		t.Errorf("typed QEB: %+v", s)
	}
	if err := chromedp.Run(p.b.Ctx, chromedp.SendKeys("#code", "AQ", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.eval(readPlay, &s)
	if s.Hash != "#code=QEBAQ" || !strings.HasPrefix(s.Verdict, "Accepted") || s.SliderMax != 4 {
		t.Errorf("typed QEBAQ: %+v", s)
	}
	// The profile switch.
	if err := chromedp.Run(p.b.Ctx, chromedp.Click(`input[name=profile][value=lenient]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.eval(readPlay, &s)
	if s.Hash != "#code=QEBAQ&profile=lenient" || !strings.HasPrefix(s.Verdict, "Accepted (lenient)") {
		t.Errorf("lenient: %+v", s)
	}
	p.noErrors("the playground's record and typing")
}

// Every flag's page and every edge case's page, the list's filter and
// links, the way from a vector to the playground, the playground's
// examples, and a vector that does not exist.
func TestBrowserNotes(t *testing.T) {
	t.Parallel()
	p := open(t, 1200, 900)
	notesOne(t, p)
	notesAll(t, p)
	notesList(t, p)
	notesToPlayground(t, p)
}

// notesOne checks one flag's page and one edge case's page.
func notesOne(t *testing.T, p *page) {
	var got struct {
		Name, Description, Refs string
		Vectors                 int
	}
	p.visit("#flag=FaultZeroFill")
	p.eval(`({Name: document.getElementById("flag-name").textContent, Description: document.getElementById("flag-description").textContent,
		Refs: document.getElementById("flag-refs").innerHTML, Vectors: document.querySelectorAll("#flag-vectors a").length})`, &got)
	if got.Name != "FaultZeroFill" || got.Description != vectors.Notes["FaultZeroFill"].Description || !strings.Contains(got.Refs, `href="#EC-6"`) || got.Vectors < 3 {
		t.Errorf("the flag's page: %+v", got)
	}
	p.visit("#EC-6")
	p.eval(`({Name: document.getElementById("ec-title").textContent, Description: document.getElementById("ec-text").textContent,
		Refs: document.getElementById("ec-flags").innerHTML, Vectors: document.querySelectorAll("#ec-vectors a").length})`, &got)
	if got.Name != "EC-6: Truncation" || !strings.Contains(got.Description, "truncated") || !strings.Contains(got.Refs, "FaultZeroFill") || got.Vectors < 3 {
		t.Errorf("the edge case's page: %+v", got)
	}
}

// notesAll visits every flag's page and every edge case's page.
func notesAll(t *testing.T, p *page) {
	var pages []struct {
		Name, Description, Text string
		Vectors, Links          int
	}
	p.eval(`(async () => {
		const out = [];
		const go = (hash) => new Promise((resolve) => {
			window.addEventListener("hashchange", () => setTimeout(resolve, 0), { once: true });
			location.hash = hash;
		});
		for (const name of Object.keys(window.QF_NOTES)) {
			await go("#flag=" + encodeURIComponent(name));
			out.push({Name: document.getElementById("flag-name").textContent, Description: document.getElementById("flag-description").textContent,
				Vectors: document.querySelectorAll("#flag-vectors a").length, Links: document.querySelectorAll("#flag-refs a").length});
		}
		for (const ec of window.QF_EDGE_CASES) {
			await go("#" + ec.id);
			out.push({Name: document.getElementById("ec-title").textContent, Text: document.getElementById("ec-text").textContent,
				Vectors: document.querySelectorAll("#ec-vectors a").length, Links: document.querySelectorAll("#ec-flags a").length});
		}
		return out;
	})()`, &pages)
	withFlag := map[string]int{}
	for _, name := range vectors.Files {
		f, _ := vectors.Load(name)
		for _, test := range f.Tests {
			for _, flag := range test.Flags {
				withFlag[flag]++
			}
		}
	}
	byName := map[string]int{}
	for i, pg := range pages {
		byName[strings.SplitN(pg.Name, ":", 2)[0]] = i
	}
	for flag, note := range vectors.Notes {
		i, ok := byName[flag]
		if !ok {
			t.Errorf("flag %s: no page", flag)
			continue
		}
		refs := 0
		for _, r := range note.Refs {
			if strings.HasPrefix(r, "EC-") {
				refs++
			}
		}
		if pg := pages[i]; pg.Description != note.Description || pg.Vectors != withFlag[flag] || pg.Links != refs {
			t.Errorf("flag %s's page: %d vectors (want %d), %d edge-case links (want %d)", flag, pg.Vectors, withFlag[flag], pg.Links, refs)
		}
	}
	for _, ec := range spec.EdgeCases {
		i, ok := byName[ec.ID]
		if !ok || len(pages[i].Text) < 100 {
			t.Errorf("%s: no page, or no text", ec.ID)
		}
	}
}

// notesList checks the list's filter, and a click on an item.
func notesList(t *testing.T, p *page) {
	var filtered struct {
		Count   string
		Shown   int
		Matches bool
	}
	if err := chromedp.Run(p.b.Ctx, chromedp.SendKeys("#filter", "padding record", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.eval(`(() => {
		const items = [...document.querySelectorAll("#list a")];
		const text = (id) => { const v = window.QF_VECTORS.find((v) => v.id === id); return (v.id + " " + v.flags.join(" ") + " " + v.comment).toLowerCase(); };
		return {Count: document.getElementById("count").textContent, Shown: items.length,
			Matches: items.every((a) => text(a.dataset.id).includes("padding") && text(a.dataset.id).includes("record"))};
	})()`, &filtered)
	total := 0
	for _, name := range vectors.Files {
		f, err := vectors.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		total += len(f.Tests)
	}
	if filtered.Shown == 0 || filtered.Shown > 200 || !filtered.Matches || filtered.Count != fmt.Sprintf("%d of %d vectors", filtered.Shown, total) {
		t.Errorf("filtering by \"padding record\": %+v", filtered)
	}
	var first, route, title string
	p.eval(`document.querySelector("#list a").dataset.id`, &first)
	if err := chromedp.Run(p.b.Ctx, chromedp.Click("#list a", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.waitFor(fmt.Sprintf("document.body.dataset.route === %q", first))
	p.eval(`document.body.dataset.route`, &route)
	p.eval(`document.getElementById("vector-id").textContent`, &title)
	if route != first || title != first {
		t.Errorf("a click on the first item, %s, led to %q showing %q", first, route, title)
	}
}

// notesToPlayground follows a vector to the playground, the playground's examples, and a vector that does not exist.
func notesToPlayground(t *testing.T, p *page) {
	p.visit("#lenient/viewer-position-space-middle")
	if err := chromedp.Run(p.b.Ctx, chromedp.Click("#vector-explain", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var s shownPlay
	p.waitFor(`!document.body.dataset.route.startsWith("lenient/") && !!document.querySelector("#play-board svg")`)
	p.eval(readPlay, &s)
	if !strings.HasPrefix(s.Verdict, "Accepted (lenient)") || s.Junk != 1 {
		t.Errorf("the vector's playground link: %+v", s)
	}
	var examples []string
	p.eval(`[...document.querySelectorAll("#examples a")].map((a) => a.getAttribute("href"))`, &examples)
	for _, href := range examples {
		s := p.play(href)
		if s.Verdict == "" || s.Hash != href && s.Hash != strings.ReplaceAll(href, "&amp;", "&") {
			t.Errorf("example %s: %+v", href, s)
		}
	}
	if len(examples) != 4 {
		t.Errorf("%d examples", len(examples))
	}

	var missing string
	p.visit("#strict/no-such-vector")
	p.eval(`document.getElementById("missing").hidden ? "" : document.getElementById("missing-text").textContent`, &missing)
	if missing != "No vector strict/no-such-vector." {
		t.Errorf("a missing vector: %q", missing)
	}
	p.noErrors("the notes")
}

// From 360 pixels wide: nothing is wider than the screen, the board fits,
// the list folds away behind a button that opens it.
func TestBrowserNarrow(t *testing.T) {
	t.Parallel()
	p := open(t, 360, 740)
	// A headless window is at least 500 pixels wide: emulate the phone.
	if err := chromedp.Run(p.b.Ctx, chromedp.EmulateViewport(360, 740)); err != nil {
		t.Fatal(err)
	}
	for _, hash := range []string{"#code=QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk", "#code=qIAAAAAA", "#lenient/truncated-maximum", "#replay/corpus-viewer-record", "#EC-24", "#flag=Direction"} {
		p.visit(hash)
		var m struct{ Scroll, Inner, Board, Nav int }
		p.eval(`({Scroll: document.documentElement.scrollWidth, Inner: window.innerWidth,
			Board: Math.round(Math.max(0, ...[...document.querySelectorAll(".board svg")].map((s) => s.getBoundingClientRect().right))),
			Nav: document.getElementById("nav").offsetWidth})`, &m)
		if m.Scroll > m.Inner || m.Board > m.Inner || m.Nav != 0 {
			t.Errorf("%s at 360 px: page %d px wide, board to %d px, list %d px wide; the window is %d", hash, m.Scroll, m.Board, m.Nav, m.Inner)
		}
		if hash == "#replay/corpus-viewer-record" {
			p.screenshot("narrow-vector")
		}
		// In the fields table, numbers, bits and paths stay on one line
		// (the table scrolls); only the meaning wraps.
		var wrapped []string
		p.eval(`[...document.querySelectorAll("#fields td:not(:last-child)")].filter((td) => {
			const r = document.createRange();
			r.selectNodeContents(td);
			return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1;
		}).map((td) => td.textContent)`, &wrapped)
		if len(wrapped) > 0 {
			t.Errorf("%s at 360 px: fields table cells broken over lines: %q", hash, wrapped)
		}
	}
	var open bool
	if err := chromedp.Run(p.b.Ctx, chromedp.Click("#menu", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.eval(`document.getElementById("nav").offsetWidth > 300 && document.querySelectorAll("#list a").length > 900`, &open)
	if !open {
		t.Error("the menu button does not open the list")
	}
	p.noErrors("narrow")
}

// The edge cases a code touches are named in the playground, each linked
// to its page; the index of edge cases lists every one of spec/qf.md, and
// each link there leads to its page.
func TestBrowserEdgeCases(t *testing.T) {
	t.Parallel()
	p := open(t, 1200, 900)
	for _, c := range []struct{ hash, want string }{
		{"#code=gkwAAAAQ%3D", "#EC-1"},
		{"#code=B", "#EC-8"},
		{"#code=QA", "#EC-10"},
		{"#code=QA&profile=lenient", "#EC-10"},
	} {
		p.play(c.hash)
		var links []string
		p.eval(`[...document.querySelectorAll("#play-edge-cases a")].map((a) => a.getAttribute("href"))`, &links)
		if !slices.Contains(links, c.want) {
			t.Errorf("%s: edge cases %q, want %s among them", c.hash, links, c.want)
		}
	}
	p.play("#code=")
	var none int
	p.eval(`document.querySelectorAll("#play-edge-cases a").length`, &none)
	if none != 0 {
		t.Errorf("the empty playground names %d edge cases", none)
	}
	if err := chromedp.Run(p.b.Ctx, chromedp.Click("#ec-index-link", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.waitFor(`document.body.dataset.route === "edge-cases"`)
	var rows []struct{ ID, Href, Title, Vectors string }
	p.eval(`[...document.querySelectorAll("#ec-index tbody tr")].map((tr) => ({ID: tr.cells[0].textContent,
		Href: tr.querySelector("a").getAttribute("href"), Title: tr.cells[1].textContent, Vectors: tr.cells[2].textContent}))`, &rows)
	if len(rows) != len(spec.EdgeCases) {
		t.Fatalf("the index lists %d edge cases, spec/qf.md %d", len(rows), len(spec.EdgeCases))
	}
	for i, ec := range spec.EdgeCases {
		r := rows[i]
		if r.ID != ec.ID || r.Href != "#"+ec.ID || r.Title == "" || r.Vectors == "" {
			t.Errorf("row %d: %+v, want %s", i, r, ec.ID)
		}
	}
	p.screenshot("edge-cases")
	if err := chromedp.Run(p.b.Ctx, chromedp.Click(`#ec-index a[href="#EC-12"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.waitFor(`document.body.dataset.route === "EC-12"`)
	var title string
	p.eval(`document.getElementById("ec-title").textContent`, &title)
	if !strings.HasPrefix(title, "EC-12: ") {
		t.Errorf("the index's link to EC-12 shows %q", title)
	}
	p.noErrors("the edge cases")
}

// The explorer as a person first meets it: the code box, the profile and
// the filter in the first screen; the empty playground, and one typed
// and cleared, shows a prompt and no error; a filter typed finds a
// replay with an illegal move, whose page says it decodes and where its
// record breaks the rules, not "valid" in green; every vector page whose
// replay or validation breaks the rules says so; the list's bars have a
// legend, one entry for each colour.
func TestBrowserAsAPerson(t *testing.T) {
	t.Parallel()
	p := open(t, 1200, 900)
	personFirstScreen(t, p)
	personEmpty(t, p)
	personLabels(t, p)
	personLegend(t, p)
	p.noErrors("as a person")
}

// personFirstScreen checks that the controls are on the first screen, at
// scroll 0.
func personFirstScreen(t *testing.T, p *page) {
	var off []string
	p.eval(`(() => { window.scrollTo(0, 0); document.getElementById("main").scrollTop = 0;
		return ["#code", "input[name=profile][value=lenient]", "#filter", "#examples a"].filter((q) => {
			const e = document.querySelector(q), r = e.getBoundingClientRect();
			return !e.checkVisibility() || r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth;
		}); })()`, &off)
	if len(off) > 0 {
		t.Errorf("off the first screen: %q", off)
	}
}

// What the playground shows of itself in words, and its error marks.
const readEmpty = `({Text: document.getElementById("playground").innerText,
	Faults: [...document.querySelectorAll("#playground .fault, #playground .bad")].filter((e) => e.checkVisibility()).length,
	Verdict: document.getElementById("verdict").textContent})`

// personEmpty checks the empty playground, as it opens and once a key
// typed is deleted.
func personEmpty(t *testing.T, p *page) {
	var s struct {
		Text, Verdict string
		Faults        int
	}
	check := func(when string) {
		t.Helper()
		p.eval(readEmpty, &s)
		if s.Faults > 0 || s.Verdict != "Paste a code above." || regexp.MustCompile(`(?i)ends here|truncated|rejected|error`).MatchString(s.Text) {
			t.Errorf("%s: the playground shows %d error marks, verdict %q:\n%s", when, s.Faults, s.Verdict, s.Text)
		}
	}
	p.visit("#")
	check("the empty playground")
	if err := chromedp.Run(p.b.Ctx, chromedp.SendKeys("#code", "Q", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.eval(readEmpty, &s)
	if s.Faults == 0 || !strings.Contains(s.Verdict, "Rejected") {
		t.Errorf("typed Q: verdict %q, %d error marks", s.Verdict, s.Faults)
	}
	if err := chromedp.Run(p.b.Ctx, chromedp.SendKeys("#code", kb.Backspace, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	check("Q typed and deleted")
}

// personLabels finds an illegal replay with the filter, opens it, reads
// its label; then reads the labels of every vector whose replay or
// validation breaks the rules.
func personLabels(t *testing.T, p *page) {
	const id = "replay/first-mover-white-off-board"
	if err := chromedp.Run(p.b.Ctx, chromedp.SendKeys("#filter", "white-off-board", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var shown []string
	p.eval(`[...document.querySelectorAll("#list a")].map((a) => a.dataset.id)`, &shown)
	if !slices.Contains(shown, id) {
		t.Fatalf("filtered by white-off-board, the list shows %q", shown)
	}
	if err := chromedp.Run(p.b.Ctx, chromedp.Click(fmt.Sprintf(`#list a[data-id=%q]`, id), chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	p.waitFor(fmt.Sprintf("document.body.dataset.route === %q", id))
	type label struct {
		ID, Text string
		Green    []string // the parts of the label in green
	}
	const read = `(() => { const meta = document.getElementById("vector-meta");
		const ok = document.querySelector("#legend .swatch.ok");
		const green = new Set(["rgb(47, 125, 50)", ok && getComputedStyle(ok).borderLeftColor]); // style.css's green, and the legend's
		return {ID: document.body.dataset.route, Text: meta.textContent,
			Green: [...meta.querySelectorAll("*")].filter((e) => green.has(getComputedStyle(e).color)).map((e) => e.textContent)}; })()`
	var l label
	p.eval(read, &l)
	if want := "decodes strictly · illegal move: move 1 (record.moves[0]) breaks the rules, off_board"; !strings.HasPrefix(l.Text, want) || len(l.Green) > 0 {
		t.Errorf("%s is labelled %q, in green %q; want %q, nothing green", id, l.Text, l.Green, want)
	}
	p.screenshot("illegal-replay")
	// Every replay with an illegal move, every position that breaks the
	// rules.
	var labels []label
	p.eval(`(async () => {
		const out = [];
		for (const v of window.QF_VECTORS) {
			if (!(v.op === "replay" || v.op === "validate") || v.result !== "valid") continue;
			await new Promise((resolve) => {
				window.addEventListener("hashchange", () => setTimeout(resolve, 0), { once: true });
				location.hash = v.id;
			});
			out.push(`+read+`);
		}
		return out;
	})()`, &labels)
	broken := 0
	for _, name := range []string{suite.Replay.File(), suite.Validate.File()} {
		f, _ := vectors.Load(name)
		for _, test := range f.Tests {
			if test.Result != vectors.Valid {
				continue
			}
			i := slices.IndexFunc(labels, func(l label) bool { return l.ID == test.ID })
			if i < 0 {
				t.Errorf("%s: not visited", test.ID)
				continue
			}
			checkLabel(t, &test, labels[i].Text, labels[i].Green, &broken)
		}
	}
	if broken < 100 {
		t.Errorf("%d vectors that break the rules", broken)
	}
}

// checkLabel checks the label of a replay or validation vector that
// decodes: what the rules say of it, green only where they find nothing.
func checkLabel(t *testing.T, test *vectors.Test, text string, green []string, broken *int) {
	t.Helper()
	if regexp.MustCompile(`\bvalid\b`).MatchString(text) || !strings.HasPrefix(text, "decodes strictly · ") {
		t.Errorf("%s is labelled %q", test.ID, text)
	}
	var want string
	switch {
	case test.Violation != nil:
		want = fmt.Sprintf("illegal move: move %d (record.moves[%d]) breaks the rules, %s", test.Violation.Move+1, test.Violation.Move, test.Violation.Kind)
	case test.Violations != nil && len(*test.Violations) > 0:
		want = "the position breaks the rules: " + strings.Join(*test.Violations, ", ")
	default:
		return
	}
	*broken++
	if !strings.Contains(text, want) || len(green) > 0 {
		t.Errorf("%s is labelled %q, in green %q; want %q, nothing green", test.ID, text, green, want)
	}
}

// personLegend checks that each colour of the list's bars is in the
// legend, with words, and that a replay with an illegal move has a bar
// of another colour than a legal one.
func personLegend(t *testing.T, p *page) {
	var got struct {
		Bars           map[string]string // a bar's colour: an id with it
		Legend         map[string]string // a swatch's colour: its words
		Illegal, Legal string
	}
	p.eval(`(() => {
		document.getElementById("filter").value = "";
		document.getElementById("filter").dispatchEvent(new Event("input"));
		const bar = (a) => getComputedStyle(a).borderLeftColor;
		const bars = {}, legend = {};
		for (const a of document.querySelectorAll("#list a")) bars[bar(a)] = a.dataset.id;
		for (const li of document.querySelectorAll("#legend li")) {
			if (li.checkVisibility()) legend[getComputedStyle(li.querySelector(".swatch")).borderLeftColor] = li.textContent.trim();
		}
		const of = (id) => bar(document.querySelector('#list a[data-id="' + id + '"]'));
		return {Bars: bars, Legend: legend, Illegal: of("replay/first-mover-white-off-board"), Legal: of("replay/first-mover-after-black")};
	})()`, &got)
	for colour, id := range got.Bars {
		if len(got.Legend[colour]) < 10 {
			t.Errorf("the bar of %s, %s, has no words in the legend (%q)", id, colour, got.Legend)
		}
	}
	if len(got.Bars) < 3 || got.Illegal == got.Legal {
		t.Errorf("the bars: %q; an illegal replay's %s, a legal one's %s", got.Bars, got.Illegal, got.Legal)
	}
	p.screenshot("legend")
}
