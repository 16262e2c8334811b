package main

import (
	"io"

	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/ref"
)

const explainSynopsis = `[-lenient] [CODE...]

Explains each code: the table of its fields (bit offset, width, bits, the
characters holding them, path, value and meaning), then its canonical code
and board; for a code that is rejected, the fields read before the fault,
then the error with a caret under the character at fault. Codes are the
arguments, or the lines of standard input when there are none or where an
argument is "-". Exit status 1 when a code is rejected.

flags:`

func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("explain", explainSynopsis, stdout, stderr)
	lenient := fs.Bool("lenient", false, "read in the lenient profile: characters outside the alphabet deleted, trailing data and padding ignored")
	if err := parse(fs, args); err != nil {
		return err
	}
	rejected := false
	first := true
	err := eachCode(fs, args, stdin, stderr, func(code string) error {
		if !first {
			io.WriteString(stdout, "\n")
		}
		first = false
		profile := ref.Strict
		if *lenient {
			profile = ref.Lenient
		}
		e := explain.Code(code, profile)
		rejected = rejected || e.Err != nil
		return e.WriteText(stdout)
	})
	if err != nil {
		return err
	}
	if rejected {
		return errReported
	}
	return nil
}
