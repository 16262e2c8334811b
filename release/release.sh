#!/usr/bin/env bash
# Makes a release of qf, in dist/, with one command:
#
#   release/release.sh              # the tagged commit (vX.Y.Z at HEAD, a clean tree)
#   release/release.sh --snapshot   # any commit: version X.Y.Z+1-dev-COMMIT
#   release/release.sh --publish    # the tagged commit, then publish it
#
# It builds qf for linux, darwin and windows on amd64 and arm64 with
# GoReleaser (.goreleaser.yaml: reproducible binaries, the version stamped
# in, a tar.gz or zip per platform, SHA256SUMS), then the npm packages
# (release/npm: one per platform and the launcher, qf-conformance) with npm
# pack into dist/npm. The same commit gives the same bytes.
#
# --publish uploads the archives and SHA256SUMS to a draft GitHub release
# of the tag (GoReleaser, with GITHUB_TOKEN), and publishes the npm
# packages, the platforms' first (npm, logged in). Needs: go, npm, git.
set -euo pipefail
cd "$(dirname "$0")/.."

goreleaser=(go run github.com/goreleaser/goreleaser/v2@v2.15.1)
mode=release
case "${1:-}" in
  "") ;;
  --snapshot) mode=snapshot ;;
  --publish) mode=publish ;;
  *) echo "usage: release/release.sh [--snapshot | --publish]" >&2; exit 2 ;;
esac

if [ "$mode" != snapshot ]; then
  tag=$(git describe --tags --exact-match --match 'v[0-9]*' 2>/dev/null) || {
    echo "release.sh: HEAD has no tag vX.Y.Z: tag it (git tag v1.3.0), or make a --snapshot" >&2
    exit 2
  }
  if [ -n "$(git status --porcelain)" ]; then
    echo "release.sh: the tree has changes: a release is made from the tagged commit alone" >&2
    exit 2
  fi
fi

# The commit's time, not the build's, for reproducible bytes.
QF_COMMIT_TIME=$(git log -1 --format=%ct)
QF_COMMIT_DATE=$(git log -1 --format=%cI)
QF_SHORT_COMMIT=$(git rev-parse --short=7 HEAD)
export QF_COMMIT_TIME QF_COMMIT_DATE QF_SHORT_COMMIT

case "$mode" in
  snapshot) "${goreleaser[@]}" release --snapshot --clean --skip=publish ;;
  release) "${goreleaser[@]}" release --clean --skip=publish ;;
  publish) "${goreleaser[@]}" release --clean ;;
esac

version=$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' dist/metadata.json)
go run ./release/npm -dist dist -version "$version"

echo "release.sh: qf $version in dist/:"
(cd dist && ls -l SHA256SUMS qf_*.tar.gz qf_*.zip npm/*.tgz | awk '{printf "  %10d  %s\n", $5, $9}')

if [ "$mode" = publish ]; then
  for tgz in dist/npm/qf-conformance-{linux,darwin,win32}-*.tgz dist/npm/qf-conformance-"$version".tgz; do
    npm publish "$tgz"
  done
fi
