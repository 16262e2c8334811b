package faultstest

import (
	"context"
	"sync"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/session"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Results runs every vector of the suite against h, in this process, as
// qf check runs them (runner.Run, persistent, at L3), and returns their
// entries: the implementation started and greeted (session.Open), with
// the driver's failures in a row unbounded, so that every vector is
// asked however often h crashes; the vectors of each category in turn
// asked and graded, an answer not had graded as session.Failed says, a
// category the hello does not list skipped, and every vector after the
// driver gives up not run. What the end of the run says (session's
// Finish) is not returned.
//
// It is runner.Run's results without what runner.Run does besides, for
// tests that read only them: the diagnosis of the failures (half the
// CPU of a run of a faulty implementation) and the vector files read
// again (a quarter: Results reads them once a process, Files).
func Results(ctx context.Context, h protocol.Handler) ([]suite.Entry, error) {
	files, err := Files()
	if err != nil {
		return nil, err
	}
	s, err := session.Open(ctx, driver.Options{Handler: h, MaxFailuresInARow: 1 << 20}, nil)
	if err != nil {
		return nil, err
	}
	var entries []suite.Entry
	for i, c := range suite.Categories {
		for j := range files[i].Tests {
			test := &files[i].Tests[j]
			var r suite.Result
			switch {
			case s.Client.GaveUp() != nil:
				r = c.NewResult(test)
				r.Status, r.Reason = suite.NotRun, suite.RunEnded
			case !s.Hello.Lists(c):
				r = c.NewResult(test)
				r.Status, r.Reason, r.Detail = suite.Skip, suite.NotListed, s.Hello.Missing(c)
			default:
				resp, line, err := s.Client.Call(c.Request(test))
				if err != nil {
					r = session.Failed(c, test, err, line)
				} else {
					r = c.Grade(test, resp, suite.L3)
				}
				r.Stderr = s.Client.Stderr()
			}
			entries = append(entries, r.Entry())
		}
	}
	s.Finish()
	return entries, nil
}

// Files returns the vector file of each of suite.Categories, in their
// order, read once a process and shared: not to be changed.
var Files = sync.OnceValues(func() ([]*vectors.File, error) {
	var files []*vectors.File
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
})
