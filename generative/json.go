package generative

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/suite"
)

// ReportSchema is the JSON Schema (2020-12) of the report that WriteJSON
// writes, report.schema.json in this package. It shares the shapes of qf
// check's report (suite.ShapesSchema, diagnosis.CauseSchema).
//
//go:embed report.schema.json
var ReportSchema []byte

// ValidateReport checks data against ReportSchema.
func ValidateReport(data []byte) error {
	if err := diagnosis.ValidateReport(data, ReportSchema); err != nil {
		return fmt.Errorf("generative: the report %v", err)
	}
	return nil
}

// WriteJSON writes the report as JSON, as ReportSchema describes it.
func (r *Report) WriteJSON(w io.Writer) error {
	type shrink struct {
		Steps   int  `json:"steps"`
		Tries   int  `json:"tries"`
		Minimal bool `json:"minimal"`
	}
	type example struct {
		Signature  string           `json:"signature"`
		Result     suite.Entry      `json:"result"`
		Original   string           `json:"original"`
		FoundAfter int              `json:"found_after"`
		Shrink     *shrink          `json:"shrink,omitempty"`
		Elapsed    float64          `json:"elapsed"`
		Also       []suite.Category `json:"also,omitempty"`
		Repeatable bool             `json:"repeatable"`
		Alone      string           `json:"alone,omitempty"`
	}
	type cause struct {
		diagnosis.Cause
		Examples []example `json:"examples"`
	}
	out := struct {
		Seed           uint64                 `json:"seed"`
		Command        []string               `json:"command"`
		Implementation *session.Hello         `json:"implementation,omitempty"`
		Duration       float64                `json:"duration"`
		Cases          map[suite.Category]int `json:"cases"`
		Total          int                    `json:"total"`
		Vectors        int                    `json:"vectors"`
		Rate           float64                `json:"cases_per_second"`
		Disagreements  int                    `json:"disagreements"`
		Kept           int                    `json:"kept"`
		Skipped        int                    `json:"skipped"`
		Diagnosing     float64                `json:"diagnosing"`
		Restarts       int                    `json:"restarts"`
		Fresh          int                    `json:"fresh"`
		Unconfirmed    int                    `json:"unconfirmed_crashes"`
		Lost           float64                `json:"lost"`
		Capped         bool                   `json:"capped"`
		Problems       []string               `json:"problems,omitempty"`
		Causes         []cause                `json:"causes"`
	}{Seed: r.Seed, Command: r.Command, Implementation: r.Implementation, Duration: r.Duration.Seconds(), Cases: r.Cases, Total: r.Total(), Vectors: r.Vectors, Kept: r.Kept,
		Diagnosing: r.Diagnosing.Seconds(), Fresh: r.Fresh, Unconfirmed: r.Unconfirmed,
		Rate: float64(r.Total()) / max(r.Duration.Seconds(), 1e-9), Disagreements: r.Disagreements, Skipped: r.Skipped, Restarts: r.Restarts, Lost: r.Lost.Seconds(),
		Capped: r.Capped, Problems: r.Problems, Causes: []cause{}}
	for _, c := range r.Causes {
		jc := cause{Cause: c.Cause, Examples: []example{}}
		if jc.IDs == nil {
			jc.IDs = []string{}
		}
		for _, f := range c.Findings {
			e := example{Signature: f.Signature, Result: f.Result.Entry(), Original: f.Original, FoundAfter: f.Cases, Elapsed: f.Elapsed.Seconds(),
				Also: f.Also, Repeatable: f.Repeatable, Alone: f.Alone}
			if f.Repeatable {
				e.Shrink = &shrink{f.Steps, f.Tries, f.Minimal}
			}
			jc.Examples = append(jc.Examples, e)
		}
		out.Causes = append(out.Causes, jc)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
