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
			"6f74267c6a1b339cd986c4180d4f0dacd808b885699ca7469e4e9ba67924e9c8",
			"e47901163591d7549ff3804955ffa72d3d148a91d2044eeec1443b3a47198ba5"},
		{1, []suite.Category{suite.Encode}, 20000,
			"8277019b303a0f3f119d6738a8ebd302d44ff5dbda33318fb0d427fdd89533b5",
			"4c752e865cd7cfef2f23187064e49b0df20ac12e3c083339ae64fa3f04451fee"},
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
