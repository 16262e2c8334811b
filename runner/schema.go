package runner

import (
	_ "embed"
	"fmt"

	"github.com/qf-format/qf-conformance/diagnosis"
)

// ReportSchema is the JSON Schema (2020-12) of the report that WriteJSON
// writes, report.schema.json in this package. It refers to the shapes
// that qf fuzz's report shares (suite.ShapesSchema, diagnosis.CauseSchema).
//
//go:embed report.schema.json
var ReportSchema []byte

// ValidateReport checks data against ReportSchema.
func ValidateReport(data []byte) error {
	if err := diagnosis.ValidateReport(data, ReportSchema); err != nil {
		return fmt.Errorf("runner: the report %v", err)
	}
	return nil
}
