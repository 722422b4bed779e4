#!/usr/bin/env bash
# Our own trainer's whole run against its plan's time to finish, in one device call:
# builds traindeck-trainer with its CUDA backend (CMake defaults, sm_90, as run_device.sh),
# then runs the job `traindeck generate --target ssh` wrote for bench/timeline/plan.yaml
# (its node-0.sh, the script the ssh launcher starts on the node, here on this machine)
# twice, one run after the other, and a `--preset tiny` run at 4x64x64 for its memory.
# The generated files are made beforehand on the CPU machine (the device has no Qt):
#   traindeck generate bench/timeline/plan.yaml --target ssh --hosts localhost -o bench/timeline/files
# (they travel with the source; they are not kept in the repository).
# Gloo's .debs beside the source in ./debs (apt-get download libgloo-dev libgloo0
# libhiredis0.14 libibverbs1 libnl-3-200 libnl-route-3-200). Results in $OUT.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
SRC=$(pwd)
OUT=${OUT:-/tmp/out}
BUILD=/tmp/tdbuild
mkdir -p "$OUT"
LOG=$OUT/timeline.log
say() { echo "== $*" | tee -a "$LOG"; }

say "machine"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv | tee -a "$LOG"
df -h /tmp | tee -a "$LOG"
date -u | tee -a "$LOG"

if [ ! -e /usr/local/cuda/include/nccl.h ] && [ ! -e /usr/include/nccl.h ]; then
  P=$(python3 -c "import nvidia.nccl,os;print(list(nvidia.nccl.__path__)[0])")
  mkdir -p /tmp/nccl/lib && ln -sf "$P"/lib/libnccl.so.2 /tmp/nccl/lib/libnccl.so && ln -sfn "$P"/include /tmp/nccl/include
  export NCCL_ROOT=/tmp/nccl LD_LIBRARY_PATH="$P/lib:${LD_LIBRARY_PATH:-}"
fi
for f in "$SRC"/debs/*.deb; do dpkg -x "$f" /tmp/gloo; done
export LD_LIBRARY_PATH="/tmp/gloo/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}"

say "build"
t0=$(date +%s)
cmake -S "$SRC" -B "$BUILD" -G Ninja -DTRAINDECK_BUILD_APP=OFF -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH=/tmp/gloo/usr > "$OUT/build.log" 2>&1 &&
  cmake --build "$BUILD" -j16 --target traindeck-trainer >> "$OUT/build.log" 2>&1
rc=$?
say "build rc=$rc in $(( $(date +%s) - t0 )) s"
[ $rc -eq 0 ] || { tail -40 "$OUT/build.log"; exit 1; }
export PATH="$BUILD/trainer:$PATH"
traindeck-trainer --version | tee -a "$LOG"

FILES=$SRC/bench/timeline/files
began=$(date +%s)
for run in 1 2; do
  # The second run only where the device time allows (the call's budget: about 6 minutes).
  [ $run -eq 2 ] && [ $(( $(date +%s) - began )) -gt 150 ] && { say "run 2 skipped: no time"; break; }
  rm -rf /tmp/tlckpt
  say "run $run: bash node-0.sh (the generated job)"
  t0=$(date +%s.%N)
  (cd "$FILES" && bash node-0.sh) > "$OUT/run$run.out" 2> "$OUT/run$run.err"
  rc=$?
  t1=$(date +%s.%N)
  say "run $run rc=$rc wall $(python3 -c "print(round($t1 - $t0, 2))") s"
  tail -3 "$OUT/run$run.err" | tee -a "$LOG"
  grep -E '"event":"(start|end|eval|checkpoint)"' "$OUT/run$run.out" | tee -a "$LOG" | cut -c1-400
done

say "tiny 4x64x64, micro-batch 8: its memory"
traindeck-trainer --preset tiny --frames 4 --height 64 --width 64 --micro-batch 8 --steps 30 --log-every 10 \
  > "$OUT/tiny.out" 2> "$OUT/tiny.err"
say "tiny rc=$?"
grep '"event":"step"' "$OUT/tiny.out" | tail -1 | tee -a "$LOG"
date -u | tee -a "$LOG"
