#!/usr/bin/env bash
# The README's pictures: the window's pages in English and Simplified Chinese, as
# tests/app/tst_screens renders them (the demo plan, calibrated), on a virtual X
# display, saved as docs/screenshots/PAGE-LANG.png.
# Usage: packaging/screenshots.sh BUILD_DIR [PAGE...]
#   PAGE: a page name of tst_screens (default: layouts files); pages added to the
#   window (launch, watch) are named in tst_screens' list of tabs and then here.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pngquant >/dev/null || { echo "screenshots: needs pngquant (packaging/install-deps.sh)" >&2; exit 2; }
build=$(realpath "${1:?usage: packaging/screenshots.sh BUILD_DIR [PAGE...]}")
shift
pages=("$@")
((${#pages[@]})) || pages=(layouts files)
cmake --build "$build" --target tst_screens >/dev/null
shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
# The real X platform under Xvfb, not offscreen: the fonts and the style a desktop gets.
TRAINDECK_SCREENSHOT_DIR=$shots QT_QPA_PLATFORM=xcb \
  xvfb-run -a -s "-screen 0 1600x1000x24" "$build/tests/app/tst_screens" >"$shots/log.txt" 2>&1 ||
  { cat "$shots/log.txt"; exit 1; }
mkdir -p docs/screenshots
for page in "${pages[@]}"; do
  for lang in en zh_CN; do
    src=$shots/${lang}_$page.png
    [[ -f $src ]] || { echo "screenshots: tst_screens made no $page page in $lang (made: $(ls "$shots"))" >&2; exit 1; }
    # 256 colours are plenty for a window: a third of the size, the same to the eye.
    pngquant --force --quality 60-90 --speed 1 --strip --output "docs/screenshots/$page-$lang.png" "$src"
  done
done
du -ch docs/screenshots/*.png | tail -1
ls -l docs/screenshots
