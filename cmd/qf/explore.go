package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/qf-format/qf-conformance/explore"
)

// runExplore writes the static vector explorer into a directory.
func runExplore(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("explore", "-o DIR", stderr)
	dir := fs.String("o", "", "write the site into `DIR`")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *dir == "" || fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	if err := explore.Write(*dir); err != nil {
		return err
	}
	abs, _ := filepath.Abs(filepath.Join(*dir, "index.html"))
	fmt.Fprintf(stdout, "wrote the explorer; open file://%s\n", filepath.ToSlash(abs))
	return nil
}
