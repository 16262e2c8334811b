package generative

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"testing"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/suite"
)

// The cases a seed draws, and the reference's answers to them, do not
// change: a seed and -n repeat a run of qf fuzz from release to release,
// and a change to the order or the content of the draws, or to the
// answers the cases are compared to, fails here. The digests are of the
// request lines as the client writes them, but for their ids, and of the
// answers as the client compares them (protocol.AppendAnswer), a line
// each, for every category in turn and for one category alone.
func TestDrawsUnchanged(t *testing.T) {
	for _, c := range []struct {
		seed          uint64
		cats          []suite.Category
		n             int
		requests, ans string
	}{
		{7, suite.Categories, 20000,
			"7dde4125bd7ce2edb6d0ec598b387e1ef51884f5cdf5e84b192ee1e61c92c687",
			"b75676c247232fac77a3487e55ddf6f8c9cc76b2782d08fd2326e36f9a9d72c6"},
		{1, []suite.Category{suite.Encode}, 20000,
			"3fc4ec1ab5812aff2db562eb31c529a9f3237fe046f00b817f6832e9c7211aba",
			"a660e985602a6f700bb314f25addb682f3235f5b7c6ca866d0eba81c374e47aa"},
	} {
		reqs, answers := drawDigests(t, c.seed, c.cats, c.n)
		if reqs != c.requests || answers != c.ans {
			t.Errorf("seed %d, %d cases of %v: requests %s, answers %s; want %s, %s", c.seed, c.n, c.cats, reqs, answers, c.requests, c.ans)
		}
	}
}

// drawDigests draws n cases from seed, of cats in turn, in batches as a
// run draws them when no fault is known, and returns the sha256 of their
// requests and of the reference's answers.
func drawDigests(t *testing.T, seed uint64, cats []suite.Category, n int) (requests, answers string) {
	r := gen.NewRand(seed)
	reqs, ans := sha256.New(), sha256.New()
	for drawn := 0; drawn < n; {
		b := draw(r, cats, min(batchSize, n-drawn), nil)
		for i := range b.cases {
			line, err := b.reqs[i].AppendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			writeLine(reqs, line)
			if b.answers[i] == nil {
				t.Fatalf("case %d: no answer as bytes", drawn+i)
			}
			writeLine(ans, b.answers[i])
		}
		drawn += len(b.cases)
	}
	return hex.EncodeToString(reqs.Sum(nil)), hex.EncodeToString(ans.Sum(nil))
}

func writeLine(h hash.Hash, line []byte) {
	h.Write(line)
	h.Write([]byte{'\n'})
}
