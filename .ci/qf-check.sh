#!/usr/bin/env bash
# Runs qf check on an implementation, from the environment, for the GitHub
# Action of action.yml and for .ci/run:
#
#   QF_COMMAND      the implementation's command line (run with sh -c, in
#                   the current directory); required
#   QF_VERSION      a release of qf to download and use, such as v1.3.0,
#                   its archive checked against the release's SHA256SUMS;
#                   empty: build qf from this checkout (needs go)
#   QF_RELEASE_BASE where the releases' files are (default the GitHub
#                   releases of qf-conformance; file:// for a test)
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
# It exits as qf check does: 0 when the run passes, 1 when it fails, 2 on
# a usage error (or a release that cannot be had).
set -euo pipefail
if [ -z "${QF_COMMAND:-}" ]; then
  echo "qf-check.sh: QF_COMMAND is empty: give the implementation's command line" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT

# sha256 checks the lines of SHA256SUMS given on stdin, in the current
# directory, with sha256sum or, on macOS, shasum.
sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum -c -; else shasum -a 256 -c -; fi
}

if [ -n "${QF_VERSION:-}" ]; then
  v=${QF_VERSION#v}
  case "$(uname -s)" in
    Linux) os=linux ;; Darwin) os=darwin ;; MINGW* | MSYS* | CYGWIN*) os=windows ;;
    *) echo "qf-check.sh: no qf release for $(uname -s)" >&2; exit 2 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=amd64 ;; arm64 | aarch64) arch=arm64 ;;
    *) echo "qf-check.sh: no qf release for $(uname -m)" >&2; exit 2 ;;
  esac
  ext=tar.gz
  [ "$os" = windows ] && ext=zip
  base=${QF_RELEASE_BASE:-https://github.com/qf-format/qf-conformance/releases/download/v$v}
  archive="qf_${v}_${os}_${arch}.$ext"
  if ! curl -fsSL -o "$bin/$archive" "$base/$archive" || ! curl -fsSL -o "$bin/SHA256SUMS" "$base/SHA256SUMS"; then
    echo "qf-check.sh: cannot download qf $QF_VERSION ($base/$archive)" >&2
    exit 2
  fi
  if ! (cd "$bin" && grep "  $archive\$" SHA256SUMS | sha256 >/dev/null); then
    echo "qf-check.sh: $archive does not match the release's SHA256SUMS" >&2
    exit 2
  fi
  if [ "$ext" = zip ]; then (cd "$bin" && unzip -q "$archive" qf.exe && mv qf.exe qf); else tar -xzf "$bin/$archive" -C "$bin" qf; fi
  echo "qf-check.sh: qf $QF_VERSION, $archive, checksum verified" >&2
else
  (cd "$here" && go build -o "$bin/qf" ./cmd/qf)
fi

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

# Not exec: the EXIT trap removes $bin once qf has ended.
status=0
"$bin/qf" check "${flags[@]}" -- sh -c "$QF_COMMAND" || status=$?
exit "$status"
