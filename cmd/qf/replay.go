package main

import (
	"fmt"
	"io"

	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

const replaySynopsis = `CODE

Plays the record of CODE, decoded strictly, under the rules of Quoridor
(spec/qf.md, "Replay and validation"): from its State, or from the initial
position, each move in players' notation (e2, c3h) with the squares after
it, up to the first illegal move, named with its rule. A State is shown
first, with the rules it breaks. Moves are counted from 1 in text: move 1
is record.moves[0].

Exit status 1 when the code is rejected or a move is illegal.`

// runReplay prints the moves of a code's record in players' notation, the
// squares after each, and the first violation of the rules, if any (then
// the status is 1). A State is shown first, with its violations.
func runReplay(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", replaySynopsis, stdout, stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errUsage
	}
	v, err := ref.Decode(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "qf replay: %s: %v (qf explain shows where)\n", explain.Short(fs.Arg(0)), err)
		return errReported
	}
	start := rules.Start(v)
	if v.State != nil {
		fmt.Fprintf(stdout, "state: white %s, black %s, %d walls", rules.SquareName(start.White), rules.SquareName(start.Black), len(start.Walls))
		for _, w := range start.Walls {
			fmt.Fprintf(stdout, " %s", w.Name())
		}
		fmt.Fprintf(stdout, "; %s moved last, turn %d\n", v.State.LastMove.Player, v.State.Turn)
		if kinds := rules.Validate(v.State); len(kinds) > 0 {
			fmt.Fprintf(stdout, "state violations: %v\n", kinds)
		}
	} else {
		fmt.Fprintln(stdout, "start: the initial position, white e1, black e9")
	}
	if v.Record == nil {
		fmt.Fprintln(stdout, "no record")
		return nil
	}
	positions, violation := rules.Replay(v)
	prev := start
	for i, p := range positions {
		fmt.Fprintf(stdout, "%4d. %-5s %-5s  white %-3s black %s\n", prev.Turn, prev.ToMove, rules.Notation(&prev, &p, v.Record.Moves[i]),
			rules.SquareName(p.White), rules.SquareName(p.Black))
		prev = p
	}
	if violation != nil {
		what := rules.MoveName(v.Record.Moves[violation.Move])
		fmt.Fprintf(stdout, "%4d. %-5s %s: illegal (%s): %s\n", prev.Turn, prev.ToMove, what, violation.Kind, rules.MoveLabel(violation.Move))
		return errReported
	}
	fmt.Fprintf(stdout, "%s\n", allLegal(len(positions)))
	return nil
}

// allLegal says that the n moves of a record are legal: "1 move, legal",
// "2 moves, all legal", "no move".
func allLegal(n int) string {
	switch n {
	case 0:
		return "no move"
	case 1:
		return "1 move, legal"
	}
	return fmt.Sprintf("%d moves, all legal", n)
}
