// Command qf decodes, encodes and serves qf codes with the reference codec,
// the Quoridor Fansite's Base64 text for a Quoridor position and game
// record (spec/qf.md in this module).
//
// Usage:
//
//	qf check [flags] [-- COMMAND [ARGS...]]
//	qf fuzz [flags] [-- COMMAND [ARGS...]]
//	qf report [-o FILE] [-format html|md] REPORT.json...
//	qf decode [-lenient] [CODE...]
//	qf explain [-lenient] [CODE...]
//	qf encode [FILE]
//	qf replay CODE
//	qf render [-flags N] [-move K] [-format svg|text] CODE
//	qf explore -o DIR
//	qf serve
//
// check runs the conformance vectors against COMMAND, a program that
// speaks the conformance protocol, or against the built-in reference; see
// CONFORMANCE.md. fuzz checks COMMAND against the reference with
// generated cases, and shrinks each disagreement to a minimal case that it
// can write as vectors. report compares the -json reports of check across
// implementations, as an HTML page or Markdown. decode prints the
// canonical JSON value of each code, and the positioned error of each code
// it rejects; explain shows each code field by field (bits, path, value,
// meaning) with its board, or the fault under a caret. Both take codes
// from standard input, one per line, when given none. encode reads JSON values,
// one or one per line, from FILE or standard input and prints one code per
// line. replay plays a code's record under the rules of Quoridor and
// prints each move in players' notation (e2, c3h) with the squares after
// it, and the first illegal move (then the status is 1). render draws the
// board of a code's State, or of its record after the last move (or K
// moves), as SVG or text, with the fansite viewer's display flags. explore
// writes a static site, working offline: a playground that explains any
// code with the reference compiled to WebAssembly, and a page for every
// vector with its board. serve speaks the
// conformance protocol (spec/protocol.md) on standard input and output.
//
// The exit status is 0 on success; 1 when a code or value was rejected, or
// a check failed; and 2 on a usage error or a COMMAND that cannot start.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
)

const usage = `usage:
  qf check [flags] [-- COMMAND]  run the conformance vectors against COMMAND, or the reference
  qf fuzz [flags] [-- COMMAND]   check COMMAND against the reference with generated cases
  qf report [-o FILE] REPORT.json...
                                 compare the -json reports of several implementations
  qf decode [-lenient] [CODE...] print each code's value as JSON (codes from stdin when none)
  qf explain [-lenient] [CODE...]
                                 show each code field by field, and where and why it is rejected
  qf encode [FILE]               print the code of each JSON value in FILE or stdin
  qf replay CODE                 play a code's record under the rules, move by move
  qf render [-flags N] [-move K] [-format svg|text] CODE
                                 draw the board of a code
  qf explore -o DIR              write a static site: a playground that explains any code, and every vector
  qf serve                       answer the conformance protocol on stdin/stdout

Run 'qf COMMAND -h' for a command's flags. Exit status: 0 success,
1 a code or value was rejected, 2 usage error.
`

func main() {
	os.Exit(finish(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr), os.Stderr))
}

// finish reports run's error on stderr, unless it was reported already,
// and returns the exit status: 0 for no error (or help asked for), 2 for a
// usage error, 1 for anything else.
func finish(err error, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	case !errors.Is(err, errReported):
		fmt.Fprintln(stderr, "qf:", err)
	}
	return 1
}

var (
	// errUsage is a usage error, already explained on stderr.
	errUsage = errors.New("usage error")
	// errReported is a failure already explained on stderr.
	errReported = errors.New("failure reported")
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	cmd, args := args[0], args[1:]
	switch cmd {
	case "decode":
		return runDecode(args, stdin, stdout, stderr)
	case "explain":
		return runExplain(args, stdin, stdout, stderr)
	case "encode":
		return runEncode(args, stdin, stdout, stderr)
	case "serve":
		return runServe(args, stdin, stdout, stderr)
	case "check":
		return runCheck(args, stdout, stderr)
	case "replay":
		return runReplay(args, stdout, stderr)
	case "render":
		return runRender(args, stdout, stderr)
	case "explore":
		return runExplore(args, stdout, stderr)
	case "report":
		return runReport(args, stdout, stderr)
	case "fuzz":
		return runFuzz(args, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprintf(stderr, "qf: unknown command %q\n%s", cmd, usage)
	return errUsage
}

// newFlagSet returns a flag set for a subcommand that reports its errors
// to stderr with the subcommand's usage line.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: qf %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses a subcommand's flags, mapping a parse error to errUsage.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	return nil
}

func runDecode(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("decode", "[-lenient] [CODE...]\n\nPrints each code's value as canonical JSON, or its error on standard error.\nCodes are the arguments, or the lines of standard input when there are\nnone or where an argument is \"-\". Exit status 1 when a code is rejected.\n\nflags:", stderr)
	lenient := fs.Bool("lenient", false, "decode leniently: delete characters outside the alphabet, ignore trailing data and padding")
	if err := parse(fs, args); err != nil {
		return err
	}
	decode := ref.Strict.Decode
	if *lenient {
		decode = ref.Lenient.Decode
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	failed := false
	err := eachCode(fs, args, stdin, stderr, func(code string) error {
		v, err := decode(code)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "qf: %s: %v (qf explain shows where)\n", explain.Short(code), err)
			failed = true
			return nil
		}
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s\n", b)
		return nil
	})
	if err != nil {
		return err
	}
	if failed {
		return errReported
	}
	return nil
}

func runEncode(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("encode", "[FILE]", stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return errUsage
	}
	in, name := stdin, "stdin"
	if fs.NArg() == 1 {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return err
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	dec := json.NewDecoder(in)
	failed := false
	for n := 1; ; n++ {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err == io.EOF {
			break
		} else if err != nil {
			return fmt.Errorf("%s: value %d: %v", name, n, err)
		}
		var v ref.Value
		err := json.Unmarshal(raw, &v)
		var code string
		if err == nil {
			code, err = ref.Encode(&v)
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "qf: %s: value %d: %v\n", name, n, err)
			failed = true
			continue
		}
		fmt.Fprintln(out, code)
	}
	if failed {
		return errReported
	}
	return nil
}

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", "", stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	return protocol.Serve(stdin, stdout, serve.Reference)
}
