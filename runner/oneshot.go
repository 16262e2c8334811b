package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
)

// runOneshot runs the strict decoding tests, one process each: the code on
// standard input; exit status 0 with the value's JSON on standard output
// means accepted, 1 means rejected, anything else is a crash.
func runOneshot(opts *Options, tests []selected) []Result {
	results := make([]Result, len(tests))
	crashes := 0
	for i := range tests {
		t, r := &tests[i], &results[i]
		*r = newResult(t)
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "\r\033[K[%d/%d] %s", i+1, len(tests), t.test.ID)
		}
		switch {
		case t.op != protocol.OpDecode || t.profile != protocol.ProfileStrict:
			r.Status, r.Reason = StatusSkip, "oneshot mode checks strict decoding only"
			continue
		case crashes >= opts.MaxRestarts:
			r.Status, r.Reason = StatusNotRun, "the run ended early"
			continue
		}
		resp, f, stderr := oneshot(opts, t)
		r.Stderr = stderr
		if f != nil {
			r.Status, r.Reason, r.Detail = StatusFail, f.reason, f.detail
			crashes++
			continue
		}
		crashes = 0
		r.Got = gotOf(resp)
		grade(opts, t, resp, r)
	}
	if opts.Progress != nil {
		fmt.Fprint(opts.Progress, "\r\033[K")
	}
	return results
}

// oneshot runs the command on one test's input and returns its answer as a
// protocol response: a value, or an error of unknown kind.
func oneshot(opts *Options, t *selected) (*protocol.Response, *failure, string) {
	input, _ := t.test.Input()
	ctx, cancel := context.WithTimeout(context.Background(), opts.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, opts.Command[0], opts.Command[1:]...)
	cmd.WaitDelay = time.Second // a grandchild holding stdout must not hold up Run
	cmd.Stdin = strings.NewReader(input)
	var stdout bytes.Buffer
	stderr := newRingBuffer(stderrLimit)
	cmd.Stdout, cmd.Stderr = &limitedWriter{&stdout, maxResponse}, stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return nil, &failure{ReasonTimeout, fmt.Sprintf("no exit within %v", opts.Timeout)}, stderr.take()
	case err == nil:
		value := bytes.TrimSpace(stdout.Bytes())
		var v map[string]any
		if json.Unmarshal(value, &v) != nil || v == nil {
			return nil, &failure{ReasonProtocol, fmt.Sprintf("exit 0 without a JSON value on stdout: %.200q", value)}, stderr.take()
		}
		return &protocol.Response{Value: value}, nil, stderr.take()
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return &protocol.Response{Error: &rejected}, nil, stderr.take()
	}
	return nil, &failure{ReasonCrash, err.Error()}, stderr.take()
}

// rejected is the answer of a oneshot implementation that exits with
// status 1: an error with no kind to compare.
var rejected = ref.ErrorObject{Kind: "rejected (oneshot mode reports no error kinds)"}

// limitedWriter keeps at most n bytes and drops the rest.
type limitedWriter struct {
	b *bytes.Buffer
	n int
}

func (w *limitedWriter) Write(p []byte) (int, error) {
	if room := w.n - w.b.Len(); room > 0 {
		w.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
