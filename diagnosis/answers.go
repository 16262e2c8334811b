package diagnosis

import (
	"bytes"
	"encoding/json"
	"hash/maphash"
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/jsonstring"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// An answer is what an implementation, or a model of one, answered to a
// test, in a form compared cheaply.
type answer struct {
	crash bool              // it crashed
	told  bool              // it answered: an error or a result
	enc   bool              // an answer to an encoding request, whose errors are encoding's
	err   *spec.ErrorObject // the error, when it answered one
	// result is the answer's result in a form compared byte for byte:
	// the value as the reference writes it, the code, the squares and
	// violation, the violations; "" for an error. sum is its hash, so
	// that two results that differ are told apart without reading them.
	result string
	sum    uint64
	// read is, of a model's answer, the knobs of the model it read
	// (faults.Reading): a model of one more fault that sets none of them
	// answers the same.
	read faults.KnobSet
}

// newAnswer returns the answer of resp: a model's, whose values and
// violations are canonical JSON already, or else an implementation's,
// made canonical here.
func newAnswer(resp *protocol.Response, model, enc bool) answer {
	a := answer{told: true, enc: enc, err: resp.Error}
	switch {
	case resp.Error != nil:
	case resp.Code != nil:
		a.result = "code " + *resp.Code
	case resp.Squares != nil:
		violation := resp.Violation
		if !model {
			violation = canonicalViolation(violation)
		}
		a.result = string(append(append(appendSquares(append(make([]byte, 0, 64), "replay "...), *resp.Squares), ' '), violation...))
	case resp.Violations != nil:
		a.result = "violations " + strings.Join(*resp.Violations, " ")
	case model:
		a.result = "value " + string(resp.Value)
	default:
		r := canonicalResultOf(resp.Value)
		a.result, a.sum = r.result, r.sum
		return a
	}
	a.sum = hashOf(a.result)
	return a
}

// A hashedResult is a result, and its hash.
type hashedResult struct {
	result string
	sum    uint64
}

// canonicalResults holds the results of the values answered, made
// canonical (canonicalValue), by the value's JSON as answered: made once
// a process, for the faulty implementations of a process answer the same
// few values many times. It holds at most maxRows, and starts again when
// full.
var canonicalResults = struct {
	sync.Mutex
	m map[string]hashedResult
}{m: map[string]hashedResult{}}

// canonicalResultOf returns the result of value b answered, made
// canonical.
func canonicalResultOf(b json.RawMessage) hashedResult {
	canonicalResults.Lock()
	r, ok := canonicalResults.m[string(b)]
	canonicalResults.Unlock()
	if ok {
		return r
	}
	r.result = "value " + string(canonicalValue(b))
	r.sum = hashOf(r.result)
	canonicalResults.Lock()
	if len(canonicalResults.m) >= maxRows {
		canonicalResults.m = map[string]hashedResult{}
	}
	canonicalResults.m[string(b)] = r
	canonicalResults.Unlock()
	return r
}

// hashOf returns the hash of a result.
func hashOf(result string) uint64 { return maphash.String(seed, result) }

// sameResult reports whether two answers have the same result.
func (a answer) sameResult(b answer) bool { return a.sum == b.sum && a.result == b.result }

// appendSquares appends the JSON of a replay's squares, pairs of
// integers, as json.Marshal writes them: null for none.
func appendSquares(b []byte, squares [][2]int) []byte {
	if squares == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, sq := range squares {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(strconv.AppendInt(append(b, '['), int64(sq[0]), 10), ',')
		b = append(strconv.AppendInt(b, int64(sq[1]), 10), ']')
	}
	return append(b, ']')
}

// canonicalValue returns a value's JSON as the reference writes it, or,
// for JSON that is no value of the canonical shape, with its keys sorted
// (which matches no model's answer).
func canonicalValue(b json.RawMessage) []byte {
	var v ref.Value
	if v.UnmarshalJSON(b) == nil {
		if out, err := v.AppendJSON(nil); err == nil {
			return out
		}
	}
	var any any
	if json.Unmarshal(b, &any) != nil {
		return b
	}
	return mustJSON(any)
}

// canonicalViolation returns a replay's violation as the models write
// it, {"move":i,"kind":K} or null.
func canonicalViolation(b json.RawMessage) []byte {
	if written(b) {
		return b
	}
	var v *rules.Violation
	if json.Unmarshal(b, &v) != nil {
		return b
	}
	return mustJSON(v)
}

// written reports whether b is a violation as the models write it
// already: null, or {"move":i,"kind":K} with i a number without sign,
// fraction or leading zero, and K of lower-case letters and _ alone.
func written(b []byte) bool {
	if string(b) == "null" {
		return true
	}
	rest, ok := bytes.CutPrefix(b, []byte(`{"move":`))
	if !ok {
		return false
	}
	digits := 0
	for digits < len(rest) && digits < 9 && '0' <= rest[digits] && rest[digits] <= '9' {
		digits++
	}
	if digits == 0 || rest[0] == '0' && digits > 1 {
		return false
	}
	kind, ok := bytes.CutPrefix(rest[digits:], []byte(`,"kind":"`))
	if !ok {
		return false
	}
	kind, ok = bytes.CutSuffix(kind, []byte(`"}`))
	if !ok || len(kind) == 0 {
		return false
	}
	for _, c := range kind {
		if !('a' <= c && c <= 'z' || c == '_') {
			return false
		}
	}
	return true
}

func mustJSON(v any) []byte {
	b, err := jsonstring.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// observed returns what the implementation did with a test.
func observed(o *suite.Result) answer {
	a, _ := observedAs(o)
	return a
}

// observedAs returns what the implementation did with a test, and, where
// it answered the test's value or code to the byte, the result kept of
// that answer (expectedOf); nil where it did not.
func observedAs(o *suite.Result) (answer, *expected) {
	enc := encodes(o.Category)
	switch {
	case o.Reason == suite.Crash:
		return answer{crash: true, enc: enc}, nil
	case o.Answer != nil:
		if e := expectedOf(o); e != nil {
			return answer{told: true, enc: enc, result: *e.result.Load(), sum: e.sum}, e
		}
		// A value written as the test's is canonical already.
		canonical := o.Answer.Value != nil && bytes.Equal(o.Answer.Value, o.Test.Value)
		return newAnswer(o.Answer, canonical, enc), nil
	}
	return answer{enc: enc}, nil // no answer: matches nothing
}

// An expected is the result of an answer that is, to the byte, the
// value or the code a test holds, as newAnswer makes it, kept for every
// diagnosis of the process: most answers are. Its result is replaced by
// the same result of the test's row in the shared cache once found there
// (answers.row), so that comparing the two reads neither.
type expected struct {
	result  atomic.Pointer[string]
	sum     uint64
	fromRow atomic.Bool // result is the row's
}

// expectedValues and expectedCodes hold the results of the answers that
// are the tests' values and codes.
var expectedValues, expectedCodes = newPerTest[*expected](), newPerTest[*expected]()

// expectedOf returns the result kept of o's answer where it is, to the
// byte, the value or the code o's test holds, and no error; else nil.
func expectedOf(o *suite.Result) *expected {
	resp, t := o.Answer, o.Test
	var kept *perTest[*expected]
	switch {
	case resp.Error != nil:
		return nil
	case resp.Code != nil:
		if t.Code == nil || *resp.Code != *t.Code {
			return nil
		}
		kept = expectedCodes
	case resp.Squares != nil || resp.Violations != nil || resp.Value == nil || !bytes.Equal(resp.Value, t.Value):
		return nil
	default:
		kept = expectedValues
	}
	return kept.of(o, func(o *suite.Result) *expected {
		a := newAnswer(o.Answer, true, false)
		e := &expected{sum: a.sum}
		e.result.Store(&a.result)
		return e
	})
}

// encodes reports whether the tests of c are encoding's: they give a
// value.
func encodes(c suite.Category) bool { return c.Reads() == suite.Value }

// answers predicts what models of faults answer to the observations'
// tests, and remembers it.
type answers struct {
	obs      []*suite.Result
	observed []answer
	requests []*protocol.Request // by observation, made once
	ids      []uint64            // by observation: its request's hash, for the shared cache
	rows     [][]answer          // by observation: its row of the shared cache, once fetched
	changes  []set               // by observation: the faults that alone change its answer, once its row is fetched
	refs     []answer            // by observation: the reference's answer, once its row is fetched
	ops      []int               // by observation: its op's place in protocol.Ops
	// expected holds, by observation, the result kept of its answer
	// (expectedOf) where it is not yet the row's; nil for none.
	expected []*expected
	// models holds, by its set, what the model of each set of faults
	// asked answers (predictions); the answers of models of several
	// faults are in asked, in chunks of chunk answers (none moves when
	// more come), n of them.
	models map[set]*predictions
	asked  [][]answer
	n      int
}

// chunk is how many answers a chunk of answers.asked holds.
const chunk = 1 << 10

// predictions are what the model of a set of faults answers to the
// observations' tests, as far as asked: a model found once, then each
// test's answer by its place, where the search asks one model of many
// tests.
type predictions struct {
	fs []*faults.Fault
	k  set
	// alone is the place in a row of the shared cache of the model of
	// no fault or one (index); -1 for a model of several.
	alone int
	// within holds, by op (its place in protocol.Ops), the predictions of
	// the model of those of the faults that change the op's answers
	// (changers), once asked: the model of them all answers a test of the
	// op as that one does (faults.Changes). Those of the model itself,
	// when it is that one, are at answers.asked's at[i]-1st, at[i] 0
	// until asked.
	within [4]*predictions
	at     []int32
	shared *sharedModel // the answers the cache keeps of the model, as last found
}

// changers holds, by op (its place in protocol.Ops), the faults that can
// change the op's answers (faults.Changes).
var changers = sync.OnceValue(func() (out [4]set) {
	if len(protocol.Ops) != len(out) {
		panic("diagnosis: predictions.within holds four ops, not those of protocol.Ops")
	}
	for o, op := range protocol.Ops {
		for _, f := range faults.Catalogue {
			if f.Changes(op) {
				out[o].add(f)
			}
		}
	}
	return out
})

func newAnswers(obs []*suite.Result) *answers {
	a := &answers{obs: obs, observed: make([]answer, len(obs)), models: map[set]*predictions{},
		requests: make([]*protocol.Request, len(obs)), ids: make([]uint64, len(obs)), rows: make([][]answer, len(obs)),
		changes: make([]set, len(obs)), refs: make([]answer, len(obs)), ops: make([]int, len(obs))}
	for i, o := range obs {
		var e *expected
		if a.observed[i], e = observedAs(o); e != nil && !e.fromRow.Load() {
			if a.expected == nil {
				a.expected = make([]*expected, len(obs))
			}
			a.expected[i] = e
		}
		a.ops[i] = slices.Index(protocol.Ops, o.Category.Op())
	}
	return a
}

// shiftErrors moves the bit offset of every error the implementation
// answered by bits, and its char offset by chars: as if it counted
// offsets as the reference does.
func (a *answers) shiftErrors(bits, chars int) {
	for i := range a.observed {
		if e := a.observed[i].err; e != nil {
			a.observed[i].err = shift(e, bits, chars)
		}
	}
}

// shift returns error e with its bit offset moved by bits, or its char
// offset by chars.
func shift(e *spec.ErrorObject, bits, chars int) *spec.ErrorObject {
	moved := *e
	switch {
	case e.Bit != nil:
		n := *e.Bit + bits
		moved.Bit = &n
	case e.Char != nil:
		n := *e.Char + chars
		moved.Char = &n
	}
	return &moved
}

// request returns the request of test i, and its hash; read only.
func (a *answers) request(i int) (*protocol.Request, uint64) {
	if a.requests[i] == nil {
		r := sharedRequests.of(a.obs[i], requestOf)
		a.requests[i], a.ids[i] = r.req, r.id
	}
	return a.requests[i], a.ids[i]
}

// A hashedRequest is the request of a test, and the hash of the test's id
// and request.
type hashedRequest struct {
	req *protocol.Request
	id  uint64
}

// sharedRequests holds the requests of the tests diagnosed.
var sharedRequests = newPerTest[hashedRequest]()

// requestOf returns the request of o's test, and its hash.
func requestOf(o *suite.Result) hashedRequest {
	req := o.Category.Request(o.Test)
	var h maphash.Hash
	h.SetSeed(seed)
	h.WriteString(o.Test.ID)
	h.WriteString(string(req.Op))
	h.WriteString(req.Profile)
	if req.Code != nil {
		h.WriteString(*req.Code)
	}
	h.Write(req.Value)
	return hashedRequest{req, h.Sum64()}
}

// A perTest holds what is found of each test diagnosed in this process,
// by its category and test, which it is a function of alone: found once
// by every diagnosis (a test is not changed once graded). It holds at
// most maxRows tests, and starts again when full.
type perTest[T any] struct {
	mu sync.Mutex
	m  map[testOf]T
}

// testOf is a test of a category: its request, facets and expectations.
type testOf struct {
	c suite.Category
	t *vectors.Test
}

func newPerTest[T any]() *perTest[T] { return &perTest[T]{m: map[testOf]T{}} }

// of returns what is found of o's test, by find once.
func (c *perTest[T]) of(o *suite.Result, find func(*suite.Result) T) T {
	k := testOf{o.Category, o.Test}
	c.mu.Lock()
	x, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return x
	}
	x = find(o)
	c.mu.Lock()
	if len(c.m) >= maxRows {
		c.m = map[testOf]T{}
	}
	c.m[k] = x
	c.mu.Unlock()
	return x
}

// row returns the answers of the reference and of each fault of the
// catalogue alone to test i: its row of the shared cache (index).
func (a *answers) row(i int) []answer {
	if a.rows[i] == nil {
		req, id := a.request(i)
		r := shared.row(id, req, encodes(a.obs[i].Category))
		for _, k := range r.results { // results that differ: one at most is the observed
			if a.observed[i].sameResult(r.answers[k]) {
				a.observed[i].result = r.answers[k].result
				if a.expected != nil && a.expected[i] != nil && a.expected[i].fromRow.CompareAndSwap(false, true) {
					a.expected[i].result.Store(&r.answers[k].result)
				}
				break
			}
		}
		a.rows[i], a.changes[i], a.refs[i] = r.answers, r.changes, r.answers[0]
	}
	return a.rows[i]
}

// reference returns the reference's answer to test i.
func (a *answers) reference(i int) answer {
	if a.rows[i] == nil {
		a.row(i)
	}
	return a.refs[i]
}

// alone returns the answer to test i of the model of no fault (k 0) or
// of the catalogue's k-1st fault alone, the reference's where the fault
// does not change it: its place in the test's row (index).
func (a *answers) alone(i, k int) answer {
	if a.rows[i] == nil {
		a.row(i)
	}
	if k == 0 || a.changes[i][(k-1)/64]&(1<<((k-1)%64)) == 0 {
		return a.refs[i]
	}
	return a.rows[i][k]
}

// share makes a's result the same string as b's when they are the same,
// so that comparing them again reads neither.
func (a *answer) share(b answer) {
	if a.sameResult(b) {
		a.result = b.result
	}
}

// A set is a set of the catalogue's faults, a bit for each by its index:
// the key of the model of those faults, had without allocating.
type set [2]uint64

// setOf returns the set of the faults fs.
func setOf(fs []*faults.Fault) set {
	var s set
	for _, f := range fs {
		s.add(f)
	}
	return s
}

func (s *set) add(f *faults.Fault) { s[f.Index()/64] |= 1 << (f.Index() % 64) }

// has reports whether f is in the set.
func (s set) has(f *faults.Fault) bool { return s[f.Index()/64]&(1<<(f.Index()%64)) != 0 }

// and returns the faults in both s and t.
func (s set) and(t set) set { return set{s[0] & t[0], s[1] & t[1]} }

// len returns how many faults the set holds.
func (s set) len() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// first returns the index of the set's first fault in the catalogue; 128
// for none.
func (s set) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	return 64 + bits.TrailingZeros64(s[1])
}

// faults returns the faults of the set, in the order of the catalogue.
func (s set) faults() []*faults.Fault { return slices.Collect(s.all()) }

// all yields the faults of the set, in the order of the catalogue.
func (s set) all() iter.Seq[*faults.Fault] {
	return func(yield func(*faults.Fault) bool) {
		for w, word := range s {
			for ; word != 0; word &= word - 1 {
				if !yield(faults.Catalogue[64*w+bits.TrailingZeros64(word)]) {
					return
				}
			}
		}
	}
}

// told reports whether the implementation's answer to test i tells
// anything: an answer, or a crash.
func (a *answers) told(i int) bool { return a.observed[i].told || a.observed[i].crash }

// predict returns what the model of the faults fs answers to test i.
func (a *answers) predict(fs []*faults.Fault, i int) answer {
	return a.answer(a.of(fs), i)
}

// of returns the predictions of the model of the faults fs.
func (a *answers) of(fs []*faults.Fault) *predictions {
	k := setOf(fs)
	if p := a.models[k]; p != nil {
		return p
	}
	return a.add(k, slices.Clone(fs))
}

// ofSet returns the predictions of the model of the faults of set k.
func (a *answers) ofSet(k set) *predictions {
	if p := a.models[k]; p != nil {
		return p
	}
	return a.add(k, k.faults())
}

// add adds the predictions of the model of the faults fs, whose set is k.
func (a *answers) add(k set, fs []*faults.Fault) *predictions {
	p := &predictions{fs: fs, k: k, alone: -1}
	if len(fs) <= 1 {
		p.alone = index(fs)
	}
	a.models[k] = p
	return p
}

// answer returns what the model of p answers to test i: found once, of
// the model of those of its faults that change the test's op, from the
// answers of models of fewer faults where it can (derived), else asked.
func (a *answers) answer(p *predictions, i int) answer {
	if p.alone < 0 {
		o := a.ops[i]
		if p.within[o] == nil {
			p.within[o] = a.ofSet(p.k.and(changers()[o]))
		}
		p = p.within[o]
	}
	if p.alone >= 0 {
		return a.alone(i, p.alone)
	}
	if p.at == nil {
		p.at = make([]int32, len(a.obs))
	}
	if at := p.at[i] - 1; at >= 0 {
		return a.asked[at/chunk][at%chunk]
	}
	got, ok := a.derived(p, i)
	if !ok {
		req, id := a.request(i)
		got = shared.answerOf(&p.shared, p.k, p.fs, id, req, encodes(a.obs[i].Category))
		got.share(a.reference(i))
		got.share(a.observed[i])
	}
	if a.n%chunk == 0 {
		a.asked = append(a.asked, make([]answer, 0, chunk))
	}
	a.asked[a.n/chunk] = append(a.asked[a.n/chunk], got)
	a.n++
	p.at[i] = int32(a.n)
	return got
}

// derived returns the answer of the model of p, of several faults, to
// test i without asking it, where it can: when the model of its faults
// but one has answered the test, reading none of the knobs that one sets,
// the model of them all answers the same (faults.Reading). It looks for
// such a model among those of one fault, in the test's row, and those
// this diagnosis asked.
func (a *answers) derived(p *predictions, i int) (answer, bool) {
	row := a.row(i)
	for _, f := range p.fs {
		rest := p.k
		rest[f.Index()/64] &^= 1 << (f.Index() % 64)
		var b answer
		if rest.len() == 1 {
			b = row[1+rest.first()]
		} else if q := a.models[rest]; q != nil && q.at != nil && q.at[i] > 0 {
			at := q.at[i] - 1
			b = a.asked[at/chunk][at%chunk]
		} else {
			continue
		}
		if f.Knobs()&b.read == 0 {
			return b, true
		}
	}
	return answer{}, false
}

// predictChanging returns what the model of those of the faults of set k
// that alone change the reference's answer to test i answers to it: a
// fault that alone answers the test as the reference does taken to leave
// it so beside others too. Its answers are asked once per set of such
// faults, whatever else k holds: it is for what the search asks of many
// models that differ elsewhere (completes).
func (a *answers) predictChanging(k set, i int) answer {
	ref := a.reference(i) // the test's row fetched, and its changing faults with it
	k = k.and(a.changes[i])
	switch k.len() {
	case 0:
		return ref
	case 1:
		return a.alone(i, 1+k.first())
	}
	return a.answer(a.ofSet(k), i)
}

// index returns the place in a row of the shared cache of the model of fs,
// no fault or one: the reference's first, then each fault's in the order
// of the catalogue.
func index(fs []*faults.Fault) int {
	if len(fs) == 0 {
		return 0
	}
	return 1 + fs[0].Index()
}

// modelAnswers counts the answers of models asked (ask, askResponse), in
// this process: what the benchmarks report as models/op.
var modelAnswers atomic.Int64

// ask asks model m, and says whether it crashed, and what it read; enc
// says whether req is encoding's.
func ask(m *faults.Reading, req *protocol.Request, enc bool) (a answer) {
	modelAnswers.Add(1)
	var read faults.KnobSet
	defer func() {
		if recover() != nil {
			a = answer{crash: true, enc: enc, read: read}
		}
	}()
	a = newAnswer(m.Answer(req, &read), true, enc)
	a.read = read
	return a
}

var (
	modelsMu sync.Mutex
	models   = map[set]*faults.Reading{}
)

// modelOf returns the model of fs, made once.
func modelOf(fs []*faults.Fault) *faults.Reading {
	k := setOf(fs)
	modelsMu.Lock()
	defer modelsMu.Unlock()
	m := models[k]
	if m == nil {
		m = faults.ModelReading(fs...)
		models[k] = m
	}
	return m
}

// A cache of the answers of the reference's model and of each fault alone
// to the tests seen, a row per test, shared by every diagnosis of this
// process: the suite's vectors are the same from run to run, and a test's
// answer under a fault is the same whatever the implementation.
type cache struct {
	mu   sync.Mutex
	rows map[uint64]*row // by the hash of a test's id and request

	// The answers of models of several faults, likewise, by model: the
	// search of every diagnosis asks models of the same few faults. They
	// are kept by generation, this one's in multi (multiN of them) and
	// the last one's in last, at most maxMulti/2 in each: when this one
	// is full, it becomes the last, and what the last held is dropped. An
	// answer found in the last generation is kept again in this one.
	multiMu    sync.Mutex
	multi      map[set]*sharedModel
	last       map[set]*sharedModel
	multiN     int
	generation int
}

// A row is the answers of the reference and of each fault of the
// catalogue alone to a test, in the order of index.
type row struct {
	answers []answer
	changes set   // the faults whose answers alone are not the reference's
	results []int // the places of the answers whose results none before them has
}

// A sharedModel holds the answers of the model of a set of faults kept
// in a generation of the cache, by the hash of a test's id and request.
type sharedModel struct {
	answers    map[uint64]answer
	generation int
	last       *sharedModel // the model's in the generation before, if any
}

// maxMulti bounds the answers of models of several faults kept.
const maxMulti = 1 << 18

// answerOf returns the answer of the model of the faults fs, whose set
// is k, to the request req, whose hash is id; enc says whether it is
// encoding's. *m is the answers kept of the model, as last found, or nil:
// answerOf finds them again when the cache's generation has changed.
func (c *cache) answerOf(m **sharedModel, k set, fs []*faults.Fault, id uint64, req *protocol.Request, enc bool) answer {
	c.multiMu.Lock()
	if *m == nil || (*m).generation != c.generation {
		*m = c.multi[k]
		if *m == nil {
			*m = &sharedModel{answers: map[uint64]answer{}, generation: c.generation, last: c.last[k]}
			c.multi[k] = *m
		}
	}
	p, ok := (*m).answers[id]
	if !ok && (*m).last != nil {
		if p, ok = (*m).last.answers[id]; ok {
			c.keep(*m, id, p)
		}
	}
	c.multiMu.Unlock()
	if ok {
		return p
	}
	p = ask(modelOf(fs), req, enc)
	c.multiMu.Lock()
	c.keep(*m, id, p)
	c.multiMu.Unlock()
	return p
}

// keep keeps answer p of model m to the request whose hash is id, when m
// is of this generation; when it is full, the generation ends instead.
// The caller holds c.multiMu.
func (c *cache) keep(m *sharedModel, id uint64, p answer) {
	switch {
	case m.generation != c.generation:
	case c.multiN >= maxMulti/2:
		for _, x := range c.multi {
			x.last = nil // what the last generation held goes
		}
		c.multi, c.last, c.multiN = map[set]*sharedModel{}, c.multi, 0
		c.generation++
	default:
		m.answers[id] = p
		c.multiN++
	}
}

var (
	shared = &cache{rows: map[uint64]*row{}, multi: map[set]*sharedModel{}, last: map[set]*sharedModel{}}
	seed   = maphash.MakeSeed()
)

// maxRows bounds the cache; it starts again when full.
const maxRows = 1 << 13

// row returns the answers of the reference and of each fault alone to a
// test, whose id and request hash to id; enc says whether it is
// encoding's.
func (c *cache) row(id uint64, req *protocol.Request, enc bool) *row {
	c.mu.Lock()
	r, ok := c.rows[id]
	c.mu.Unlock()
	if ok {
		return r
	}
	r = &row{answers: make([]answer, 1+len(faults.Catalogue)), results: []int{0}}
	r.answers[0] = ask(modelOf(nil), req, enc)
	changers := changers()[slices.Index(protocol.Ops, req.Op)]
	for i, f := range faults.Catalogue {
		if !changers.has(f) || f.Knobs()&r.answers[0].read == 0 {
			// Its model answers as the reference's: the op reads none of
			// its knobs (faults.Changes), or the answer read none.
			r.answers[1+i] = r.answers[0]
			continue
		}
		b := ask(modelOf([]*faults.Fault{f}), req, enc)
		if !identical(b, r.answers[0]) {
			r.changes.add(f)
		}
		fresh := true
		for _, k := range r.results { // the memory once
			if b.sameResult(r.answers[k]) {
				b.result, fresh = r.answers[k].result, false
				break
			}
		}
		if fresh {
			r.results = append(r.results, 1+i)
		}
		r.answers[1+i] = b
	}
	c.mu.Lock()
	if len(c.rows) >= maxRows {
		c.rows = map[uint64]*row{}
	}
	c.rows[id] = r
	c.mu.Unlock()
	return r
}

// same reports whether two answers are the same, errors compared as the
// implementation's way of reporting them allows.
func (s *style) same(a, b answer) bool {
	if a.crash || b.crash {
		return a.crash == b.crash
	}
	if !a.told || !b.told {
		return false
	}
	switch {
	case (a.err != nil) != (b.err != nil):
		return false
	case a.err != nil:
		return s.sameError(a.err, b.err, a.enc)
	}
	return a.sameResult(b)
}

// verdict says what an answer decides: "crash", "refused", or its
// result; "" for no answer, which decides nothing.
func (a answer) verdict() string {
	switch {
	case a.crash:
		return "crash"
	case !a.told:
		return ""
	case a.err != nil:
		return "refused"
	}
	return a.result
}

// sameVerdict reports whether two answers decide alike: both crash, both
// refuse (whatever their errors say), or both answer the same result.
// Two answers that decide nothing do not decide alike.
func sameVerdict(a, b answer) bool {
	switch {
	case a.crash || b.crash:
		return a.crash && b.crash
	case !a.told || !b.told:
		return false
	case a.err != nil || b.err != nil:
		return a.err != nil && b.err != nil
	}
	return a.sameResult(b)
}

// identical reports whether two answers are the same to the last detail
// of their errors: two models' answers, compared.
func identical(a, b answer) bool {
	if a.crash != b.crash || a.told != b.told || (a.err != nil) != (b.err != nil) {
		return false
	}
	if a.err != nil {
		return a.err.Equal(b.err)
	}
	return a.sameResult(b)
}

// askResponse asks model m, and returns its response, nil when it
// crashed.
func askResponse(m *faults.Reading, req *protocol.Request) (resp *protocol.Response) {
	modelAnswers.Add(1)
	defer func() {
		if recover() != nil {
			resp = nil
		}
	}()
	var read faults.KnobSet
	return m.Answer(req, &read)
}

// shownOf returns a model's response as the reports show an answer, or
// "crash" for none.
func shownOf(resp *protocol.Response) json.RawMessage {
	if resp == nil {
		return json.RawMessage(`"crash"`)
	}
	return suite.Shown(resp)
}
