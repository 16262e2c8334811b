#!/usr/bin/env bash
# Measures qf fuzz against the realistic sets of faults (faults/faultstest,
# Realistic), each served as a program by the fakes: for each set, one run
# of DURATION from seed 1 that writes its examples as vectors, then each
# fault of the set alone run on those vectors, to see which faults they
# expose. It prints a line per set: the cases and their rate, the lines
# of output, the faults exposed and missed.
#
#   generative/testdata/realistic.sh [DURATION [QF]]    # from the module's root
#
# DURATION is 60s by default; QF is the qf to measure, built from this
# checkout by default (give an older build to compare). The faults alone
# are always checked with this checkout's qf.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${1:-60s}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/qf" ./cmd/qf
go test -c -o "$tmp/fakes" ./runner
qf=${2:-$tmp/qf}
QF_FAKE=list-realistic "$tmp/fakes" | while read -r set faults; do
  dir="$tmp/$set"
  QF_FAKE="mutant:$set" "$qf" fuzz -duration "$duration" -seed 1 -o "$dir" -- "$tmp/fakes" >"$dir.out" 2>&1 || true
  exposed=() missed=()
  for f in $faults; do
    if [ -d "$dir" ] && ! QF_FAKE="mutant:$f" "$tmp/qf" check -vectors "$dir" -run /fuzz- -- "$tmp/fakes" >/dev/null 2>&1; then
      exposed+=("$f")
    else
      missed+=("$f")
    fi
  done
  echo "$set: $(grep '^cases:' "$dir.out" || echo 'cases: none'); $(wc -l <"$dir.out") lines; exposed ${#exposed[@]} of $(wc -w <<<"$faults") [${exposed[*]:-}] missed [${missed[*]:-}]"
done
