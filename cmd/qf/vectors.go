package main

import (
	"fmt"
	"io"

	qfconformance "github.com/qf-format/qf-conformance"
	"github.com/qf-format/qf-conformance/vectors"
)

const vectorsSynopsis = `-o DIR

Writes into DIR the files an implementer needs without this repository,
each at its path in it, byte for byte, so that their links work offline:
the vector files with their schemas and manifest (vectors/), spec/qf.md
and its pictures, spec/protocol.md with its corners
(protocol/protocoltest/corners.json), CONFORMANCE.md and
CONFORMANCE-REFERENCE.md, the schemas of qf check's and qf fuzz's JSON
reports, the examples in Python, JavaScript and Java (examples/), and
the licence; no Go source, so DIR may be in a Go module. Files of other names in DIR are left alone.`

func runVectors(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("vectors", vectorsSynopsis, stdout, stderr)
	out := fs.String("o", "", "the `directory` to write into (made when missing)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 || *out == "" {
		if *out == "" {
			fmt.Fprintln(stderr, "qf vectors: -o DIR is required")
		}
		fs.Usage()
		return errUsage
	}
	paths, err := qfconformance.Write(*out)
	if err != nil {
		return err
	}
	manifest, err := vectors.LoadManifest()
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d files into %s: suite %s (%s), vectors/ and the documents its links reach\n", len(paths), *out, manifest.SuiteVersion, manifest.Digest)
	return nil
}
