package compare_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/qf-format/qf-conformance/compare"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/internal/browsertest"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
)

// mutantNames are the mutants compared with the reference: faults of
// every kind, confined or spread.
var mutantNames = []string{"zero-fill", "padding-ignored-record-only", "jump-wall-ignored-south", "encoder-mask", "fansite-scripts"}

// reports runs the suite against the reference, the mutants of
// mutantNames and, when node is there, examples/js, writes each -json
// report into dir, and returns the reports read back from their files
// and the files' names. The runs are made once for all the tests (ran).
func reports(t *testing.T, dir string) ([]*runner.Report, []string) {
	t.Helper()
	runs, err := ran()
	if err != nil {
		t.Fatal(err)
	}
	var reps []*runner.Report
	var names []string
	for _, r := range runs {
		path := filepath.Join(dir, r.name+".json")
		var b bytes.Buffer
		if err := r.rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		back, err := compare.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		reps, names = append(reps, back), append(names, r.name)
	}
	if !slices.Contains(names, "js") {
		t.Log("no node: examples/js is left out of the matrix")
	}
	return reps, names
}

// A suiteRun is the report of a run of the suite against an
// implementation, by its name.
type suiteRun struct {
	name string
	rep  *runner.Report
}

// ran runs the suite, once for all the tests, against the implementations
// of reports, and returns their runs, not to be changed.
var ran = sync.OnceValues(func() ([]suiteRun, error) {
	type impl struct {
		name string
		opts runner.Options
	}
	impls := []impl{{"reference", runner.Options{Options: driver.Options{Handler: serve.Reference}}}}
	if _, err := exec.LookPath("node"); err == nil {
		impls = append(impls, impl{"js", runner.Options{Options: driver.Options{Command: []string{"node", "../examples/js/serve.js"}}}})
	}
	for _, name := range mutantNames {
		for _, m := range faultstest.Catalogue {
			if m.Name == name {
				impls = append(impls, impl{name, runner.Options{Options: driver.Options{Handler: m.Handler(), MaxFailuresInARow: 1 << 20}}})
			}
		}
	}
	var runs []suiteRun
	for _, im := range impls {
		rep, err := runner.Run(context.Background(), im.opts)
		if err != nil {
			return nil, err
		}
		runs = append(runs, suiteRun{im.name, rep})
	}
	return runs, nil
})

// failing returns the ids of the vectors that failed in any report.
func failing(reps []*runner.Report) map[string]bool {
	ids := map[string]bool{}
	for _, rep := range reps {
		for _, r := range rep.Results {
			if r.Status == suite.Fail {
				ids[r.ID] = true
			}
		}
	}
	return ids
}

func TestNew(t *testing.T) {
	t.Parallel()
	reps, sources := reports(t, t.TempDir())
	m := compare.New(reps, sources)
	if len(m.Columns) != len(reps) {
		t.Fatalf("%d columns for %d reports", len(m.Columns), len(reps))
	}
	rows := 0
	disagree := 0
	for _, c := range m.Categories {
		for _, g := range c.Sections {
			for _, r := range g.Rows {
				rows++
				if len(r.Cells) != len(reps) {
					t.Fatalf("%s: %d cells", r.ID, len(r.Cells))
				}
				// The reference passes everything: a row disagrees exactly
				// when some report fails it.
				failed := false
				for _, cell := range r.Cells {
					failed = failed || cell.Status == suite.Fail
				}
				if r.Disagree != failed {
					t.Errorf("%s: disagree %v, failed somewhere %v", r.ID, r.Disagree, failed)
				}
				if r.Disagree {
					disagree++
				}
			}
		}
	}
	if rows != len(reps[0].Results) || disagree != len(m.Disagree) || disagree != len(failing(reps)) {
		t.Errorf("%d rows of %d vectors, %d disagree of %d listed and %d failing", rows, len(reps[0].Results), disagree, len(m.Disagree), len(failing(reps)))
	}
	// The rows with a Fault flag are grouped under it.
	for _, c := range m.Categories {
		for _, g := range c.Sections {
			for _, r := range g.Rows {
				for _, f := range r.Flags {
					if strings.HasPrefix(f, "Fault") && !strings.HasPrefix(g.Flag, "Fault") {
						t.Errorf("%s carries %s but is grouped under %s", r.ID, f, g.Flag)
					}
				}
			}
		}
	}
}

func TestWriteMarkdown(t *testing.T) {
	t.Parallel()
	reps, sources := reports(t, t.TempDir())
	// A report of strict decoding alone: its other groups are skipped, not ✓.
	strictOnly, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: faultstest.Fansite.Handler(), MaxFailuresInARow: 1 << 20},
		Run: regexp.MustCompile(`^strict/`)})
	if err != nil {
		t.Fatal(err)
	}
	m := compare.New(append(reps, strictOnly), append(sources, "strict-only"))
	var b bytes.Buffer
	if err := m.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{"## Root causes", "### model: zero-fill", "**`FaultZeroFill` (zero-fill)**: missing bits at the end read as zeros",
		"| strict |", "`FaultZeroFill`", "## Where they disagree", "- `" + m.Disagree[0].ID + "`: "} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown lacks %q", want)
		}
	}
	// The causes come before the tables.
	if strings.Index(md, "## Root causes") > strings.Index(md, "## Levels") {
		t.Error("the causes come after the levels")
	}
	// A group that did not run in a column is "skip" there, never ✓.
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "| encode |") || strings.HasPrefix(line, "| replay |") {
			cells := strings.Split(strings.Trim(line, "| "), " | ")
			if last := cells[len(cells)-1]; !strings.HasPrefix(line, "| encode | `") && !strings.HasPrefix(line, "| replay | `") {
				continue
			} else if last != "skip" {
				t.Errorf("the strict-only report's cell of %q is %q, want skip", line, last)
			}
		}
	}
}

// The page of six broken implementations, the faults of real ones, is
// small: the details of a failure are shown on demand, each string once.
func TestPageSize(t *testing.T) {
	t.Parallel()
	var reps []*runner.Report
	var sources []string
	for _, m := range append(slices.Clone(faultstest.Realistic), faultstest.Fansite) {
		rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: m.Handler(), MaxFailuresInARow: 1 << 20}})
		if err != nil {
			t.Fatal(err)
		}
		reps, sources = append(reps, rep), append(sources, m.Name)
	}
	var page bytes.Buffer
	if err := compare.New(reps, sources).WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, rep := range reps {
		for _, r := range rep.Results {
			if r.Status == suite.Fail {
				failed++
			}
		}
	}
	t.Logf("%d implementations, %d failures: a page of %d bytes", len(reps), failed, page.Len())
	if page.Len() > 1500<<10 {
		t.Errorf("the page has %d bytes, more than 1.5 MB", page.Len())
	}
}

// The HTML matrix in a real browser: every implementation's causes above
// the vectors, every failing vector of the inputs on the page, the
// filters working, a failing cell opening to show the answer, no
// horizontal overflow at 1000 or 1400 pixels, and no script error.
func TestHTMLInBrowser(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t, 1400, 1000)
	dir := t.TempDir()
	reps, sources := reports(t, dir)
	m := compare.New(reps, sources)
	var page bytes.Buffer
	if err := m.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	for _, external := range []string{"<script src", "<link", "@import", "url("} {
		if bytes.Contains(page.Bytes(), []byte(external)) {
			t.Errorf("the page loads something: %q", external)
		}
	}
	path := filepath.Join(dir, "matrix.html")
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	htmlLayout(t, b, path, m, reps)
	htmlRows(t, b, m, reps)
	htmlFilters(t, b, m)
	htmlCell(t, b)
	htmlFirstScreen(t, b, path)
	htmlEmptyTables(t, b)
	htmlWords(t, b, path)
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("the page has errors: %q", errs)
	}
}

// htmlLayout checks the page at 1000 and 1400 pixels: no horizontal
// overflow, every implementation's causes above the vectors.
func htmlLayout(t *testing.T, b *browsertest.Browser, path string, m *compare.Matrix, reps []*runner.Report) {
	for _, width := range []int64{1000, 1400} {
		var layout struct {
			Scroll, Width int
			Causes        []int // causes listed, by implementation
			Labels        []string
			Above         bool // the causes end above the vectors
		}
		if err := chromedp.Run(b.Ctx,
			chromedp.EmulateViewport(width, 900),
			chromedp.Navigate("file://"+filepath.ToSlash(path)),
			chromedp.WaitReady("#shown", chromedp.ByID),
			chromedp.Evaluate(`({Scroll: document.documentElement.scrollWidth, Width: window.innerWidth,
				Causes: [...document.querySelectorAll("#causes article")].map(a => a.querySelectorAll("ol.causes > li").length),
				Labels: [...document.querySelectorAll("#causes article h3")].map(h => h.textContent),
				Above: document.getElementById("causes").getBoundingClientRect().bottom <= document.getElementById("vectors").getBoundingClientRect().top})`, &layout),
		); err != nil {
			t.Fatal(err)
		}
		if layout.Scroll > layout.Width {
			t.Errorf("at %d px the page is %d px wide", width, layout.Scroll)
		}
		if !layout.Above || len(layout.Causes) != len(reps) {
			t.Errorf("at %d px: causes above the vectors %v, %d implementations' causes", width, layout.Above, len(layout.Causes))
		}
		for i, rep := range reps {
			if i < len(layout.Causes) && (layout.Causes[i] != len(rep.Causes) || layout.Labels[i] != m.Columns[i].Label) {
				t.Errorf("%s: %d causes on the page, %d in the report", layout.Labels[i], layout.Causes[i], len(rep.Causes))
			}
		}
		png := screenshot(t, b)
		os.WriteFile(filepath.Join(filepath.Dir(path), fmt.Sprintf("matrix-%d.png", width)), png, 0o644)
	}
}

// htmlRows checks the implementations' columns and that every failing
// vector of the reports is on the page.
func htmlRows(t *testing.T, b *browsertest.Browser, m *compare.Matrix, reps []*runner.Report) {
	var labels []string
	var ids []string
	var shown string
	if err := chromedp.Run(b.Ctx,
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#levels th.impl")).map(th => th.textContent.trim())`, &labels),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("tr.row")).map(tr => tr.id.slice(2))`, &ids),
		chromedp.Text("#shown", &shown, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	if len(labels) != len(reps) {
		t.Errorf("implementations on the page: %q, want %d", labels, len(reps))
	}
	for i, c := range m.Columns {
		if i < len(labels) && labels[i] != c.Label {
			t.Errorf("column %d is %q, want %q", i, labels[i], c.Label)
		}
	}
	onPage := map[string]bool{}
	for _, id := range ids {
		onPage[id] = true
	}
	for id := range failing(reps) {
		if !onPage[id] {
			t.Errorf("the failing vector %s is not on the page", id)
		}
	}
	if want := len(reps[0].Results); len(ids) != want || shown != strconv.Itoa(want)+" of "+strconv.Itoa(want)+" vectors" {
		t.Errorf("%d rows, shown %q; want %d", len(ids), shown, want)
	}
}

// htmlFilters checks the filters: disagreements only, and a search.
func htmlFilters(t *testing.T, b *browsertest.Browser, m *compare.Matrix) {
	var visible int
	if err := chromedp.Run(b.Ctx,
		chromedp.Click(`#filters button[data-show="disagree"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("tr.row:not([hidden])").length`, &visible),
	); err != nil {
		t.Fatal(err)
	}
	if visible != len(m.Disagree) {
		t.Errorf("showing disagreements: %d rows visible, want %d", visible, len(m.Disagree))
	}
	if err := chromedp.Run(b.Ctx,
		chromedp.SendKeys("#find", "record-only", chromedp.ByID),
		chromedp.Evaluate(`document.querySelectorAll("tr.row:not([hidden])").length`, &visible),
	); err != nil {
		t.Fatal(err)
	}
	if visible == 0 || visible >= len(m.Disagree) {
		t.Errorf("searching record-only among the disagreements: %d rows visible", visible)
	}
}

// htmlCell checks that a failing cell opens to show the answer, and
// closes again.
func htmlCell(t *testing.T, b *browsertest.Browser) {
	var answer string
	var open int
	row := `tr[id="v-strict/padding-record-only"]`
	if err := chromedp.Run(b.Ctx,
		chromedp.Click(row+` td.fail .mark`, chromedp.ByQuery),
		chromedp.Text(row+` td.fail .details`, &answer, chromedp.ByQuery),
		chromedp.Click(row+` td.fail .mark`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll(".details").length`, &open),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(answer, "want nonzero_padding at bit") || !strings.Contains(answer, "got  {") || open != 0 {
		t.Errorf("the failing cell shows %q; %d details open after a second click", answer, open)
	}
}

// The bar of the page's controls: where they are on the screen, and
// how far the page scrolled.
const readBar = `({Scroll: window.scrollY, Height: window.innerHeight,
	Controls: [...document.querySelectorAll("#filters button, #find")].map((e) => {
		const r = e.getBoundingClientRect();
		return {Name: e.dataset.show || e.id, Top: r.top, Bottom: r.bottom, Visible: r.height > 0 && e.checkVisibility()};
	})})`

type bar struct {
	Scroll, Height float64
	Controls       []struct {
		Name        string
		Top, Bottom float64
		Visible     bool
	}
}

// onScreen says which controls are not on the screen.
func (b bar) offScreen() []string {
	var off []string
	for _, c := range b.Controls {
		if !c.Visible || c.Top < 0 || c.Bottom > b.Height {
			off = append(off, fmt.Sprintf("%s (%.0f-%.0f px)", c.Name, c.Top, c.Bottom))
		}
	}
	return off
}

// htmlFirstScreen opens the page as a person does, at the top: the Show
// buttons and the filter box are in the first screen, and still on the
// screen once the page has scrolled down to the vectors.
func htmlFirstScreen(t *testing.T, b *browsertest.Browser, path string) {
	var top, down bar
	if err := chromedp.Run(b.Ctx,
		chromedp.EmulateViewport(1400, 900),
		chromedp.Navigate("file://"+filepath.ToSlash(path)),
		chromedp.WaitReady("#shown", chromedp.ByID),
		chromedp.Evaluate(readBar, &top),
		chromedp.Evaluate(`document.getElementById("flags").scrollIntoView(), true`, new(bool)),
		chromedp.Evaluate(readBar, &down),
	); err != nil {
		t.Fatal(err)
	}
	if len(top.Controls) != 4 || top.Scroll != 0 {
		t.Fatalf("the bar: %+v", top)
	}
	if off := top.offScreen(); len(off) > 0 {
		t.Errorf("at the top of the page (%.0f px high), controls off the first screen: %s", top.Height, off)
	}
	if off := down.offScreen(); len(off) > 0 || down.Scroll < 2*down.Height {
		t.Errorf("scrolled down %.0f px, controls off the screen: %s", down.Scroll, off)
	}
}

// What the vectors' section shows: the categories (tables and their
// headings) on the screen and the rows each shows, and the word that
// nothing matches.
const readShown = `({Categories: [...document.querySelectorAll("section.category")].map((c) => ({
		Name: c.id, Shown: c.checkVisibility() && c.querySelector("h2").checkVisibility() && c.querySelector("table").checkVisibility(),
		Rows: [...c.querySelectorAll("tr.row")].filter((r) => r.checkVisibility()).length})),
	None: document.getElementById("none")?.checkVisibility() ? document.getElementById("none").textContent : "",
	VectorsTop: document.getElementById("vectors").getBoundingClientRect().top, Height: window.innerHeight})`

type shownVectors struct {
	Categories []struct {
		Name  string
		Shown bool
		Rows  int
	}
	None               string
	VectorsTop, Height float64
}

// htmlEmptyTables types filters into the box at the top of the page: a
// category none of whose rows match is hidden with its heading, the
// vectors come into view, and a filter nothing matches says so.
func htmlEmptyTables(t *testing.T, b *browsertest.Browser) {
	var s shownVectors
	if err := chromedp.Run(b.Ctx,
		chromedp.Evaluate(`window.scrollTo(0, 0), true`, new(bool)),
		chromedp.SendKeys("#find", "viewer-position-prefix", chromedp.ByID),
		chromedp.Evaluate(readShown, &s),
	); err != nil {
		t.Fatal(err)
	}
	hidden, shown := 0, 0
	for _, c := range s.Categories {
		switch {
		case c.Shown != (c.Rows > 0):
			t.Errorf("filtered by viewer-position-prefix, %s shows %d rows, its table and heading shown %v", c.Name, c.Rows, c.Shown)
		case c.Shown:
			shown++
		default:
			hidden++
		}
	}
	if hidden == 0 || shown == 0 || s.None != "" {
		t.Errorf("filtered by viewer-position-prefix: %d categories shown, %d hidden, %q said", shown, hidden, s.None)
	}
	if s.VectorsTop < 0 || s.VectorsTop > s.Height {
		t.Errorf("filtered from the top of the page: the vectors begin %.0f px down a screen of %.0f", s.VectorsTop, s.Height)
	}
	if err := chromedp.Run(b.Ctx,
		chromedp.SendKeys("#find", " no-such-thing", chromedp.ByID),
		chromedp.Evaluate(readShown, &s),
	); err != nil {
		t.Fatal(err)
	}
	for _, c := range s.Categories {
		if c.Shown {
			t.Errorf("nothing matches, yet %s is shown", c.Name)
		}
	}
	if s.None != "No vector matches “viewer-position-prefix no-such-thing”." {
		t.Errorf("nothing matches: the page says %q", s.None)
	}
	// A cause's example whose row the filter hides shows every vector.
	var example string
	if err := chromedp.Run(b.Ctx,
		chromedp.Evaluate(`new Promise((resolve) => {
			window.addEventListener("hashchange", () => setTimeout(() => {
				const r = document.getElementById(decodeURIComponent(location.hash.slice(1)));
				resolve(r && r.checkVisibility() ? r.id : "hidden " + location.hash);
			}, 0), { once: true });
			document.querySelector('#causes a[href^="#v-"]').click();
		})`, &example, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
		chromedp.Evaluate(readShown, &s),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(example, "v-") || s.None != "" {
		t.Errorf("a cause's example, once filtered out: %q, %q said", example, s.None)
	}
}

// htmlWords reads the page's text as it opens: a count of one takes the
// singular.
func htmlWords(t *testing.T, b *browsertest.Browser, path string) {
	var text string
	if err := chromedp.Run(b.Ctx,
		chromedp.Navigate("file://"+filepath.ToSlash(path)),
		chromedp.WaitReady("#shown", chromedp.ByID),
		chromedp.Evaluate(`document.body.innerText`, &text),
	); err != nil {
		t.Fatal(err)
	}
	plural := regexp.MustCompile(`\b1 (vectors|implementations|failures|disagreements)\b`).FindAllString(text, -1)
	if one := regexp.MustCompile(`· 1 vector\b`).MatchString(text); len(plural) > 0 || !one {
		t.Errorf("the page says %q; a group of one vector said so: %v", plural, one)
	}
}

func screenshot(t *testing.T, b *browsertest.Browser) []byte {
	t.Helper()
	var png []byte
	if err := chromedp.Run(b.Ctx, chromedp.CaptureScreenshot(&png)); err != nil || len(png) < 1000 {
		t.Errorf("screenshot: %v", err)
	}
	return png
}

// A level cell says what it is: a level reached, none, not checked (no
// test of the category ran), or not in this report (the report has no
// test of it), each with its own class, never level-ok but for a level
// reached.
func TestLevelCells(t *testing.T) {
	full, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: serve.Reference}})
	if err != nil {
		t.Fatal(err)
	}
	strictOnly, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: serve.Reference}, Run: regexp.MustCompile(`^strict/`)})
	if err != nil {
		t.Fatal(err)
	}
	m := compare.New([]*runner.Report{full, strictOnly}, []string{"full", "strict-only"})
	for _, c := range []struct {
		col         int
		cat         suite.Category
		text, class string
	}{
		{0, suite.Strict, "L3", "level-ok"},
		{0, suite.Encode, "E", "level-ok"},
		{1, suite.Strict, "L3", "level-ok"},
		{1, suite.Encode, "not in this report", "level-absent"},
		{1, suite.Validate, "not in this report", "level-absent"},
	} {
		l := m.Columns[c.col].Level(c.cat)
		if l.Text() != c.text || l.Class() != c.class {
			t.Errorf("column %d, %s: %q %q, want %q %q", c.col, c.cat, l.Text(), l.Class(), c.text, c.class)
		}
	}
	for _, l := range []compare.Level{{Category: suite.Strict, InReport: true}, {Category: suite.Strict, InReport: true, Ran: true, Level: suite.None}} {
		if l.Class() != "level-none" || (l.Text() != "not checked" && l.Text() != "none") {
			t.Errorf("%+v: %q %q", l, l.Text(), l.Class())
		}
	}
	var page bytes.Buffer
	if err := m.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(page.String(), `<td class="level-absent">not in this report`); n != len(suite.Categories)-1 {
		t.Errorf("%d cells not in this report, want %d", n, len(suite.Categories)-1)
	}
	if strings.Contains(page.String(), `<td class="level-ok">not in this report`) {
		t.Error("a cell not in this report is shown as a level reached")
	}
	var md bytes.Buffer
	if err := m.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| not in this report |") {
		t.Error("the Markdown has no cell not in this report")
	}
}

// A behaviour of a rule is named for the rule, and its line in the
// Markdown and its item on the page say the rule once:
// "**too_many_walls**: not reported where spec/qf.md's rules find it",
// not "too_many_walls: not reported: too_many_walls not reported where
// ...".
func TestCausesSayTheRuleOnce(t *testing.T) {
	t.Parallel()
	rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: tooManyWallsUnreported{}}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := compare.New([]*runner.Report{rep}, []string{"unreported"}).WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.Contains(l, "too\\_many\\_walls") && strings.Contains(l, "not reported") {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("no cause of too_many_walls not reported:\n%s", b.String())
	}
	if n := strings.Count(line, "too\\_many\\_walls"); n != 1 || !strings.Contains(line, "not reported where spec/qf.md's rules find it") {
		t.Errorf("the line says the rule %d times, or not what was not reported, and where: %s", n, line)
	}
	b.Reset()
	if err := compare.New([]*runner.Report{rep}, []string{"unreported"}).WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	var item string
	for _, li := range strings.Split(b.String(), "<li>") {
		if head, _, ok := strings.Cut(li, " failed"); ok && strings.Contains(head, "not reported where") && strings.Contains(head, "too_many_walls") {
			item = head
		}
	}
	if n := strings.Count(item, "too_many_walls"); n != 1 {
		t.Errorf("the page's item says the rule %d times: %s", n, item)
	}
}

// tooManyWallsUnreported answers as the reference does, except that a
// validation never reports too_many_walls.
type tooManyWallsUnreported struct{}

func (tooManyWallsUnreported) Handle(req *protocol.Request) *protocol.Response {
	resp := *serve.Reference.Handle(req)
	if resp.Violations != nil {
		kept := slices.DeleteFunc(slices.Clone(*resp.Violations), func(v string) bool { return v == string(rules.TooManyWalls) })
		resp.Violations = &kept
	}
	return &resp
}
