package explain

import (
	"encoding/json"
	"strings"

	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// JSON is an Explanation as the explorer's playground reads it: the
// fields, the error and its span, the canonical code and value, and for a
// record each move in players' notation with the squares after it, up to
// the first that breaks the rules.
type JSON struct {
	Input     string            `json:"input"`
	Profile   string            `json:"profile"`
	Accepted  bool              `json:"accepted"`
	Fields    []JSONField       `json:"fields"`
	Bits      int               `json:"bits"`
	Padding   string            `json:"padding"`
	Used      []int             `json:"used"`   // the input index of each character whose bits the code has
	Values    []int             `json:"values"` // and the six bits it stands for
	Canonical string            `json:"canonical,omitempty"`
	Value     json.RawMessage   `json:"value,omitempty"`
	Error     *spec.ErrorObject `json:"error,omitempty"`
	Span      [2]int            `json:"span"`
	Text      string            `json:"text"` // WriteText's output
	Record    *JSONRecord       `json:"record,omitempty"`
	// Violations are the rules the State breaks.
	Violations []string `json:"violations,omitempty"`
	// EdgeCases are the ids of the edge cases the input touches
	// (EdgeCases).
	EdgeCases []string `json:"edge_cases"`
}

// A JSONField is a Field in JSON.
type JSONField struct {
	Path    string `json:"path"`
	Offset  int    `json:"offset"`
	Width   int    `json:"width"`
	Bits    string `json:"bits"`
	Value   int    `json:"value"`
	Meaning string `json:"meaning"`
	First   int    `json:"first"`
	Last    int    `json:"last"`
	Fault   bool   `json:"fault,omitempty"`
}

// A JSONRecord is a record replayed: its legal moves, and the first that
// breaks the rules.
type JSONRecord struct {
	Moves     []JSONMove     `json:"moves"`
	Violation *JSONViolation `json:"violation,omitempty"`
}

// A JSONMove is a legal move: who played it, what it was ("pawn north",
// "wall c3h"), its notation ("e2", "c3h") and the squares after it.
type JSONMove struct {
	Player   string `json:"player"`
	Move     string `json:"move"`
	Notation string `json:"notation"`
	White    string `json:"white"`
	Black    string `json:"black"`
}

// A JSONViolation is the first move of a record that breaks the rules.
type JSONViolation struct {
	Move   int    `json:"move"` // its index in the record
	Player string `json:"player"`
	What   string `json:"what"`
	Kind   string `json:"kind"`
}

// JSON returns the explanation in its JSON form.
func (e *Explanation) JSON() *JSON {
	j := &JSON{Input: e.Input, Profile: e.Profile.String(), Accepted: e.Err == nil, Fields: []JSONField{}, Bits: e.Bits,
		Padding: e.Padding, Used: e.used, Canonical: e.Canonical, Span: e.Span}
	if j.Used == nil {
		j.Used = []int{}
	}
	j.Values = make([]int, len(e.used))
	for k, i := range e.used {
		j.Values[k] = strings.IndexByte(alphabet, e.Input[i])
	}
	for _, f := range e.Fields {
		j.Fields = append(j.Fields, JSONField{f.Path, f.Offset, f.Width, f.Bits, f.Value, f.Meaning, f.First, f.Last, f.Fault})
	}
	j.EdgeCases = e.EdgeCases()
	if j.EdgeCases == nil {
		j.EdgeCases = []string{}
	}
	var text strings.Builder
	e.WriteText(&text)
	j.Text = text.String()
	if e.Err != nil {
		j.Error = e.Err.Object()
		return j
	}
	j.Value, _ = e.Value.AppendJSON(nil)
	if s := e.Value.State; s != nil {
		for _, k := range rules.Validate(s) {
			j.Violations = append(j.Violations, string(k))
		}
	}
	if r := e.Value.Record; r != nil {
		j.Record = &JSONRecord{Moves: []JSONMove{}}
		positions, violation := rules.Replay(e.Value)
		before := rules.Start(e.Value)
		for i, p := range positions {
			m := r.Moves[i]
			j.Record.Moves = append(j.Record.Moves, JSONMove{before.ToMove.String(), rules.MoveName(m), rules.Notation(&before, &p, m),
				rules.SquareName(p.White), rules.SquareName(p.Black)})
			before = p
		}
		if violation != nil {
			j.Record.Violation = &JSONViolation{violation.Move, before.ToMove.String(), rules.MoveName(r.Moves[violation.Move]), string(violation.Kind)}
		}
	}
	return j
}
