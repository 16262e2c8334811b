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
