package spec

import (
	_ "embed"
	"strings"
)

// Document is the text of qf.md, the normative spec, in Markdown.
//
//go:embed qf.md
var Document string

// EdgeCaseText returns the Markdown of edge case id ("EC-14") in
// Document: its section's text, without the heading; "" when there is
// none.
func EdgeCaseText(id string) string {
	_, rest, ok := strings.Cut(Document, "\n### "+id+"\n")
	if !ok {
		return ""
	}
	if i := strings.Index(rest, "\n#"); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest)
}
