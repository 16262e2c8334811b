"""Replay and validation for qf.py, written from spec/qf.md section
"Replay and validation": replay(value) returns the squares after each move
and the first violation, validate(state) the sorted kinds of the rules a
State breaks."""

N = 9
STEPS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
GOAL = (8, 0)  # the goal rank of white, of black


def on(x, y):
    return 0 <= x < N and 0 <= y < N


class Board:
    def __init__(self):
        self.walls = {"h": set(), "v": set()}  # anchors

    def has(self, o, x, y):
        return 0 <= x < 8 and 0 <= y < 8 and 8 * y + x in self.walls[o]

    def blocked(self, x, y, dx, dy):
        """Is there a wall between (x, y) and (x+dx, y+dy), a step?"""
        if dy:
            row = min(y, y + dy)
            return self.has("h", x - 1, row) or self.has("h", x, row)
        col = min(x, x + dx)
        return self.has("v", col, y - 1) or self.has("v", col, y)

    def conflicts(self, o, p):
        same, other = self.walls[o], self.walls["v" if o == "h" else "h"]
        x, y = p % 8, p // 8
        if p in same or p in other:
            return True
        if o == "h":
            return x > 0 and p - 1 in same or x < 7 and p + 1 in same
        return y > 0 and p - 8 in same or y < 7 and p + 8 in same

    def reaches(self, start, rank):
        seen, queue = {start}, [start]
        while queue:
            sq = queue.pop()
            x, y = sq % N, sq // N
            if y == rank:
                return True
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                nx, ny = x + dx, y + dy
                if on(nx, ny) and not self.blocked(x, y, dx, dy) and N * ny + nx not in seen:
                    seen.add(N * ny + nx)
                    queue.append(N * ny + nx)
        return False


def state_walls(state):
    return [(p, o, a) for p, player in enumerate(("white", "black")) for o in ("h", "v") for a in state["walls"][player][o]]


def replay(value):
    squares = []
    if value["record"] is None:
        return {"squares": squares, "violation": None}
    board, pawn, left, to_move = Board(), [4, 76], [10, 10], 0
    if value["state"] is not None:
        s = value["state"]
        pawn = [s["white"], s["black"]]
        to_move = 1 if s["last_move"]["player"] == "white" else 0
        for p, o, a in state_walls(s):
            board.walls[o].add(a)
            left[p] -= 1
    for i, m in enumerate(value["record"]["moves"]):
        kind = play(board, pawn, left, to_move, m)
        if kind:
            return {"squares": squares, "violation": {"move": i, "kind": kind}}
        to_move = 1 - to_move
        squares.append([pawn[0], pawn[1]])
    return {"squares": squares, "violation": None}


def play(board, pawn, left, me, m):
    """Plays move m of player me, or returns the kind of rule it breaks."""
    if pawn[0] // N == GOAL[0] or pawn[1] // N == GOAL[1]:
        return "game_over"
    if m["kind"] == "wall":
        o, p = m["orientation"], m["place"]
        if left[me] <= 0:
            return "no_walls_left"
        if board.conflicts(o, p):
            return "walls_conflict"
        board.walls[o].add(p)
        if not board.reaches(pawn[0], GOAL[0]) or not board.reaches(pawn[1], GOAL[1]):
            board.walls[o].discard(p)
            return "no_path"
        left[me] -= 1
        return None
    x, y = pawn[me] % N, pawn[me] // N
    opp = pawn[1 - me]
    dx, dy = STEPS[m["dir"]]
    if dx == 0 or dy == 0:
        nx, ny = x + dx, y + dy
        if not on(nx, ny):
            return "off_board"
        if board.blocked(x, y, dx, dy):
            return "wall_blocks_move"
        to = N * ny + nx
        if to == opp:
            if not on(nx + dx, ny + dy) or board.blocked(nx, ny, dx, dy):
                return "jump_blocked"
            to = N * (ny + dy) + nx + dx
    else:
        tx, ty, to = x + dx, y + dy, None
        for vx, vy in ((dx, 0), (0, dy)):  # the opponent beside, its jump blocked
            ox, oy = x + vx, y + vy
            if not on(tx, ty) or not on(ox, oy) or N * oy + ox != opp or board.blocked(x, y, vx, vy):
                continue
            jump_blocked = not on(ox + vx, oy + vy) or board.blocked(ox, oy, vx, vy)
            if jump_blocked and not board.blocked(ox, oy, tx - ox, ty - oy):
                to = N * ty + tx
        if to is None:
            return "illegal_diagonal"
    pawn[me] = to
    return None


def validate(state):
    if state is None:
        return []
    found, board, count = set(), Board(), [0, 0]
    if state["white"] == state["black"]:
        found.add("pawns_overlap")
    for p, o, a in state_walls(state):
        count[p] += 1
        if board.conflicts(o, a):
            found.add("walls_conflict")
        board.walls[o].add(a)
    if max(count) > 10:
        found.add("too_many_walls")
    if not board.reaches(state["white"], GOAL[0]) or not board.reaches(state["black"], GOAL[1]):
        found.add("no_path")
    lm = state["last_move"]
    mine = state["walls"][lm["player"]]
    if lm["kind"] == "wall" and lm["place"] not in mine["h"] and lm["place"] not in mine["v"]:
        found.add("last_move_wall_missing")
    return sorted(found)
