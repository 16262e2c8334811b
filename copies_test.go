package qfconformance_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The reports of qf check and qf fuzz share their shapes (suite's and
// diagnosis's schemas): one function checks a report against its schema
// and them, diagnosis.ValidateReport, and no other code of the product
// names the shared schemas.
func TestSchemaCheckOnce(t *testing.T) {
	var naming []string
	for _, path := range goList(t, "-f", `{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}} {{end}}`, "./...") {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "ShapesSchema" && !slices.Contains(naming, path) {
				naming = append(naming, path)
			}
			return true
		})
	}
	if want := filepath.Join("diagnosis", "schema.go"); len(naming) != 1 || !strings.HasSuffix(naming[0], string(filepath.Separator)+want) {
		t.Errorf("suite.ShapesSchema is named in %q: the reports' schema check is written more than once (diagnosis.ValidateReport is the one)", naming)
	}
}

// deadcode is the tool that finds the functions no program reaches, at
// the version this test runs.
const deadcode = "golang.org/x/tools/cmd/deadcode@v0.52.0"

// notOnlyTests are the functions of the product that deadcode finds no
// program of this build calls, each with why it stays.
var notOnlyTests = map[string]string{
	"explain Explanation.JSON":    "the explorer's WebAssembly (explore/wasm, GOOS=js) calls it",
	"protocol/protocoltest Input": "a checker for the Go tests of an implementation, as testing/fstest is (qf corners sends the corners one at a time)",
	"protocol/protocoltest Check": "likewise",
}

// No function of the product is called only by tests: deadcode (of
// golang.org/x/tools) finds none that the module's programs never reach
// in the packages they build, but those notOnlyTests lists. Packages that
// no program builds (servetest, faultstest, examples, internal/measure,
// ...) are test support, there for the tests.
func TestNoFunctionOnlyTestsCall(t *testing.T) {
	if testing.Short() {
		t.Skip("deadcode analyses the whole module: not with -short")
	}
	bin := t.TempDir()
	install := exec.Command("go", "install", deadcode)
	install.Env = append(os.Environ(), "GOBIN="+bin)
	if out, err := install.CombinedOutput(); err != nil {
		t.Skipf("go install %s: %v\n%s", deadcode, err, out)
	}
	product := map[string]bool{}
	mains := goList(t, "-f", `{{if eq .Name "main"}}{{.ImportPath}}{{end}}`, "./...")
	for _, p := range goList(t, append([]string{"-deps", "-f", "{{.ImportPath}}"}, mains...)...) {
		product[p] = true
	}
	out, err := exec.Command(filepath.Join(bin, "deadcode"), "-f", `{{range .Funcs}}{{printf "%s %s\n" $.Path .Name}}{{end}}`, "./...").Output()
	if err != nil {
		t.Fatalf("deadcode: %v", err)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, name, _ := strings.Cut(line, " ")
		if !product[pkg] {
			continue
		}
		key := strings.TrimPrefix(pkg, module+"/") + " " + name
		seen[key] = true
		if _, ok := notOnlyTests[key]; !ok {
			t.Errorf("%s: no program calls it; only tests do: move it into a _test.go file, or remove it", key)
		}
	}
	for key, why := range notOnlyTests {
		if !seen[key] {
			t.Errorf("%s is listed as called by no program (%s), but one calls it now, or it is gone: take it off notOnlyTests", key, why)
		}
	}
}

// goList returns the words that go list writes with args.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", strings.Join(args, " "), err)
	}
	return strings.Fields(string(out))
}
