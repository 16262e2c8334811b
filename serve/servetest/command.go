package servetest

import (
	"os"
	"slices"
	"strings"
)

// Command returns the command line that runs this test binary as the
// fake that the environment variables vars (NAME=value: QF_FAKE=mode,
// QF_FAKE_DIR=dir, ...) name. They follow its flags and "--", and
// SetArgs, first in the fake's TestMain, sets them in its environment:
// so they are the fake's alone, not the test's, and tests that start
// fakes can run in parallel (t.Setenv forbids t.Parallel), with no
// process between the driver and the fake (env(1) would cost each start
// a third more). While WithProgram runs, a fake of this package runs as
// the program WithProgram built, not as this test binary.
func Command(vars ...string) []string {
	if program != "" && ownMode(vars) {
		return append([]string{program, "--"}, vars...)
	}
	return append([]string{os.Args[0], "-test.run=^$", "--"}, vars...)
}

// SetArgs sets in the environment the variables NAME=value that follow
// "--" on the command line, as Command writes them. Call it first in
// TestMain, before Main and faultstest.Main read QF_FAKE.
func SetArgs() {
	i := slices.Index(os.Args, "--")
	if i < 0 {
		return
	}
	for _, v := range os.Args[i+1:] {
		if name, value, ok := strings.Cut(v, "="); ok {
			os.Setenv(name, value)
		}
	}
}
