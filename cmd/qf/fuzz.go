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
	opts := fuzzer.Options{Command: fs.Args(), N: *n, MaxFailures: *maxFailures, Window: *window, Timeout: *timeout, StartTimeout: *startTimeout}
	if *n == 0 {
		opts.Duration = *duration
	}
	if opts.Duration <= 0 && opts.N <= 0 || *maxFailures <= 0 || *window <= 0 || *timeout <= 0 || *startTimeout <= 0 {
		fmt.Fprintln(stderr, "qf fuzz: -duration or -n, -max-failures, -window, -timeout and -start-timeout must be positive")
		return errUsage
	}
	for _, list := range []struct {
		text  string
		known []string
		dst   *[]string
		name  string
	}{
		{*ops, []string{protocol.OpDecode, protocol.OpEncode, protocol.OpReplay, protocol.OpValidate}, &opts.Ops, "-ops"},
		{*profiles, []string{protocol.ProfileStrict, protocol.ProfileLenient}, &opts.Profiles, "-profiles"},
	} {
		if list.text == "" {
			continue
		}
		for _, item := range strings.Split(list.text, ",") {
			if !slices.Contains(list.known, item) {
				fmt.Fprintf(stderr, "qf fuzz: %s: %q is not one of %s\n", list.name, item, strings.Join(list.known, ", "))
				return errUsage
			}
			*list.dst = append(*list.dst, item)
		}
	}
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
	opts.Context = ctx
	fmt.Fprintf(stdout, "qf fuzz: seed %d\n", seed) // at once, should the run not end

	rep, err := fuzzer.Run(opts)
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
