#!/usr/bin/env python3
"""The conformance protocol (spec/protocol.md) for qf.py and rules.py: one
JSON request a line on standard input, one answer a line on standard
output, flushed at once.

    qf check -- python3 examples/python/serve.py
"""

import json
import os
import re
import sys
import threading

from qf import Object, QfError, decode, encode, load_value
from rules import replay, validate

HELLO = {"name": "qf.py (examples/python)", "version": "1.0.0", "ops": ["decode", "encode", "replay", "validate"], "profiles": ["strict", "lenient"]}


def answer(req):
    op, code = req.get("op"), req.get("code")
    if op == "hello":
        return dict(HELLO)
    if op == "encode":
        if "value" not in req:
            return {"error": {"kind": "bad_request"}}
        return {"code": encode(req["value"])}
    if op not in ("decode", "replay", "validate"):
        return {"error": {"kind": "unsupported" if isinstance(op, str) else "bad_request"}}
    if not isinstance(code, str):
        return {"error": {"kind": "bad_request"}}
    if op == "decode":
        profile = req.get("profile", "strict")
        if not isinstance(profile, str):
            return {"error": {"kind": "bad_request"}}
        if profile not in ("strict", "lenient"):
            return {"error": {"kind": "unsupported"}}
        return {"value": decode(code, profile)}
    value = decode(code, "strict")
    return replay(value) if op == "replay" else {"violations": validate(value["state"])}


def number(d):
    """A Decimal of the request (an id) as JSON writes a number."""
    return int(d) if d == d.to_integral_value() else float(d)


MAX_DEPTH = 10000  # spec/protocol.md, "Framing": the request object counts
TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def deepest(line):
    """The deepest nesting of a line of JSON text, strings skipped."""
    if line.count("[") + line.count("{") <= MAX_DEPTH:
        return 0  # cannot be deeper: no need to scan
    depth = most = 0
    for m in TOKEN.finditer(line):
        t = m.group()
        if t in "[{":
            depth += 1
            most = max(most, depth)
        elif t in "]}":
            depth -= 1
    return most


def request(line):
    """The request's members as a dict, or None for a line that is not a
    request: not a JSON object, a member name repeated, nested too deep."""
    if deepest(line) > MAX_DEPTH:
        return None
    try:
        members = load_value(line)  # a value's objects stay Object, repeats kept
    except (ValueError, RecursionError):
        return None
    if not isinstance(members, Object) or len({k for k, _ in members}) != len(members):
        return None
    return dict(members)


def well_formed(s):
    """s with each lone surrogate, which json.loads keeps from an escape
    ("\\ud800"), as U+FFFD (spec/protocol.md, "Framing")."""
    return re.sub("[\ud800-\udfff]", "\ufffd", s)


def echo(v):
    """An id as the response echoes it: objects as dicts, strings well formed."""
    if isinstance(v, Object):
        return {well_formed(k): echo(x) for k, x in v}
    if isinstance(v, list):
        return [echo(x) for x in v]
    return well_formed(v) if isinstance(v, str) else v


def main():
    for line in sys.stdin:
        req = request(line)
        if req is None:
            out = {"id": None, "error": {"kind": "bad_request"}}
        else:
            try:
                out = answer(req)
            except QfError as e:
                out = {"error": e.obj}
            out = {"id": echo(req.get("id")), **out}
        # One line of JSON per request, flushed: qf check waits for it.
        print(json.dumps(out, default=number, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    # json.loads recurses once a level: 10,000 levels need a deeper
    # recursion limit, and a thread with a stack to hold them.
    sys.setrecursionlimit(4 * MAX_DEPTH)
    threading.stack_size(512 << 20)
    # An error escaping main ends the process with status 1, as it would
    # on the main thread, not only the thread.
    threading.excepthook = lambda a: (sys.__excepthook__(a.exc_type, a.exc_value, a.exc_traceback), os._exit(1))
    t = threading.Thread(target=main)
    t.start()
    t.join()
