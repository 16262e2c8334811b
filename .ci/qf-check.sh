#!/usr/bin/env bash
# Runs qf check on an implementation, from the environment, for the GitHub
# Action of action.yml and for .ci/run:
#
#   QF_COMMAND      the implementation's command line (run with sh -c, in
#                   the current directory); required
#   QF_EXPECT_FAIL  a file of expected failures (-expect-fail)
#   QF_LEVEL        the level decoding must meet: L1, L2 or L3 (default L3)
#   QF_JUNIT        where to write a JUnit report (-junit)
#   QF_JSON         where to write the JSON report (-json)
#   QF_ARGS         more flags for qf check (-run, -flags, -timeout, ...)
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
# QF_ARGS is split on white space, as flags on a command line are.
read -r -a more <<<"${QF_ARGS:-}"
flags+=(${more[@]+"${more[@]}"})

exec "$bin/qf" check "${flags[@]}" -- sh -c "$QF_COMMAND"
