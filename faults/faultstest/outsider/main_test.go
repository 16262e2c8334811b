package outsider_test

import (
	"os"
	"testing"

	"github.com/qf-format/qf-conformance/internal/gcpace"
)

// TestMain runs the tests at the collector's pace of qf check, whose runs
// they make against the outsider.
func TestMain(m *testing.M) {
	gcpace.Relax()
	os.Exit(m.Run())
}
