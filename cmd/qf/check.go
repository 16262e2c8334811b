package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

const checkSynopsis = `[flags] [-- COMMAND [ARGS...]]

Runs the conformance vectors against COMMAND, a program that speaks the
protocol of spec/protocol.md on its stdin and stdout (or, with -oneshot,
reads a code on stdin and exits 0 with its JSON value, or 1). Without
COMMAND, checks the built-in reference. COMMAND runs in its own process
group, ended as a whole after a timeout, a crash and at the end of the run;
after a timeout or a crash it is started again, however often: a failure
is its vector's alone. The run ends early only when COMMAND cannot be
started again, or ten restarts in a row get no hello.

For CI, -require makes the run fail unless each category named was checked
and reached its level: -require strict:L3,lenient:L3,encode:E,replay:R
fails an implementation whose hello leaves out encode, or whose lenient
decoding reaches only L2. Names in the hello that are no op or profile of
the protocol ("Encode", "Lenient") fail the run too.

Exit status: 0 when the run passes; 1 when a vector failed unexpectedly,
an expected-failure entry is stale, a requirement is not met, nothing was
checked, the run ended early, or COMMAND did not exit with status 0 at the
end of its input; 2 on a usage error (bad flags, a report that cannot be
written) or when COMMAND cannot be started. The report's last line is
"check: N passed, N failed, N skipped".

flags:`

// An output is a report that qf check writes besides the text report, to
// the file its flag names: "-" for standard output, the text report then
// going to standard error.
type output struct {
	flag, usage string
	write       func(rep *runner.Report, w io.Writer) error
}

// outputs are qf check's reports besides the text, a row each: their
// flags, the checks of their paths before the run and their writing after
// it all follow from this table.
var outputs = []output{
	{"json", "write the whole report as JSON to `FILE` (- for standard output, the text report then going to standard error)", (*runner.Report).WriteJSON},
	{"junit", "write the report as JUnit XML to `FILE` (- for standard output, likewise)", (*runner.Report).WriteJUnit},
	{"write-expect-fail", "write the current failures to `FILE` as an expected-failures list; the run then fails only for what else goes wrong",
		func(rep *runner.Report, w io.Writer) error { return runner.FormatExpectations(w, rep.Results) }},
}

// checkFlags are qf check's flags.
type checkFlags struct {
	timeout, startTimeout      *time.Duration
	oneshot, verbose           *bool
	parallel                   *int
	level, require, expectFail *string
	runRe, skipRe, flags       *string
	paths                      []*string // the FILE of each of outputs, "" when not asked for
	writeExpect                *string   // that of -write-expect-fail
	extra                      []string
	levelSet                   bool // -level was given
}

func newCheckFlags(fs *flag.FlagSet) *checkFlags {
	f := &checkFlags{}
	f.timeout = fs.Duration("timeout", driver.DefaultTimeout, timeoutUsage+" (not used by -oneshot)")
	f.startTimeout = fs.Duration("start-timeout", driver.DefaultStartTimeout, "time allowed for the first answer of each process (its hello; with -oneshot, its exit)")
	f.oneshot = fs.Bool("oneshot", false, "start COMMAND once per vector, the code on stdin (strict decoding, L1 only)")
	f.parallel = fs.Int("parallel", runtime.NumCPU(), "with -oneshot, how many `N` processes at once")
	f.level = fs.String("level", "L3", "the `level` a decode vector must meet to pass: L1, L2 or L3 (-oneshot: L1)")
	f.require = fs.String("require", "", "fail the run unless each category reaches its level: comma-separated `CATEGORY:LEVEL`, such as strict:L3,lenient:L3,encode:E,replay:R,validate:R")
	f.expectFail = fs.String("expect-fail", "", "read expected failures from `FILE`: an id or glob and a reason per line")
	f.runRe = fs.String("run", "", "run only the vectors whose id matches `REGEX`")
	f.skipRe = fs.String("skip", "", "leave out the vectors whose id matches `REGEX`")
	f.flags = fs.String("flags", "", "run only the vectors with one of these comma-separated `FLAGS`, such as Truncated,EqualsSign (CONFORMANCE-REFERENCE.md lists them)")
	for _, o := range outputs {
		f.paths = append(f.paths, fs.String(o.flag, "", o.usage))
		if o.flag == "write-expect-fail" {
			f.writeExpect = f.paths[len(f.paths)-1]
		}
	}
	f.verbose = fs.Bool("v", false, "also list every failing vector and expected failure")
	fs.Func("vectors", "also run the vector files in `DIR`, such as qf fuzz -o writes (repeatable)", func(dir string) error {
		f.extra = append(f.extra, dir)
		return nil
	})
	return f
}

// options returns the runner's options of the flags and the command, or
// a usage error, checked before anything runs: reports that cannot be
// written are usage errors too.
func (f *checkFlags) options(command []string) (runner.Options, error) {
	opts := runner.Options{Mode: runner.Persistent, Parallel: *f.parallel}
	if *f.oneshot {
		opts.Mode = runner.Oneshot
	}
	opts.Command, opts.Timeout, opts.StartTimeout = command, *f.timeout, *f.startTimeout
	if len(opts.Command) == 0 {
		opts.Handler = serve.Reference
	}
	if opts.Timeout <= 0 || opts.StartTimeout <= 0 || opts.Parallel <= 0 {
		return opts, errors.New("-timeout, -start-timeout and -parallel must be positive")
	}
	if l, err := suite.ParseLevel(strings.ToUpper(*f.level)); err == nil && l >= suite.L1 && l <= suite.L3 {
		opts.Level = l
	} else {
		return opts, fmt.Errorf("-level %q: want L1, L2 or L3", *f.level)
	}
	if opts.Mode == runner.Oneshot && len(opts.Command) == 0 {
		return opts, errors.New("-oneshot needs a COMMAND")
	}
	if opts.Mode == runner.Oneshot && f.levelSet && opts.Level > suite.L1 {
		return opts, fmt.Errorf("-oneshot grades L1 only (a process's exit status says accepted or rejected, not the error's kind or offset): -level %s cannot be met", opts.Level)
	}
	if *f.require != "" {
		req, err := runner.ParseRequirements(*f.require)
		if err != nil {
			return opts, fmt.Errorf("-require: %v", strings.TrimPrefix(err.Error(), "suite: "))
		}
		opts.Require = req
	}
	for _, re := range []struct {
		text string
		dst  **regexp.Regexp
		name string
	}{{*f.runRe, &opts.Run, "-run"}, {*f.skipRe, &opts.Skip, "-skip"}} {
		if re.text == "" {
			continue
		}
		compiled, err := regexp.Compile(re.text)
		if err != nil {
			return opts, fmt.Errorf("%s: %v", re.name, err)
		}
		*re.dst = compiled
	}
	flags, err := knownFlags(*f.flags)
	if err != nil {
		return opts, fmt.Errorf("-flags: %v", err)
	}
	opts.Flags = flags
	if *f.expectFail != "" {
		file, err := os.Open(*f.expectFail)
		if err != nil {
			return opts, err
		}
		opts.Expect, err = runner.ParseExpectations(file)
		file.Close()
		if err != nil {
			return opts, fmt.Errorf("%s: %v", *f.expectFail, err)
		}
	}
	for _, dir := range f.extra {
		files, err := vectors.LoadDir(dir)
		if err != nil {
			return opts, fmt.Errorf("-vectors: %v", err)
		}
		opts.Extra = append(opts.Extra, files...)
	}
	return opts, f.checkOutputs()
}

// checkOutputs checks the reports' paths: at most one on standard
// output, and each one writable.
func (f *checkFlags) checkOutputs() error {
	var flags []string
	dashes := 0
	for i, o := range outputs {
		flags = append(flags, "-"+o.flag)
		if *f.paths[i] == "-" {
			dashes++
		}
		if err := checkOutput(*f.paths[i]); err != nil {
			return fmt.Errorf("-%s: %v", o.flag, err)
		}
	}
	if dashes > 1 {
		last := len(flags) - 1
		return fmt.Errorf("only one of %s and %s can write to standard output (-)", strings.Join(flags[:last], ", "), flags[last])
	}
	return nil
}

// toStdout reports whether a report goes to standard output.
func (f *checkFlags) toStdout() bool {
	return slices.ContainsFunc(f.paths, func(p *string) bool { return *p == "-" })
}

// knownFlags returns the flags of a comma-separated list, spaces around
// them allowed; a name that is no flag of the vectors is an error, with
// the flag it may have meant.
func knownFlags(list string) ([]string, error) {
	var out []string
	for _, name := range split(list) {
		if name == "" {
			continue
		}
		if _, ok := vectors.Notes[name]; ok {
			out = append(out, name)
			continue
		}
		for known := range vectors.Notes {
			if strings.EqualFold(known, name) {
				return nil, fmt.Errorf("no flag %q: flags are case-sensitive; did you mean %s?", name, known)
			}
		}
		return nil, fmt.Errorf("no flag %q (CONFORMANCE-REFERENCE.md, \"Edge cases and flags\", lists them)", name)
	}
	return out, nil
}

func runCheck(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("check", checkSynopsis, stdout, stderr)
	f := newCheckFlags(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	f.levelSet = isSet(fs, "level")
	opts, err := f.options(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "qf check: %v\n", err)
		return errUsage
	}
	text := stdout // the text report; standard error when a report goes to standard output
	if f.toStdout() {
		text = stderr
	}
	if isTerminal(text) {
		opts.Progress = text
	}
	// Interrupted, the run ends the implementation's process group, which
	// the terminal's interrupt does not reach, and reports what it did.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// The report's first line comes at once, before the implementation
	// is started; the progress line then says what the run waits for.
	manifest, err := vectors.LoadManifest()
	if err != nil {
		return err
	}
	io.WriteString(text, runner.Heading(manifest.SuiteVersion, manifest.Digest))
	rep, err := runner.Run(ctx, opts)
	var start *driver.StartError
	if errors.As(err, &start) {
		fmt.Fprintf(stderr, "qf check: %v\n", err)
		return errUsage
	}
	if err != nil {
		return err
	}
	rep.ExpectFailTo = *f.writeExpect
	rep.WriteRest(text, *f.verbose)
	for i, o := range outputs {
		write := func(w io.Writer) error { return o.write(rep, w) }
		if err := writeOutput(*f.paths[i], stdout, write); err != nil {
			return err
		}
	}
	if path := *f.writeExpect; path != "" && path != "-" {
		n := 0
		for i := range rep.Results {
			if rep.Results[i].Failed() {
				n++
			}
		}
		fmt.Fprintf(text, "wrote %s: %d expected %s\n", term.Printable(path, false), n, term.Plural(n, "failure"))
	}
	if !rep.OK() && !(*f.writeExpect != "" && rep.OnlyVectorsFailed()) {
		return errReported
	}
	return nil
}

// writeOutput writes a report to path: nowhere for "", standard output
// for "-".
func writeOutput(path string, stdout io.Writer, write func(io.Writer) error) error {
	switch path {
	case "":
		return nil
	case "-":
		return write(stdout)
	}
	return writeFile(path, write)
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
