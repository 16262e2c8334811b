#!/usr/bin/env python3
"""The conformance protocol (spec/protocol.md) for qf.py and rules.py: one
JSON request a line on standard input, one answer a line on standard
output, flushed at once.

    qf check -- python3 examples/python/serve.py
"""

import json
import sys

from qf import QfError, decode, encode, load_value
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
        if profile not in ("strict", "lenient"):
            return {"error": {"kind": "unsupported"}}
        return {"value": decode(code, profile)}
    value = decode(code, "strict")
    return replay(value) if op == "replay" else {"violations": validate(value["state"])}


def number(d):
    """A Decimal of the request (an id) as JSON writes a number."""
    return int(d) if d == d.to_integral_value() else float(d)


def main():
    for line in sys.stdin:
        try:
            req = dict(load_value(line))  # the request's members; a value's objects stay Object
        except (ValueError, TypeError):
            req = None
        if req is None:
            out = {"id": None, "error": {"kind": "bad_request"}}
        else:
            try:
                out = answer(req)
            except QfError as e:
                out = {"error": e.obj}
            out = {"id": req.get("id"), **out}
        # One line of JSON per request, flushed: qf check waits for it.
        print(json.dumps(out, default=number, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
