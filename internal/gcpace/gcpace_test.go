package gcpace

import (
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// Relax sets the pace when GOGC is not set, and leaves it to GOGC when it
// is: the child processes run the test below with and without it.
func TestRelax(t *testing.T) {
	if want := os.Getenv("QF_HEAP_WANT"); want != "" {
		Relax()
		got := debug.SetGCPercent(100)
		if strings.TrimSpace(want) != strconv.Itoa(got) {
			t.Fatalf("pace %d, want %s", got, want)
		}
		return
	}
	for _, c := range []struct{ env, want string }{{"", "400"}, {"GOGC=50", "50"}, {"GOGC=off", "-1"}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestRelax$")
		cmd.Env = append(withoutGOGC(os.Environ()), "QF_HEAP_WANT="+c.want)
		if c.env != "" {
			cmd.Env = append(cmd.Env, c.env)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%q: %v\n%s", c.env, err, out)
		}
	}
}

func withoutGOGC(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "GOGC=") {
			out = append(out, kv)
		}
	}
	return out
}
