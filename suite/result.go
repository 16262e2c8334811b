package suite

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/qf-format/qf-conformance/internal/jsonstring"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/vectors"
)

// A Result is one test graded: the test and the implementation's answer,
// each held once, and what grading made of them. What the reports show
// of a failure, want, got and the first difference, is derived from
// them (Want, Got, Difference, and Entry, the result as a report writes
// it).
type Result struct {
	Category Category
	Test     *vectors.Test // the test graded
	// Answer is the implementation's answer: nil when it gave none
	// (Reason says why) or the test was not run. Line is the line it wrote
	// instead of an answer, when that broke the protocol, as KeepLine
	// keeps it.
	Answer   *protocol.Response
	Line     json.RawMessage
	Facets   []Facet // what the input is (facets.go)
	Status   Status
	Reason   Reason  // why it failed, was skipped or was not run
	Way      Way     // for a mismatch, how the answer misses
	Level    Level   // the highest level the answer meets
	Detail   string  // in words: what happened, or the implementation's message
	Duration float64 // seconds from the request to the answer
	Stderr   string  // the tail of the implementation's standard error
	Expected string  // the reason the expected-failures list gives
}

// Failed reports whether the result is a failure, expected or not.
func (r *Result) Failed() bool { return r.Status.failed() }

// Why says in a line why a failed result failed: its way for a mismatch
// ("another offset"), otherwise its reason.
func (r *Result) Why() string { return why(r.Reason, r.Way) }

// Input returns the test's input as the reports show it: the code as a
// JSON string, or for encoding the value.
func (r *Result) Input() json.RawMessage { return r.Category.inputJSON(r.Test) }

// Want returns what the test expects, as the JSON the reports show, for
// a failure; nil otherwise.
func (r *Result) Want() json.RawMessage {
	if !r.Failed() {
		return nil
	}
	return r.Category.Want(r.Test)
}

// Got returns the answer as the reports show it beside Want, for a
// failure, at most about 64 KiB: the error (without its free-text
// message, which Detail holds), the code, the squares and violation, the
// violations or the value; or the line that broke the protocol. It is
// nil for a failure without an answer, and for a success.
func (r *Result) Got() json.RawMessage {
	switch {
	case !r.Failed():
		return nil
	case r.Answer != nil:
		return keep(Shown(r.Answer))
	}
	return r.Line
}

// Explain returns the difference for a mismatch, and the detail of what
// happened otherwise.
func (r *Result) Explain() string {
	if d := r.Difference().String(); d != "" {
		return d
	}
	return r.Detail
}

// Entry returns the result as the reports write it.
func (r *Result) Entry() Entry {
	return Entry{ID: r.Test.ID, Category: r.Category, Comment: r.Test.Comment, Flags: r.Test.Flags, Facets: r.Facets, Status: r.Status,
		Duration: r.Duration, Reason: r.Reason, Way: r.Way, Detail: r.Detail, Level: r.Level, Input: r.Input(), Want: r.Want(),
		Got: r.Got(), Difference: r.Difference().String(), Stderr: r.Stderr, Expected: r.Expected}
}

// MarshalJSON writes the result as its Entry.
func (r Result) MarshalJSON() ([]byte, error) { return jsonstring.Marshal(r.Entry()) }

// WriteText writes a result that did not pass as its Entry does.
func (r *Result) WriteText(w io.Writer) {
	e := r.Entry()
	e.WriteText(w)
}

// An Entry is a result as the reports of qf check and qf fuzz write it
// (shapes.schema.json, "result"), and as qf report reads it back: the
// test's id, comment, flags, facets and input, the grade, and for a
// failure what was wanted, what was got and where they first differ.
type Entry struct {
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
}

// Failed reports whether the entry is of a failure, expected or not.
func (e *Entry) Failed() bool { return e.Status.failed() }

// Why says in a line why a failed test failed: its way for a mismatch
// ("another offset"), otherwise its reason.
func (e *Entry) Why() string { return why(e.Reason, e.Way) }

// Explain returns the difference for a mismatch, and the detail of what
// happened otherwise.
func (e *Entry) Explain() string {
	if e.Reason == Mismatch && e.Difference != "" {
		return e.Difference
	}
	return e.Detail
}

func why(reason Reason, way Way) string {
	if reason == Mismatch {
		return string(way)
	}
	return string(reason)
}

// WriteText writes an entry of a test that did not pass, as the reports
// of qf check and qf fuzz show it: its id and comment, flags, reason,
// input, want, got, the first difference and the tail of standard
// error, each escaped, and folded when long.
func (e *Entry) WriteText(w io.Writer) {
	fmt.Fprintf(w, "FAIL %s: %s\n", e.ID, term.Printable(e.Comment, false))
	fmt.Fprintf(w, "  flags:  %s\n", strings.Join(e.Flags, ", "))
	reason := string(e.Reason)
	switch {
	case e.Way != "" && e.Detail != "":
		reason += " (" + string(e.Way) + ": " + e.Detail + ")"
	case e.Way != "":
		reason += " (" + string(e.Way) + ")"
	case e.Detail != "":
		reason += " (" + e.Detail + ")"
	}
	line(w, "reason", reason)
	jsonLine(w, "input", string(e.Input))
	jsonLine(w, "want", string(e.Want))
	if e.Got != nil {
		jsonLine(w, "got", string(e.Got))
	}
	if e.Difference != "" {
		line(w, "why", e.Difference)
	}
	if s := strings.TrimRight(e.Stderr, "\n"); s != "" {
		fmt.Fprintf(w, "  stderr:\n    %s\n", strings.ReplaceAll(term.Printable(s, true), "\n", "\n    "))
	}
}

// line writes a labelled line of an entry, escaped and folded at
// foldText bytes, its continuation lines indented under its text: whole,
// however long.
func line(w io.Writer, label, text string) {
	lines(w, label, term.Fold(term.Printable(text, false), foldText))
}

// jsonLine writes a labelled line of JSON as line does, but folded only
// between its tokens (term.FoldJSON), so that the lines copied from a
// report (a JUnit failure's body, say) parse as the JSON they show.
func jsonLine(w io.Writer, label, text string) {
	lines(w, label, term.FoldJSON(text, foldText))
}

func lines(w io.Writer, label string, folded []string) {
	for i, l := range folded {
		if i == 0 {
			fmt.Fprintf(w, "  %-7s %s\n", label+":", l)
		} else {
			fmt.Fprintf(w, "          %s\n", l)
		}
	}
}

// foldText is the width at which the text reports fold a long line.
const foldText = 100

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
