package runner

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
)

// runOneshot runs the strict decoding tests, one process each and up to
// opts.Parallel at once: the code on standard input; exit status 0 with
// the value's JSON on standard output means accepted, 1 means rejected,
// anything else is a crash. Each process has the start-up allowance to
// exit. After MaxRestarts failures in a row (in the order they end), no
// more processes are started.
func runOneshot(opts *Options, tests []selected, rep *Report) ([]Result, error) {
	results := make([]Result, len(tests))
	parallel := opts.Parallel
	if parallel <= 0 {
		parallel = runtime.NumCPU()
	}
	timeout := opts.StartTimeout
	if timeout == 0 {
		timeout = driver.DefaultStartTimeout
	}
	var (
		mu       sync.Mutex
		inARow   int
		gaveUp   string
		startErr error
		done     int
		wg       sync.WaitGroup
	)
	slots := make(chan struct{}, parallel)
	for i := range tests {
		t, r := &tests[i], &results[i]
		*r = newResult(t)
		r.Facets = facetsOf(t)
		if t.op != protocol.OpDecode || t.profile != protocol.ProfileStrict {
			r.Status, r.Reason = StatusSkip, "oneshot mode checks strict decoding only"
			continue
		}
		slots <- struct{}{}
		mu.Lock()
		stop := gaveUp != "" || startErr != nil || opts.Context.Err() != nil
		mu.Unlock()
		if stop {
			<-slots
			r.Status, r.Reason = StatusNotRun, "the run ended early"
			continue
		}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			input, _ := t.test.Input()
			asked := time.Now()
			outcome, err := driver.RunOnce(opts.Context, opts.Command, []byte(input), timeout, gotLimit)
			r.Duration = seconds(time.Since(asked))
			mu.Lock()
			defer mu.Unlock()
			var start *driver.StartError
			if errors.As(err, &start) {
				startErr = err
				r.Status, r.Reason = StatusNotRun, "the command could not be started"
				return
			}
			if outcome != nil {
				r.Stderr = outcome.Stderr
			}
			resp, f := oneshotAnswer(outcome, err)
			if f != nil {
				r.Status, r.Reason, r.Detail = StatusFail, f.Reason, f.Detail
				if inARow++; inARow >= opts.MaxRestarts && gaveUp == "" {
					gaveUp = fmt.Sprintf("the implementation failed %d times in a row; the last time: %v", inARow, f)
				}
			} else {
				inARow = 0
				grade(opts, t, resp, r)
			}
			done++
			if opts.Progress != nil {
				fmt.Fprintf(opts.Progress, "\r\033[K[%d done] %s", done, t.test.ID)
			}
		}()
	}
	wg.Wait()
	if opts.Progress != nil {
		fmt.Fprint(opts.Progress, "\r\033[K")
	}
	if startErr != nil {
		return nil, startErr
	}
	if gaveUp != "" && opts.Context.Err() == nil {
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
		return nil, &driver.Failure{Reason: ReasonCrash, Detail: err.Error()}
	case o.Status == 1:
		return &protocol.Response{Error: &rejected}, nil
	case o.Status != 0:
		return nil, &driver.Failure{Reason: ReasonCrash, Detail: fmt.Sprintf("exited with status %d", o.Status)}
	}
	value := jsontext.Value(bytes.TrimSpace(o.Stdout))
	if !value.IsValid() || value.Kind() != '{' {
		return nil, &driver.Failure{Reason: ReasonProtocol, Detail: fmt.Sprintf("exit 0 without a JSON object on stdout: %.200q", o.Stdout)}
	}
	compact, _ := jsontext.AppendFormat(nil, value)
	return &protocol.Response{Value: compact}, nil
}

// rejected is the answer of a oneshot implementation that exits with
// status 1: an error with no kind to compare.
var rejected = ref.ErrorObject{Kind: "rejected (oneshot mode reports no error kinds)"}
