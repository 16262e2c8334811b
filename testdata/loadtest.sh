#!/usr/bin/env bash
# loadtest.sh: the tests beside two other runs of themselves. It clones the
# repository three times into a new temporary directory and runs
# `go test -count=1 ./...` in the three clones at once, ROUNDS times (3 by
# default), each round with a new empty build cache that the three share,
# as on a CI machine; it prints each run's exit status and time, and the
# slowest packages, and exits 1 when a run failed.
#
#	testdata/loadtest.sh [ROUNDS]
set -u
cd "$(dirname "$0")/.."
rounds=${1:-3}
work=$(mktemp -d)
echo "loadtest: $rounds rounds in $work"
failed=0
for round in $(seq "$rounds"); do
  export GOCACHE="$work/gocache-$round"
  start=$(date +%s)
  for c in a b c; do
    rm -rf "$work/$c"
    git clone -q . "$work/$c"
  done
  for c in a b c; do
    (
      cd "$work/$c" && go test -count=1 ./... >"$work/out-$round-$c.txt" 2>&1
      echo "round $round run $c: exit $? after $(($(date +%s) - start)) s" >"$work/status-$round-$c.txt"
    ) &
  done
  wait
  cat "$work"/status-"$round"-*.txt
  grep -h -E '^(FAIL|--- FAIL|panic)' "$work"/out-"$round"-*.txt && failed=1
  sort -t$'\t' -k3 -rn <(grep -h '^ok' "$work"/out-"$round"-*.txt | awk '{print $2"\t"$3"\t"$3+0}') | head -3 | cut -f1,2
done
exit $failed
