// Package qfconformance is the set of files that travels with every qf,
// each at its path in this repository, so that the links between them
// work offline: the spec (spec/qf.md and its pictures), the conformance
// protocol (spec/protocol.md), CONFORMANCE.md, the licence, the vectors
// with their schemas and manifest (package vectors), the schemas of the
// reports, and the examples to start an implementation from
// (examples/python, examples/js, examples/java) and the protocol's corners
// (protocol/protocoltest/corners.json). No file is Go source: the files land in
// other people's repositories (node_modules, a folder of vectors), where
// go build ./... would take a .go file for a package of theirs.
//
// `qf vectors -o DIR` writes them (Write); the release archives and the
// npm package qf-conformance hold the same files, byte for byte.
package qfconformance

import (
	"embed"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/qf-format/qf-conformance/vectors"
)

// The files but the vectors', which package vectors holds.
//
//go:embed LICENSE CONFORMANCE.md CONFORMANCE-REFERENCE.md spec/qf.md spec/protocol.md spec/img/*.svg
//go:embed runner/report.schema.json generative/report.schema.json suite/shapes.schema.json diagnosis/cause.schema.json
//go:embed examples/python/*.py examples/js/*.js examples/java/*.java protocol/protocoltest/corners.json
var files embed.FS

// vectorsDir is where the files of package vectors go.
const vectorsDir = "vectors"

// Paths returns the paths of the files, slash-separated and sorted.
func Paths() []string {
	var out []string
	add := func(fsys fs.FS, prefix string) {
		fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				out = append(out, path.Join(prefix, p))
			}
			return err
		})
	}
	add(files, "")
	add(vectors.FS(), vectorsDir)
	sort.Strings(out)
	return out
}

// ReadFile returns the contents of the file at p, one of Paths.
func ReadFile(p string) ([]byte, error) {
	if rest, ok := cutDir(p, vectorsDir); ok {
		return fs.ReadFile(vectors.FS(), rest)
	}
	return fs.ReadFile(files, p)
}

func cutDir(p, dir string) (string, bool) {
	if len(p) > len(dir)+1 && p[:len(dir)] == dir && p[len(dir)] == '/' {
		return p[len(dir)+1:], true
	}
	return "", false
}

// Write writes every file under dir, at its path, creating the
// directories it needs; it overwrites files of those names and leaves the
// others. It returns the paths written.
func Write(dir string) ([]string, error) {
	paths := Paths()
	for _, p := range paths {
		data, err := ReadFile(p)
		if err != nil {
			return nil, err
		}
		name := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return nil, err
		}
	}
	return paths, nil
}
