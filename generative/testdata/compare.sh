#!/usr/bin/env bash
# Compares the cases per second of two builds of qf fuzz, as a user runs
# it: for seeds 1 to ROUNDS, each build draws N cases from the built-in
# reference (in process) and against its own qf serve as a child, the two
# builds alternating so that both see the same machine. It prints the
# rates of each build and mode, then their medians and the ratio of NEW
# to OLD.
#
#   generative/testdata/compare.sh OLD [NEW [ROUNDS [N]]]    # from the module's root
#
# OLD is a qf built from another commit (git worktree add /tmp/old REV &&
# (cd /tmp/old && go build -o /tmp/qf-old ./cmd/qf)); NEW is built from
# this checkout by default. ROUNDS is 5 and N 200000 by default.
set -euo pipefail
cd "$(dirname "$0")/../.."
old=${1:?usage: compare.sh OLD [NEW [ROUNDS [N]]]}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
new=${2:-$tmp/qf}
[ -n "${2:-}" ] || go build -o "$tmp/qf" ./cmd/qf
rounds=${3:-5}
n=${4:-200000}
for seed in $(seq "$rounds"); do
  for build in old new; do
    qf=$old
    [ "$build" = new ] && qf=$new
    for mode in in-process serve; do
      args=()
      [ "$mode" = serve ] && args=(-- "$qf" serve)
      start=$(date +%s%N)
      "$qf" fuzz -n "$n" -seed "$seed" "${args[@]}" >/dev/null
      end=$(date +%s%N)
      echo "$build $mode $((n * 1000000000 / (end - start)))"
    done
  done
done | tee "$tmp/rates"
for mode in in-process serve; do
  o=$(awk -v m=$mode '$1 == "old" && $2 == m {print $3}' "$tmp/rates" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
  w=$(awk -v m=$mode '$1 == "new" && $2 == m {print $3}' "$tmp/rates" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
  echo "$mode: medians old $o, new $w cases/s: $(awk -v a="$w" -v b="$o" 'BEGIN{printf "%.2f", a/b}')x"
done
