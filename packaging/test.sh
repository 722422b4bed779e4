#!/usr/bin/env bash
# The README's second command: installs what is needed, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
./packaging/install-deps.sh
# Release, as start.sh and the .debs: one build for both commands, and without
# debug information a file compiles in about a quarter less time.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTRAINDECK_BUILD_BENCH=OFF
cmake --build build --parallel "$(nproc)"
cd build
QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)" --timeout 600
