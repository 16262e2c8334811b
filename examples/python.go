// Package examples holds implementations written from the spec for the
// suite's documentation and CI: python/ (a codec and replayer in Python's
// standard library, with its protocol adapter), js/ (the same for node),
// java/ (the same in one file of Java 17) and oneshot/. Its Go code is
// test support: Python and JS copy examples/python and examples/js with
// faults put in, for the tests of the diagnosis and of the vectors.
package examples

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

//go:embed python/*.py
var python embed.FS

//go:embed js/*.js
var js embed.FS

// A Patch puts a fault into examples/python or examples/js: New in place
// of Old, which must occur exactly once in File ("rules.py", "qf.js").
type Patch struct{ File, Old, New string }

// Python writes examples/python into dir with the patches made, and
// returns the command that serves it.
func Python(dir string, patches ...Patch) ([]string, error) {
	if err := copyPatched(python, "python/*.py", dir, patches); err != nil {
		return nil, err
	}
	return []string{"python3", filepath.Join(dir, "serve.py")}, nil
}

// JS writes examples/js into dir with the patches made, and returns the
// command that serves it.
func JS(dir string, patches ...Patch) ([]string, error) {
	if err := copyPatched(js, "js/*.js", dir, patches); err != nil {
		return nil, err
	}
	return []string{"node", filepath.Join(dir, "serve.js")}, nil
}

// copyPatched writes the files of fsys that match glob into dir, with the
// patches made.
func copyPatched(fsys embed.FS, glob, dir string, patches []Patch) error {
	names, err := fs.Glob(fsys, glob)
	if err != nil {
		return err
	}
	applied := 0
	for _, name := range names {
		data, err := fsys.ReadFile(name)
		if err != nil {
			return err
		}
		text, base := string(data), filepath.Base(name)
		for _, p := range patches {
			if p.File != base {
				continue
			}
			if n := strings.Count(text, p.Old); n != 1 {
				return fmt.Errorf("examples: the patch of %s applies %d times, want once: %q", base, n, p.Old)
			}
			text = strings.Replace(text, p.Old, p.New, 1)
			applied++
		}
		if err := os.WriteFile(filepath.Join(dir, base), []byte(text), 0o644); err != nil {
			return err
		}
	}
	if applied != len(patches) {
		return fmt.Errorf("examples: %d of %d patches name a file of %s", applied, len(patches), filepath.Dir(glob))
	}
	return nil
}
