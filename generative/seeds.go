package generative

import (
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
		f, err := vectors.Load(c.File())
		if err != nil {
			return nil, err
		}
		tests := f.Tests
		if chosen != nil {
			tests = nil
			for _, t := range f.Tests {
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
				all.cases = append(all.cases, fcase{cats[k], cats[k].Input(&tests[i])})
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
		out = append(out, batch{cases: all.cases[:n], tests: all.tests[:n]})
		all.cases, all.tests = all.cases[n:], all.tests[n:]
	}
	return out, nil
}
