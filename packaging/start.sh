#!/usr/bin/env bash
# The README's first command: installs what is needed, builds, and opens the
# TrainDeck window on the built-in demo plan.
set -euo pipefail
cd "$(dirname "$0")/.."
./packaging/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build --parallel "$(nproc)" --target traindeck traindeck-trainer
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  # A machine with no screen (a fresh server, CI) still gets a running window,
  # on a virtual display, so the command does what it says everywhere.
  echo "start: no DISPLAY or WAYLAND_DISPLAY; opening TrainDeck on a virtual X display (xvfb-run)" >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" ./build/app/traindeck --demo
fi
exec ./build/app/traindeck --demo
