package suite

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/vectors"
)

// A Result is the outcome of one test.
type Result struct {
	ID       string          `json:"id"`
	Category Category        `json:"category"`
	Comment  string          `json:"comment"`
	Flags    []string        `json:"flags"`            // the test's flags, explained in the report's flag notes
	Facets   []Facet         `json:"facets,omitempty"` // what the input is (facets.go)
	Status   Status          `json:"status"`
	Duration float64         `json:"duration,omitempty"` // seconds from the request to the answer
	Reason   Reason          `json:"reason,omitempty"`   // why it failed, was skipped or was not run
	Way      Way             `json:"way,omitempty"`      // for a mismatch, how the answer misses
	Detail   string          `json:"detail,omitempty"`   // in words: what happened, or the implementation's message
	Level    Level           `json:"level"`              // the highest level the answer meets
	Input    json.RawMessage `json:"input,omitempty"`    // the code, or for encoding the value
	Want     json.RawMessage `json:"want,omitempty"`     // for a failure
	Got      json.RawMessage `json:"got,omitempty"`      // likewise, at most about 64 KiB
	// Difference says where got first differs from want, for a mismatch.
	Difference string `json:"difference,omitempty"`
	Stderr     string `json:"stderr,omitempty"`
	Expected   string `json:"expected_failure,omitempty"` // the reason the expected-failures list gives

	// Test is the test graded, and Answer the implementation's answer to
	// it: nil when it gave none (Reason says why) or the test was not
	// run. Neither is in the report.
	Test   *vectors.Test      `json:"-"`
	Answer *protocol.Response `json:"-"`
}

// Failed reports whether the result is a failure, expected or not.
func (r *Result) Failed() bool { return r.Status == Fail || r.Status == XFail }

// Why says in a line why a failed result failed: its way for a mismatch
// ("another offset"), otherwise its reason.
func (r *Result) Why() string {
	if r.Reason == Mismatch {
		return string(r.Way)
	}
	return string(r.Reason)
}

// Explain returns the difference for a mismatch, and the detail of what
// happened otherwise.
func (r *Result) Explain() string {
	if r.Reason == Mismatch && r.Difference != "" {
		return r.Difference
	}
	return r.Detail
}

// WriteText writes a result that did not pass, as the reports of qf check
// and qf fuzz show it: its id and comment, flags, reason, input, want,
// got, the first difference and the tail of standard error, each clipped
// to about 400 bytes and escaped.
func (r *Result) WriteText(w io.Writer) {
	fmt.Fprintf(w, "FAIL %s: %s\n", r.ID, term.Printable(r.Comment, false))
	fmt.Fprintf(w, "  flags:  %s\n", strings.Join(r.Flags, ", "))
	reason := string(r.Reason)
	switch {
	case r.Way != "" && r.Detail != "":
		reason += " (" + string(r.Way) + ": " + r.Detail + ")"
	case r.Way != "":
		reason += " (" + string(r.Way) + ")"
	case r.Detail != "":
		reason += " (" + r.Detail + ")"
	}
	fmt.Fprintf(w, "  reason: %s\n", term.Printable(term.Clip(reason, clipText), false))
	fmt.Fprintf(w, "  input:  %s\n", term.Printable(term.Clip(string(r.Input), clipText), false))
	fmt.Fprintf(w, "  want:   %s\n", term.Printable(term.Clip(string(r.Want), clipText), false))
	if r.Got != nil {
		fmt.Fprintf(w, "  got:    %s\n", term.Printable(term.Clip(string(r.Got), clipText), false))
	}
	if r.Difference != "" {
		fmt.Fprintf(w, "  why:    %s\n", term.Printable(term.Clip(r.Difference, clipText), false))
	}
	if s := strings.TrimRight(r.Stderr, "\n"); s != "" {
		fmt.Fprintf(w, "  stderr:\n    %s\n", strings.ReplaceAll(term.Printable(term.Clip(s, clipText), true), "\n", "\n    "))
	}
}

// clipText is how much of a long text the text reports show; the JSON
// report has more.
const clipText = 400

// gotLimit bounds what is kept of an answer: the longest answer the
// vectors call for (the value of the longest code) is about 46 KB.
const gotLimit = 64 << 10

// keep returns b, valid JSON in UTF-8, for the report: as it is when it
// is at most gotLimit bytes, and otherwise as a JSON string of its start
// that says how long it was.
func keep(b json.RawMessage) json.RawMessage {
	if len(b) <= gotLimit {
		return b
	}
	return mustJSON(fmt.Sprintf("%s... (%d bytes in all)", term.Prefix(b, gotLimit), len(b)))
}

// KeepLine returns a line that broke the protocol for the report, in new
// memory: as JSON when it is valid JSON in UTF-8 of at most about 64 KiB,
// and otherwise as a JSON string of its start, bytes that are not UTF-8
// replaced.
func KeepLine(line []byte) json.RawMessage {
	if len(line) <= gotLimit && jsontext.Value(line).IsValid() {
		return append(json.RawMessage(nil), line...)
	}
	text := string(term.Prefix(line, gotLimit))
	if len(line) > gotLimit {
		text += fmt.Sprintf("... (%d bytes in all)", len(line))
	}
	return mustJSON(text) // replaces bytes that are not UTF-8
}
