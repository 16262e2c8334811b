package generative

import (
	"sync"

	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// seedBatches returns the suite's vectors of the categories, as the first
// cases of a run: whatever the vectors catch, qf fuzz sees too, and its
// diagnosis reads every result that qf check's reads. The categories
// take turns, so that a budget of a few cases asks some of each. When
// chosen is not nil, only the vectors whose ids it chooses are asked.
func seedBatches(cats []suite.Category, chosen func(id string) bool) ([]batch, error) {
	var files [][]vectors.Test
	for _, c := range cats {
		tests, err := suiteTests(c)
		if err != nil {
			return nil, err
		}
		if chosen != nil {
			all := tests
			tests = nil
			for _, t := range all {
				if chosen(t.ID) {
					tests = append(tests, t)
				}
			}
		}
		files = append(files, tests)
	}
	var all batch
	for i := 0; ; i++ {
		added := false
		for k, tests := range files {
			if i < len(tests) {
				c := fcase{cats[k], cats[k].Input(&tests[i])}
				all.cases = append(all.cases, c)
				all.reqs = append(all.reqs, c.request())
				all.tests = append(all.tests, tests[i])
				added = true
			}
		}
		if !added {
			break
		}
	}
	var out []batch
	for len(all.cases) > 0 {
		n := min(batchSize, len(all.cases))
		out = append(out, batch{cases: all.cases[:n], reqs: all.reqs[:n], tests: all.tests[:n], vectors: true})
		all.cases, all.reqs, all.tests = all.cases[n:], all.reqs[n:], all.tests[n:]
	}
	return out, nil
}

// vectorFiles holds the tests of the suite's vector files, by name, each
// parsed once in a process: a run asks them all first, and parsing them
// again for each run was a sixth of the CPU of a run of 20,000 cases
// against the reference in process.
var vectorFiles = struct {
	sync.Mutex
	tests map[string][]vectors.Test
}{tests: map[string][]vectors.Test{}}

// suiteTests returns the tests of the vector file of c, to be copied, not
// changed.
func suiteTests(c suite.Category) ([]vectors.Test, error) {
	vectorFiles.Lock()
	defer vectorFiles.Unlock()
	if tests, ok := vectorFiles.tests[c.File()]; ok {
		return tests, nil
	}
	f, err := vectors.Load(c.File())
	if err != nil {
		return nil, err
	}
	vectorFiles.tests[c.File()] = f.Tests
	return f.Tests, nil
}
