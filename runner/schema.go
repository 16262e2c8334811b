package runner

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ReportSchema is the JSON Schema (2020-12) of the report that WriteJSON
// writes, report.schema.json in this package.
//
//go:embed report.schema.json
var ReportSchema []byte

// ValidateReport checks data against ReportSchema.
func ValidateReport(data []byte) error {
	schema, err := jsonschema.UnmarshalJSON(bytes.NewReader(ReportSchema))
	if err != nil {
		return err
	}
	c := jsonschema.NewCompiler()
	const url = "file:///qf/report.schema.json"
	if err := c.AddResource(url, schema); err != nil {
		return err
	}
	sch, err := c.Compile(url)
	if err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("runner: the report is not JSON: %v", err)
	}
	if err := sch.Validate(doc); err != nil {
		return fmt.Errorf("runner: the report does not match its schema: %v", err)
	}
	return nil
}
