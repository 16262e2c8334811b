package generative

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Grouping by cause. The fuzzer keeps a pool of the cases it has seen
// (every case of the first poolAll; after them the disagreements that no
// cause explains, a few of each cause, and a sample of the agreements),
// and diagnoses it (package diagnosis) when there are disagreements no
// cause explains and gap cases have passed since the last diagnosis. A
// disagreement that the last diagnosis explains counts for its cause at
// once; the others wait for the next diagnosis, and what it does not
// explain is grouped by its signature, as unexplained.
const (
	poolAll    = 1024 // the first cases, every one kept
	poolMax    = 4096 // cases in the pool, at most
	perCause   = 16   // disagreements of each cause kept, after the first cases
	passSample = 64   // one in passSample agreements kept, after the first cases
	poolPasses = 1024 // agreements kept, at most
	maxPending = 2048 // disagreements waiting for a diagnosis, at most
	maxGap     = 1 << 14
)

// A sighting is a disagreement: its case and its verdict, whose result
// carries the test and the answer the diagnosis reads.
type sighting struct {
	c  fcase
	v  verdict
	at int // cases asked before it
	// counted is the group it counts in while it waits for a diagnosis:
	// a fault's failure that the fault's model does not reproduce, which
	// another fault may explain once the pool holds more of them.
	counted *group
}

// A group is the disagreements of one cause.
type group struct {
	key   string // the cause's kind and name; an unexplained one's signature
	cause diagnosis.Cause
	cases int // the disagreements it explains
	kept  int // of those, in the pool
	// samples are some of its disagreements, perCause at most: what
	// tells, at the end of the run, which cause explains them then.
	samples  []*suite.Result
	findings []*Finding
	tried    map[string]bool // the signatures of the examples tried, and the shape each was to show
	shown    map[string]bool // the shapes of a known fault that an example shows
}

// causes is what the fuzzer knows of the causes of its disagreements.
type causes struct {
	diag    *diagnosis.Diagnosis // of the pool; nil before the first diagnosis
	reach   suite.Level          // the level decoding is graded at: lower once errors are known to be reported otherwise
	pool    []*suite.Result
	passes  int // agreements in the pool
	seen    int // cases offered to the pool
	pending []*sighting
	since   int // cases since the last diagnosis
	gap     int // cases between diagnoses
	groups  map[string]*group
	order   []*group            // the groups, in the order found
	inputs  map[string]*Finding // the examples by op and input: an input counts once
	asked   map[string]asked    // the requests the diagnosis asked, by their JSON
}

func newCauses(opts *Options) causes {
	return causes{reach: opts.Level, gap: batchSize, groups: map[string]*group{}, inputs: map[string]*Finding{}, asked: map[string]asked{}}
}

// keep offers the pool a case that agreed, and its test t, which the pool
// copies.
func (f *fuzzer) keep(c fcase, t *vectors.Test, resp *protocol.Response) {
	f.seen++
	f.since++
	if f.seen <= poolAll || f.seen%passSample == 0 && f.passes < poolPasses && len(f.pool) < poolMax {
		own := *t
		if own.ID == "" {
			own.ID = c.id()
		}
		r := c.cat.NewResult(&own)
		r.Status, r.Answer = suite.Pass, resp
		f.pool = append(f.pool, &r)
		f.passes++
	}
}

// file files a disagreement: under the cause that explains it, or to
// wait for the next diagnosis.
func (f *fuzzer) file(ctx context.Context, s *sighting) {
	f.seen++
	f.since++
	if f.diag != nil {
		if k, ok := f.diag.Explain(&s.v.result); ok {
			g := f.group(f.diag.Causes[k])
			g.cases++
			g.sample(&s.v.result)
			leftover := f.diag.Leftover(&s.v.result)
			if (g.kept < perCause || leftover) && len(f.pool) < poolMax {
				f.pool = append(f.pool, &s.v.result)
				g.kept++
			}
			if leftover && len(f.pending) < maxPending {
				s.counted = g
				f.pending = append(f.pending, s)
				return
			}
			f.example(ctx, g, s)
			return
		}
	}
	if len(f.pool) < poolMax {
		f.pool = append(f.pool, &s.v.result)
	}
	if len(f.pending) < maxPending {
		f.pending = append(f.pending, s)
		return
	}
	f.unexplained(ctx, s)
}

// unexplained files a disagreement that no cause explains, by its
// signature.
func (f *fuzzer) unexplained(ctx context.Context, s *sighting) {
	g := f.group(unexplainedCause(s.v.signature))
	g.cases++
	g.sample(&s.v.result)
	f.example(ctx, g, s)
}

// sample keeps r among the group's samples, while there is room.
func (g *group) sample(r *suite.Result) {
	if len(g.samples) < perCause {
		g.samples = append(g.samples, r)
	}
}

// keyOf returns the key of a cause's group.
func keyOf(c diagnosis.Cause) string { return string(c.Kind) + " " + c.Name }

// unexplainedCause returns the cause of disagreements of a signature that
// no cause explains.
func unexplainedCause(signature string) diagnosis.Cause {
	return diagnosis.Cause{Kind: faults.Unexplained, Name: signature, Title: "disagreements no cause explains"}
}

// group returns the group of a cause, made when there is none.
func (f *fuzzer) group(c diagnosis.Cause) *group {
	key := keyOf(c)
	g := f.groups[key]
	if g == nil {
		g = &group{key: key, cause: c, tried: map[string]bool{}, shown: map[string]bool{}}
		f.groups[key] = g
		f.order = append(f.order, g)
	}
	return g
}

// diagnoseIfDue diagnoses the pool when disagreements wait for it and
// the gap since the last diagnosis has passed.
func (f *fuzzer) diagnoseIfDue(ctx context.Context) {
	if len(f.pending) > 0 && f.since >= f.gap {
		f.diagnose(ctx)
	}
}

// diagnose diagnoses the pool and files the disagreements that waited.
// The gap to the next diagnosis doubles when this one found no new
// cause.
func (f *fuzzer) diagnose(ctx context.Context) {
	before := len(f.groups)
	f.diag = diagnosis.Diagnose(f.pool, f.asker(ctx))
	f.reach = min(f.opts.Level, f.diag.Level())
	pending := f.pending
	f.pending, f.since = nil, 0
	for _, s := range pending {
		if s.counted != nil {
			s.counted.cases-- // counted again below, where it goes now
		}
		if k, ok := f.diag.Explain(&s.v.result); ok {
			g := f.group(f.diag.Causes[k])
			g.cases++
			g.sample(&s.v.result)
			if s.counted == nil {
				g.kept++
			}
			f.example(ctx, g, s)
		} else {
			f.unexplained(ctx, s)
		}
	}
	if len(f.groups) > before {
		f.gap = batchSize
	} else {
		f.gap = min(2*f.gap, maxGap)
	}
}

// asker returns how the diagnosis asks the implementation requests of its
// own: through the client, each request once in a run (a diagnosis of
// the pool asks again what the last one asked).
func (f *fuzzer) asker(ctx context.Context) diagnosis.Asker {
	return func(req *protocol.Request) (*protocol.Response, error) {
		b, err := json.Marshal(req)
		if err != nil {
			return nil, err
		}
		if a, ok := f.asked[string(b)]; ok {
			return a.resp, a.err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := f.client.GaveUp(); err != nil {
			return nil, err
		}
		resp, _, err := f.client.Call(req)
		f.asked[string(b)] = asked{resp, err}
		return resp, err
	}
}

// asked is the answer to a request the diagnosis asked.
type asked struct {
	resp *protocol.Response
	err  error
}

// causeOf returns the key of the cause that explains a disagreement, and
// the cause: its signature's when no cause does.
func (f *fuzzer) causeOf(s *sighting) (string, diagnosis.Cause) {
	if f.diag != nil {
		if k, ok := f.diag.Explain(&s.v.result); ok {
			c := f.diag.Causes[k]
			return keyOf(c), c
		}
	}
	c := unexplainedCause(s.v.signature)
	return keyOf(c), c
}

// example makes a disagreement an example of its group, shrunk, when the
// group has fewer than Examples and none that disagrees the same way.
func (f *fuzzer) example(ctx context.Context, g *group, s *sighting) {
	if ctx.Err() != nil || g.tried[s.v.signature] && len(g.findings) >= f.opts.Examples {
		return
	}
	if s.v.result.Reason == suite.Mismatch && s.c.cat.Passes(s.v.result.Test, s.v.result.Answer, f.reach) {
		return // graded before the level was lowered to what the implementation's errors reach
	}
	if !f.explains(g, s) {
		return // it needs other faults too: wait for a case that does not
	}
	// Each shape of a known fault gets an example, beyond Examples.
	shape := ""
	for _, v := range f.showing(g, s) {
		if !g.shown[v] {
			shape = v
			break
		}
	}
	if len(g.findings) >= f.opts.Examples && shape == "" || g.tried[s.v.signature+" "+shape] {
		return
	}
	g.tried[s.v.signature], g.tried[s.v.signature+" "+shape] = true, true
	finding := &Finding{Signature: s.v.signature, Original: s.c.input, Cases: s.at, Repeatable: true}
	same := func(x *sighting) bool {
		return f.explains(g, x) && (shape == "" || slices.Contains(f.showing(g, x), shape))
	}
	shrunk := f.evaluate(s.c)
	if !same(shrunk) {
		finding.Repeatable = false
		finding.Alone = "it passed"
		if shrunk.v.signature != "" {
			finding.Alone = "it disagreed otherwise: " + shrunk.v.signature
		}
		shrunk = s
	} else {
		shrunk = f.shrink(ctx, shrunk, same, finding)
		// Once more, alone, for the standard error that goes with it.
		f.client.Stderr()
		if final := f.evaluate(shrunk.c); same(final) {
			shrunk = final
			shrunk.v.result.Stderr = f.client.Stderr()
		}
	}
	in := string(shrunk.c.cat.Op()) + "\x00" + shrunk.c.input
	if other := f.inputs[in]; other != nil && finding.Repeatable {
		if other.Result.Category != shrunk.c.cat && !slices.Contains(other.Also, shrunk.c.cat) {
			other.Also = append(other.Also, shrunk.c.cat)
		}
		return
	}
	t := shrunk.c.test()
	suite.AddFields(&t)
	t.Comment = comment(&t, finding, f.opts.Seed)
	t.Flags = shrunk.c.cat.Flags(shrunk.c.input, &t)
	finding.Result = shrunk.v.result
	finding.Result.Test = &t
	finding.Elapsed = time.Since(f.began)
	if finding.Repeatable {
		f.inputs[in] = finding
		for _, v := range f.showing(g, shrunk) {
			g.shown[v] = true
		}
	}
	g.findings = append(g.findings, finding)
}

// showing returns the shapes of g's known fault that disagreement s
// shows alone; none for a cause of another kind.
func (f *fuzzer) showing(g *group, s *sighting) []string {
	if f.diag == nil || g.cause.Kind == faults.Unexplained || s.v.signature == "" {
		return nil
	}
	k, ok := f.diag.Explain(&s.v.result)
	if !ok || keyOf(f.diag.Causes[k]) != g.key {
		return nil
	}
	shapes, _ := f.diag.Showing(k, &s.v.result)
	return shapes
}

// explains reports whether the cause of group g explains disagreement s:
// for a known fault, one that shows in s alone.
func (f *fuzzer) explains(g *group, s *sighting) bool {
	if s.v.signature == "" {
		return false
	}
	if g.cause.Kind == faults.Unexplained || f.diag == nil {
		key, _ := f.causeOf(s)
		return key == g.key
	}
	k, ok := f.diag.Explain(&s.v.result)
	return ok && keyOf(f.diag.Causes[k]) == g.key && f.diag.Shows(k, &s.v.result)
}

// finish diagnoses the pool a last time and writes the causes into the
// report as that diagnosis names them: each group's disagreements go to
// the cause that explains most of its samples now (a behaviour seen
// before a fault was found goes to the fault), each example to the
// cause that explains it, one disagreement moving with it; a cause left
// with no disagreement is no cause.
func (f *fuzzer) finish(ctx context.Context) {
	if len(f.pending) > 0 {
		f.diagnose(ctx)
	}
	final := map[string]*group{}
	var order []*group
	put := func(key string, c diagnosis.Cause) *group {
		g := final[key]
		if g == nil {
			g = &group{key: key, cause: c}
			final[key] = g
			order = append(order, g)
		}
		return g
	}
	for _, g := range f.order {
		home := put(f.home(g))
		home.cases += g.cases
		home.samples = append(home.samples, g.samples...)
		for _, fd := range g.findings {
			h := home
			if fd.Repeatable {
				h = put(f.causeOf(&sighting{v: verdict{result: fd.Result, signature: fd.Signature}}))
			}
			if h != home {
				h.cases++
				home.cases--
			}
			h.findings = append(h.findings, fd)
		}
	}
	for _, g := range order {
		if g.cases > 0 {
			f.rep.Causes = append(f.rep.Causes, g.report())
		}
	}
	sort.SliceStable(f.rep.Causes, func(i, j int) bool { return diagnosis.Before(&f.rep.Causes[i].Cause, &f.rep.Causes[j].Cause) })
}

// home returns the key and cause of the cause that explains most of a
// group's samples now; the group's own when none does, or on a tie.
func (f *fuzzer) home(g *group) (string, diagnosis.Cause) {
	if f.diag == nil {
		return g.key, g.cause
	}
	votes, causes := map[string]int{}, map[string]diagnosis.Cause{}
	for _, r := range g.samples {
		if k, ok := f.diag.Explain(r); ok {
			c := f.diag.Causes[k]
			votes[keyOf(c)]++
			causes[keyOf(c)] = c
		}
	}
	best, c := g.key, g.cause
	for key, n := range votes {
		if n > votes[best] || n == votes[best] && key < best && best != g.key {
			best, c = key, causes[key]
		}
	}
	return best, c
}

// report returns the group as a cause of the report: its disagreements,
// the ids of its examples' vectors, its shortest example.
func (g *group) report() *Cause {
	c := &Cause{Cause: g.cause, Findings: g.findings}
	c.Failed, c.IDs, c.Example, c.Only = g.cases, nil, nil, nil
	if c.Kind == faults.Unexplained {
		c.Observed = fmt.Sprintf("%d %s disagreed so: %s", g.cases, term.Plural(g.cases, "case"), term.Printable(c.Name, false))
		c.Evidence = fmt.Sprintf("%d %s disagreed this way, and no cause explains %s", g.cases, term.Plural(g.cases, "case"), term.Plural(g.cases, "it", "them"))
	}
	sort.SliceStable(c.Findings, func(i, j int) bool {
		return len(inputOf(c.Findings[i].Result.Test)) < len(inputOf(c.Findings[j].Result.Test))
	})
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
	if c.Kind == faults.Behaviour && len(g.samples) > 0 {
		// What the diagnosis observed of the pool, said again of the
		// disagreements the group kept, as they were found: the examples
		// are shrunk, and may show other offsets.
		c.Observed = diagnosis.Observed(g.samples)
		c.Evidence = fmt.Sprintf("%d of its %d %s, as found (the examples are shrunk)", len(g.samples), g.cases, term.Plural(g.cases, "disagreement"))
	}
	return c
}
