package generative

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/suite"
)

// finish diagnoses the pool as qf check diagnoses its vectors, and makes
// the report's causes of that diagnosis, each with its examples, each
// cause's made in an even share of the time left (budget.go).
func (f *fuzzer) finish(ctx context.Context) {
	f.rep.Kept = f.pool.disagreements()
	if f.rep.Kept == 0 {
		return
	}
	x := f.diagnose(ctx, f.pool.results(), f.deadline, fmt.Sprintf("diagnosing the %d %s kept", f.rep.Kept, term.Plural(f.rep.Kept, "disagreement")))
	if x == nil {
		f.rep.cut = true
		f.rep.Problems = append(f.rep.Problems, fmt.Sprintf("out of time: the diagnosis of the %d %s kept did not end within -duration %v, so no cause is shown; a longer -duration leaves it the time",
			f.rep.Kept, term.Plural(f.rep.Kept, "disagreement"), f.opts.Duration))
		return
	}
	late := 0 // causes whose examples the time left none of
	byID := map[string]*kept{}
	for _, k := range f.pool.entries {
		if k.sig != "" {
			byID[k.r.Test.ID] = k
		}
	}
	for i := range x.Causes {
		c := &Cause{Cause: x.Causes[i], members: x.Causes[i].IDs}
		var members []*kept
		seen := map[string]bool{}
		for _, id := range c.IDs {
			if k := byID[id]; k != nil && !seen[id] {
				seen[id] = true
				members = append(members, k)
			}
		}
		c.Drawn = f.pool.drawn(members)
		if until := f.share(i, len(x.Causes)); f.past(until) {
			late++
		} else {
			f.stage = fmt.Sprintf("examples of cause %d of %d", i+1, len(x.Causes))
			f.showNow("%s", f.stage)
			c.Findings = f.examples(ctx, x, i, members, until)
		}
		c.IDs = []string{}
		for _, fd := range c.Findings {
			if fd.Repeatable {
				c.IDs = append(c.IDs, fd.Result.Test.ID)
			}
		}
		if len(c.Findings) > 0 {
			results := make([]*suite.Result, len(c.Findings))
			for i := range c.Findings {
				results[i] = &c.Findings[i].Result
			}
			c.Example = diagnosis.ExampleOf(results)
		}
		f.rep.Causes = append(f.rep.Causes, c)
	}
	if late > 0 {
		f.rep.cut = true
		f.rep.Problems = append(f.rep.Problems, fmt.Sprintf("out of time: -duration %v ran out before %d %s had an example shrunk and asked again; %s the diagnosis's, as drawn",
			f.opts.Duration, late, term.Plural(late, "cause"), term.Plural(late, "it shows", "they show")))
	}
}

// examples returns the examples of cause k of diagnosis x, made from its
// members in the pool: the shortest first, each disagreeing another way,
// at most Examples of them, and beyond them one that shows the cause's
// mechanism alone, when none does yet. An input that is an
// example already, in the other profile, counts once. No example is begun
// once until (zero for never) has come, and the shrinks stop then.
func (f *fuzzer) examples(ctx context.Context, x *diagnosis.Diagnosis, k int, members []*kept, until time.Time) []*Finding {
	inputs := map[string]*Finding{} // the examples by op and input
	sort.SliceStable(members, func(i, j int) bool {
		a, b := members[i], members[j]
		if len(a.c.input) != len(b.c.input) {
			return len(a.c.input) < len(b.c.input)
		}
		return a.at < b.at
	})
	var out []*Finding
	tried, shown := map[string]bool{}, x.Causes[k].Fault == "" // shown: an example shows the mechanism alone
	attempts := 0
	for _, m := range members {
		if ctx.Err() != nil || f.client.GaveUp() != nil || attempts >= 2*f.opts.Examples+4 {
			break
		}
		if f.past(until) {
			f.rep.cut = true
			break
		}
		if j, ok := x.Explain(m.r); !ok || j != k || !x.Shows(k, m.r) {
			continue // it needs other faults too: an example of the cause alone is another
		}
		if shown && (tried[m.sig] || len(out) >= f.opts.Examples) {
			continue
		}
		tried[m.sig] = true
		attempts++
		fd := f.example(ctx, x, k, m, until)
		in := string(fd.Result.Category.Op()) + "\x00" + inputOf(fd.Result.Test)
		if other := inputs[in]; other != nil && fd.Repeatable {
			if other.Result.Category != fd.Result.Category && !slices.Contains(other.Also, fd.Result.Category) {
				other.Also = append(other.Also, fd.Result.Category)
			}
			continue
		}
		if fd.Repeatable {
			inputs[in] = fd
			shown = shown || x.Shows(k, &fd.Result)
		}
		out = append(out, fd)
	}
	sort.SliceStable(out, func(i, j int) bool { return len(inputOf(out[i].Result.Test)) < len(inputOf(out[j].Result.Test)) })
	return out
}

// example makes a disagreement of the pool, m, an example of cause k of
// diagnosis x:
// asked again alone in a fresh process, shrunk while the cause explains
// it (and its mechanism shows alone) and until has not come, then the smallest
// case asked again alone, while the run's deadline has not come. Every
// word of the finding is of the answers it was last asked.
func (f *fuzzer) example(ctx context.Context, x *diagnosis.Diagnosis, k int, m *kept, until time.Time) *Finding {
	fd := &Finding{Original: m.c.input, Cases: m.at}
	same := func(s *sighting) bool {
		if s.v.signature == "" {
			return false
		}
		j, ok := x.Explain(&s.v.result)
		return ok && j == k && x.Shows(k, &s.v.result)
	}
	first := f.alone(m.c)
	if !same(first) {
		// Shown as the pool kept it; a case drawn made a vector, as a
		// suite's vector is, with its flags and comment.
		fd.Signature, fd.Result = m.sig, *m.r
		if !m.vector {
			f.asVector(fd, &sighting{c: m.c, v: verdict{result: *m.r, signature: m.sig}})
		}
		fd.Alone = "it passed"
		if first.v.signature != "" {
			fd.Alone = "it disagreed otherwise: " + first.v.signature
		}
		fd.Elapsed = f.since()
		return fd
	}
	fd.Repeatable = true
	f.showNow("%s: shrinking an example of %d bytes", f.stage, len(m.c.input))
	path := f.shrink(ctx, first, same, fd, until)
	// The smallest case asked alone; should it disagree otherwise alone (it
	// did so only after the requests before it), the one before it.
	last := first
	for i := len(path) - 1; i >= 0; i-- {
		if f.past(f.deadline) {
			f.rep.cut = true
			fd.Steps, fd.Minimal = 0, false
			fd.Alone = "the smaller cases its shrink found were not asked again alone: -duration ran out"
			break
		}
		if s := f.alone(path[i].c); same(s) {
			last = s
			if i < len(path)-1 {
				fd.Minimal = false
				fd.Alone = "the smaller cases its shrink found disagreed so only after other requests, not alone"
			}
			fd.Steps = i + 1
			break
		}
		if i == 0 {
			fd.Steps, fd.Minimal = 0, false
			fd.Alone = "the smaller cases its shrink found disagreed so only after other requests, not alone"
		}
	}
	f.asVector(fd, last)
	fd.Elapsed = f.since()
	return fd
}

// asVector makes the finding's result of s, the case's last answer: its
// test the case as a vector, with the reference's expectation, fields,
// flags and a comment, and its input as text (value_text) when a JSON
// value cannot hold it (a repeated key, a lone surrogate, text that is
// not JSON).
func (f *fuzzer) asVector(fd *Finding, s *sighting) {
	t := s.c.test()
	suite.AddFields(&t)
	t.Comment = comment(&t, s.v.signature, f.opts.Seed)
	t.Flags = s.c.cat.Flags(s.c.input, &t)
	if s.c.cat.Reads() == suite.Value && !jsontext.Value(s.c.input).IsValid() {
		t.Value, t.ValueText = nil, s.c.input
		t.Flags = append(t.Flags, "RawValue")
	}
	fd.Signature = s.v.signature
	fd.Result = s.v.result
	fd.Result.Test = &t
	fd.Result.Stderr = s.stderr
}
