package faultstest

import (
	"os"
	"testing"

	"github.com/qf-format/qf-conformance/internal/gcpace"
)

// TestMain runs the tests at the collector's pace of qf check and qf
// fuzz, whose runs they make against every mutant.
func TestMain(m *testing.M) {
	gcpace.Relax()
	os.Exit(m.Run())
}
