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
			"17d27085dbfd01f949539c7d4f5b8b392773d03e4a1a22ec555ed4ce0fe0c73a",
			"822120da0552fe5cadcc16a674731254e78cb5e114c5b1c16d5ad8f6dedace5a"},
		{1, []suite.Category{suite.Encode}, 20000,
			"b9f9853c9778e73fc8b9e16d73c5ae3102c7f19650fbcf3c28c4be9b56d59749",
			"5965acb61ece602e2a479a2ac8eba60c92f221c4668b8dd8ce2fd2447874800b"},
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
