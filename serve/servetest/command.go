package servetest

import "os"

// Command returns the command line that runs this test binary as the
// fake that the environment variables vars (NAME=value: QF_FAKE=mode,
// QF_FAKE_DIR=dir, ...) name. They are given through env(1), which
// replaces itself with the binary, so the process the driver starts is
// the fake; and they are set for the fake alone, not in the test's
// environment, so that tests that start fakes can run in parallel
// (t.Setenv forbids t.Parallel).
func Command(vars ...string) []string {
	return append(append([]string{"env"}, vars...), os.Args[0], "-test.run=^$")
}
