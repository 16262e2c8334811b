"""An independent qf codec in Python, standard library only, written from
spec/qf.md for the conformance suite's examples.

decode(code, profile) returns the canonical value (dicts and lists, as
json.loads would give) or raises QfError, whose .obj is the error object;
encode(value) takes a value parsed by load_value and returns the canonical
code, or raises QfError.
"""

import json
import re
from decimal import Decimal

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
GROUPS = [("white", "h"), ("white", "v"), ("black", "h"), ("black", "v")]


class QfError(Exception):
    def __init__(self, kind, bit=None, char=None, field=None):
        self.obj = {"kind": kind}
        if bit is not None:
            self.obj["bit"] = bit
        if char is not None:
            self.obj["char"] = char
        if field:
            self.obj["field"] = field
        super().__init__(json.dumps(self.obj))


def decode(code, profile="strict"):
    """Decodes code, bytes or a str, in the "strict" or "lenient" profile.
    Offsets count bytes of UTF-8, as spec/qf.md says."""
    if isinstance(code, str):
        code = code.encode("utf-8", "surrogatepass")
    sextets = []
    for i, c in enumerate(code):
        v = ALPHABET.find(chr(c))
        if v >= 0:
            sextets.append(v)
        elif profile != "lenient":
            raise QfError("invalid_character", char=i)
    total = 6 * len(sextets)
    pos = 0

    def bit(n):
        return (sextets[n // 6] >> (5 - n % 6)) & 1

    def read(width, field, top=None):
        nonlocal pos
        if pos + width > total:
            raise QfError("truncated", bit=pos, field=field)
        v = 0
        for k in range(width):
            v = 2 * v + bit(pos + k)
        if top is not None and v > top:
            raise QfError("out_of_range", bit=pos, field=field)
        pos += width
        return v

    value = {"state": None, "record": None}
    has_state, has_record = read(1, "flags.state"), read(1, "flags.record")
    if has_state:
        state = {"white": read(7, "state.white", 80), "black": read(7, "state.black", 80), "walls": {"white": {}, "black": {}}}
        for player, o in GROUPS:
            path = f"state.walls.{player}.{o}"
            n = read(4, path + ".count", 10)
            state["walls"][player][o] = [read(6, f"{path}[{i}]") for i in range(n)]
        player = "black" if read(1, "state.last_move.player") else "white"
        if read(1, "state.last_move.kind"):
            state["last_move"] = {"player": player, "kind": "wall", "place": read(6, "state.last_move.place")}
        else:
            state["last_move"] = {"player": player, "kind": "piece"}
        state["turn"] = read(10, "state.turn")
        value["state"] = state
    if has_record:
        moves = []
        for i in range(read(10, "record.moves.count")):
            path = f"record.moves[{i}]"
            if read(1, path + ".kind") == 0:
                moves.append({"kind": "piece", "dir": read(3, path + ".dir")})
            else:
                orientation = "v" if read(1, path + ".orientation") else "h"
                moves.append({"kind": "wall", "orientation": orientation, "place": read(6, path + ".place")})
        value["record"] = {"moves": moves}
    if profile == "lenient":
        return value
    used = (pos + 5) // 6
    if len(sextets) > used:
        raise QfError("trailing_data", char=used)
    if any(bit(n) for n in range(pos, 6 * used)):
        raise QfError("nonzero_padding", bit=pos)
    return value


class Object(list):
    """A JSON object as its members, in order, repeats kept."""


def load_value(text):
    """Parses JSON text as encode takes it: objects as Object, numbers
    exact, as Decimal."""
    return json.loads(text, object_pairs_hook=Object, parse_float=Decimal, parse_int=Decimal, parse_constant=_refuse)


def _refuse(name):
    raise ValueError("not JSON: " + name)


def encode(value):
    """Returns the canonical code of value, a value of load_value."""
    value = Shape().value(value)
    bits = []

    def put(v, width, field, top=None):
        if v < 0 or v > (2**width - 1 if top is None else top):
            raise QfError("out_of_range", field=field)
        bits.extend((v >> k) & 1 for k in range(width - 1, -1, -1))

    state, record = value["state"], value["record"]
    put(int(state is not None), 1, "flags.state")
    put(int(record is not None), 1, "flags.record")
    if state is not None:
        put(state["white"], 7, "state.white", 80)
        put(state["black"], 7, "state.black", 80)
        for player, o in GROUPS:
            path = f"state.walls.{player}.{o}"
            anchors = state["walls"][player][o]
            put(len(anchors), 4, path + ".count", 10)
            for i, a in enumerate(anchors):
                put(a, 6, f"{path}[{i}]")
        lm = state["last_move"]
        put(int(lm["player"] == "black"), 1, "state.last_move.player")
        put(int(lm["kind"] == "wall"), 1, "state.last_move.kind")
        if lm["kind"] == "wall":
            put(lm["place"], 6, "state.last_move.place")
        put(state["turn"], 10, "state.turn")
    if record is not None:
        moves = record["moves"]
        put(len(moves), 10, "record.moves.count", 1023)
        for i, m in enumerate(moves):
            path = f"record.moves[{i}]"
            put(int(m["kind"] == "wall"), 1, path + ".kind")
            if m["kind"] == "piece":
                put(m["dir"], 3, path + ".dir")
            else:
                put(int(m["orientation"] == "v"), 1, path + ".orientation")
                put(m["place"], 6, path + ".place")
    bits += [0] * (-len(bits) % 6)
    return "".join(ALPHABET[int("".join(map(str, bits[i : i + 6])), 2)] for i in range(0, len(bits), 6))


class Shape:
    """Checks that a value has exactly the shape of the canonical JSON, and
    returns it as dicts and ints; of several faults it reports the first in
    the order of spec/qf.md, "Errors": depth first in canonical order, each
    key missing, repeated or malformed as it comes, then the unknown keys,
    the first in byte order."""

    def bad(self, field):
        raise QfError("malformed", field=field or None)

    def obj(self, x, path, keys, check):
        if not isinstance(x, Object):
            self.bad(path)
        out = {}
        for k in keys:
            found = [v for name, v in x if name == k]
            if len(found) != 1:
                self.bad(child(path, k))
            out[k] = check(k, found[0], child(path, k))
        unknown = sorted((name for name, _ in x if name not in keys), key=lambda s: s.encode("utf-8", "surrogatepass"))
        if unknown:
            self.bad(child(path, unknown[0]))
        return out

    def integer(self, x, path):
        """An integer: a number whose exact decimal value is one (8.0, 1e3),
        as an int; beyond 10**30 (out of every range), 10**30 with its sign."""
        if not isinstance(x, Decimal) or not x.is_finite() or x != x.to_integral_value():
            self.bad(path)
        if x.adjusted() > 30:
            return 10**30 if x > 0 else -(10**30)
        return int(x)

    def one_of(self, x, path, names):
        if not isinstance(x, str) or x not in names:
            self.bad(path)
        return x

    def items(self, x, path, item):
        if not isinstance(x, list) or isinstance(x, Object):
            self.bad(path)
        return [item(a, f"{path}[{i}]") for i, a in enumerate(x)]

    def kind_of(self, x, path):
        """The kind of a last move or move, which decides its keys."""
        if isinstance(x, Object):
            kinds = [v for name, v in x if name == "kind"]
            if len(kinds) == 1 and kinds[0] in ("piece", "wall"):
                return kinds[0]
        return None

    def last_move(self, x, path):
        keys = ["player", "kind", "place"] if self.kind_of(x, path) == "wall" else ["player", "kind"]
        return self.obj(x, path, keys, lambda k, v, p: self.one_of(v, p, ["white", "black"]) if k == "player"
                        else self.one_of(v, p, ["piece", "wall"]) if k == "kind" else self.integer(v, p))

    def move(self, x, path):
        if not isinstance(x, Object):
            self.bad(path)
        kind = self.kind_of(x, path)
        if kind is None:
            self.bad(path + ".kind")
        keys = ["kind", "dir"] if kind == "piece" else ["kind", "orientation", "place"]
        return self.obj(x, path, keys, lambda k, v, p: v if k == "kind"
                        else self.one_of(v, p, ["h", "v"]) if k == "orientation" else self.integer(v, p))

    def state(self, x, path):
        def walls(_, w, p):
            return self.obj(w, p, ["white", "black"], lambda _, g, p: self.obj(
                g, p, ["h", "v"], lambda _, a, p: self.items(a, p, self.integer)))

        return self.obj(x, path, ["white", "black", "walls", "last_move", "turn"], lambda k, v, p: walls(k, v, p) if k == "walls"
                        else self.last_move(v, p) if k == "last_move" else self.integer(v, p))

    def value(self, x):
        return self.obj(x, "", ["state", "record"], lambda k, v, p: None if v is None
                        else self.state(v, p) if k == "state"
                        else self.obj(v, p, ["moves"], lambda _, m, p: self.items(m, p, self.move)))


def child(path, key):
    """The path of member key of the object at path: .key for a key of
    ASCII letters, digits and _, else the key as a JSON string in brackets
    (json.dumps escapes as spec/qf.md says). A lone surrogate, which json
    keeps, is U+FFFD there."""
    if key and all(c.isascii() and (c.isalnum() or c == "_") for c in key):
        return f"{path}.{key}" if path else key
    key = re.sub("[\ud800-\udfff]", "\ufffd", key)
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"
