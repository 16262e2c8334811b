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
	"github.com/qf-format/qf-conformance/fuzzer"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
)

const fuzzSynopsis = `[flags] [-- COMMAND [ARGS...]]

Checks COMMAND, a program that speaks the protocol of spec/protocol.md,
against the reference with generated cases: codes across the whole space
and mutated, broken values for the encoder, games steered to where the
rules are subtle, States that break each rule; many requests at once. Each
distinct disagreement is shrunk to a minimal case and shown like a failing
vector of qf check; -o writes them as vector files that
'qf check -vectors DIR' runs. Without COMMAND, fuzzes the built-in
reference. The seed is always printed: -seed repeats a run exactly.

Exit status: 0 when the budget ran out with no disagreement; 1 when there
was one, or the implementation misbehaved; 2 on a usage error or when
COMMAND cannot be started.

flags:`

func runFuzz(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("fuzz", fuzzSynopsis, stderr)
	duration := fs.Duration("duration", 60e9, "how long to draw cases (unless -n is given)")
	n := fs.Int("n", 0, "draw `N` cases, however long it takes")
	var seed uint64
	seedSet := false
	fs.Func("seed", "seed `S` of the draws; random when absent", func(s string) error {
		_, err := fmt.Sscan(s, &seed)
		seedSet = true
		return err
	})
	ops := fs.String("ops", "", "check only these comma-separated `ops` (decode, encode, replay, validate); default every one the hello lists")
	profiles := fs.String("profiles", "", "decode only in these comma-separated `profiles` (strict, lenient); default every one the hello lists")
	maxFailures := fs.Int("max-failures", 10, "find and shrink at most `N` distinct disagreements, then stop")
	out := fs.String("o", "", "write the shrunk cases as vector files into `DIR`")
	timeout := fs.Duration("timeout", driver.DefaultTimeout, "time allowed for each answer after the first of a process")
	startTimeout := fs.Duration("start-timeout", driver.DefaultStartTimeout, "time allowed for the first answer of each process")
	window := fs.Int("window", 64, "keep `N` requests in flight at once")
	if err := parse(fs, args); err != nil {
		return err
	}
	opts := fuzzer.Options{N: *n, MaxFindings: *maxFailures, Window: *window}
	opts.Command, opts.Timeout, opts.StartTimeout = fs.Args(), *timeout, *startTimeout
	if len(opts.Command) == 0 {
		opts.Handler = serve.Reference
	}
	if *n == 0 {
		opts.Duration = *duration
	}
	if opts.Duration <= 0 && opts.N <= 0 || *maxFailures <= 0 || *window <= 0 || *timeout <= 0 || *startTimeout <= 0 {
		fmt.Fprintln(stderr, "qf fuzz: -duration or -n, -max-failures, -window, -timeout and -start-timeout must be positive")
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
	if isTerminal(stdout) {
		opts.Progress = stdout
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stdout, "qf fuzz: seed %d\n", seed) // at once, should the run not end

	rep, err := fuzzer.Run(ctx, opts)
	var start *driver.StartError
	if errors.As(err, &start) {
		fmt.Fprintf(stderr, "qf fuzz: %v\n", err)
		return errUsage
	}
	if err != nil {
		return err
	}
	rep.WriteText(stdout)
	if *out != "" && len(rep.Findings) > 0 {
		paths, err := rep.WriteVectors(*out)
		if err != nil {
			return err
		}
		for _, p := range paths {
			fmt.Fprintf(stdout, "wrote %s (run it: qf check -vectors %s -- COMMAND)\n", p, *out)
		}
	}
	if !rep.OK() {
		return errReported
	}
	return nil
}

// categories returns the categories of the comma-separated ops and
// profiles given (every one for a list not given), or nil when neither is
// given.
func categories(ops, profiles string) ([]suite.Category, error) {
	if ops == "" && profiles == "" {
		return nil, nil
	}
	var opList []protocol.Op
	for _, item := range split(ops) {
		if !slices.Contains(protocol.Ops, protocol.Op(item)) {
			return nil, fmt.Errorf("-ops: %q is not one of %s", item, joinOps(protocol.Ops))
		}
		opList = append(opList, protocol.Op(item))
	}
	var profileList []ref.Profile
	for _, item := range split(profiles) {
		p, err := ref.ParseProfile(item)
		if err != nil {
			return nil, fmt.Errorf("-profiles: %q is not one of strict, lenient", item)
		}
		profileList = append(profileList, p)
	}
	var cats []suite.Category
	for _, c := range suite.Categories {
		if len(opList) > 0 && !slices.Contains(opList, c.Op()) {
			continue
		}
		if p, decoding := c.Profile(); decoding && len(profileList) > 0 && !slices.Contains(profileList, p) {
			continue
		}
		cats = append(cats, c)
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

func joinOps(ops []protocol.Op) string {
	var names []string
	for _, op := range ops {
		names = append(names, string(op))
	}
	return strings.Join(names, ", ")
}
