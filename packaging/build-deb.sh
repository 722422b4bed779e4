#!/usr/bin/env bash
# Builds the Debian packages from a clean tree, in a build folder of their own:
#   traindeck           the window and the CLI, desktop entry, metainfo, icons, man page, completion
#   traindeck-trainer   the trainer alone, for GPU nodes without a desktop
#   python3-traindeck-metrics  the metrics protocol for users' own Python training scripts
# Usage: packaging/build-deb.sh [BUILD_DIR [CMAKE_ARGS...]]   (default BUILD_DIR: build-deb)
# e.g.   packaging/build-deb.sh build-deb -DTRAINDECK_WITH_CUDA=OFF
# The .debs land in BUILD_DIR/deb/; `sudo apt install ./BUILD_DIR/deb/*.deb` installs them.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-deb}
shift || true
./packaging/install-deps.sh
rm -rf "$build"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTRAINDECK_BUILD_TESTS=OFF "$@"
cmake --build "$build" --parallel "$(nproc)"
(cd "$build" && cpack -G DEB -B "$PWD/deb")
rm -rf "$build/deb/_CPack_Packages"
echo "build-deb: made"
ls -l "$build"/deb/*.deb
