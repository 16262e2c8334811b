package generative

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// A case is one input of a category: a code, or for encoding a JSON text.
type fcase struct {
	cat   suite.Category
	input string
}

// id returns the case's vector id: its category and a digest of its input.
func (c fcase) id() string {
	sum := sha256.Sum256([]byte(c.cat.Name() + "\x00" + c.input))
	return c.cat.Name() + "/fuzz-" + hex.EncodeToString(sum[:5])
}

// test returns the vector of the case, its expectations from the
// reference.
func (c fcase) test() vectors.Test {
	t := c.expect()
	t.ID = c.id()
	return t
}

// expect returns the vector of the case without its id, which takes a
// digest to make: most cases pass, and need none. Its expectation is the
// reference's answer.
func (c fcase) expect() vectors.Test {
	return c.expectFrom(serve.Reference.Handle(c.request()))
}

// expectFrom returns the vector of the case without its id, from resp,
// the reference's answer to it.
func (c fcase) expectFrom(resp *protocol.Response) vectors.Test {
	t, err := c.cat.Expect(c.input, resp, "", "")
	if err != nil { // encoding: the generator writes JSON; a shrink may not
		t = vectors.Test{Result: vectors.Invalid, Error: &spec.ErrorObject{Kind: string(ref.ErrMalformed)}}
	}
	return t
}

// request returns the request of the case, as the runner would send it.
func (c fcase) request() *protocol.Request { return c.cat.RequestOf(c.input) }

// A verdict is how an implementation answered a case, graded as qf check
// grades a vector.
type verdict struct {
	result suite.Result
	// signature names the disagreement, "" when there is none: the
	// category, how it fails, and the kinds of the expected and the
	// given answer. Shrinking keeps it.
	signature string
}

// judge grades an answer, or the failure to give one (a *driver.Failure:
// a crash, a timeout, a protocol error), against t. When it disagrees,
// the verdict's result holds a copy of t with its id, so that t may be
// one of a batch's.
func judge(c fcase, t *vectors.Test, resp *protocol.Response, failure error, level suite.Level) verdict {
	if failure == nil && c.cat.Passes(t, resp, level) {
		return verdict{}
	}
	own := *t
	t = &own
	if t.ID == "" {
		t.ID = c.id()
	}
	if failure != nil {
		r := session.Failed(c.cat, t, failure, nil)
		return verdict{r, c.cat.Name() + ": " + string(r.Reason)}
	}
	r := c.cat.Grade(t, resp, level)
	want, got := answerKind(c.cat, t.Error), answerKind(c.cat, resp.Error)
	switch {
	case want == got && t.Error == nil:
		// Both results: the way says it ("accepted with another value").
		return verdict{r, fmt.Sprintf("%s: %s", c.cat, r.Why())}
	case want == got:
		return verdict{r, fmt.Sprintf("%s: %s (%s)", c.cat, r.Why(), want)}
	}
	return verdict{r, fmt.Sprintf("%s: %s (want %s, got %s)", c.cat, r.Why(), want, got)}
}

// answerKind names what an answer is: the error's kind, or what the op
// answers.
func answerKind(cat suite.Category, e *spec.ErrorObject) string {
	if e != nil {
		return e.Kind
	}
	return cat.Writes().String()
}
