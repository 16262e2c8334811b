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

// A case is one input of a category: a code, or for encoding a JSON text.
type fcase struct {
	cat   runner.Category
	input string
}

// draw returns a case of cat from r.
func draw(r *gen.Rand, cat runner.Category) fcase {
	switch cat.Name {
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
	sum := sha256.Sum256([]byte(c.cat.Name + "\x00" + c.input))
	return c.cat.Name + "/fuzz-" + hex.EncodeToString(sum[:5])
}

// test returns the vector of the case, its expectations from the
// reference.
func (c fcase) test(withFields bool) vectors.Test {
	id := c.id()
	switch c.cat.Name {
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
	return vectors.NewDecodeTest(id, "", c.input, c.cat.Profile == protocol.ProfileLenient, withFields)
}

// request returns the request of the case, as the runner would send it.
func (c fcase) request() *protocol.Request {
	req := &protocol.Request{Op: c.cat.Op}
	switch c.cat.Op {
	case protocol.OpEncode:
		req.Value = []byte(c.input)
	default:
		code := c.input
		req.Code = &code
		if c.cat.Op == protocol.OpDecode {
			req.Profile = c.cat.Profile
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
		r := runner.Grade(c.cat.Name, t, &protocol.Response{Error: &ref.ErrorObject{Kind: "no answer"}}, level)
		r.Reason, r.Detail, r.Got = runner.ReasonCrash, failure.Error(), nil
		var f *driver.Failure
		if errors.As(failure, &f) {
			r.Reason, r.Detail = f.Reason, f.Detail
		}
		return verdict{r, c.cat.Name + ": " + r.Reason}
	}
	r := runner.Grade(c.cat.Name, t, resp, level)
	if r.Status == runner.StatusPass {
		return verdict{result: r}
	}
	want, got := answerKind(c.cat, t.Error), answerKind(c.cat, resp.Error)
	if want == got {
		return verdict{r, fmt.Sprintf("%s: %s (%s)", c.cat.Name, r.Way(), want)}
	}
	return verdict{r, fmt.Sprintf("%s: %s (want %s, got %s)", c.cat.Name, r.Way(), want, got)}
}

// answerKind names what an answer is: the error's kind, or what the op
// answers.
func answerKind(cat runner.Category, e *ref.ErrorObject) string {
	switch {
	case e != nil:
		return e.Kind
	case cat.Op == protocol.OpEncode:
		return "a code"
	case cat.Op == protocol.OpReplay:
		return "a replay"
	case cat.Op == protocol.OpValidate:
		return "violations"
	}
	return "a value"
}
