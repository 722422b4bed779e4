#!/usr/bin/env bash
# The README's first command: installs what is needed, builds, and opens the
# TrainDeck window on the built-in demo plan.
set -euo pipefail
cd "$(dirname "$0")/.."
./packaging/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build --parallel "$(nproc)" --target traindeck
exec ./build/app/traindeck --demo
