package servetest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/qf-format/qf-conformance/internal/mutation"
)

// programSource is the source of a main package that is this package's
// fakes and nothing more: Main. It links none of a test
// binary's other packages and runs none of their inits, so that it
// starts on less CPU than the test binary as a fake (about 1.9 ms
// against 2.7 ms for generative's, measured on a 2-core AMD EPYC): what
// counts for a fake that crashes on most inputs, started again by qf
// thousands of times in a run.
const programSource = `package main

import (
	"fmt"
	"os"

	"github.com/qf-format/qf-conformance/serve/servetest"
)

func main() {
	servetest.Main()
	fmt.Fprintln(os.Stderr, "fakes: QF_FAKE names no fake")
	os.Exit(2)
}
`

// programPackage is where programSource is, within the module, in the
// build's overlay alone.
const programPackage = "serve/servetest/fakes"

// program is the path of the program built from programSource while
// WithProgram runs, or "".
var program string

// WithProgram returns run() (a TestMain's m.Run), and while it runs
// Command starts this package's fakes as a program of their own, built
// from programSource with the go command into a temporary directory
// removed afterwards (the go command caches the link: after the first
// build, a build costs about 0.3 s of the go command). If it cannot be
// built, it says so on standard error and Command starts the test binary,
// whose fakes are the same. Call it in TestMain, after Main.
func WithProgram(run func() int) int {
	dir, err := os.MkdirTemp("", "servetest-")
	var gomod []byte // the module's go.mod, as the go command names it
	if err == nil {
		defer os.RemoveAll(dir)
		gomod, err = exec.Command("go", "env", "GOMOD").Output()
	}
	if err == nil {
		files := map[string][]byte{programPackage + "/main.go": []byte(programSource)}
		root := filepath.Dir(strings.TrimSpace(string(gomod)))
		err = mutation.Build(root, dir, mutation.Mutant{}, files, programPackage, filepath.Join(dir, "fakes"))
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "servetest: the fakes are this test binary: %v\n", err)
		return run()
	}
	program = filepath.Join(dir, "fakes")
	defer func() { program = "" }()
	return run()
}
