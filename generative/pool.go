package generative

import (
	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// The pool is what the diagnosis reads at the end of the run, as qf
// check's diagnosis reads the results of the vectors: the results of the
// vectors themselves, a sample of the agreements drawn, and a sample of
// the disagreements drawn that keeps every way of disagreeing. A way is
// the disagreement's signature (its category, how it fails, the kinds of
// the answers) and, for two values that differ, where they first differ;
// of each way the pool keeps keepPerWay, chosen by reservoir sampling, so
// that a way's last disagreements are as likely kept as its first. It
// chooses with a generator seeded by the run's seed: a run repeats.
//
// While cases are drawn, the pool is diagnosed now and then, and the
// draws lean away from what that diagnosis predicts; it decides nothing
// that the report says.
const (
	passesAll  = 1024    // the first agreements drawn, every one kept
	passSample = 64      // then one in passSample
	passesMax  = 2048    // agreements drawn kept, at most
	keepPerWay = 32      // disagreements drawn kept of each way, at most
	keptMax    = 4096    // disagreements drawn kept, at most
	maxGap     = 1 << 14 // cases between two diagnoses while drawing, at most
)

// A kept case is a result in the pool: its case, its signature when it is
// a disagreement, and how many cases were asked before it. The result of
// an agreement is made only when the diagnosis reads it (result): a run
// that finds no disagreement diagnoses nothing.
type kept struct {
	r      *suite.Result // nil for an agreement until result makes it
	c      fcase
	sig    string
	at     int
	vector bool       // a vector of the suite's, not a case drawn
	agreed *agreement // an agreement's makings, until result makes r
}

// An agreement is what the result of an agreement is made of.
type agreement struct {
	t      vectors.Test       // the expectation; unset for a case drawn whose ref is set
	ref    *protocol.Response // the reference's answer to a case drawn, to make t from
	answer *protocol.Response // the answer, parsed; nil when it came as the reference's bytes, line
	line   []byte
}

// result returns k's result, made on the first call for an agreement.
func (k *kept) result() *suite.Result {
	if k.r != nil {
		return k.r
	}
	a := k.agreed
	t := a.t
	if a.ref != nil {
		t = k.c.expectFrom(a.ref)
	}
	if t.ID == "" {
		t.ID = k.c.id()
	}
	resp := a.answer
	if resp == nil {
		resp = parseAnswer(a.line)
	}
	r := k.c.cat.NewResult(&t)
	r.Status, r.Answer = suite.Pass, resp
	k.r, k.agreed = &r, nil
	return k.r
}

// A pool is the results kept for the diagnosis.
type pool struct {
	rand     *gen.Rand
	entries  []*kept
	ways     map[string]*way
	order    []*way // in the order found
	offered  int    // agreements drawn offered
	passes   int    // agreements kept
	drawnBad int    // disagreements drawn kept

	// The diagnosis that steers the draws: of the pool as it was when
	// made, remade when since reaches gap and the pool has changed.
	diag       *diagnosis.Diagnosis
	since, gap int
	news       int // disagreements kept since, that diag does not explain
}

// A way of disagreeing: how many disagreements of it were seen, and the
// places in the pool of those kept.
type way struct {
	key   string
	seen  int
	slots []int
}

func newPool(seed uint64) *pool {
	return &pool{rand: gen.NewRand(seed ^ 0x706f6f6c), ways: map[string]*way{}, gap: batchSize}
}

// offerPass offers the pool an agreement, a vector's or a drawn case's,
// and reports whether the pool keeps it: a vector's always, a drawn
// case's as a sample. The caller then passes it to pass.
func (p *pool) offerPass(vector bool) bool {
	p.since++
	if !vector {
		p.offered++
		if p.offered > passesAll && (p.offered%passSample != 0 || p.passes >= passesMax) {
			return false
		}
		p.passes++
	}
	return true
}

// pass keeps an agreement that offerPass took: case c, and what its
// result is made of when it is read.
func (p *pool) pass(c fcase, a *agreement, at int, vector bool) {
	p.entries = append(p.entries, &kept{c: c, at: at, vector: vector, agreed: a})
}

// disagree offers the pool a disagreement: a vector's, kept always, or a
// drawn case's, kept as its way's reservoir chooses.
func (p *pool) disagree(k *kept) {
	p.since++
	if k.vector {
		p.add(k)
		return
	}
	key := wayOf(k)
	w := p.ways[key]
	if w == nil {
		w = &way{key: key}
		p.ways[key] = w
		p.order = append(p.order, w)
	}
	w.seen++
	switch {
	case len(w.slots) < keepPerWay && p.drawnBad < keptMax:
		w.slots = append(w.slots, len(p.entries))
		p.drawnBad++
		p.add(k)
	case len(w.slots) == 0:
		// The pool is full and this way is new: a place of the way with the
		// most kept is its.
		big := p.order[0]
		for _, o := range p.order {
			if len(o.slots) > len(big.slots) {
				big = o
			}
		}
		slot := big.slots[len(big.slots)-1]
		big.slots = big.slots[:len(big.slots)-1]
		w.slots = append(w.slots, slot)
		p.put(slot, k)
	default:
		if j := p.rand.Intn(w.seen); j < len(w.slots) {
			p.put(w.slots[j], k)
		}
	}
}

// add appends k to the pool.
func (p *pool) add(k *kept) {
	p.entries = append(p.entries, nil)
	p.put(len(p.entries)-1, k)
}

// put puts k in place i of the pool, noting whether the diagnosis that
// steers the draws explains it.
func (p *pool) put(i int, k *kept) {
	p.entries[i] = k
	if p.diag == nil {
		p.news++
	} else if _, ok := p.diag.Explain(k.r); !ok {
		p.news++
	}
}

// drawn returns how many disagreements were drawn in the ways of those
// kept, the suite's vectors counted once each.
func (p *pool) drawn(kept []*kept) int {
	n := 0
	ways := map[string]bool{}
	for _, k := range kept {
		if k.vector {
			n++
			continue
		}
		if key := wayOf(k); !ways[key] {
			ways[key] = true
			if w := p.ways[key]; w != nil {
				n += w.seen
			}
		}
	}
	return n
}

// wayOf returns the way a disagreement of drawn case k disagrees: its
// signature, and for a mismatch of two values, the field where they
// first differ (suite.Difference).
func wayOf(k *kept) string {
	if k.r.Reason != suite.Mismatch || k.r.Answer == nil || k.r.Answer.Error != nil || k.r.Test.Error != nil {
		return k.sig
	}
	if d := k.r.Difference(); d.Place.Path != "" && k.r.Answer.Code == nil {
		return k.sig + " at " + d.Place.Field
	}
	return k.sig
}

// results returns the results of the pool, for the diagnosis.
func (p *pool) results() []*suite.Result {
	out := make([]*suite.Result, len(p.entries))
	for i, k := range p.entries {
		out[i] = k.result()
	}
	return out
}

// disagreements returns how many disagreements the pool holds: those of
// the vectors, and those drawn and kept.
func (p *pool) disagreements() int {
	n := 0
	for _, k := range p.entries {
		if k.sig != "" {
			n++
		}
	}
	return n
}

// due reports whether the pool is to be diagnosed, for the draws to
// lean away from what the diagnosis predicts: when gap cases have been
// asked since the last diagnosis and the pool has since kept a
// disagreement that diagnosis does not explain.
func (p *pool) due() bool { return p.since >= p.gap && p.news > 0 }

// diagnosed takes x, a diagnosis of the pool as it is, as the one that
// steers the draws; nil, a diagnosis left unfinished, changes nothing.
// The gap doubles when a diagnosis finds no more causes than the one
// before.
func (p *pool) diagnosed(x *diagnosis.Diagnosis) {
	if x == nil {
		return
	}
	before := p.causes()
	p.diag = x
	p.since, p.news = 0, 0
	if p.causes() > before {
		p.gap = batchSize
	} else {
		p.gap = min(2*p.gap, maxGap)
	}
}

// causes returns how many causes the last diagnosis found.
func (p *pool) causes() int {
	if p.diag == nil {
		return 0
	}
	return len(p.diag.Causes)
}
