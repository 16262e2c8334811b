// Package browsertest opens pages in headless Chromium for tests, with
// chromedp: a browser per test, a clean profile removed once Chromium has
// exited, and the console errors and uncaught exceptions of the pages
// collected, so that a test can fail on any of them.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Find returns the path of a Chromium or Chrome, or "".
func Find() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// A Browser is a headless Chromium for one test.
type Browser struct {
	Ctx    context.Context // for chromedp.Run
	mu     sync.Mutex
	errors []string
}

// New starts Chromium for t, sized width by height, or skips t, saying
// so, when there is none. Chromium ends, and its profile is removed, when
// the test ends.
func New(t *testing.T, width, height int) *Browser {
	t.Helper()
	exe := Find()
	if exe == "" {
		t.Skip("no Chromium on this machine (Debian: apt-get install chromium): this browser test did not run")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile(t)),
		chromedp.WindowSize(width, height),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	ctx, cancel := withTestDeadline(ctx, t)
	// Cleanups run last first: the browser ends, then its profile goes.
	t.Cleanup(func() {
		cancel()
		cancelCtx()
		cancelAlloc() // kills Chromium and waits for it
	})
	b := &Browser{Ctx: ctx}
	chromedp.ListenTarget(ctx, func(ev any) {
		var msg string
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			msg = "uncaught exception: " + ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				msg += " " + ev.ExceptionDetails.Exception.Description
			}
		case *runtime.EventConsoleAPICalled:
			if ev.Type != runtime.APITypeError && ev.Type != runtime.APITypeAssert {
				return
			}
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
			}
			msg = "console." + string(ev.Type) + ": " + strings.Join(parts, " ")
		default:
			return
		}
		b.mu.Lock()
		b.errors = append(b.errors, msg)
		b.mu.Unlock()
	})
	if err := chromedp.Run(ctx); err != nil { // start the browser now
		t.Fatalf("starting Chromium: %v", err)
	}
	return b
}

// withTestDeadline returns ctx ending a little before t's deadline (go
// test's -timeout), so that a page that never gets ready fails its test
// with chromedp's error, and Chromium is ended, before go test stops the
// whole binary; without a deadline (-timeout 0), ctx as it is. No budget
// of its own: a loaded machine is slow, not wrong.
func withTestDeadline(ctx context.Context, t *testing.T) (context.Context, context.CancelFunc) {
	deadline, ok := t.Deadline()
	if !ok {
		return context.WithCancel(ctx)
	}
	// The margin leaves time for the test's cleanups: ending Chromium and
	// removing its profile.
	margin := min(time.Until(deadline)/10, 30*time.Second)
	return context.WithDeadline(ctx, deadline.Add(-margin))
}

// Errors returns the console errors and uncaught exceptions so far, and
// forgets them.
func (b *Browser) Errors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	errs := b.errors
	b.errors = nil
	return errs
}

// profile returns a new directory for Chromium's profile, removed after
// the test once Chromium has exited: its helper processes may still write
// there for a moment, so the removal retries for a few seconds.
func profile(t *testing.T) string {
	dir, err := os.MkdirTemp("", "qf-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		var err error
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if err = os.RemoveAll(dir); err == nil {
				return
			}
		}
		t.Logf("Chromium's profile %s was not removed: %v", dir, err)
	})
	return dir
}
