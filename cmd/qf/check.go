package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"strings"
	"syscall"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
)

const checkSynopsis = `[flags] [-- COMMAND [ARGS...]]

Runs the conformance vectors against COMMAND, a program that speaks the
protocol of spec/protocol.md on its stdin and stdout (or, with -oneshot,
reads a code on stdin and exits 0 with its JSON value, or 1). Without
COMMAND, checks the built-in reference. COMMAND runs in its own process
group, ended as a whole after a timeout, a crash and at the end of the run.

Exit status: 0 when the run passes; 1 when a vector failed unexpectedly,
an expected-failure entry is stale, nothing was checked, the run ended
early, or COMMAND did not exit with status 0 at the end of its input; 2 on
a usage error or when COMMAND cannot be started. The report's last line is
"check: N passed, N failed, N skipped".

flags:`

func runCheck(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("check", checkSynopsis, stderr)
	timeout := fs.Duration("timeout", driver.DefaultTimeout, "time allowed for each answer after the first of a process (not used by -oneshot)")
	startTimeout := fs.Duration("start-timeout", driver.DefaultStartTimeout, "time allowed for the first answer of each process (its hello; with -oneshot, its exit)")
	oneshot := fs.Bool("oneshot", false, "start COMMAND once per vector, the code on stdin (strict decoding, L1 only)")
	parallel := fs.Int("parallel", runtime.NumCPU(), "with -oneshot, the `N`umber of processes at once")
	level := fs.String("level", "L3", "the `level` a decode vector must meet to pass: L1, L2 or L3")
	expectFail := fs.String("expect-fail", "", "read expected failures from `FILE`: an id or glob and a reason per line")
	writeExpect := fs.String("write-expect-fail", "", "write the current failures to `FILE` as an expected-failures list")
	runRe := fs.String("run", "", "run only the vectors whose id matches `REGEX`")
	skipRe := fs.String("skip", "", "leave out the vectors whose id matches `REGEX`")
	flags := fs.String("flags", "", "run only the vectors with one of these comma-separated `FLAGS`")
	jsonOut := fs.String("json", "", "write the whole report as JSON to `FILE` (- for standard output, the text report then going to standard error)")
	junitOut := fs.String("junit", "", "write the report as JUnit XML to `FILE` (- for standard output, likewise)")
	verbose := fs.Bool("v", false, "also list every failing vector and expected failure")
	var extra []string
	fs.Func("vectors", "also run the vector files in `DIR`, such as qf fuzz -o writes (repeatable)", func(dir string) error {
		extra = append(extra, dir)
		return nil
	})
	if err := parse(fs, args); err != nil {
		return err
	}
	opts := runner.Options{Oneshot: *oneshot, Parallel: *parallel}
	opts.Command, opts.Timeout, opts.StartTimeout = fs.Args(), *timeout, *startTimeout
	if len(opts.Command) == 0 {
		opts.Handler = serve.Reference
	}
	if *timeout <= 0 || *startTimeout <= 0 || *parallel <= 0 {
		fmt.Fprintln(stderr, "qf check: -timeout, -start-timeout and -parallel must be positive")
		return errUsage
	}
	dashes := 0
	for _, path := range []string{*jsonOut, *junitOut, *writeExpect} {
		if path == "-" {
			dashes++
		}
	}
	if dashes > 1 {
		fmt.Fprintln(stderr, "qf check: only one of -json, -junit and -write-expect-fail can write to standard output (-)")
		return errUsage
	}
	text := stdout // the text report; standard error when a report goes to standard output
	if dashes == 1 {
		text = stderr
	}
	if l, err := suite.ParseLevel(strings.ToUpper(*level)); err == nil && l >= suite.L1 && l <= suite.L3 {
		opts.Level = l
	} else {
		fmt.Fprintf(stderr, "qf check: -level %q: want L1, L2 or L3\n", *level)
		return errUsage
	}
	for _, re := range []struct {
		text string
		dst  **regexp.Regexp
		name string
	}{{*runRe, &opts.Run, "-run"}, {*skipRe, &opts.Skip, "-skip"}} {
		if re.text == "" {
			continue
		}
		compiled, err := regexp.Compile(re.text)
		if err != nil {
			fmt.Fprintf(stderr, "qf check: %s: %v\n", re.name, err)
			return errUsage
		}
		*re.dst = compiled
	}
	if *flags != "" {
		opts.Flags = strings.Split(*flags, ",")
	}
	if *oneshot && len(opts.Command) == 0 {
		fmt.Fprintln(stderr, "qf check: -oneshot needs a COMMAND")
		return errUsage
	}
	if *expectFail != "" {
		f, err := os.Open(*expectFail)
		if err != nil {
			fmt.Fprintf(stderr, "qf check: %v\n", err)
			return errUsage
		}
		opts.Expect, err = runner.ParseExpectations(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "qf check: %s: %v\n", *expectFail, err)
			return errUsage
		}
	}
	for _, dir := range extra {
		files, err := suite.LoadVectors(dir)
		if err != nil {
			fmt.Fprintf(stderr, "qf check: -vectors: %v\n", err)
			return errUsage
		}
		opts.Extra = append(opts.Extra, files...)
	}
	if isTerminal(text) {
		opts.Progress = text
	}
	// Interrupted, the run ends the implementation's process group, which
	// the terminal's interrupt does not reach, and reports what it did.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	rep, err := runner.Run(ctx, opts)
	var start *driver.StartError
	if errors.As(err, &start) {
		fmt.Fprintf(stderr, "qf check: %v\n", err)
		return errUsage
	}
	if err != nil {
		return err
	}
	rep.WriteText(text, *verbose)
	for _, out := range []struct {
		path  string
		write func(io.Writer) error
	}{
		{*jsonOut, rep.WriteJSON},
		{*junitOut, rep.WriteJUnit},
		{*writeExpect, func(w io.Writer) error { return runner.FormatExpectations(w, rep.Results) }},
	} {
		if out.path == "" {
			continue
		}
		if out.path == "-" {
			if err := out.write(stdout); err != nil {
				return err
			}
			continue
		}
		if err := writeFile(out.path, out.write); err != nil {
			return err
		}
	}
	if !rep.OK() {
		return errReported
	}
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
