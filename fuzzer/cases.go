package fuzzer

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/vectors"
)

// A category of cases, as of vectors: an op, and for decoding a profile.
type category struct {
	name, op, profile string
}

var categories = []category{
	{runner.CategoryStrict, protocol.OpDecode, protocol.ProfileStrict},
	{runner.CategoryLenient, protocol.OpDecode, protocol.ProfileLenient},
	{runner.CategoryEncode, protocol.OpEncode, ""},
	{runner.CategoryReplay, protocol.OpReplay, ""},
	{runner.CategoryValidate, protocol.OpValidate, ""},
}

// A case is one input of a category: a code, or for encoding a JSON text.
type fcase struct {
	cat   category
	input string
}

// draw returns a case of cat from r.
func draw(r *gen.Rand, cat category) fcase {
	switch cat.name {
	case runner.CategoryEncode:
		return fcase{cat, string(r.EncodeValue())}
	case runner.CategoryReplay:
		code, _ := ref.Encode(r.ReplayValue())
		return fcase{cat, code}
	case runner.CategoryValidate:
		code, _ := ref.Encode(&ref.Value{State: r.ValidateState()})
		if r.Intn(10) == 0 {
			code = r.Code() // now and then a code that may not decode, or has no State
		}
		return fcase{cat, code}
	}
	return fcase{cat, r.Code()}
}

// id returns the case's vector id: its category and a digest of its input.
func (c fcase) id() string {
	sum := sha256.Sum256([]byte(c.cat.name + "\x00" + c.input))
	return c.cat.name + "/fuzz-" + hex.EncodeToString(sum[:5])
}

// test returns the vector of the case, its expectations from the
// reference.
func (c fcase) test(withFields bool) vectors.Test {
	id := c.id()
	switch c.cat.name {
	case runner.CategoryEncode:
		t, err := vectors.NewEncodeTest(id, "", []byte(c.input))
		if err != nil { // the generator writes JSON; a shrink may not
			t = vectors.Test{ID: id, Result: vectors.Invalid, Error: &ref.ErrorObject{Kind: string(ref.ErrMalformed)}}
		}
		return t
	case runner.CategoryReplay:
		return vectors.NewReplayTest(id, "", c.input)
	case runner.CategoryValidate:
		return vectors.NewValidateTest(id, "", c.input)
	}
	return vectors.NewDecodeTest(id, "", c.input, c.cat.profile == protocol.ProfileLenient, withFields)
}

// request returns the request of the case, as the runner would send it.
func (c fcase) request() *protocol.Request {
	req := &protocol.Request{Op: c.cat.op}
	switch c.cat.op {
	case protocol.OpEncode:
		req.Value = []byte(c.input)
	default:
		code := c.input
		req.Code = &code
		if c.cat.op == protocol.OpDecode {
			req.Profile = c.cat.profile
		}
	}
	return req
}

// A verdict is how an implementation answered a case, graded as qf check
// grades a vector.
type verdict struct {
	result runner.Result
	// signature names the disagreement, "" when there is none: the
	// category, how it fails, and the kinds of the expected and the
	// given answer. Shrinking keeps it.
	signature string
}

// judge grades an answer, or the failure to give one (a *driver.Failure:
// a crash, a timeout, a protocol error).
func judge(c fcase, t *vectors.Test, resp *protocol.Response, failure error, level int) verdict {
	if failure != nil {
		// Graded against no answer at all, for the input and the want.
		r := runner.Grade(c.cat.name, t, &protocol.Response{Error: &ref.ErrorObject{Kind: "no answer"}}, level)
		r.Reason, r.Detail, r.Got = runner.ReasonCrash, failure.Error(), nil
		var f *driver.Failure
		if errors.As(failure, &f) {
			r.Reason, r.Detail = f.Reason, f.Detail
		}
		return verdict{r, c.cat.name + ": " + r.Reason}
	}
	r := runner.Grade(c.cat.name, t, resp, level)
	if r.Status == runner.StatusPass {
		return verdict{result: r}
	}
	want, got := answerKind(c.cat, t.Error), answerKind(c.cat, resp.Error)
	if want == got {
		return verdict{r, fmt.Sprintf("%s: %s (%s)", c.cat.name, r.Way(), want)}
	}
	return verdict{r, fmt.Sprintf("%s: %s (want %s, got %s)", c.cat.name, r.Way(), want, got)}
}

// answerKind names what an answer is: the error's kind, or what the op
// answers.
func answerKind(cat category, e *ref.ErrorObject) string {
	switch {
	case e != nil:
		return e.Kind
	case cat.op == protocol.OpEncode:
		return "a code"
	case cat.op == protocol.OpReplay:
		return "a replay"
	case cat.op == protocol.OpValidate:
		return "violations"
	}
	return "a value"
}
