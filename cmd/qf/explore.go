package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/qf-format/qf-conformance/explore"
)

// runExplore writes the explorer into a directory.
func runExplore(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("explore", `-o DIR

Writes the explorer, a static site that needs no network and works from
file:// as well as served: a playground that explains any code pasted
into it (index.html#code=CODE, &profile=lenient for the lenient profile)
with the reference compiled to WebAssembly, and a page for every vector
(index.html#ID) with its input, expectation, board and flags. The
WebAssembly is built into qf: it needs no go command, no clone and no
network.

flags:`, stdout, stderr)
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
