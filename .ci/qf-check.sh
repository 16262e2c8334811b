#!/usr/bin/env bash
# Runs qf check on an implementation, from the environment, for the GitHub
# Action of action.yml and for .ci/run:
#
#   QF_COMMAND      the implementation's command line (run with sh -c, in
#                   the current directory); required
#   QF_EXPECT_FAIL  a file of expected failures (-expect-fail)
#   QF_LEVEL        the level decoding must meet: L1, L2 or L3 (default L3)
#   QF_REQUIRE      levels the run must reach (-require), such as
#                   strict:L3,lenient:L3,encode:E,replay:R
#   QF_JUNIT        where to write a JUnit report (-junit)
#   QF_JSON         where to write the JSON report (-json)
#   QF_ARGS         more flags for qf check (-run, -flags, -timeout, ...),
#                   split into words as a shell splits them (quotes group,
#                   a backslash escapes), with nothing expanded
#
# It builds qf from the checkout this script is in, and exits as qf check
# does: 0 when the run passes, 1 when it fails, 2 on a usage error.
set -euo pipefail
if [ -z "${QF_COMMAND:-}" ]; then
  echo "qf-check.sh: QF_COMMAND is empty: give the implementation's command line" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$here" && go build -o "$bin/qf" ./cmd/qf)

flags=(-level "${QF_LEVEL:-L3}")
[ -n "${QF_EXPECT_FAIL:-}" ] && flags+=(-expect-fail "$QF_EXPECT_FAIL")
[ -n "${QF_JUNIT:-}" ] && flags+=(-junit "$QF_JUNIT")
[ -n "${QF_JSON:-}" ] && flags+=(-json "$QF_JSON")
[ -n "${QF_REQUIRE:-}" ] && flags+=(-require "$QF_REQUIRE")
# QF_ARGS is split into words as a shell splits them, by xargs (POSIX
# quoting: quotes group, a backslash escapes), which expands nothing.
if [ -n "${QF_ARGS:-}" ]; then
  if ! printf '%s\n' "$QF_ARGS" | xargs printf '%s\0' >"$bin/args"; then
    echo "qf-check.sh: QF_ARGS: cannot split into words (an unmatched quote?): $QF_ARGS" >&2
    exit 2
  fi
  while IFS= read -r -d '' word; do
    flags+=("$word")
  done <"$bin/args"
fi

exec "$bin/qf" check "${flags[@]}" -- sh -c "$QF_COMMAND"
