package explore_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/explore"
)

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// site writes the explorer once for the package's tests.
func site(t *testing.T) string {
	t.Helper()
	siteOnce.Do(func() {
		siteDir, siteErr = os.MkdirTemp("", "qf-explore-test-")
		if siteErr == nil {
			siteErr = explore.Write(siteDir)
		}
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if siteDir != "" {
		os.RemoveAll(siteDir)
	}
	os.Exit(code)
}

// The site is its files and nothing from the network; the WebAssembly is
// a module, gzipped in a script.
func TestWrite(t *testing.T) {
	dir := site(t)
	for _, name := range explore.Files {
		if info, err := os.Stat(filepath.Join(dir, name)); err != nil || info.Size() < 1000 {
			t.Errorf("%s: %v", name, err)
		}
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	for _, script := range []string{"wasm_exec.js", "qf-wasm.js", "data.js", "app.js"} {
		if !bytes.Contains(index, []byte(`<script src="`+script+`"></script>`)) {
			t.Errorf("index.html does not load %s", script)
		}
	}
	for _, name := range []string{"index.html", "app.js", "style.css"} {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		if regexp.MustCompile(`https?://|fetch\(|XMLHttpRequest|@import`).Match(data) {
			t.Errorf("%s reaches for the network", name)
		}
	}
	script, _ := os.ReadFile(filepath.Join(dir, "qf-wasm.js"))
	m := regexp.MustCompile(`window.QF_WASM_GZ = "([A-Za-z0-9+/=]+)";`).FindSubmatch(script)
	if m == nil {
		t.Fatal("qf-wasm.js holds no module")
	}
	gz, err := base64.StdEncoding.DecodeString(string(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	module, err := io.ReadAll(zr)
	if err != nil || !bytes.HasPrefix(module, []byte("\x00asm")) {
		t.Fatalf("not a WebAssembly module: %v", err)
	}
	t.Logf("WebAssembly: %d bytes, %d gzipped, %d in qf-wasm.js", len(module), len(gz), len(script))
	data, _ := os.ReadFile(filepath.Join(dir, "data.js"))
	for _, want := range []string{"window.QF_VECTORS = [", `"id":"replay/corpus-viewer-record"`, "window.QF_NOTES = {", "window.QF_EDGE_CASES = [", `"id":"EC-25"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("data.js lacks %s", want)
		}
	}
	var ecs []struct{ ID, Title, HTML string }
	if line := regexp.MustCompile(`(?m)^window.QF_EDGE_CASES = (.*);$`).FindSubmatch(data); line == nil || json.Unmarshal(line[1], &ecs) != nil || len(ecs) != 25 {
		t.Fatalf("edge cases: %d", len(ecs))
	}
	if !strings.Contains(ecs[0].Title, "<code>=</code>") || !strings.HasPrefix(ecs[0].HTML, "<p><strong>") || strings.Contains(ecs[23].HTML, "![") {
		t.Errorf("EC-1 %q %.60q; EC-24 %.200q", ecs[0].Title, ecs[0].HTML, ecs[23].HTML)
	}
}

// Writing twice writes the same bytes.
func TestDeterministic(t *testing.T) {
	dir := site(t)
	again := t.TempDir()
	if err := explore.Write(again); err != nil {
		t.Fatal(err)
	}
	for _, name := range explore.Files {
		a, _ := os.ReadFile(filepath.Join(dir, name))
		b, _ := os.ReadFile(filepath.Join(again, name))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two writes", name)
		}
	}
}

// Outside a clone of the module, with no go command on the PATH, Write
// writes the same site: the WebAssembly is embedded.
func TestWriteOutsideTheModule(t *testing.T) {
	wd, _ := os.Getwd()
	if err := os.Chdir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	t.Setenv("PATH", t.TempDir())
	dir := filepath.Join(t.TempDir(), "site")
	if err := explore.Write(dir); err != nil {
		t.Fatal(err)
	}
	if js, err := os.ReadFile(filepath.Join(dir, "qf-wasm.js")); err != nil || !bytes.Contains(js, []byte("window.QF_WASM_GZ")) || len(js) < 500<<10 {
		t.Errorf("qf-wasm.js: %d bytes, %v", len(js), err)
	}
}

// The embedded WebAssembly was built from the sources as they are: else
// go run ./cmd/vectorgen rebuilds it (and vectorgen -check fails in CI).
func TestEmbeddedWASMFresh(t *testing.T) {
	digest, err := explore.SourcesDigest("..")
	if err != nil {
		t.Skipf("no go command to list the sources: %v", err)
	}
	if !strings.HasPrefix(explore.WASMSources, digest+"\n") {
		t.Errorf("%s is stale: its sources are now %s, it was built from %s; run go run ./cmd/vectorgen",
			explore.WASMFile, digest, strings.SplitN(explore.WASMSources, "\n", 2)[0])
	}
}
