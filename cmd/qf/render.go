package main

import (
	"fmt"
	"io"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/render"
	"github.com/qf-format/qf-conformance/rules"
)

// runRender draws a code's position: its State, or for a record the
// position after its last move (after its last legal one, saying so, when
// a move breaks the rules), or after -move moves.
func runRender(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("render", "[-flags N] [-move K] [-format svg|text] CODE", stderr)
	flags := fs.Int("flags", 0, "display `flags`, added up: 8 flip to black's view, 4 highlight the last move, 2 grey walls, 1 info bar")
	move := fs.Int("move", -1, "draw the position after `K` moves of the record (0: the State, or the initial position); default: after the last")
	format := fs.String("format", "svg", "svg or text")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *flags < 0 || *flags > 15 || *move < -1 || *format != "svg" && *format != "text" {
		fs.Usage()
		return errUsage
	}
	v, err := ref.Decode(fs.Arg(0))
	if err != nil {
		return err
	}
	if *move == -1 {
		*move = 0
		if v.Record != nil {
			positions, violation := rules.Replay(v)
			*move = len(positions)
			if violation != nil {
				fmt.Fprintf(stderr, "qf render: move %d breaks the rules (%s): the board after move %d\n", violation.Move+1, violation.Kind, *move)
			}
		}
	}
	b, err := render.BoardOf(v, *move)
	if err != nil {
		return err
	}
	if *format == "text" {
		return render.Text(stdout, b, *flags)
	}
	if err := render.SVG(stdout, b, *flags); err != nil {
		return fmt.Errorf("render: %v", err)
	}
	return nil
}
