package servetest

import (
	"flag"
	"strconv"
)

// Parallel sets go test's -parallel to n unless the command line sets
// it: how many tests that call t.Parallel run at once (GOMAXPROCS by
// default). Tests that start fakes mostly wait for them, for their
// timeouts, restarts and start-ups, so that more of them at once than
// there are CPUs keep the CPUs busy. Call it in TestMain, before m.Run.
func Parallel(n int) {
	if !flag.Parsed() {
		flag.Parse()
	}
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(n))
	}
}
