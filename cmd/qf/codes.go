package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/protocol"
)

// maxCodeLine is the longest line of standard input read as one code.
const maxCodeLine = 64 << 20

// eachCode calls do with each code of a command's arguments, in order:
// the arguments after the flags, or the lines of stdin when there are none
// or where an argument is "-". A flag after the codes is a usage error
// (flags go first; "--" lets a code start with "-"), not a code.
func eachCode(fs *flag.FlagSet, args []string, stdin io.Reader, stderr io.Writer, do func(code string) error) error {
	codes := fs.Args()
	i := slices.Index(args, "--")
	dashes := i >= 0 && len(args)-i-1 == len(codes) // the codes came after "--"
	for _, c := range codes {
		if !dashes && len(c) > 1 && c[0] == '-' {
			fmt.Fprintf(stderr, "qf %s: %s after the codes: flags go before them (and -- before a code that starts with -)\n", fs.Name(), explain.Short(c))
			fs.Usage()
			return errUsage
		}
	}
	fromStdin := len(codes) == 0
	if fromStdin {
		codes = []string{"-"}
	}
	read := 0
	for _, c := range codes {
		if c != "-" {
			if err := do(c); err != nil {
				return err
			}
			continue
		}
		in := bufio.NewReaderSize(stdin, 1<<16)
		var buf []byte
		for n := 1; ; n++ {
			line, err := protocol.ReadLine(in, buf, maxCodeLine)
			if err == io.EOF {
				break
			}
			if errors.Is(err, protocol.ErrLineTooLong) {
				return fmt.Errorf("standard input, line %d: longer than %d MiB", n, maxCodeLine>>20)
			}
			if err != nil {
				return fmt.Errorf("standard input: %v", err)
			}
			buf = line
			read++
			if err := do(string(line)); err != nil {
				return err
			}
		}
	}
	if fromStdin && read == 0 {
		fmt.Fprintf(stderr, "qf %s: no code: give codes after the flags, or one a line on standard input\n", fs.Name())
		fs.Usage()
		return errUsage
	}
	return nil
}
