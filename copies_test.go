package qfconformance_test

import (
	"go/ast"
	"go/parser"
	"go/token"
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

// goList returns the words that go list writes with args.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", strings.Join(args, " "), err)
	}
	return strings.Fields(string(out))
}
