#!/usr/bin/env bash
# The README's pictures: the window's pages in English and Simplified Chinese, as
# the GUI tests render them on a virtual X display, saved as docs/screenshots/PAGE-LANG.png:
# tests/app/tst_screens (the demo plan, calibrated: layouts, plots, files, ...) and
# tests/app/tst_watch_page (watch: a real 2-process trainer run beside a TensorBoard run) and
# tests/app/tst_launch_page (launch_running, launch_failed: two loopback nodes through a real sshd).
# Usage: packaging/screenshots.sh BUILD_DIR [PAGE...]
#   PAGE: a page name those tests save (default: layouts files launch_failed watch).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pngquant >/dev/null || { echo "screenshots: needs pngquant (packaging/install-deps.sh)" >&2; exit 2; }
build=$(realpath "${1:?usage: packaging/screenshots.sh BUILD_DIR [PAGE...]}")
shift
pages=("$@")
((${#pages[@]})) || pages=(layouts files launch_failed watch)
tests=(tst_screens tst_watch_page tst_launch_page)
cmake --build "$build" --target app_tests >/dev/null  # the window's tests are one program
shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
# The real X platform under Xvfb, not offscreen: the fonts and the style a desktop gets.
for test in "${tests[@]}"; do
  TRAINDECK_SCREENSHOT_DIR=$shots QT_QPA_PLATFORM=xcb \
    xvfb-run -a -s "-screen 0 1600x1000x24" "$build/tests/app/app_tests" "$test" >"$shots/$test.log" 2>&1 ||
    { cat "$shots/$test.log"; exit 1; }
done
mkdir -p docs/screenshots
for page in "${pages[@]}"; do
  for lang in en zh_CN; do
    src=$shots/${lang}_$page.png
    [[ -f $src ]] || { echo "screenshots: no test made a $page page in $lang (made: $(ls "$shots"))" >&2; exit 1; }
    # 256 colours are plenty for a window: a third of the size, the same to the eye.
    pngquant --force --quality 60-90 --speed 1 --strip --output "docs/screenshots/$page-$lang.png" "$src"
  done
done
du -ch docs/screenshots/*.png | tail -1
ls -l docs/screenshots
