package main

import (
	"fmt"
	"io"

	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/render"
	"github.com/qf-format/qf-conformance/rules"
)

const renderSynopsis = `[-flags N] [-move K] [-format svg|text] CODE

Draws the board of CODE, decoded strictly: its State, or, for a record,
the position after its last move, or after its first K moves (-move K;
0 is the State, or the initial position). A record that breaks the rules
is drawn after its last legal move, saying which move breaks which rule;
then the status is 1. SVG goes to standard output, as does -format text,
a board for a terminal. -flags are the fansite viewer's display flags.

Exit status 1 when the code is rejected or a move is illegal.

flags:`

// runRender draws a code's position: its State, or for a record the
// position after its last move (after its last legal one, saying so, when
// a move breaks the rules), or after -move moves.
func runRender(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("render", renderSynopsis, stdout, stderr)
	flags := fs.Int("flags", 0, "display `flags`, added up: 8 flip to black's view, 4 highlight the last move, 2 grey walls, 1 info bar")
	move := fs.Int("move", -1, "draw the position after `K` moves of the record (0: the State, or the initial position); default: after the last")
	format := fs.String("format", "svg", "svg or text")
	if err := parse(fs, args); err != nil {
		return err
	}
	var bad string
	switch {
	case fs.NArg() != 1:
		bad = fmt.Sprintf("want one CODE, got %d arguments", fs.NArg())
	case *flags < 0 || *flags > 15:
		bad = fmt.Sprintf("-flags %d: want 0-15, the sum of 8, 4, 2 and 1", *flags)
	case *move < -1:
		bad = fmt.Sprintf("-move %d: want 0 or more moves", *move)
	case *format != "svg" && *format != "text":
		bad = fmt.Sprintf("-format %s: want svg or text", explain.Short(*format))
	}
	if bad != "" {
		fmt.Fprintf(stderr, "qf render: %s\n", bad)
		return errUsage
	}
	v, err := ref.Decode(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "qf render: %s: %v (qf explain shows where)\n", explain.Short(fs.Arg(0)), err)
		return errReported
	}
	illegal := false // the record breaks the rules: drawn as far as it is legal, and the status is 1
	if *move == -1 {
		*move = 0
		if v.Record != nil {
			positions, violation := rules.Replay(v)
			*move = len(positions)
			if violation != nil {
				fmt.Fprintf(stderr, "qf render: %s breaks the rules: %s; drawn: the board after the %d %s before it\n", rules.MoveLabel(violation.Move), violation.Kind, *move, term.Plural(*move, "move"))
				illegal = true
			}
		}
	}
	b, err := render.BoardOf(v, *move)
	if err != nil {
		fmt.Fprintf(stderr, "qf %v\n", err)
		return errReported
	}
	if *format == "text" {
		err = render.Text(stdout, b, *flags)
	} else if err = render.SVG(stdout, b, *flags); err != nil {
		err = fmt.Errorf("render: %v", err)
	}
	if err == nil && illegal {
		err = errReported
	}
	return err
}
