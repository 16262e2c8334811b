package main

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/generative"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/suite"
)

const fuzzSynopsis = `[flags] [-- COMMAND [ARGS...]]

Checks COMMAND, a program that speaks the protocol of spec/protocol.md,
against the reference: the suite's vectors first, then generated cases:
codes across the whole space and mutated, broken values for the encoder,
games steered to where the rules are subtle, States that break each rule;
many requests at once, until the budget is spent (-duration, or -n cases).

At the end, the disagreements are diagnosed as qf check diagnoses failing
vectors (a known fault and its flag, a way of reporting errors, what the
implementation does, ...), from a sample that keeps every way of
disagreeing. An implementation that crashes is restarted as often as it
takes; a request it died on is asked again alone, in a fresh process.
Each cause keeps a few examples (-examples), each shrunk to a minimal case
that the same cause explains and asked again alone in a fresh process;
-v shows them as qf check shows a failing vector, -o writes them as
vector files that 'qf check -vectors DIR' runs, -json writes the whole
report. Without COMMAND, fuzzes the built-in reference. The seed is
always printed, and the last line says how to repeat the run: -seed S
-n N give the same report on any machine.

-duration D is the whole run's time: drawing and asking cases, then the
diagnosis, the shrinks and the examples asked again, each stage on the
progress line. Once a disagreement is found the drawing stops at three
quarters of D (at once, when found later), leaving the rest to the
diagnosis and then to each cause's examples in even shares; a stage
whose time has run out stops, and the report says what it left undone.
The run ends within D and the margin of what is under way as D runs
out: the batch of cases being asked (up to 256 requests, -window at a
time) or the one request of a diagnosis or a shrink (each at most
-timeout, or -start-timeout when it starts a process), and ending the
implementation (5 s and a moment, for one that does not exit at the end
of its input and is then ended). -n N has no time limit.

Exit status: 0 when the budget ran out with no disagreement; 1 when there
was one, or the implementation misbehaved; 2 on a usage error or when
COMMAND cannot be started.

flags:`

func runFuzz(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("fuzz", fuzzSynopsis, stdout, stderr)
	duration := fs.Duration("duration", 60e9, "how long the whole run takes, diagnosis and examples included (unless -n is given; see above)")
	n := fs.Int("n", 0, "ask `N` cases, the suite's vectors first, however long it takes")
	var seed uint64
	seedSet := false
	fs.Func("seed", "seed `S` of the draws; random when absent", func(s string) error {
		_, err := fmt.Sscan(s, &seed)
		seedSet = true
		return err
	})
	ops := fs.String("ops", "", "check only these comma-separated `ops` ("+protocol.OpNames()+"); default every one the hello lists")
	profiles := fs.String("profiles", "", "decode only in these comma-separated `profiles` (strict, lenient); default every one the hello lists")
	examples := fs.Int("examples", 3, "keep and shrink at most `N` examples of each cause, each disagreeing another way")
	maxCauses := fs.Int("max-causes", 25, "end the run once `N` distinct causes are found")
	out := fs.String("o", "", "write the shrunk examples as vector files into `DIR`")
	jsonOut := fs.String("json", "", "write the whole report as JSON to `FILE` (- for standard output, the text report then going to standard error)")
	verbose := fs.Bool("v", false, "also show every example, as qf check shows a failing vector, with how it was found and shrunk")
	timeout := fs.Duration("timeout", driver.DefaultTimeout, timeoutUsage)
	startTimeout := fs.Duration("start-timeout", driver.DefaultStartTimeout, "time allowed for the first answer of each process")
	window := fs.Int("window", generative.DefaultWindow, "keep `N` requests in flight at once")
	if err := parse(fs, args); err != nil {
		return err
	}
	opts := generative.Options{N: *n, Examples: *examples, MaxCauses: *maxCauses, Window: *window}
	opts.Command, opts.Timeout, opts.StartTimeout = fs.Args(), *timeout, *startTimeout
	if len(opts.Command) == 0 {
		opts.Handler = serve.Reference
	}
	if !isSet(fs, "n") {
		opts.Duration = *duration
	}
	if isSet(fs, "n") && *n <= 0 {
		fmt.Fprintf(stderr, "qf fuzz: -n %d: want a positive number of cases (or no -n, for -duration)\n", *n)
		return errUsage
	}
	if opts.Duration <= 0 && opts.N <= 0 || *examples <= 0 || *maxCauses <= 0 || *window <= 0 || *timeout <= 0 || *startTimeout <= 0 {
		fmt.Fprintln(stderr, "qf fuzz: -duration or -n, -examples, -max-causes, -window, -timeout and -start-timeout must be positive")
		return errUsage
	}
	if err := checkOutputDir(*out); err != nil {
		fmt.Fprintf(stderr, "qf fuzz: -o: %v\n", err)
		return errUsage
	}
	if err := checkOutput(*jsonOut); err != nil {
		fmt.Fprintf(stderr, "qf fuzz: -json: %v\n", err)
		return errUsage
	}
	cats, err := categories(*ops, *profiles)
	if err != nil {
		fmt.Fprintf(stderr, "qf fuzz: %v\n", err)
		return errUsage
	}
	opts.Categories = cats
	if !seedSet {
		var b [8]byte
		crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) % 1e9 // short enough to type again
	}
	opts.Seed = seed
	text := stdout // the text report; standard error when the JSON report goes to standard output
	if *jsonOut == "-" {
		text = stderr
	}
	if isTerminal(text) {
		opts.Progress = text
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(text, "qf fuzz: seed %d\n", seed) // at once, should the run not end

	rep, err := generative.Run(ctx, opts)
	var start *driver.StartError
	if errors.As(err, &start) {
		fmt.Fprintf(stderr, "qf fuzz: %v\n", err)
		return errUsage
	}
	if err != nil {
		return err
	}
	rep.WriteText(text, *verbose)
	if err := writeFuzzReports(rep, *out, *jsonOut, text, stdout); err != nil {
		return err
	}
	if !rep.OK() {
		return errReported
	}
	return nil
}

// writeFuzzReports writes a run's examples as vectors into the directory
// out, saying what it wrote (or why nothing) to text, and its JSON report
// to the file jsonOut ("-" for stdout); "" writes none.
func writeFuzzReports(rep *generative.Report, out, jsonOut string, text, stdout io.Writer) error {
	switch {
	case out == "" || len(rep.Findings()) > 0:
	case rep.Disagreements == 0:
		fmt.Fprintf(text, "wrote nothing into %s: no disagreement to write as vectors\n", term.Printable(out, false))
	default:
		fmt.Fprintf(text, "wrote nothing into %s: no example of the disagreements was kept\n", term.Printable(out, false))
	}
	if out != "" && len(rep.Findings()) > 0 {
		paths, err := rep.WriteVectors(out)
		if err != nil {
			return err
		}
		for _, p := range paths {
			fmt.Fprintf(text, "wrote %s (run it: qf check -vectors %s -- COMMAND)\n", term.Printable(p, false), term.Printable(out, false))
		}
	}
	return writeOutput(jsonOut, stdout, rep.WriteJSON)
}

// categories returns the categories of the comma-separated ops and
// profiles given (every one for a list not given), or nil when neither is
// given.
func categories(ops, profiles string) ([]suite.Category, error) {
	if ops == "" && profiles == "" {
		return nil, nil
	}
	// The ops and profiles asked for, as a hello lists them: every one
	// when none is given.
	want := &session.Hello{}
	for _, item := range split(ops) {
		if !slices.Contains(protocol.Ops, protocol.Op(item)) {
			return nil, fmt.Errorf("-ops: %q is not one of %s", item, protocol.OpNames())
		}
		want.Ops = append(want.Ops, item)
	}
	for _, item := range split(profiles) {
		if _, err := ref.ParseProfile(item); err != nil {
			return nil, fmt.Errorf("-profiles: %q is not one of strict, lenient", item)
		}
		want.Profiles = append(want.Profiles, item)
	}
	if want.Ops == nil {
		for _, op := range protocol.Ops {
			want.Ops = append(want.Ops, string(op))
		}
	}
	if want.Profiles == nil {
		for _, p := range ref.Profiles {
			want.Profiles = append(want.Profiles, p.String())
		}
	}
	var cats []suite.Category
	for _, c := range suite.Categories {
		if want.Lists(c) {
			cats = append(cats, c)
		}
	}
	return cats, nil
}

// split returns the items of a comma-separated list, spaces around them
// trimmed; none for "".
func split(list string) []string {
	if strings.TrimSpace(list) == "" {
		return nil
	}
	items := strings.Split(list, ",")
	for i := range items {
		items[i] = strings.TrimSpace(items[i])
	}
	return items
}
