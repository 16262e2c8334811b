package rules

import "github.com/qf-format/qf-conformance/ref"

// RuleID returns the id of the rule of spec/qf.md, section "Replay and
// validation" (spec.Rules), that decides m played from p: the rule that
// allows it (R-4 a step, R-6 a jump, R-8 a side-step, R-15 a wall), or the
// rule it breaks, an illegal diagonal by its reason. It
// returns "" for a direction outside 0-7.
func (p Position) RuleID(m ref.Move) string {
	if p.Over() {
		return "R-18"
	}
	if m.Kind == ref.Wall {
		_, k := p.placeWall(m.Orientation, int(m.Place))
		return map[Rule]string{"": "R-15", NoWallsLeft: "R-3", WallsConflict: "R-16", NoPath: "R-17"}[k]
	}
	if m.Dir < 0 || int(m.Dir) >= len(directions) {
		return ""
	}
	me, opp := p.pawn(p.ToMove), p.pawn(1-p.ToMove)
	x, y := XY(me)
	d := directions[m.Dir]
	if d.dx == 0 || d.dy == 0 {
		to, k := p.pawnTarget(int(m.Dir))
		switch {
		case k != "":
			return map[Rule]string{OffBoard: "R-14", WallBlocksMove: "R-5", JumpBlocked: "R-7"}[k]
		case to == Square(x+d.dx, y+d.dy):
			return "R-4"
		}
		return "R-6"
	}
	tx, ty := x+d.dx, y+d.dy
	if !onBoard(tx, ty) {
		return "R-13"
	}
	for _, via := range [2]step{{d.dx, 0}, {0, d.dy}} {
		ox, oy := x+via.dx, y+via.dy
		if !onBoard(ox, oy) || Square(ox, oy) != opp {
			continue
		}
		switch {
		case p.grid.blocked(x, y, via.dx, via.dy):
			return "R-11"
		case onBoard(ox+via.dx, oy+via.dy) && !p.grid.blocked(ox, oy, via.dx, via.dy):
			return "R-10"
		case p.grid.blocked(ox, oy, tx-ox, ty-oy):
			return "R-12"
		}
		return "R-8"
	}
	return "R-9"
}
