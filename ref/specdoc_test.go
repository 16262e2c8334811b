package ref_test

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

func readSpec(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../spec/qf.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The worked examples of spec/qf.md are the reference codec's breakdown,
// row for row.
func TestSpecWorkedExamples(t *testing.T) {
	doc := readSpec(t)
	heading := regexp.MustCompile("(?m)^### `([A-Za-z0-9+/]+)`:")
	row := regexp.MustCompile("^\\| (\\d+) \\| (\\d+) \\| `([01]+)` \\| `([^`]+)` \\| (\\d+) \\|")
	examples := heading.FindAllStringSubmatchIndex(doc, -1)
	if len(examples) < 2 {
		t.Fatalf("found %d worked examples in spec/qf.md, want 2", len(examples))
	}
	for i, m := range examples {
		code := doc[m[2]:m[3]]
		end := len(doc)
		if i+1 < len(examples) {
			end = examples[i+1][0]
		}
		var got []string
		for _, line := range strings.Split(doc[m[1]:end], "\n") {
			if r := row.FindStringSubmatch(line); r != nil {
				got = append(got, strings.Join(r[1:], " "))
			}
		}
		fields, _, err := ref.Fields(code)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		var want []string
		for _, f := range fields {
			want = append(want, fmt.Sprintf("%d %d %0*b %s %d", f.Offset, f.Width, f.Width, f.Value, f.Path, f.Value))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("worked example %s:\nspec/qf.md has\n%s\nthe codec reads\n%s", code, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// The layout table names every field of package spec with its width and
// range.
func TestSpecLayoutTable(t *testing.T) {
	doc := readSpec(t)
	start := strings.Index(doc, "## Layout")
	end := strings.Index(doc, "## Geometry")
	table := doc[start:end]
	for _, f := range spec.Layout {
		path := "`" + strings.Replace(f.Name, "[]", "[i]", 1) + "`"
		var line string
		for _, l := range strings.Split(table, "\n") {
			if strings.Contains(l, path) {
				line = l
				break
			}
		}
		if line == "" {
			t.Errorf("the layout table lacks %s", path)
			continue
		}
		if !strings.HasPrefix(line, "| "+strconv.Itoa(f.Width)+" ") {
			t.Errorf("layout row %q: want width %d", line, f.Width)
		}
		if !strings.Contains(line, "0-"+strconv.Itoa(f.Max)) {
			t.Errorf("layout row %q: want range 0-%d", line, f.Max)
		}
	}
}

// Edge cases are numbered EC-1, EC-2, ... without gaps or repeats.
func TestSpecEdgeCaseIDs(t *testing.T) {
	doc := readSpec(t)
	ids := regexp.MustCompile(`(?m)^### EC-(\d+)$`).FindAllStringSubmatch(doc, -1)
	if len(ids) < 20 {
		t.Fatalf("found %d edge cases", len(ids))
	}
	for i, id := range ids {
		if id[1] != strconv.Itoa(i+1) {
			t.Fatalf("edge case %d is EC-%s", i+1, id[1])
		}
	}
	// Every link to an edge case names one that exists.
	for _, link := range regexp.MustCompile(`\(#ec-(\d+)\)`).FindAllStringSubmatch(doc, -1) {
		if n, _ := strconv.Atoi(link[1]); n < 1 || n > len(ids) {
			t.Errorf("link to EC-%s, which does not exist", link[1])
		}
	}
}

// spec.EdgeCases is the list of qf.md's edge cases, with their titles.
func TestSpecEdgeCaseList(t *testing.T) {
	doc := readSpec(t)
	heads := regexp.MustCompile(`(?ms)^### (EC-\d+)\n\n\*\*(.*?)\*\*`).FindAllStringSubmatch(doc, -1)
	if len(heads) != len(spec.EdgeCases) {
		t.Fatalf("qf.md has %d edge cases, spec.EdgeCases %d", len(heads), len(spec.EdgeCases))
	}
	for i, h := range heads {
		title := strings.TrimSuffix(strings.ReplaceAll(h[2], "\n", " "), ".")
		if ec := spec.EdgeCases[i]; ec.ID != h[1] || ec.Title != title {
			t.Errorf("spec.EdgeCases[%d] = %+v; qf.md has %s %q", i, ec, h[1], title)
		}
	}
}
