package qfconformance_test

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The module's path, which go list prefixes to every package of it.
const module = "github.com/qf-format/qf-conformance"

// packages returns each package of the module (its path within the module,
// "." for the root) with the packages of the module it imports, from go
// list; tests' imports are not counted.
func packages(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", "./...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	pkgs := map[string][]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		var own []string
		for _, imp := range p.Imports {
			if rel, ok := inModule(imp); ok {
				own = append(own, rel)
			}
		}
		rel, _ := inModule(p.ImportPath)
		pkgs[rel] = own
	}
	return pkgs
}

func inModule(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, module+"/")
	return rel, ok
}

// floors returns each package's floor: 1 for one that imports nothing of
// the module, else one more than the highest floor it imports.
func floors(pkgs map[string][]string) map[string]int {
	floor := map[string]int{}
	var of func(p string) int
	of = func(p string) int {
		if f, ok := floor[p]; ok {
			return f
		}
		floor[p] = 0 // a cycle, which the go command refuses, ends here
		f := 1
		for _, imp := range pkgs[p] {
			f = max(f, of(imp)+1)
		}
		floor[p] = f
		return f
	}
	for p := range pkgs {
		of(p)
	}
	return floor
}

// The house stands as README.md draws it: each package of its table of
// packages on the floor it says, a package's floor one above the highest
// it imports; and the walls that must not move: ref on spec alone, driver
// on protocol alone, the model (suite) importing no process handling, no
// reference to ask and no generator, internal/ only small helpers below
// everything else, and the runner and qf fuzz's package peers.
func TestHouse(t *testing.T) {
	pkgs := packages(t)
	floor := floors(pkgs)
	for p, only := range map[string][]string{
		"ref":    {"spec"},
		"driver": {"protocol"},
		"spec":   {},
	} {
		for _, imp := range pkgs[p] {
			if !slices.Contains(only, imp) {
				t.Errorf("%s imports %s; it may import only %q of the module", p, imp, only)
			}
		}
	}
	for p, never := range map[string][]string{
		"suite":      {"driver", "serve", "gen", "session", "faults", "diagnosis"},
		"runner":     {"generative"},
		"generative": {"runner"},
		"faults":     {"diagnosis", "gen"},
		// Test support on its floor: the launcher and the fakes of the
		// protocol need no faulty implementation (faultstest's are
		// given to servetest.Main).
		"serve/servetest": {"faults/faultstest", "faults/faultstest/outsider"},
	} {
		for _, imp := range pkgs[p] {
			if slices.Contains(never, imp) {
				t.Errorf("%s imports %s", p, imp)
			}
		}
	}
	for p, imports := range pkgs {
		if !strings.HasPrefix(p, "internal/") {
			continue
		}
		for _, imp := range imports {
			if imp != "spec" && !strings.HasPrefix(imp, "internal/") {
				t.Errorf("%s imports %s: internal/ holds small helpers, below the domain", p, imp)
			}
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	drawn := drawnFloors(t, string(readme))
	for p, f := range floor {
		if strings.HasPrefix(p, "internal/") || testSupport(p) || p == "fuzz" || p == "examples" || p == "release/npm" || p == "explore/wasm" {
			continue // helpers, test support and programs of their own: not in the table of floors
		}
		want, ok := drawn[p]
		switch {
		case !ok:
			t.Errorf("README.md's table of packages has no %s (floor %d)", p, f)
		case !slices.Contains(want, f):
			t.Errorf("README.md puts %s on floor %v; it is on floor %d", p, want, f)
		}
	}
}

// testSupport reports whether package p is test support: a package whose
// name ends in "test" (faultstest, servetest), or one within such a
// package's directory (faults/faultstest/outsider).
func testSupport(p string) bool {
	for _, elem := range strings.Split(p, "/") {
		if strings.HasSuffix(elem, "test") {
			return true
		}
	}
	return false
}

// drawnFloors reads README.md's table of packages: each package named in
// backquotes in a row, with the floors the row gives ("1, 2").
func drawnFloors(t *testing.T, readme string) map[string][]int {
	t.Helper()
	row := regexp.MustCompile("(?m)^\\| ([0-9, ]+) \\| ([^|]+) \\|")
	name := regexp.MustCompile("`([a-z/.]+?)/?`")
	out := map[string][]int{}
	for _, m := range row.FindAllStringSubmatch(readme, -1) {
		var fs []int
		for _, f := range strings.Split(m[1], ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				t.Fatalf("README.md: floor %q: %v", m[1], err)
			}
			fs = append(fs, n)
		}
		for _, p := range name.FindAllStringSubmatch(m[2], -1) {
			out[strings.TrimSuffix(p[1], "/")] = fs
		}
		if strings.Contains(m[2], "files.go") {
			out["."] = fs
		}
	}
	if len(out) == 0 {
		t.Fatal(fmt.Errorf("README.md has no table of packages with floors"))
	}
	return out
}
