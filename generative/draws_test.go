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
			"0e8e873c2e8c77e410dba52c63c67b5aa91994562c0f7101aa122aa500307169",
			"2abf42c944442c52e411e2d9bacdfc89b6b804c72d81c09af9e21e1969ba3c6c"},
		{1, []suite.Category{suite.Encode}, 20000,
			"08aebf65df35bc9e514cb1d268bce9466f00959ab1598d7ad879e5f081de08df",
			"feb4905ddc3e2bfeac0c86f870cbd9fea912618e23ebdb17a28656d8fbc57911"},
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
	r := gen.NewRand(seed).WithLongInputs() // as a run draws
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
