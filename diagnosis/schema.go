package diagnosis

import (
	_ "embed"

	"github.com/qf-format/qf-conformance/internal/schema"
	"github.com/qf-format/qf-conformance/suite"
)

// CauseSchema is the JSON Schema (2020-12) of a Cause as the reports of
// qf check and qf fuzz write it, cause.schema.json in this package.
//
//go:embed cause.schema.json
var CauseSchema []byte

// ValidateReport checks data, a report of qf check or qf fuzz, against
// report, its schema (runner.ReportSchema, generative.ReportSchema),
// which refers by $id to the shapes the two reports share:
// suite.ShapesSchema and CauseSchema. Its error says where data departs
// from the schema.
func ValidateReport(data, report []byte) error {
	return schema.Validate(data, report, suite.ShapesSchema, CauseSchema)
}
