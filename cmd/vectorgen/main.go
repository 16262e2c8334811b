// Command vectorgen writes the qf conformance suite's test vectors, all of
// vectors/*.json, from the reference codec, deterministically: every
// expectation comes from package ref, every random value from a fixed seed.
// It also writes the manifest, the tables of edge cases and flags in
// CONFORMANCE-REFERENCE.md, the pictures of spec/img and the explorer's WebAssembly
// (explore/qf.wasm.gz, rebuilt with the go command when its sources
// change: package explore, Generate), and validates every vector file it
// writes against its schema.
//
// Usage, from the module's root:
//
//	go run ./cmd/vectorgen          # rewrite the files
//	go run ./cmd/vectorgen -check   # write nothing; exit 1 if they are stale
//
// With -check it prints, for each stale file, the test ids added, removed
// and changed. The exit status is 0 on success, 1 when the files are stale
// or cannot be generated, and 2 on a usage error.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/qf-format/qf-conformance/vectors"
)

const usage = `usage: vectorgen [-check] [-root DIR]

Writes vectors/*.json, vectors/manifest.json, the generated tables of
CONFORMANCE-REFERENCE.md, the pictures of spec/img and the explorer's WebAssembly
from the reference codec. With -check, writes nothing and
exits 1 when the committed files differ from what it would write.
`

var errStale = errors.New("stale")

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case errors.Is(err, errUsage):
		os.Exit(2)
	default:
		if !errors.Is(err, errStale) {
			fmt.Fprintln(os.Stderr, "vectorgen:", err)
		}
		os.Exit(1)
	}
}

var errUsage = errors.New("usage")

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("vectorgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	check := fs.Bool("check", false, "write nothing; exit 1 if the files are stale")
	root := fs.String("root", ".", "the module's root `directory`")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	files, err := generate(*root)
	if err != nil {
		return err
	}
	if *check {
		stale := staleness(*root, files)
		if len(stale) == 0 {
			fmt.Fprintf(stdout, "vectorgen: up to date (%d files)\n", len(files))
			return nil
		}
		fmt.Fprintln(stdout, "vectorgen: stale files (run go run ./cmd/vectorgen):")
		for _, s := range stale {
			fmt.Fprintln(stdout, "  "+s)
		}
		return errStale
	}
	for _, name := range sortedKeys(files) {
		path := filepath.Join(*root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "vectorgen: wrote %s\n", strings.Join(sortedKeys(files), ", "))
	return nil
}

// staleness compares the generated files with those under root and
// describes each difference in a line: a missing file, or the test ids
// added, removed and changed in a vector file.
func staleness(root string, files map[string][]byte) []string {
	var stale []string
	for _, name := range sortedKeys(files) {
		old, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		switch {
		case err != nil:
			stale = append(stale, name+": "+err.Error())
		case !bytes.Equal(old, files[name]):
			stale = append(stale, name+": "+diffTests(old, files[name]))
		}
	}
	return stale
}

// diffTests summarizes the difference between two versions of a file: by
// test id for vector files.
func diffTests(old, new []byte) string {
	of, err1 := vectors.Parse(old)
	nf, err2 := vectors.Parse(new)
	if err1 != nil || err2 != nil || len(nf.Tests) == 0 {
		return "differs"
	}
	before := map[string]string{}
	for _, t := range of.Tests {
		before[t.ID] = string(marshal(t))
	}
	var added, changed []string
	for _, t := range nf.Tests {
		b, ok := before[t.ID]
		switch {
		case !ok:
			added = append(added, t.ID)
		case b != string(marshal(t)):
			changed = append(changed, t.ID)
		}
		delete(before, t.ID)
	}
	removed := sortedKeys(before)
	if len(added)+len(removed)+len(changed) == 0 {
		return "differs outside the tests (header, notes or layout)"
	}
	return fmt.Sprintf("%s; %s; %s", idList("added", added), idList("removed", removed), idList("changed", changed))
}

func idList(what string, ids []string) string {
	const show = 5
	s := fmt.Sprintf("%d %s", len(ids), what)
	if len(ids) > 0 {
		shown := ids[:min(show, len(ids))]
		s += " (" + strings.Join(shown, ", ")
		if len(ids) > show {
			s += ", ..."
		}
		s += ")"
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
