package servetest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/internal/measure"
)

// NoSurvivors checks that the fakes started at least n processes (by the
// pids they noted in dir, their QF_FAKE_DIR) and that none of them is
// still running: each is gone or a zombie that is not this process's
// child.
func NoSurvivors(t testing.TB, dir string, n int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "pids"))
	if err != nil {
		t.Fatal(err)
	}
	pids := strings.Fields(string(data))
	if len(pids) < n {
		t.Errorf("%d processes noted, want at least %d", len(pids), n)
	}
	deadline := time.Now().Add(measure.Allowance(2 * time.Second)) // a killed process takes a moment to go
	for _, pid := range pids {
		for {
			state, parent, alive := processState(pid)
			if !alive || state == "Z" && parent != os.Getpid() {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("process %s survived the run (state %s, parent %d)", pid, state, parent)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// processState returns the state letter and parent of a process from
// /proc, and whether it exists.
func processState(pid string) (state string, parent int, exists bool) {
	data, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return "", 0, false
	}
	// pid (comm) state ppid ...; comm may hold spaces and parentheses.
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	parent, _ = strconv.Atoi(fields[1])
	return fields[0], parent, true
}

// Await waits until the file name is in dir, the fake's QF_FAKE_DIR: a
// mark a fake leaves when it gets somewhere ("busy" when busy-5th begins
// its loop), so that a test acts on what happened, not after a span of
// time. Its error says the mark was not there within a minute. It may be
// called from any goroutine.
func Await(dir, name string) error {
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("servetest: no %s in %s after a minute", name, dir)
		}
	}
}
