package generative

import (
	"sync"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// seedBatches returns the suite's vectors of the categories, as the first
// cases of a run: whatever the vectors catch, qf fuzz sees too, and its
// diagnosis reads every result that qf check's reads. The categories
// take turns, so that a budget of a few cases asks some of each. When
// chosen is not nil, only the vectors whose ids it chooses are asked.
// A vector that the reference's answer passes at level has that answer
// as its expected bytes, so that an answer that is the same, byte for
// byte, is a pass without being parsed and graded.
func seedBatches(cats []suite.Category, chosen func(id string) bool, level suite.Level) ([]batch, error) {
	var files []*seedFile
	var chosenOf [][]int // the indexes of the vectors chosen of each file
	for _, c := range cats {
		f, err := seedsOf(c)
		if err != nil {
			return nil, err
		}
		var idx []int
		for i := range f.tests {
			if chosen == nil || chosen(f.tests[i].ID) {
				idx = append(idx, i)
			}
		}
		files, chosenOf = append(files, f), append(chosenOf, idx)
	}
	var all batch
	var buf []byte // the expected answers, end to end
	for k := 0; ; k++ {
		added := false
		for n, f := range files {
			if k >= len(chosenOf[n]) {
				continue
			}
			added = true
			i := chosenOf[n][k]
			req := *f.reqs[i] // the client sets its id
			all.cases = append(all.cases, f.cases[i])
			all.reqs = append(all.reqs, &req)
			all.tests = append(all.tests, f.tests[i])
			var answer []byte
			if int(level) < len(f.passes[i]) && f.passes[i][level] {
				start := len(buf)
				buf = append(buf, f.answers[i]...)
				answer = buf[start:len(buf):len(buf)]
			}
			all.answers = append(all.answers, answer)
		}
		if !added {
			break
		}
	}
	var out []batch
	for len(all.cases) > 0 {
		n := min(batchSize, len(all.cases))
		out = append(out, batch{cases: all.cases[:n], reqs: all.reqs[:n], tests: all.tests[:n], answers: all.answers[:n], vectors: true})
		all.cases, all.reqs, all.tests, all.answers = all.cases[n:], all.reqs[n:], all.tests[n:], all.answers[n:]
	}
	return out, nil
}

// A seedFile is the suite's vector file of a category made ready to ask,
// once in a process: a run asks them all first, and parsing them, making
// their requests and the reference's answers again for each run were most
// of the CPU of the vectors in a run (BenchmarkFuzz/vectors).
type seedFile struct {
	tests []vectors.Test // to be copied, not changed
	cases []fcase
	reqs  []*protocol.Request // to be copied, not changed: the client sets a request's id
	// answers holds the reference's answer to each, as
	// protocol.AppendAnswer writes it (nil when it does not), and passes
	// whether that answer passes the vector at each level of decoding.
	answers [][]byte
	passes  [][suite.L3 + 1]bool
}

var seedFiles = struct {
	sync.Mutex
	files map[suite.Category]*seedFile
}{files: map[suite.Category]*seedFile{}}

// seedsOf returns the seedFile of c, made on the first call.
func seedsOf(c suite.Category) (*seedFile, error) {
	seedFiles.Lock()
	defer seedFiles.Unlock()
	if f, ok := seedFiles.files[c]; ok {
		return f, nil
	}
	file, err := vectors.Load(c.File())
	if err != nil {
		return nil, err
	}
	f := &seedFile{tests: file.Tests}
	for i := range f.tests {
		t := &f.tests[i]
		fc := fcase{c, c.Input(t)}
		req := fc.request()
		resp := serve.Reference.Handle(req)
		answer, ok := resp.AppendAnswer(nil)
		var passes [suite.L3 + 1]bool
		for l := suite.L1; l <= suite.L3 && ok; l++ {
			passes[l] = c.Passes(t, resp, l)
		}
		passes[suite.None] = passes[suite.L3]
		if !ok {
			answer = nil
		}
		f.cases, f.reqs = append(f.cases, fc), append(f.reqs, req)
		f.answers, f.passes = append(f.answers, answer), append(f.passes, passes)
	}
	seedFiles.files[c] = f
	return f, nil
}
