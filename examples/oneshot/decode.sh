#!/bin/sh
# A minimal -oneshot adapter: the code arrives on stdin; exit 0 with the
# value's JSON on stdout means accepted, exit 1 means rejected.
#
#   qf check -oneshot -- sh examples/oneshot/decode.sh
exec node "$(dirname "$0")/../js/oneshot.js"
