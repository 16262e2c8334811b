package diagnosis

import (
	"encoding/json"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/jsonstring"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// An answer is what an implementation, or a model of one, answered to a
// request, in a form compared cheaply.
type answer struct {
	crash  bool              // it crashed
	told   bool              // it answered: an error or a result
	enc    bool              // an answer to an encoding request, whose errors are encoding's
	err    *spec.ErrorObject // the error, when it answered one
	result string            // the result as the reference writes it: "value {...}", "code Q", ...; "" for an error
	resp   *protocol.Response
}

// newAnswer returns the answer of resp, made canonical: a value as the
// reference writes it, a violation as the models write it, where a
// model's (model set) are already.
func newAnswer(resp *protocol.Response, enc, model bool) answer {
	a := answer{told: true, enc: enc, err: resp.Error, resp: resp}
	switch {
	case resp.Error != nil:
	case resp.Code != nil:
		a.result = "code " + *resp.Code
	case resp.Squares != nil && model:
		a.result = "replay " + string(mustJSON(*resp.Squares)) + " " + string(resp.Violation)
	case resp.Squares != nil:
		a.result = "replay " + string(mustJSON(*resp.Squares)) + " " + string(canonicalViolation(resp.Violation))
	case resp.Violations != nil:
		a.result = "violations " + strings.Join(*resp.Violations, " ")
	case model:
		a.result = "value " + string(resp.Value)
	default:
		a.result = "value " + string(canonicalValue(resp.Value))
	}
	return a
}

// observed returns what the implementation did with a test.
func observed(o *suite.Result) answer {
	enc := encodes(o.Category)
	switch {
	case o.Reason == suite.Crash:
		return answer{crash: true, enc: enc}
	case o.Answer != nil:
		return newAnswer(o.Answer, enc, false)
	}
	return answer{enc: enc} // no answer: matches nothing
}

// canonicalValue returns a value's JSON as the reference writes it, or,
// for JSON that is no value of the canonical shape, with its keys sorted.
func canonicalValue(b json.RawMessage) []byte {
	var v ref.Value
	if v.UnmarshalJSON(b) == nil {
		if out, err := v.AppendJSON(nil); err == nil {
			return out
		}
	}
	var x any
	if json.Unmarshal(b, &x) != nil {
		return b
	}
	return mustJSON(x)
}

// canonicalViolation returns a replay's violation as the models write
// it, {"move":i,"kind":K} or null.
func canonicalViolation(b json.RawMessage) []byte {
	var v *rules.Violation
	if json.Unmarshal(b, &v) != nil {
		return b
	}
	return mustJSON(v)
}

func mustJSON(v any) []byte {
	b, err := jsonstring.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// encodes reports whether the tests of c are encoding's: they give a
// value.
func encodes(c suite.Category) bool { return c.Reads() == suite.Value }

// sameVerdict reports whether two answers decide alike: both crash, both
// refuse (whatever their errors say), or both answer the same result.
func sameVerdict(a, b answer) bool {
	switch {
	case a.crash || b.crash:
		return a.crash && b.crash
	case !a.told || !b.told:
		return false
	case a.err != nil || b.err != nil:
		return a.err != nil && b.err != nil
	}
	return a.result == b.result
}

// identical reports whether two answers are the same to the last detail
// of their errors.
func identical(a, b answer) bool {
	if !sameVerdict(a, b) && !(!a.told && !b.told && !a.crash && !b.crash) {
		return false
	}
	return a.err == nil || a.err.Equal(b.err)
}

// agrees reports whether the implementation's answer got decides as a
// model's answer p: both crash, both answer the same result, or both
// refuse at the same place as far as both say where (the kinds may
// differ: how an error is reported is not its place).
func agrees(p, got answer) bool {
	return sameVerdict(p, got) && (p.err == nil || errorsAgree(p.err, got.err))
}

// errorsAgree reports whether the implementation's error got says what a
// model's error e says, as far as both say anything: at the same place
// when both give an offset (a character's offset is the place of its six
// bits), and in the same field (or one within the other, a move and its
// direction) when both name one; else of the same kind.
func errorsAgree(e, got *spec.ErrorObject) bool {
	switch {
	case e.HasOffset() && got.HasOffset():
		return samePlace(e, got) && (e.Field == "" || got.Field == "" || within(e.Field, got.Field))
	case e.Field != "" && got.Field != "":
		return within(e.Field, got.Field)
	}
	return got.Kind == e.Kind
}

// within reports whether two fields' paths are one, or one holds the
// other: "record.moves[0]" and "record.moves[0].dir".
func within(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return a == b || strings.HasPrefix(b, a) && (b[len(a)] == '.' || b[len(a)] == '[')
}

// samePlace reports whether two errors of a code are at the same place:
// the same offsets, or a bit within the character the other's char is.
func samePlace(a, b *spec.ErrorObject) bool {
	switch {
	case a.SameOffset(b):
		return true
	case a.Bit != nil && b.Char != nil:
		return *a.Bit/6 == *b.Char
	case a.Char != nil && b.Bit != nil:
		return *b.Bit/6 == *a.Char
	}
	return false
}

// A models asks models of sets of faults, each made once, and remembers
// their answers to the diagnosis's tests: at most maxMemo answers in all.
type models struct {
	sets map[string]*model
	kept int
}

// A model is the model of a set of faults, and its answers by test.
type model struct {
	r       *faults.Reading
	answers map[int]answer
}

// maxMemo bounds the answers of models a diagnosis remembers.
const maxMemo = 1 << 18

func newModels() *models { return &models{sets: map[string]*model{}} }

// of returns the model of fs, made once.
func (m *models) of(fs []*faults.Fault) *model {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.Name)
		b.WriteByte(' ')
	}
	x := m.sets[b.String()]
	if x == nil {
		x = &model{r: faults.ModelReading(fs...), answers: map[int]answer{}}
		m.sets[b.String()] = x
	}
	return x
}

// answer returns what the model of fs answers to request req, test n of
// the diagnosis's (-1 for a request of no test, not remembered).
func (m *models) answer(fs []*faults.Fault, n int, req *protocol.Request) answer {
	return m.of(fs).answer(m, n, req)
}

// answer returns what model x answers to request req, test n of the
// diagnosis's (-1 for none), remembered in m's bound.
func (x *model) answer(m *models, n int, req *protocol.Request) answer {
	if a, ok := x.answers[n]; ok && n >= 0 {
		return a
	}
	a, _ := ask(x.r, req)
	if n >= 0 && m.kept < maxMemo {
		x.answers[n] = a
		m.kept++
	}
	return a
}

// ask asks model r, and returns its answer and the knobs it read; a
// panic is a crash.
func ask(r *faults.Reading, req *protocol.Request) (a answer, read faults.KnobSet) {
	enc := req.Op == protocol.Encode
	defer func() {
		if recover() != nil {
			a = answer{crash: true, enc: enc}
		}
	}()
	return newAnswer(r.Answer(req, &read), enc, true), read
}

// shown returns an answer as the reports show one, "crash" for a crash.
func (a answer) shown() json.RawMessage {
	switch {
	case a.crash:
		return json.RawMessage(`"crash"`)
	case a.resp == nil:
		return nil
	}
	return suite.Shown(a.resp)
}
