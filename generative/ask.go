package generative

import (
	"context"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
)

// drawCases draws n cases, the categories in turn, with the reference's
// answer to each. Once faults are known, it leaves out seven in eight of
// the cases that diag predicts: those the causes found explain already.
// It returns once the cases are drawn, and r is free to draw more, with a
// channel closed once the batch's refs and answers are all written. The
// reference answers on a goroutine of its own, a chunk of cases at a time
// as they are drawn: the draws of a seed are the same whatever the order
// the two take turns in, and on two cores drawing and answering overlap
// each other as well as the asking of the batch before.
func drawCases(r *gen.Rand, cats []suite.Category, n int, diag *diagnosis.Diagnosis) (batch, <-chan struct{}) {
	b := batch{cases: make([]fcase, 0, n), reqs: make([]*protocol.Request, 0, n)}
	refs, answers := make([]*protocol.Response, n), make([][]byte, n)
	chunks := make(chan []*protocol.Request, n/answerChunk+1)
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		var buf []byte // the answers, end to end, in blocks never copied
		i := 0
		for chunk := range chunks {
			for _, req := range chunk {
				refs[i] = serve.Reference.Handle(req)
				if cap(buf)-len(buf) < answerRoom {
					buf = make([]byte, 0, answerBlock)
				}
				start := len(buf)
				var ok bool
				if buf, ok = refs[i].AppendAnswer(buf); ok {
					answers[i] = buf[start:len(buf):len(buf)]
				}
				i++
			}
		}
	}()
	sent := 0 // the requests sent to be answered
	for tries := 0; len(b.cases) < n && tries < 8*n; tries++ {
		cat := cats[tries%len(cats)]
		c := fcase{cat, r.Input(cat)}
		req := c.request()
		if diag != nil && r.Intn(8) != 0 && diag.Predicts(c.cat, req) {
			b.skipped++
			continue
		}
		b.cases, b.reqs = append(b.cases, c), append(b.reqs, req)
		if len(b.reqs)-sent == answerChunk {
			chunks <- b.reqs[sent:]
			sent = len(b.reqs)
		}
	}
	chunks <- b.reqs[sent:]
	close(chunks)
	b.refs, b.answers = refs[:len(b.cases)], answers[:len(b.cases)]
	return b, answered
}

// answerChunk is how many cases drawn the reference answers together.
const answerChunk = 32

// The reference's answers to a batch are written end to end into blocks
// of answerBlock bytes, the next block begun when the last has less than
// answerRoom left, which most answers fit in: a buffer that grew would be
// copied as it grew.
const (
	answerBlock = 16 << 10
	answerRoom  = 1 << 10
)

// ask sends the cases, many at once, and checks each answer. When the
// implementation fails to answer one (a crash, a timeout, a protocol
// error), the client has restarted it, and the cases after that one are
// sent again: none is lost. A request it crashed on is asked again alone,
// in the fresh process, so that the crash is known to be that input's;
// and the first request of every process started after a failure is
// asked alone, so that a crash on it is known at once.
func (f *fuzzer) ask(ctx context.Context, b *batch) {
	fresh := false // the process was started after a failure, and asked nothing yet
	for done := 0; done < len(b.cases); {
		if fresh {
			resp, _, err := f.client.Call(b.reqs[done])
			f.check(b, done, resp, alone(err))
			done++
		} else {
			var expected [][]byte
			if b.answers != nil {
				expected = b.answers[done:]
			}
			answers, k, _, failure := f.client.Batch(b.reqs[done:], expected, f.opts.Window)
			for i := 0; i < k; i++ {
				f.check(b, done+i, answers[i], nil)
			}
			done += k
			if failure == nil || ctx.Err() != nil {
				return
			}
			if f.client.GaveUp() != nil {
				f.check(b, done, nil, failure)
				return
			}
			f.check(b, done, nil, f.again(b.cases[done], failure))
			done++
		}
		fresh = f.client.Answered() == 0
		if f.client.GaveUp() != nil || !f.budgetLeft(ctx) {
			return
		}
	}
}

// alone returns err, the failure of the first request of a fresh process,
// saying so when it is a crash: the crash is the input's.
func alone(err error) error {
	if f, ok := err.(*driver.Failure); ok && f.Reason == driver.ReasonCrash {
		return &driver.Failure{Reason: f.Reason, Detail: f.Detail + "; again when asked alone, in a fresh process", Stderr: f.Stderr}
	}
	return err
}

// again asks a case again after the failure to answer it, when that was a
// crash: alone, in the fresh process the restart started, so that what
// the report says of the crash is true of the input. It returns the
// failure to say: the crash again, the input's; the first crash, when
// alone the case was answered (the crash depends on the requests before
// it); or how the case failed alone otherwise.
func (f *fuzzer) again(c fcase, failure error) error {
	first, ok := failure.(*driver.Failure)
	if !ok || first.Reason != driver.ReasonCrash {
		return failure
	}
	_, _, err := f.client.Alone(c.request())
	failed, ok := err.(*driver.Failure)
	switch {
	case err == nil:
		f.rep.Unconfirmed++
		return &driver.Failure{Reason: first.Reason, Detail: first.Detail + "; asked again alone, in a fresh process, it answered", Stderr: first.Stderr}
	case ok && failed.Reason == driver.ReasonCrash && f.client.GaveUp() != nil:
		return err
	}
	return alone(err)
}

// check grades the answer to case i of b, or the failure to give one,
// against its expectation, and offers it to the pool. An answer that came
// as the reference's own, byte for byte or but for what the protocol does
// not grade (protocol.SameAnswer: spacing, an error's message), is nil,
// and a pass, kept as the reference's.
func (f *fuzzer) check(b *batch, i int, resp *protocol.Response, failure error) {
	c := b.cases[i]
	f.rep.Cases[c.cat]++
	f.asked++
	at := f.asked - 1
	if resp == nil && failure == nil {
		if f.pool.offerPass(b.vectors) {
			f.pool.pass(c, b.agreement(i), at, b.vectors)
		}
		return
	}
	t := b.test(i)
	v := judge(c, t, resp, failure, f.opts.Level)
	if v.signature == "" {
		if f.pool.offerPass(b.vectors) {
			f.pool.pass(c, &agreement{t: *t, answer: resp}, at, b.vectors)
		}
		return
	}
	f.rep.Disagreements++
	if failure != nil {
		v.result.Stderr = f.client.Stderr() // what it said as it failed
	}
	f.pool.disagree(&kept{r: &v.result, c: c, sig: v.signature, at: at, vector: b.vectors})
}

// evaluate asks the implementation about one case and grades it. A crash
// is asked again alone, in the fresh process the restart started, and is
// a crash only when it crashes again.
func (f *fuzzer) evaluate(c fcase) *sighting {
	t := c.test()
	resp, _, err := f.client.Call(c.request())
	if err != nil && f.client.GaveUp() == nil {
		err = f.again(c, err)
	}
	return &sighting{c: c, v: judge(c, &t, resp, err, f.opts.Level)}
}

// alone asks the implementation about one case alone, in a fresh process,
// and grades it: what the case's answer is, whatever came before it.
func (f *fuzzer) alone(c fcase) *sighting {
	t := c.test()
	f.client.Stderr() // what came before
	resp, _, err := f.client.Alone(c.request())
	return &sighting{c: c, v: judge(c, &t, resp, err, f.opts.Level), stderr: f.client.Stderr()}
}

// A sighting is a case asked: its case and its verdict, whose result
// carries the test and the answer the diagnosis reads, and what the
// implementation wrote to standard error meanwhile.
type sighting struct {
	c      fcase
	v      verdict
	stderr string
}

// asker returns how the diagnosis asks the implementation requests of its
// own, each once in a run: a diagnosis of the pool asks again what the
// last one asked.
func (f *fuzzer) asker(ctx context.Context) diagnosis.Asker {
	return f.conn.Asker(ctx)
}
