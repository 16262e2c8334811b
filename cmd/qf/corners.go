package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/protocol/protocoltest"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/session"
)

const cornersSynopsis = `[flags] [-- COMMAND [ARGS...]]

Sends the corners of spec/protocol.md to COMMAND, a program that speaks
the protocol on its stdin and stdout, and shows each answer that differs
from the one the document defines: each request of
protocol/protocoltest/corners.json (null members, members of the wrong
type, ids of every JSON type, the depth limit, lone surrogate escapes,
lines that are no request), its answer and the answer defined, compared
as JSON values without "message" (nor hello's "name" and "version").
Without COMMAND, the built-in reference.

COMMAND is started as qf check starts it, and says hello; the corners go
one at a time, in order, to one process, each line as the table has it,
and the line read after a request is its answer. A crash or a timeout is
that corner's difference, and COMMAND is started again for the next.

The corners are not graded: qf check sends only well-formed requests,
and spec/protocol.md says an implementation MAY answer other lines
otherwise (the table is what it SHOULD answer, what the reference and the
examples answer). So the exit status is 0 whether or not answers differ;
1 when the corners cannot all be sent (COMMAND does not answer hello, or
fails ten corners in a row); 2 on a usage error or when COMMAND cannot
be started. The last line is "corners: N of 34 answered as defined, N
otherwise".

flags:`

func runCorners(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("corners", cornersSynopsis, stdout, stderr)
	timeout := fs.Duration("timeout", driver.DefaultTimeout, timeoutUsage)
	startTimeout := fs.Duration("start-timeout", driver.DefaultStartTimeout, "time allowed for the first answer of each process, its hello")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *timeout <= 0 || *startTimeout <= 0 {
		fmt.Fprintln(stderr, "qf corners: -timeout and -start-timeout must be positive")
		return errUsage
	}
	opts := driver.Options{Command: fs.Args(), Timeout: *timeout, StartTimeout: *startTimeout}
	if len(opts.Command) == 0 {
		opts.Handler = serve.Reference
	}
	var progress io.Writer
	if isTerminal(stdout) {
		progress = stdout
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	conn, err := session.Open(ctx, opts, progress)
	var start *driver.StartError
	switch {
	case errors.As(err, &start):
		fmt.Fprintf(stderr, "qf corners: %v\n", err)
		return errUsage
	case err != nil:
		fmt.Fprintf(stderr, "qf corners: %s\n", term.Printable(err.Error(), true))
		return errReported
	}
	fmt.Fprintln(stdout, session.Implementation(opts.Command, conn.Hello))
	sent, differ := sendCorners(conn, stdout)
	gaveUp := conn.Client.GaveUp()
	for _, p := range conn.Finish() {
		fmt.Fprintf(stdout, "\nnote: %s\n", term.Printable(p, true))
	}
	all := len(protocoltest.Corners())
	fmt.Fprintf(stdout, "\ncorners: %d of %d answered as defined, %d otherwise", sent-differ, all, differ)
	if sent < all {
		fmt.Fprintf(stdout, ", %d not sent", all-sent)
	}
	fmt.Fprintln(stdout)
	if gaveUp != nil {
		fmt.Fprintf(stderr, "qf corners: %d of %d corners not sent: %s\n", all-sent, all, term.Printable(gaveUp.Error(), false))
		return errReported
	}
	return nil
}

// sendCorners sends each corner in turn through conn and shows each
// answer that differs from the corner's, until the client gives up. It
// returns how many corners were sent, and how many of them were answered
// otherwise.
func sendCorners(conn *session.Conn, w io.Writer) (sent, differ int) {
	corners := protocoltest.Corners()
	for i, c := range corners {
		if conn.Client.GaveUp() != nil {
			break
		}
		sent++
		line, err := conn.Client.Line([]byte(c.Request))
		want, ok := c.Answered(string(line))
		if err == nil && ok {
			continue
		}
		differ++
		fmt.Fprintf(w, "\ncorner %d of %d, %s:\n", i+1, len(corners), c.Comment)
		fmt.Fprintf(w, "  request  %s\n", shown(c.Request))
		if err != nil {
			fmt.Fprintf(w, "  answer   none: %s\n", term.Printable(err.Error(), false))
			if s := term.LastLines(conn.Client.Stderr()); s != "" {
				fmt.Fprintf(w, "  stderr   %s\n", shown(strings.ReplaceAll(s, "\n", " | ")))
			}
		} else {
			fmt.Fprintf(w, "  answer   %s\n", shown(string(line)))
		}
		fmt.Fprintf(w, "  defined  %s\n", want)
	}
	return sent, differ
}

// shown returns a line, the implementation's or a long request, clipped
// and escaped for a terminal; an empty line says so.
func shown(s string) string {
	if s == "" {
		return "(an empty line)"
	}
	return term.Printable(term.Clip(s, 200), false)
}
