#!/usr/bin/env bash
# The .deb packages as a user gets them: CPack makes them from this build, they are
# unpacked into a temporary root (dpkg-deb -x) and checked there: where each file
# is (FHS, Debian policy), the Depends dpkg-shlibdeps computed, the desktop entry and
# AppStream metainfo through their validators, the man pages through groff, and the
# programs run from the unpacked root.
# Usage: deb_test.sh BUILD_DIR APP_ID
set -euo pipefail
build=$1
app_id=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/traindeck-deb-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

echo "== cpack"
(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack failed"; }
app_deb=$(ls "$work"/out/traindeck_*.deb)
trainer_deb=$(ls "$work"/out/traindeck-trainer_*.deb)
python_deb=$(ls "$work"/out/python3-traindeck-metrics_*_all.deb)
ls -l "$app_deb" "$trainer_deb" "$python_deb"

echo "== control fields"
for deb in "$app_deb" "$trainer_deb" "$python_deb"; do
  dpkg-deb -f "$deb" Package Version Architecture Depends
done
app_depends=$(dpkg-deb -f "$app_deb" Depends)
trainer_depends=$(dpkg-deb -f "$trainer_deb" Depends)
# dpkg-shlibdeps names the libraries' packages, with versions.
[[ $app_depends == *libqt6widgets6* && $app_depends == *libyaml-cpp* && $app_depends == *libc6* ]] ||
  fail "traindeck's Depends lack the Qt/yaml-cpp/libc packages: $app_depends"
[[ $trainer_depends == *libgloo0* && $trainer_depends == *libc6* ]] || fail "traindeck-trainer's Depends lack libgloo0: $trainer_depends"
[[ $trainer_depends != *qt6* ]] || fail "traindeck-trainer must not pull Qt onto GPU nodes: $trainer_depends"
# The Chinese window needs a font with Chinese glyphs: recommended (apt installs it by default).
app_recommends=$(dpkg-deb -f "$app_deb" Recommends)
[[ $app_recommends == *fonts-noto-cjk* ]] || fail "traindeck must recommend a CJK font: $app_recommends"
python_depends=$(dpkg-deb -f "$python_deb" Depends)
[[ $python_depends == "python3 (>= 3.9)" ]] || fail "python3-traindeck-metrics must depend on python3 alone: $python_depends"
[[ $(dpkg-deb -f "$python_deb" Architecture) == all ]] || fail "python3-traindeck-metrics is pure Python: Architecture all"

echo "== unpack into a temporary root"
root=$work/root
dpkg-deb -x "$app_deb" "$root"
dpkg-deb -x "$trainer_deb" "$root"
dpkg-deb -x "$python_deb" "$root"
expected=(
  usr/bin/traindeck
  usr/bin/traindeck-trainer
  "usr/share/applications/$app_id.desktop"
  "usr/share/metainfo/$app_id.metainfo.xml"
  usr/share/icons/hicolor/scalable/apps/traindeck.svg
  usr/share/icons/hicolor/48x48/apps/traindeck.png
  usr/share/icons/hicolor/256x256/apps/traindeck.png
  usr/share/man/man1/traindeck.1.gz
  usr/share/man/man1/traindeck-trainer.1.gz
  usr/share/bash-completion/completions/traindeck
  usr/share/bash-completion/completions/traindeck-trainer
  usr/share/doc/traindeck/copyright
  usr/share/doc/traindeck/changelog.Debian.gz
  usr/share/doc/traindeck-trainer/copyright
  usr/share/doc/traindeck-trainer/changelog.Debian.gz
  usr/lib/python3/dist-packages/traindeck_metrics/__init__.py
  usr/lib/python3/dist-packages/traindeck_metrics/hf.py
  usr/lib/python3/dist-packages/traindeck_metrics/lightning.py
  usr/lib/python3/dist-packages/traindeck_metrics/accelerate.py
  usr/lib/python3/dist-packages/traindeck_metrics/distributed.py
  usr/share/doc/python3-traindeck-metrics/copyright
  usr/share/doc/python3-traindeck-metrics/changelog.Debian.gz
)
for f in "${expected[@]}"; do [[ -f $root/$f ]] || fail "missing /$f"; done
# Nothing outside /usr, nothing under /usr/local (Debian policy 9.1.2).
stray=$( (dpkg-deb -c "$app_deb"; dpkg-deb -c "$trainer_deb"; dpkg-deb -c "$python_deb") | awk '{print $6}' | grep -vE '^\./(usr/?)?$|^\./usr/(bin|share|lib)/' || true)
[[ -z $stray ]] || fail "files outside /usr/{bin,share,lib}: $stray"
# The PNG icons are the sizes their folders say.
for size in 16 48 256; do
  png=$root/usr/share/icons/hicolor/${size}x${size}/apps/traindeck.png
  read -r w h < <(python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(*struct.unpack(">II", d[16:24]))' "$png")
  [[ $w == "$size" && $h == "$size" ]] || fail "$png is ${w}x${h}"
done
# Binaries are stripped (lintian: unstripped-binary-or-object).
for b in traindeck traindeck-trainer; do
  ! readelf -S "$root/usr/bin/$b" | grep -q '\.symtab' || fail "/usr/bin/$b is not stripped"
done

echo "== desktop entry and metainfo"
desktop-file-validate "$root/usr/share/applications/$app_id.desktop"
appstreamcli validate --no-net --explain "$root/usr/share/metainfo/$app_id.metainfo.xml"
grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$root/usr/share/metainfo/$app_id.metainfo.xml" ||
  fail "the metainfo's launchable is not the installed desktop entry"
grep -q '^Icon=traindeck$' "$root/usr/share/applications/$app_id.desktop" || fail "the desktop entry's icon is not traindeck"

echo "== man pages"
for page in traindeck traindeck-trainer; do
  warnings=$(zcat "$root/usr/share/man/man1/$page.1.gz" | LC_ALL=C.UTF-8 groff -k -man -Tutf8 -ww -z 2>&1 || true)
  [[ -z $warnings ]] || fail "groff warns on $page.1: $warnings"
done
text=$(zcat "$root/usr/share/man/man1/traindeck.1.gz" | LC_ALL=C.UTF-8 groff -k -man -Tutf8 -P-cbou -rLL=100n 2>/dev/null)
for want in "traindeck plan" "traindeck generate" "--micro-batch" "--target" "--version" "EXIT STATUS"; do
  grep -qF -- "$want" <<<"$text" || fail "man traindeck does not mention $want"
done

echo "== the programs, run from the unpacked root"
bin=$root/usr/bin
"$bin/traindeck" --version | tee "$work/version"
grep -q '^traindeck [0-9]' "$work/version" || fail "traindeck --version: no version line"
grep -q '^CUDA: \(yes\|no\)' "$work/version" || fail "traindeck --version: no CUDA line"
"$bin/traindeck-trainer" --version | tee "$work/trainer-version"
grep -q '^traindeck-trainer [0-9]' "$work/trainer-version" || fail "traindeck-trainer --version: no version line"
"$bin/traindeck" plan >"$work/plan.txt" || [[ $? == 1 ]] || fail "traindeck plan failed"
grep -q "^layout" "$work/plan.txt" || fail "traindeck plan printed no table"
"$bin/traindeck-trainer" --preset tiny --steps 3 --log-every 1 --backend gloo >"$work/metrics.jsonl" ||
  fail "traindeck-trainer --preset tiny --steps 3 failed"
python3 - "$work/metrics.jsonl" <<'PY'
import json, sys
events = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
steps = [e for e in events if e.get("event") == "step"]
assert len(steps) == 3, steps
end = [e for e in events if e.get("event") == "end"]
assert end and end[-1]["status"] == "completed", events[-1]
print(f"trainer: {len(steps)} step events, last loss {steps[-1].get('loss')}")
PY
# The Python module as Debian's python3 finds it once installed: a script's two lines
# write the protocol to the file TrainDeck names.
PYTHONPATH=$root/usr/lib/python3/dist-packages TRAINDECK_METRICS_FILE=$work/py.jsonl /usr/bin/python3 -c \
  'import traindeck_metrics as td; td.start(micro_batch=2, model="m"); td.log(0, loss=0.5); td.log(1, loss=float("nan"))' ||
  fail "the installed traindeck_metrics module failed"
PYTHONPATH=$root/usr/lib/python3/dist-packages python3 - "$work/py.jsonl" "$root/usr/lib/python3/dist-packages" <<'PY'
import json, sys
events = [json.loads(line) for line in open(sys.argv[1])]
assert [e["event"] for e in events] == ["start", "step", "step", "end"], events
assert events[2]["loss"] is None and events[2]["nonfinite"] == ["loss"], events[2]
assert events[-1]["status"] == "completed", events[-1]
import traindeck_metrics
assert traindeck_metrics.__file__.startswith(sys.argv[2]), traindeck_metrics.__file__
print(f"python3-traindeck-metrics: {len(events)} events from the installed module")
PY
echo "PASS"
