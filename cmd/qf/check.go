package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/qf-format/qf-conformance/runner"
)

const checkSynopsis = `[flags] [-- COMMAND [ARGS...]]

Runs the conformance vectors against COMMAND, a program that speaks the
protocol of spec/protocol.md on its stdin and stdout (or, with -oneshot,
reads a code on stdin and exits 0 with its JSON value, or 1). Without
COMMAND, checks the built-in reference. Exit status: 0 when nothing failed
unexpectedly, 1 when something did, 2 on a usage error or when COMMAND
cannot be started.

flags:`

func runCheck(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("check", checkSynopsis, stderr)
	timeout := fs.Duration("timeout", 2*time.Second, "time allowed for each answer")
	oneshot := fs.Bool("oneshot", false, "start COMMAND once per vector, the code on stdin (strict decoding, L1 only)")
	level := fs.String("level", "L3", "the `level` a decode vector must meet to pass: L1, L2 or L3")
	expectFail := fs.String("expect-fail", "", "read expected failures from `FILE`: an id or glob and a reason per line")
	writeExpect := fs.String("write-expect-fail", "", "write the current failures to `FILE` as an expected-failures list")
	runRe := fs.String("run", "", "run only the vectors whose id matches `REGEX`")
	skipRe := fs.String("skip", "", "leave out the vectors whose id matches `REGEX`")
	flags := fs.String("flags", "", "run only the vectors with one of these comma-separated `FLAGS`")
	jsonOut := fs.String("json", "", "write the whole report as JSON to `FILE`")
	junitOut := fs.String("junit", "", "write the report as JUnit XML to `FILE`")
	verbose := fs.Bool("v", false, "also list the expected failures")
	if err := parse(fs, args); err != nil {
		return err
	}
	opts := runner.Options{Command: fs.Args(), Oneshot: *oneshot, Timeout: *timeout}
	switch strings.ToUpper(*level) {
	case "L1":
		opts.Level = runner.L1
	case "L2":
		opts.Level = runner.L2
	case "L3":
		opts.Level = runner.L3
	default:
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
	if isTerminal(stdout) {
		opts.Progress = stdout
	}

	rep, err := runner.Run(opts)
	var start *runner.StartError
	if errors.As(err, &start) {
		fmt.Fprintf(stderr, "qf check: %v\n", err)
		return errUsage
	}
	if err != nil {
		return err
	}
	rep.WriteText(stdout, *verbose)
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
