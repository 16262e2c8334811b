package servetest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/protocol"
)

// An Implementation is a test implementation of the protocol that Main
// serves as a program: a handler that protocol.Serve serves, or a loop
// of its own over standard input and output.
type Implementation struct {
	Name    string                  // what QF_FAKE names it by: "crash-4th", "mutant:rust"
	Handler func() protocol.Handler // served by protocol.Serve when Serve is nil
	Serve   func()                  // serves standard input and output itself
	Faults  []string                // the names of its true faults, if it has any
}

// serve serves the implementation on standard input and output.
func (impl *Implementation) serve() {
	if impl.Serve != nil {
		impl.Serve()
		return
	}
	protocol.Serve(os.Stdin, os.Stdout, impl.Handler())
}

// Main serves the implementation that the environment variable QF_FAKE
// names and exits, when QF_FAKE is set; it returns at once otherwise.
// The implementations are this package's fakes and more (package
// faultstest's Implementations, a test's own). Call it first in
// TestMain: the test binary is then the implementation, and Command
// starts it. It first sets in the environment the variables NAME=value
// that follow "--" on the command line, as Command writes them. When
// QF_FAKE_CPU names a file, an implementation that reaches the end of its
// input appends to it a line with the CPU time it spent, user and
// system, in microseconds, its children's that it waited for included (a
// program it ran): what a benchmark subtracts from its client's
// children's.
func Main(more ...*Implementation) {
	if i := slices.Index(os.Args, "--"); i >= 0 {
		for _, v := range os.Args[i+1:] {
			if name, value, ok := strings.Cut(v, "="); ok {
				os.Setenv(name, value)
			}
		}
	}
	name := os.Getenv("QF_FAKE")
	if name == "" {
		return
	}
	impl, ok := fakes[name]
	if i := slices.IndexFunc(more, func(m *Implementation) bool { return m.Name == name }); !ok && i >= 0 {
		impl, ok = more[i], true
	}
	if !ok {
		fmt.Fprintln(os.Stderr, "fake: no implementation", name)
		os.Exit(2)
	}
	if dir := os.Getenv("QF_FAKE_DIR"); dir != "" {
		appendLine(filepath.Join(dir, "pids"), os.Getpid())
	}
	impl.serve()
	if name := os.Getenv("QF_FAKE_CPU"); name != "" {
		appendLine(name, measure.CPUTimeWithChildren().Microseconds())
	}
	os.Exit(0)
}

// Command returns the command line that runs this test binary as the
// implementation that the environment variables vars (NAME=value:
// QF_FAKE=name, QF_FAKE_DIR=dir, ...) name. They follow its flags and
// "--", and Main sets them in its environment: so they are the
// implementation's alone, not the test's, and tests that start
// implementations can run in parallel (t.Setenv forbids t.Parallel),
// with no process between the driver and the implementation (env(1)
// would cost each start a third more). While WithProgram runs, a fake of
// this package runs as the program WithProgram built, not as this test
// binary.
func Command(vars ...string) []string {
	if program != "" && slices.ContainsFunc(vars, func(v string) bool {
		name, ok := strings.CutPrefix(v, "QF_FAKE=")
		return ok && fakes[name] != nil
	}) {
		return append([]string{program, "--"}, vars...)
	}
	return append([]string{os.Args[0], "-test.run=^$", "--"}, vars...)
}
