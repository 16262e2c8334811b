package faultstest

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/faults/faultstest/outsider"
	"github.com/qf-format/qf-conformance/protocol"
)

// Main serves a faulty implementation as a program and exits, when the
// environment variable QF_FAKE names one; it returns at once otherwise.
// A test binary whose TestMain calls it (before servetest.Main, which
// serves the fakes of the protocol) is then the implementation:
//
//   - "mutant:NAME" serves the mutant NAME (Named) with qf serve's loop;
//   - "outsider:FAULT,..." serves package outsider with the faults listed;
//   - "list-realistic" serves nothing: it prints the realistic sets, a
//     line each, their names and faults (generative/testdata/realistic.sh
//     reads them).
func Main() {
	mode := os.Getenv("QF_FAKE")
	switch {
	case mode == "list-realistic":
		for _, m := range Realistic {
			names := []string{m.Name}
			for _, f := range m.Faults {
				names = append(names, f.Name)
			}
			fmt.Println(strings.Join(names, " "))
		}
	case strings.HasPrefix(mode, "mutant:"):
		m, ok := Named(strings.TrimPrefix(mode, "mutant:"))
		if !ok {
			fmt.Fprintln(os.Stderr, "fake: no mutant", mode)
			os.Exit(2)
		}
		protocol.Serve(os.Stdin, os.Stdout, m.Handler())
	case strings.HasPrefix(mode, "outsider:"):
		var fs []outsider.Fault
		for _, name := range strings.Split(strings.TrimPrefix(mode, "outsider:"), ",") {
			f := outsider.Fault(name)
			if !slices.Contains(outsider.Faults, f) {
				fmt.Fprintln(os.Stderr, "fake: no outsider fault", name)
				os.Exit(2)
			}
			fs = append(fs, f)
		}
		protocol.Serve(os.Stdin, os.Stdout, outsider.New(fs...))
	default:
		return
	}
	os.Exit(0)
}
