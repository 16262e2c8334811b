package generative

import (
	"context"
	"hash/maphash"
	"time"

	"github.com/qf-format/qf-conformance/gen"
)

// Shrinking: greedily, each time the first simpler case that still
// disagrees for the same cause, until none does (a minimum) or the
// budget runs out. Every candidate taken is smaller than its case (see
// gen.Smaller: fewer bytes, else smaller numbers), an order
// with no infinite descent, so a shrink ends.

var triedSeed = maphash.MakeSeed() // of the hashes of the inputs a shrink tried

// shrinkTime bounds the time a shrink takes, besides its steps.
const shrinkTime = 10 * time.Second

// shrink returns the smallest case it finds that same accepts, starting
// from s, which it accepts; the finding records the steps and tries, and
// whether the shrink ended at a minimum.
func (f *fuzzer) shrink(ctx context.Context, s *sighting, same func(*sighting) bool, finding *Finding) *sighting {
	began := time.Now()
	tried := map[uint64]bool{} // the inputs tried, by hash: simpler inputs come again in later rounds
	for improved := true; improved; {
		improved = false
		for input := range gen.Simpler(s.c.cat, s.c.input) {
			if finding.Tries >= f.opts.ShrinkSteps || ctx.Err() != nil || time.Since(began) > shrinkTime {
				return s
			}
			h := maphash.String(triedSeed, input)
			if tried[h] || !gen.Smaller(s.c.cat, input, s.c.input) {
				continue
			}
			tried[h] = true
			finding.Tries++
			if cand := f.evaluate(fcase{s.c.cat, input}); same(cand) {
				s = cand
				finding.Steps++
				improved = true
				break
			}
		}
	}
	finding.Minimal = true
	return s
}
