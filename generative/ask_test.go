package generative

import (
	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// draw is drawCases, its batch returned once the reference's answers
// are all written.
func draw(r *gen.Rand, cats []suite.Category, n int, diag *diagnosis.Diagnosis) batch {
	b, answered := drawCases(r, cats, n, diag)
	<-answered
	return b
}

// answer returns the answer to case i that came as the reference's
// (driver.Client.Batch: but for what the protocol does not grade), as the
// reference's line (its request's ID set), parsed as the client parses
// any other.
func (b *batch) answer(i int) *protocol.Response {
	return parseAnswer(b.answerLine(i))
}
