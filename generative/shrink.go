package generative

import (
	"context"
	"hash/maphash"
	"time"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/suite"
)

// Shrinking: greedily, each time the first simpler case that still
// disagrees for the same cause, until none does (a minimum) or the
// budget runs out: ShrinkSteps cases asked, or maxUnanswered cases that
// got no answer (each may have cost a timeout) and were not taken, or
// the time given it (with Options.Duration: budget.go). Every
// candidate taken is smaller than its case (see gen.Smaller: fewer
// bytes, else smaller numbers), an order with no infinite descent, so a
// shrink ends. Under -n it is bounded by requests, never by time, so that
// a seed and a count repeat a run on any machine; under -duration its
// time is bounded too.

var triedSeed = maphash.MakeSeed() // of the hashes of the inputs a shrink tried

// maxUnanswered bounds the cases a shrink asks that get no answer and
// are not taken.
const maxUnanswered = 8

// shrink returns the cases it took, starting from s, which same accepts,
// each simpler than the one before, that same accepts; the finding
// records the steps and tries, and whether the shrink ended at a
// minimum. It asks nothing once until (zero for never) has come.
func (f *fuzzer) shrink(ctx context.Context, s *sighting, same func(*sighting) bool, finding *Finding, until time.Time) []*sighting {
	var path []*sighting
	tried := map[uint64]bool{} // the inputs tried, by hash: simpler inputs come again in later rounds
	unanswered := 0
	for improved := true; improved; {
		improved = false
		for input := range gen.Simpler(s.c.cat, s.c.input) {
			if finding.Tries >= f.opts.ShrinkSteps || unanswered >= maxUnanswered || ctx.Err() != nil || f.client.GaveUp() != nil || f.past(until) {
				finding.Steps = len(path)
				f.rep.cut = f.rep.cut || f.past(until)
				return path
			}
			h := maphash.String(triedSeed, input)
			if tried[h] || !gen.Smaller(s.c.cat, input, s.c.input) || !sendable(s.c.cat, input) {
				continue
			}
			tried[h] = true
			finding.Tries++
			f.show("%s: shrinking, %d %s asked, %d %s", f.stage, finding.Tries, term.Plural(finding.Tries, "case"), len(path), term.Plural(len(path), "step"))
			cand := f.evaluate(fcase{s.c.cat, input})
			if same(cand) {
				s = cand
				path = append(path, cand)
				improved = true
				break
			}
			if cand.v.result.Answer == nil && cand.v.signature != "" {
				unanswered++
			}
		}
	}
	finding.Steps, finding.Minimal = len(path), true
	return path
}

// sendable reports whether input of category c can be sent as it is: a
// value (JSON text, sent raw) must be UTF-8, as every line qf sends is
// (spec/protocol.md); a code is sent as a JSON string, with U+FFFD for
// each byte that is not. gen.Simpler yields no value that is not UTF-8
// from one that is; this holds qf to it whatever a shrink starts from.
func sendable(c suite.Category, input string) bool {
	return c.Reads() != suite.Value || utf8.ValidString(input)
}
