package protocol_test

import (
	"os"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
)

// protocol.Version is the version spec/protocol.md states, and the last
// entry of its changes.
func TestVersion(t *testing.T) {
	doc, err := os.ReadFile("../spec/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	if !strings.Contains(s, "\nVersion "+protocol.Version+". ") || !strings.Contains(s, "\n- **"+protocol.Version+".**") {
		t.Errorf("spec/protocol.md does not state version %s, or has no change entry for it", protocol.Version)
	}
}

// The ops are the requests of spec/protocol.md, in its order: hello, then
// protocol.Ops.
func TestOpsAreTheSpecs(t *testing.T) {
	doc, err := os.ReadFile("../spec/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	_, requests, _ := strings.Cut(string(doc), "\n## Requests\n")
	requests, _, _ = strings.Cut(requests, "\n## ")
	var specs []string
	for _, line := range strings.Split(requests, "\n") {
		if op, ok := strings.CutPrefix(line, "### "); ok {
			specs = append(specs, op)
		}
	}
	if want := "hello, " + protocol.OpNames(); strings.Join(specs, ", ") != want {
		t.Errorf("spec/protocol.md's requests are %q, want %s", specs, want)
	}
}
