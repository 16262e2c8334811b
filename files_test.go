package qfconformance_test

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	qfconformance "github.com/qf-format/qf-conformance"
)

// Every file is there, byte for byte as in the repository, at its path;
// and every relative link of the documents among them finds its file.
func TestFiles(t *testing.T) {
	paths := qfconformance.Paths()
	for _, want := range []string{"LICENSE", "CONFORMANCE.md", "spec/qf.md", "spec/protocol.md", "vectors/decode_strict.json",
		"vectors/manifest.json", "vectors/schema/common.schema.json", "runner/report.schema.json", "examples/python/serve.py"} {
		if !slices.Contains(paths, want) {
			t.Errorf("no %s", want)
		}
	}
	for _, p := range paths {
		if strings.HasSuffix(p, ".go") {
			t.Errorf("%s: Go source, which would join the Go module of whoever writes the files into theirs", p)
		}
		got, err := qfconformance.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		disk, err := os.ReadFile(filepath.FromSlash(p))
		if err != nil || !bytes.Equal(got, disk) {
			t.Errorf("%s: not the repository's bytes (%v)", p, err)
		}
	}
	link := regexp.MustCompile(`\]\(([^)#:]+)(#[^)]*)?\)`)
	for _, doc := range []string{"CONFORMANCE.md", "spec/qf.md", "spec/protocol.md"} {
		data, _ := qfconformance.ReadFile(doc)
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target := filepath.ToSlash(filepath.Join(filepath.Dir(doc), m[1]))
			inDir := func(p string) bool { return strings.HasPrefix(p, target+"/") } // a link to a directory
			if !slices.Contains(paths, target) && !slices.ContainsFunc(paths, inDir) {
				t.Errorf("%s links to %s, which is not among the files", doc, m[1])
			}
		}
	}
}

// Write writes them all under a directory.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	paths, err := qfconformance.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		want, _ := qfconformance.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// The release archives hold README.md and the same files: the globs of
// .goreleaser.yaml match exactly the paths of Paths.
func TestReleaseArchivesHoldTheFiles(t *testing.T) {
	config, err := os.ReadFile(".goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var archived []string
	for _, m := range regexp.MustCompile(`(?m)^\s+- src: (\S+)$`).FindAllStringSubmatch(string(config), -1) {
		matches, err := filepath.Glob(filepath.FromSlash(m[1]))
		if err != nil || len(matches) == 0 {
			t.Errorf("%s matches nothing (%v)", m[1], err)
		}
		for _, p := range matches {
			if p := filepath.ToSlash(p); p != "README.md" && !slices.Contains(archived, p) {
				archived = append(archived, p)
			}
		}
	}
	slices.Sort(archived)
	if paths := qfconformance.Paths(); !slices.Equal(archived, paths) {
		t.Errorf("the archives hold\n%q\nqf vectors writes\n%q", archived, paths)
	}
}

// Nothing in the kit names a file the kit lacks: every path a file of
// `qf vectors -o` names (a Markdown link, a path in backquotes or in
// prose, such as spec/qf.md or examples/js/serve.js) is a file of the
// kit, or a directory of it; URLs aside.
func TestKitNamesOnlyItsFiles(t *testing.T) {
	dir := t.TempDir()
	if _, err := qfconformance.Write(dir); err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, p := range qfconformance.Paths() {
		have[p] = true
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			have[d] = true
			have[d+"/"] = true
		}
	}
	// A path of the repository: one of its directories and what follows,
	// or a file at its top; a module path (github.com/...) or a URL is
	// not one, and neither is an HTML comment, which no reader sees.
	named := regexp.MustCompile(`(?:^|[\s(\['"]|` + "`" + `)((?:\.ci|cmd|compare|diagnosis|driver|examples|explain|explore|faults|fuzz|gen|generative|internal|protocol|ref|release|render|rules|runner|serve|session|spec|suite|testdata|vectors)/[A-Za-z0-9_./-]*[A-Za-z0-9_/-]|(?:(?:README|CONTRIBUTING|CONFORMANCE-REFERENCE|CONFORMANCE)\.md|LICENSE)\b)`)
	comment := regexp.MustCompile(`(?s)<!--.*?-->`)
	for _, p := range qfconformance.Paths() {
		if !strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, ".js") && !strings.HasSuffix(p, ".py") && !strings.HasSuffix(p, ".java") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		text := comment.ReplaceAllString(string(b), "")
		for _, sub := range named.FindAllStringSubmatch(text, -1) {
			m := sub[1]
			target := path.Clean(path.Join(path.Dir(p), m))
			if !have[m] && !have[strings.TrimSuffix(m, "/")] && !have[target] {
				t.Errorf("%s names %s, which the kit does not hold", p, m)
			}
		}
	}
}
