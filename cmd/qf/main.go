// Command qf decodes, encodes and serves qf codes with the reference codec,
// the Quoridor Fansite's Base64 text for a Quoridor position and game
// record (spec/qf.md in this module).
//
// Usage:
//
//	qf check [flags] [-- COMMAND [ARGS...]]
//	qf fuzz [flags] [-- COMMAND [ARGS...]]
//	qf corners [flags] [-- COMMAND [ARGS...]]
//	qf report [-o FILE] [-format html|md] REPORT.json...
//	qf decode [-lenient] [-json] [CODE...]
//	qf explain [-lenient] [CODE...]
//	qf encode [FILE]
//	qf replay CODE
//	qf render [-flags N] [-move K] [-format svg|text] CODE
//	qf explore -o DIR
//	qf vectors -o DIR
//	qf serve
//	qf version
//
// check runs the conformance vectors against COMMAND, a program that
// speaks the conformance protocol, or against the built-in reference; see
// CONFORMANCE.md. fuzz checks COMMAND against the reference with
// generated cases, and shrinks each disagreement to a minimal case that it
// can write as vectors. corners sends COMMAND the corners of
// spec/protocol.md, request lines that qf check never sends, and shows
// each answer that differs from the one the document defines; they are
// not graded. report compares the -json reports of check across
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
// vector with its board. vectors writes the vector files, the spec, the
// protocol, CONFORMANCE.md and the examples, at their paths in this
// repository, for implementers without it. serve speaks the
// conformance protocol (spec/protocol.md) on standard input and output.
// version prints the versions of qf, the vector suite (with its digest),
// the spec and the protocol.
//
// The exit status is 0 on success; 1 when a code or value was rejected, or
// a check failed; and 2 on a usage error or a COMMAND that cannot start.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/gcpace"
)

const usage = `usage:
  qf check [flags] [-- COMMAND]  run the conformance vectors against COMMAND, or the reference
  qf fuzz [flags] [-- COMMAND]   check COMMAND against the reference with generated cases
  qf corners [flags] [-- COMMAND]
                                 show how COMMAND answers the protocol's corners (not graded)
  qf report [-o FILE] REPORT.json...
                                 compare the -json reports of several implementations
  qf decode [-lenient] [-json] [CODE...]
                                 print each code's value as JSON (codes from stdin when none)
  qf explain [-lenient] [CODE...]
                                 show each code field by field, and where and why it is rejected
  qf encode [FILE]               print the code of each JSON value in FILE or stdin
  qf replay CODE                 play a code's record under the rules, move by move
  qf render [-flags N] [-move K] [-format svg|text] CODE
                                 draw the board of a code
  qf explore -o DIR              write a static site: a playground that explains any code, and every vector
  qf vectors -o DIR              write the vectors, the spec, the protocol, CONFORMANCE.md and the examples
  qf serve                       answer the conformance protocol on stdin/stdout
  qf version                     print the versions of qf, the suite, the spec and the protocol

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
	case "serve", "check", "fuzz", "corners":
		gcpace.Relax() // long runs with a small live heap
	}
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
	case "corners":
		return runCorners(args, stdout, stderr)
	case "replay":
		return runReplay(args, stdout, stderr)
	case "render":
		return runRender(args, stdout, stderr)
	case "explore":
		return runExplore(args, stdout, stderr)
	case "vectors":
		return runVectors(args, stdout, stderr)
	case "report":
		return runReport(args, stdout, stderr)
	case "fuzz":
		return runFuzz(args, stdout, stderr)
	case "version":
		return runVersion(args, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprintf(stderr, "qf: unknown command %q\n%s", cmd, usage)
	return errUsage
}

// timeoutUsage is the usage of -timeout in qf check, fuzz and corners,
// which talk to an implementation through package driver: its rule for
// requests of an op that hangs again and again.
var timeoutUsage = fmt.Sprintf("time allowed for each answer after the first of a process; once %d requests of one op have got none within it, "+
	"each in a process of its own, later requests of that op are given less: %d times the slowest answer seen, -timeout/%d at least, "+
	"and a failure after such a wait says the wait it was given",
	driver.HangsBeforeShorter, driver.SlowerThanSeen, driver.LeastShare)

// newFlagSet returns a flag set for a subcommand: asked for with -h, its
// usage text goes to stdout (a help asked for, not an error, as qf -h);
// after a flag error, and from Usage called on a usage error, to stderr.
func newFlagSet(name, synopsis string, stdout, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	out := &flagOutput{stderr: stderr}
	fs.SetOutput(out)
	fs.Usage = func() {
		w := stderr
		if out.parsing && !out.failed {
			w = stdout
		}
		fmt.Fprintf(w, "usage: qf %s %s\n", name, synopsis)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(out)
	}
	return fs
}

// flagOutput is a flag set's output, standard error, noting whether the
// flag package wrote an error to it while parse parsed: the usage text
// it then asks for goes with the error, and otherwise, asked for with -h,
// to standard output.
type flagOutput struct {
	stderr          io.Writer
	parsing, failed bool
}

func (o *flagOutput) Write(p []byte) (int, error) {
	o.failed = o.failed || o.parsing
	return o.stderr.Write(p)
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// parse parses a subcommand's flags, mapping a parse error to errUsage.
func parse(fs *flag.FlagSet, args []string) error {
	if out, ok := fs.Output().(*flagOutput); ok {
		out.parsing, out.failed = true, false
		defer func() { out.parsing = false }()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	return nil
}
