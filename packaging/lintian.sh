#!/usr/bin/env bash
# lintian on the .debs of a build (not in CI: lintian and its Perl libraries are a
# large install for a 9-second check). Findings that stay are listed, with their
# reasons, in packaging/README.md; this fails on any other.
# Usage: packaging/lintian.sh BUILD_DIR   (a configured and built tree)
set -euo pipefail
build=$(realpath "${1:?usage: packaging/lintian.sh BUILD_DIR}")
command -v lintian >/dev/null || { echo "lintian.sh: apt-get install lintian" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build" && cpack -G DEB -B "$work" >/dev/null)
# Explained in packaging/README.md.
accepted='initial-upload-closes-no-bugs'
lintian --tag-display-limit 0 "$work"/*.deb 2>&1 | grep -v 'running with root privileges' | tee "$work/lintian.txt" || true
if grep -E '^[EW]: ' "$work/lintian.txt" | grep -vqE "$accepted"; then
  echo "lintian.sh: findings beyond those packaging/README.md explains" >&2
  exit 1
fi
echo "lintian.sh: only the findings packaging/README.md explains"
