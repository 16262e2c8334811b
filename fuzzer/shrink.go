package fuzzer

import (
	"time"
)

// Shrinking: greedily, each time the first simpler case that still
// disagrees with the same signature, until none does or the steps run
// out. Every candidate taken is smaller than its case (see smaller: fewer
// bytes, else smaller numbers), an order with no infinite descent, so a
// shrink ends.

// shrinkTime bounds the time a shrink takes, besides its steps.
const shrinkTime = 10 * time.Second

// shrink returns the smallest case it finds that disagrees as c does.
func (f *fuzzer) shrink(c fcase, v verdict, finding *Finding) (fcase, verdict) {
	began := time.Now()
	for improved := true; improved; {
		improved = false
		for input := range c.cat.Simpler(c.input) {
			cand := fcase{c.cat, input}
			if finding.Tries >= f.opts.ShrinkSteps || f.ctx.Err() != nil || time.Since(began) > shrinkTime {
				return c, v
			}
			if !c.cat.Smaller(input, c.input) {
				continue
			}
			finding.Tries++
			if cv := f.evaluate(cand); cv.signature == v.signature {
				c, v = cand, cv
				finding.Steps++
				improved = true
				break
			}
		}
	}
	return c, v
}
