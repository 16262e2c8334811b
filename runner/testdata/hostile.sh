#!/usr/bin/env bash
# Runs `qf check` against each hostile fake implementation of
# runner/fake_test.go and prints, per case, the exit status, the wall time,
# the peak resident memory of qf check, the processes of the fake still
# alive afterwards, and the summary line.
#
#   runner/testdata/hostile.sh [QF_BINARY] [CASE...]
#
# QF_BINARY defaults to a qf built from this checkout; it may be an older
# build, to compare. The fakes are the runner's test binary. Slow cases
# (answer-twice, padded) take minutes with a runner that stalls on them.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

qf=${1:-}
shift || true
if [ -z "$qf" ]; then
  qf=$work/qf
  (cd "$root" && go build -o "$qf" ./cmd/qf) || exit 1
fi
fakes=$work/fakes
(cd "$root" && go test -c -o "$fakes" ./runner) || exit 1

# name | QF_FAKE mode | qf check arguments before -- | command after --
cases=(
  "busy-behind-sh|busy-5th|-run ^strict/corpus- -timeout 1s|sh -c '$fakes -test.run=^\$; :'"
  "needs-hello|needs-hello||$fakes -test.run=^\$"
  "answer-twice|answer-twice||$fakes -test.run=^\$"
  "padded-15MiB|padded||$fakes -test.run=^\$"
  "empty-selection|normal|-run no-such-vector|$fakes -test.run=^\$"
  "no-known-op|no-known-op||$fakes -test.run=^\$"
  "exit-3|exit-3||$fakes -test.run=^\$"
  "escapes|escapes|-run ^strict/corpus- -json $work/report.json|$fakes -test.run=^\$"
  "upper-case|upper-case||$fakes -test.run=^\$"
  "result-and-error|result-and-error||$fakes -test.run=^\$"
  "grandchild|grandchild|-run ^strict/corpus-|$fakes -test.run=^\$"
  "slow-start-3s|slow-start||$fakes -test.run=^\$"
  "flood-stdout|flood-stdout|-run ^strict/corpus-|$fakes -test.run=^\$"
  "deaf|deaf|-run ^strict/corpus-|$fakes -test.run=^\$"
  "fork|fork|-run ^strict/corpus-|$fakes -test.run=^\$"
  "oneshot-busy-behind-sh|oneshot-busy|-oneshot -run ^strict/corpus- -timeout 1s -start-timeout 1s|sh -c '$fakes -test.run=^\$; :'"
  "oneshot-node|-|-oneshot|sh $root/examples/oneshot/decode.sh"
)

printf '%-24s %5s %9s %9s %9s  %s\n' case exit seconds peak-MB survivors summary
for c in "${cases[@]}"; do
  IFS='|' read -r name mode args command <<<"$c"
  if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
    continue
  fi
  dir=$work/$name
  mkdir -p "$dir"
  out=$dir/out
  start=$(date +%s.%N)
  (cd "$dir" && QF_FAKE=$mode QF_FAKE_DIR=$dir eval /usr/bin/time -f '%M' -o "$dir/rss" \
    "$qf" check $args -- "$command" >"$out" 2>"$dir/err")
  status=$?
  end=$(date +%s.%N)
  sleep 0.5
  survivors=0
  if [ -f "$dir/pids" ]; then
    while read -r pid; do
      if [ -d /proc/$pid ] && ! grep -q '^[^ ]* ([^)]*) Z' /proc/$pid/stat 2>/dev/null; then
        survivors=$((survivors + 1))
        kill -9 "$pid" 2>/dev/null
      fi
    done <"$dir/pids"
  fi
  rss=$(tail -n 1 "$dir/rss" 2>/dev/null)
  summary=$(grep -a '^check:' "$out" | tail -n 1)
  extra=""
  if [ "$name" = escapes ]; then
    if iconv -f UTF-8 -t UTF-8 "$work/report.json" >/dev/null 2>&1; then extra=" [json: valid UTF-8]"; else extra=" [json: NOT UTF-8]"; fi
    if grep -q $'\x1b' "$out"; then extra="$extra [raw ESC on stdout]"; fi
  fi
  if [ -e "$dir/-" ]; then extra="$extra [wrote a file named -]"; fi
  printf '%-24s %5s %9.1f %9d %9d  %s%s\n' "$name" "$status" "$(echo "$end - $start" | bc)" $(( ${rss:-0} / 1024 )) "$survivors" "$summary" "$extra"
done
