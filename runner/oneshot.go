package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// runOneshot runs the strict decoding tests, one process each and up to
// opts.Parallel at once: the code on standard input; exit status 0 with
// the value's JSON on standard output means accepted, 1 means rejected,
// anything else is a crash. Each process has the start-up allowance to
// exit. A failure is its vector's alone: the run ends early only when the
// command cannot be started, or when the first MaxFailuresInARow
// processes to end all failed, none having answered.
func runOneshot(ctx context.Context, opts *Options, tests []selected, rep *Report) ([]suite.Result, error) {
	results := make([]suite.Result, len(tests))
	parallel := opts.Parallel
	if parallel <= 0 {
		parallel = runtime.NumCPU()
	}
	timeout := opts.StartTimeout
	if timeout == 0 {
		timeout = driver.DefaultStartTimeout
	}
	limit := opts.MaxFailuresInARow
	if limit == 0 {
		limit = driver.DefaultMaxFailuresInARow
	}
	progress := term.NewProgress(opts.Progress)
	var (
		mu       sync.Mutex
		failures int  // processes that failed, while none has answered
		answered bool // a process answered
		gaveUp   string
		startErr error
		done     int
		wg       sync.WaitGroup
	)
	slots := make(chan struct{}, parallel)
	for i := range tests {
		t, r := &tests[i], &results[i]
		*r = t.category.NewResult(&t.test)
		if !Oneshot.Checks(t.category) {
			r.Status, r.Reason, r.Detail = suite.Skip, suite.ModeCannot, "oneshot mode checks strict decoding only"
			continue
		}
		slots <- struct{}{}
		mu.Lock()
		stop := gaveUp != "" || startErr != nil || ctx.Err() != nil
		mu.Unlock()
		if stop {
			<-slots
			r.Status, r.Reason = suite.NotRun, suite.RunEnded
			continue
		}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			input := t.category.Input(&t.test)
			asked := time.Now()
			outcome, err := driver.RunOnce(ctx, opts.Command, []byte(input), timeout, 64<<10)
			took := seconds(time.Since(asked))
			mu.Lock()
			defer mu.Unlock()
			var start *driver.StartError
			if errors.As(err, &start) {
				startErr = err
				r.Status, r.Reason = suite.NotRun, suite.CannotStart
				return
			}
			resp, f := oneshotAnswer(outcome, err)
			if f != nil {
				*r = session.Failed(t.category, &t.test, f, nil)
				if failures++; !answered && failures >= limit && gaveUp == "" {
					gaveUp = fmt.Sprintf("the implementation failed the first %d times it was run, answering none; the last time: %v", failures, f)
				}
			} else {
				answered = true
				*r = t.category.Grade(&t.test, resp, opts.Level)
			}
			r.Duration = took
			if outcome != nil {
				r.Stderr = outcome.Stderr
			}
			done++
			progress.Show("[%d done] %s", done, t.test.ID)
		}()
	}
	wg.Wait()
	progress.Clear()
	if startErr != nil {
		return nil, startErr
	}
	if gaveUp != "" && ctx.Err() == nil {
		rep.Problems = append(rep.Problems, "the run ended early: "+gaveUp)
	}
	return results, nil
}

// oneshotAnswer turns a oneshot process's outcome into a protocol answer:
// a value for exit status 0 with a JSON object on standard output, an
// error of no particular kind for status 1.
func oneshotAnswer(o *driver.Outcome, err error) (*protocol.Response, *driver.Failure) {
	var f *driver.Failure
	switch {
	case errors.As(err, &f):
		return nil, f
	case err != nil:
		return nil, &driver.Failure{Reason: driver.ReasonCrash, Detail: err.Error()}
	case o.Status == 1:
		return &protocol.Response{Error: &rejected}, nil
	case o.Status != 0:
		return nil, &driver.Failure{Reason: driver.ReasonCrash, Detail: fmt.Sprintf("exited with status %d", o.Status)}
	}
	value := jsontext.Value(bytes.TrimSpace(o.Stdout))
	if !value.IsValid() || value.Kind() != '{' {
		return nil, &driver.Failure{Reason: driver.ReasonProtocol, Detail: fmt.Sprintf("exit 0 without a JSON object on stdout: %.200q", o.Stdout)}
	}
	compact, _ := jsontext.AppendFormat(nil, value)
	return &protocol.Response{Value: compact}, nil
}

// rejected is the answer of a oneshot implementation that exits with
// status 1: an error with no kind to compare.
var rejected = spec.ErrorObject{Kind: "rejected (oneshot mode reports no error kinds)"}
