#!/usr/bin/env bash
# Builds the CUDA backend's tools on a GPU machine, checks correctness, and measures it
# against PyTorch DDP, in one device call. Logs go to $OUT (one tarball plus the table).
#
#   bench/run_device.sh quick     one GPU: build, correctness harness, matmul peak, short
#                                 runs of both workloads, ours and the PyTorch reference
#   bench/run_device.sh verify    one GPU: harness, per-product timings, short runs
#   bench/run_device.sh variants  one GPU: harness, per-product timings, the backend's
#                                 epilogue variants on both workloads
#   bench/run_device.sh probe     one GPU: per-product timings, torch.compile runs
#   bench/run_device.sh check     several GPUs: harness, 1/2/4-GPU agreement, lost-rank
#                                 test, all-reduce bandwidth (ours vs torch.distributed)
#   bench/run_device.sh full1     check, then bench-small at 1, 2, 4 GPUs (traindeck vs
#                                 torch eager vs torch.compile) and its phase breakdown
#   bench/run_device.sh bench-large   the same for bench-large (a separate call: the
#                                 whole set does not fit one 10-minute command)
#   bench/run_device.sh part4     the trainer's NCCL paths that had never run on a GPU:
#                                 evaluate() nccl vs gloo, --eval-every on bench-small at 2
#                                 GPUs, --check-sync through NCCL; and bench-large's PSNR at
#                                 step 119 over three seeds, ours vs PyTorch, 1 and 2 GPUs
#   bench/run_device.sh floor     one GPU (issue 15 parts 1-2): harness; bench-large's step
#                                 against its products floor (--floor-reps), default and
#                                 TRAINDECK_CUDA_BGRAD_EPILOGUE=1, per-phase times; PyTorch
#                                 eager and compile in the same call; 120-step curves of
#                                 seed 1234 (ours bf16, PyTorch bf16, then ours fp32)
#   bench/run_device.sh floor-fp32  one GPU: the floor again (real operands) for the default,
#                                 BGRADA and TRAINDECK_CUDA_OVERLAP=1 backwards, per-phase
#                                 times, PyTorch eager and compile, then PyTorch's fp32 curve
#   bench/run_device.sh fp32      one GPU: the fp32 reference curves (PyTorch, ours), seed 1234
#   bench/run_device.sh column    one GPU: TRAINDECK_CUDA_BIAS_COLUMN=1 against the default
#                                 (bench-large step vs floor, phases, PyTorch; bench-small)
#   bench/run_device.sh numerics  one GPU: bench-large seeds 1234 and 1 with the exact-tanh
#                                 forward, the DGELU epilogue, bf16-rounded weight gradients
#   bench/run_device.sh unfused   one GPU: bench-large step vs floor for the default, the
#                                 unfused forward and unfused + side-stream backward; PyTorch
#   bench/run_device.sh auto      one GPU: the size-chosen forward epilogue (the default)
#                                 against the fused one, floor, phases, PyTorch, bench-small
#   bench/run_device.sh seeds     one GPU: bench-large seeds 1 and 2 in bf16 (ours, PyTorch),
#                                 then both fp32 curves of seed 1
#   bench/run_device.sh samew     one GPU (issue 15 part 1): per-layer gradient and update
#                                 norms of ours and PyTorch over steps 0-45; gradients at the
#                                 same weights (ours' before steps 0..25) from our variants
#                                 and PyTorch bf16 against the fp32 gradient there; PSNR@119
#                                 with bf16-rounded bias (and weight) gradients over 3 seeds
#   bench/run_device.sh biasepi   one GPU: the unfused forward with the BIAS epilogue (the
#                                 default) against the bias added in the GELU pass and the
#                                 fused epilogue: step vs floor, phases, PyTorch eager and
#                                 compile; their gradients at the same weights against fp32;
#                                 PSNR@119 over seeds 1234, 1, 2, ours and PyTorch
#   bench/run_device.sh biasorder one GPU: the forward products with and without the BIAS
#                                 epilogue alone; bench-large step vs floor with the bias in
#                                 the pass, the default, the default autotuned, the bias in the
#                                 pass again (order effects); PyTorch eager and compile
#   bench/run_device.sh lrzero    one GPU: the same pair at learning rate 0 (both keep the
#                                 initial weights, so both multiply the same values)
#
# Run from the source root (e.g. .dev/src). NVLink multicast stays off (KINDS.md).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONUNBUFFERED=1 OMP_NUM_THREADS=4
MODE=${1:-quick}
OUT=${OUT:-/tmp/out}
LOG=/tmp/tdlogs
mkdir -p "$OUT" "$LOG"
SRC=$(pwd)
BUILD=/tmp/tdbuild
GPUS=$(nvidia-smi -L | wc -l)
say() { echo "== $*" | tee -a "$LOG/main.log"; }

save() { (cd /tmp && tar czf "$OUT/logs-$MODE.tar.gz" tdlogs); }
finish() {
  save
  python3 "$SRC/bench/summarize.py" "$LOG" > "$OUT/table-$MODE.md" 2>&1
  cat "$OUT/table-$MODE.md"
}
trap finish EXIT

say "machine"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv | tee -a "$LOG/main.log"
nvidia-smi topo -m 2>&1 | tee -a "$LOG/main.log" | head -12
date -u | tee -a "$LOG/main.log"

# NCCL: the toolkit's, else the one PyTorch's wheels carry.
if [ ! -e /usr/local/cuda/include/nccl.h ] && [ ! -e /usr/include/nccl.h ]; then
  P=$(python3 -c "import nvidia.nccl,os;print(list(nvidia.nccl.__path__)[0])")
  mkdir -p /tmp/nccl/lib && ln -sf "$P"/lib/libnccl.so.2 /tmp/nccl/lib/libnccl.so && ln -sfn "$P"/include /tmp/nccl/include
  export NCCL_ROOT=/tmp/nccl LD_LIBRARY_PATH="$P/lib:${LD_LIBRARY_PATH:-}"
  say "NCCL from $P"
fi

# Gloo for traindeck-trainer (its CMake needs it): Debian packages carried beside the
# source in ../debs (apt-get download libgloo-dev libgloo0 libhiredis0.14 libibverbs1
# libnl-3-200 libnl-route-3-200), unpacked under /tmp/gloo.
PREFIX=()
if ls "$SRC"/../debs/*.deb > /dev/null 2>&1; then
  for f in "$SRC"/../debs/*.deb; do dpkg -x "$f" /tmp/gloo; done
  PREFIX=(-DCMAKE_PREFIX_PATH=/tmp/gloo/usr)
fi
TARGETS="traindeck-cuda-check traindeck-cuda-train traindeck-cuda-gemmbench test_cuda_bucket_plan"
[ ${#PREFIX[@]} -gt 0 ] && TARGETS="$TARGETS traindeck-trainer"
say "build"
t0=$(date +%s)
cmake -S "$SRC" -B "$BUILD" -G Ninja -DTRAINDECK_BUILD_APP=OFF -DCMAKE_BUILD_TYPE=Release "${PREFIX[@]}" > "$LOG/build.log" 2>&1 &&
  cmake --build "$BUILD" -j16 --target $TARGETS >> "$LOG/build.log" 2>&1
rc=$?
grep -E "warning|error" "$LOG/build.log" | head -20
say "build rc=$rc in $(( $(date +%s) - t0 )) s"
[ $rc -eq 0 ] || { tail -40 "$LOG/build.log"; exit 1; }
T=$BUILD/trainer/cuda

# ranks N LOGNAME ARGS...: one traindeck-cuda-train per GPU, rank 0's output to LOGNAME.
ranks() {
  local n=$1 name=$2; shift 2
  local store; store=$(mktemp -d)
  local pids=()
  for ((r = 1; r < n; r++)); do
    "$T/traindeck-cuda-train" --rank $r --world $n --store "$store" "$@" > "$LOG/$name.rank$r" 2>&1 &
    pids+=($!)
  done
  "$T/traindeck-cuda-train" --rank 0 --world $n --store "$store" "$@" > "$LOG/$name.log" 2>&1
  local rc=$?
  for p in "${pids[@]}"; do wait "$p" || rc=$((rc ? rc : $?)); done
  return $rc
}
# tag V: a log-name word for an environment setting ("TRAINDECK_CUDA_BF16_WGRAD=1
# TRAINDECK_CUDA_BF16_BGRAD=1" -> bf16_wgrad+bf16_bgrad, "..._UNFUSED=0" -> unfused_off).
tag() { echo "$1" | sed 's/TRAINDECK_CUDA_//g; s/=1//g; s/=0/_off/g; s/ /+/g' | tr 'A-Z' 'a-z'; }
# variant V NAME ARGS...: one GPU, `ranks 1 NAME ARGS` under the settings V ("default": none).
variant() {
  local v=$1; shift
  if [ "$v" = default ] || [ "$v" = rerun ]; then ranks 1 "$@"; else (export $v; ranks 1 "$@"); fi
}
# PyTorch's eager and compiled bench-large, seed 1234, 120 steps, in the call being made.
torch_large_pair() {
  TO=150 torchrun_n 1 large_torch_bf16 $LARGE --steps 120 --warmup 20 --seed 1234 --log-every ${1:-10}
  TO=${2:-150} torchrun_n 1 large_torch_compile $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 10 --compile
  grep -h RESULT "$LOG/large_torch_bf16.log" "$LOG/large_torch_compile.log" | tee -a "$LOG/main.log"
}
torchrun_n() {
  local n=$1 name=$2; shift 2
  timeout "${TO:-600}" torchrun --standalone --nproc_per_node "$n" "$SRC/bench/ddp_reference.py" "$@" \
    > "$LOG/$name.log" 2>&1
}
LARGE="--preset large --frames 8 --height 256 --width 256 --micro-batch 16"
SMALL="--preset base --frames 4 --height 128 --width 128 --micro-batch 8"

harness() {
  say "unit test + correctness harness"
  "$T/test_cuda_bucket_plan" | tee -a "$LOG/main.log"
  timeout 300 "$T/traindeck-cuda-check" 2>&1 | tee "$LOG/check.log"
}

if [ "$MODE" = quick ]; then
  harness
  say "matmul peak"
  python3 "$SRC/bench/microbench.py" matmul 2>&1 | tee "$LOG/matmul.log"
  say "short runs, 1 GPU"
  for w in large small; do
    [ $w = large ] && A=$LARGE || A=$SMALL
    TRAINDECK_CUDA_PHASES=1 ranks 1 "phases_$w" $A --steps 30 --timed-from 10 --log-every 10
    ranks 1 "${w}_traindeck_1" $A --steps 60 --timed-from 20 --log-every 10
    TO=240 torchrun_n 1 "${w}_eager_1" $A --steps 60 --log-every 10
    grep -h -E "^step 0 |RESULT|per-phase" "$LOG/phases_$w.log" "$LOG/${w}_traindeck_1.log" "$LOG/${w}_eager_1.log" | tee -a "$LOG/main.log"
  done
  tail -3 "$LOG/large_eager_1.log"
fi

if [ "$MODE" = verify ]; then
  harness
  "$T/traindeck-cuda-gemmbench" 2>&1 | grep -E "KERNEL|heuristic" | tee "$LOG/gemm_large.log"
  for w in large small; do
    [ $w = large ] && A=$LARGE || A=$SMALL
    TRAINDECK_CUDA_PHASES=1 ranks 1 "phases_$w" $A --steps 12 --timed-from 4 --log-every 100
    ranks 1 "${w}_traindeck_1" $A --steps 60 --timed-from 20 --log-every 20
    grep -h -E "^step 0 |RESULT|per-phase" "$LOG/phases_$w.log" "$LOG/${w}_traindeck_1.log"
  done
fi

if [ "$MODE" = variants ]; then
  harness
  "$T/traindeck-cuda-gemmbench" 2>&1 | grep -E "KERNEL|GEMM" | tee "$LOG/gemm_large.log"
  for v in "default" "TRAINDECK_CUDA_UNFUSED=1" "TRAINDECK_CUDA_DGELU_EPILOGUE=1" \
           "TRAINDECK_CUDA_UNFUSED=1 TRAINDECK_CUDA_DGELU_EPILOGUE=1"; do
    for w in large small; do
      [ $w = large ] && A=$LARGE || A=$SMALL
      env $( [ "$v" = default ] || echo "$v" ) bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 1 variant $A --steps 50 --timed-from 15 --log-every 100"
      echo "VARIANT $w [$v] $(grep RESULT "$LOG/variant.log")" | tee -a "$LOG/variants.log"
    done
  done
fi

if [ "$MODE" = probe ]; then
  say "per-product timings, bench-large shapes"
  "$T/traindeck-cuda-gemmbench" 2>&1 | tee "$LOG/gemm_large.log"
  say "bench-large, 1 GPU: phases, unfused, torch.compile"
  TRAINDECK_CUDA_PHASES=1 ranks 1 phases_large $LARGE --steps 12 --timed-from 4 --log-every 100
  grep -h per-phase "$LOG/phases_large.log"
  TRAINDECK_CUDA_UNFUSED=1 ranks 1 unfused_large $LARGE --steps 30 --timed-from 10 --log-every 100
  grep -h RESULT "$LOG/unfused_large.log"
  TO=300 torchrun_n 1 large_compile_1 $LARGE --steps 60 --log-every 100 --compile
  TO=200 torchrun_n 1 small_compile_1 $SMALL --steps 60 --log-every 100 --compile
  grep -h RESULT "$LOG/large_compile_1.log" "$LOG/small_compile_1.log"; tail -3 "$LOG/large_compile_1.log"
fi

if [ "$MODE" = check ] || [ "$MODE" = full1 ]; then
  harness
  say "1/2/4-GPU agreement: base model, 4x128x128, effective batch 16, 12 steps"
  AG="--preset base --frames 4 --height 128 --width 128 --steps 12 --warmup 4 --log-every 1"
  ranks 1 agree_1 $AG --micro-batch 16
  ranks 1 agree_1x4 $AG --micro-batch 4 --accum 4
  [ "$GPUS" -ge 2 ] && ranks 2 agree_2 $AG --micro-batch 8
  [ "$GPUS" -ge 4 ] && ranks 4 agree_4 $AG --micro-batch 4
  python3 - "$LOG" <<'PY' | tee -a "$LOG/main.log"
import os, sys
def losses(p):
    return [float(l.split()[3]) for l in open(p) if l.startswith("step ")] if os.path.exists(p) else []
base = losses(os.path.join(sys.argv[1], "agree_1.log"))
for name in ("agree_1x4", "agree_2", "agree_4"):
    other = losses(os.path.join(sys.argv[1], name + ".log"))
    if not other:
        continue
    err = max(abs(a - b) / b for a, b in zip(other, base))
    print(f"AGREE {name} vs 1 GPU: {len(other)} steps, max rel loss diff {err:.2e}, last {other[-1]:.6f} vs {base[-1]:.6f}")
PY
  if [ "$GPUS" -ge 2 ]; then
    say "lost rank: rank 1 exits at step 5, --comm-timeout 5 s"
    t0=$(date +%s.%N)
    ranks 2 fault $SMALL --steps 40 --die-at-step 5 --die-rank 1 --comm-timeout 5
    rc=$?
    echo "rank 0 exit code $rc after $(python3 -c "import time;print(round(time.time()-$t0,1))") s" | tee -a "$LOG/main.log"
    tail -2 "$LOG/fault.log" | tee -a "$LOG/main.log"
  fi
  say "all-reduce bandwidth (fp32, the two models' gradient sizes)"
  for n in 2 4; do
    [ "$GPUS" -ge $n ] || continue
    for e in 102400208 4626640; do
      ranks $n "ar_${n}_${e}" --allreduce-elements $e
      grep ALLREDUCE "$LOG/ar_${n}_${e}.log" >> "$LOG/allreduce_ours.log"
    done
    torchrun --standalone --nproc_per_node $n "$SRC/bench/microbench.py" allreduce --elements 102400208 4626640 \
      2>&1 | grep ALLREDUCE >> "$LOG/allreduce_torch.log"
  done
  cat "$LOG"/allreduce_*.log
fi

# bench WORKLOAD: traindeck, torch eager and torch.compile at 1, 2, 4 GPUs, then
# per-phase breakdowns of our step at 1 and 4 GPUs; power and clocks sampled meanwhile.
bench() {
  local w=$1 A
  [ $w = large ] && A=$LARGE || A=$SMALL
  nvidia-smi dmon -s pc -d 1 > "$LOG/dmon_$w.log" 2>&1 &
  local dmon=$!
  for n in 1 2 4; do
    [ "$GPUS" -ge $n ] || continue
    say "$w on $n GPU(s)"
    ranks $n "${w}_traindeck_$n" $A
    torchrun_n $n "${w}_eager_$n" $A
    torchrun_n $n "${w}_compile_$n" $A --compile
    grep -h RESULT "$LOG/${w}_traindeck_$n.log" "$LOG/${w}_eager_$n.log" "$LOG/${w}_compile_$n.log"
  done
  kill $dmon
  for n in 1 4; do
    [ "$GPUS" -ge $n ] || continue
    TRAINDECK_CUDA_PHASES=1 ranks $n "phases_${w}_$n" $A --steps 14 --timed-from 4 --log-every 100
    grep -h per-phase "$LOG/phases_${w}_$n.log"
  done
}

if [ "$MODE" = bench-small ] || [ "$MODE" = full1 ]; then
  python3 "$SRC/bench/microbench.py" matmul 2>&1 | tee "$LOG/matmul.log"
  TRAINDECK_CUDA_DGELU_EPILOGUE=1 ranks 1 small_dgeluEpilogue_1 $SMALL
  grep -h RESULT "$LOG/small_dgeluEpilogue_1.log"
  bench small
fi
if [ "$MODE" = bench-large ]; then
  python3 "$SRC/bench/microbench.py" matmul 2>&1 | tee "$LOG/matmul.log"
  bench large
fi

# Scaling of bench-small: where the 4-GPU step loses time.
small_variants() {
  for v in "TRAINDECK_CUDA_BUCKET_MB=1" "TRAINDECK_CUDA_BUCKET_MB=64" "TRAINDECK_NCCL_NONBLOCKING_OPS=1"; do
    env $v bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 4 sv $SMALL --steps 60 --timed-from 20 --log-every 100"
    echo "SMALLVARIANT 4 GPUs [$v] $(grep -h RESULT "$LOG/sv.log")" | tee -a "$LOG/variants.log"
  done
  TRAINDECK_CUDA_DGELU_EPILOGUE=1 ranks 1 small_dgeluEpilogue_1 $SMALL
  echo "SMALLVARIANT 1 GPU [TRAINDECK_CUDA_DGELU_EPILOGUE=1] $(grep -h RESULT "$LOG/small_dgeluEpilogue_1.log")" | tee -a "$LOG/variants.log"
}

# A peer that stops answering, and one that exits: rank 0 must end with an error event.
fault_tests() {
  say "stuck rank: rank 1 stops at step 5, --comm-timeout 5 s"
  local store; store=$(mktemp -d)
  timeout 40 "$T/traindeck-cuda-train" --rank 1 --world 2 --store "$store" $SMALL --steps 40 --hang-at-step 5 --die-rank 1 > "$LOG/hang.rank1" 2>&1 &
  local t0; t0=$(date +%s.%N)
  NCCL_DEBUG=WARN timeout 40 "$T/traindeck-cuda-train" --rank 0 --world 2 --store "$store" $SMALL --steps 40 --comm-timeout 5 > "$LOG/hang.log" 2>&1
  echo "stuck rank: rank 0 exit code $? after $(python3 -c "import time;print(round(time.time()-$t0,1))") s" | tee -a "$LOG/main.log"
  grep -v "^step" "$LOG/hang.log" | tail -6 | tee -a "$LOG/main.log"
  wait
  say "lost rank: rank 1 exits at step 5"
  t0=$(date +%s.%N)
  NCCL_DEBUG=WARN timeout 40 bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 2 fault $SMALL --steps 40 --die-at-step 5 --die-rank 1 --comm-timeout 5"
  echo "lost rank: rank 0 exit code $? after $(python3 -c "import time;print(round(time.time()-$t0,1))") s" | tee -a "$LOG/main.log"
  grep -v "^step" "$LOG/fault.log" | tail -6 | tee -a "$LOG/main.log"
}

# traindeck-trainer itself (the CPU engineer's loop, rendezvous and metrics) with this
# backend: gloo vs nccl on the tiny model, bench-small through its launcher, then the
# lost-rank tests of the driver.
if [ "$MODE" = trainer ]; then
  TR=$BUILD/trainer/traindeck-trainer
  TINY="--preset tiny --steps 8 --warmup 3 --log-every 1 --seed 1234 --micro-batch 4"
  for b in gloo nccl; do
    timeout 120 "$TR" --backend $b $TINY > "$LOG/tiny_$b.log" 2> "$LOG/tiny_$b.err"
    echo "tiny $b rc $?"
  done
  python3 - "$LOG" <<'PY' | tee -a "$LOG/main.log"
import json, sys, os
def steps(p):
    out = {}
    for line in open(p):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if e.get("event") == "step":
            out[e["step"]] = e
    return out
g, n = (steps(os.path.join(sys.argv[1], f"tiny_{b}.log")) for b in ("gloo", "nccl"))
for s in sorted(g):
    if s in n:
        print(f"TINY step {s}: loss gloo {g[s]['loss']:.8f} nccl {n[s]['loss']:.8f} rel diff {abs(g[s]['loss']-n[s]['loss'])/g[s]['loss']:.1e}; grad_norm {g[s]['grad_norm']:.6f} {n[s]['grad_norm']:.6f}")
PY
  for n in 1 2; do
    [ "$GPUS" -ge $n ] || continue
    MASTER_PORT=$((29500 + n)) timeout 200 "$TR" --backend nccl --nproc-per-node $n --workload bench-small --steps 120 \
      --warmup 20 --seed 1234 --log-every 20 > "$LOG/trainer_small_$n.log" 2> "$LOG/trainer_small_$n.err"
    echo "trainer bench-small $n GPU(s) rc $?: $(grep '"step"' "$LOG/trainer_small_$n.log" | tail -2 | tr '\n' ' ')" | tee -a "$LOG/main.log"
  done
  [ "$GPUS" -ge 2 ] && fault_tests
fi

# bench-large at 4 GPUs loses 3.6%: NCCL's CTAs compete with the backward's products
# for SMs and, under the 700 W cap, for power. Try fewer CTAs; rerun 1/2/4 with the best.
if [ "$MODE" = large-tune ]; then
  best="X=0"; bestv=0
  for v in "X=0" "TRAINDECK_NCCL_MAX_CTAS=4" "TRAINDECK_NCCL_MAX_CTAS=8" "TRAINDECK_NCCL_MAX_CTAS=16"; do
    env $v bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 4 lv $LARGE --steps 50 --timed-from 15 --log-every 100"
    r=$(grep -h RESULT "$LOG/lv.log")
    echo "LARGEVARIANT 4 GPUs [$v] $r" | tee -a "$LOG/variants.log"
    sps=$(echo "$r" | awk '{for (i=1;i<NF;i++) if ($i=="samples_per_s") print $(i+1)}')
    if python3 -c "import sys; sys.exit(0 if float('${sps:-0}') > $bestv * 1.005 else 1)"; then best=$v; bestv=$sps; fi
  done
  say "best: [$best] $bestv"
  [ "$best" = "X=0" ] && exit 0
  for n in 4 2 1; do
    env $best bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks $n large_tuned_$n $LARGE"
    echo "TUNED [$best] $(grep -h RESULT "$LOG/large_tuned_$n.log")" | tee -a "$LOG/variants.log"
  done
  env $best TRAINDECK_CUDA_PHASES=1 bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 4 phases_tuned_4 $LARGE --steps 14 --timed-from 4 --log-every 100"
  grep -h per-phase "$LOG/phases_tuned_4.log"
fi

# After a refactor: harness, 1 vs 2 GPUs, bench-small 1/2 GPUs, the per-product tool,
# one lost-rank test.
if [ "$MODE" = recheck ]; then
  harness
  AG="--preset base --frames 4 --height 128 --width 128 --steps 12 --warmup 4 --log-every 11"
  ranks 1 agree_1 $AG --micro-batch 16
  ranks 2 agree_2 $AG --micro-batch 8
  grep -h "^step 11" "$LOG/agree_1.log" "$LOG/agree_2.log" | tee -a "$LOG/main.log"
  for n in 1 2; do ranks $n "small_traindeck_$n" $SMALL; grep -h RESULT "$LOG/small_traindeck_$n.log"; done
  ranks 1 large_traindeck_1 $LARGE --steps 40 --timed-from 10; grep -h RESULT "$LOG/large_traindeck_1.log"
  "$T/traindeck-cuda-gemmbench" 2>&1 | grep -E "KERNEL|GEMM" | tee "$LOG/gemm_large.log"
  fault_tests
fi

if [ "$MODE" = part4 ]; then
  TR=$BUILD/trainer/traindeck-trainer
  "$TR" --version | tee -a "$LOG/main.log"
  # events FILE EVENT: that event's lines of a metrics stream, one JSON object a line.
  events() { grep -h "\"event\":\"$2\"" "$1" || true; }
  say "evaluate(): the same 2-process run on nccl (GPU, bf16 products) and gloo (CPU, fp32)"
  EV="--preset tiny --frames 2 --height 32 --width 32 --micro-batch 4 --steps 30 --warmup 5 --eval-every 10 --log-every 10 --seed 7"
  for b in nccl gloo; do
    MASTER_PORT=29611 timeout 300 "$TR" --backend $b --nproc-per-node 2 $EV --metrics-file "$LOG/eval_$b.jsonl" \
      > "$LOG/eval_$b.out" 2>&1
    echo "eval $b rc $?" | tee -a "$LOG/main.log"
    events "$LOG/eval_$b.jsonl" eval | tee -a "$LOG/main.log"
  done
  say "--eval-every on bench-small, 2 GPUs, and --check-sync through NCCL"
  MASTER_PORT=29612 timeout 300 "$TR" --backend nccl --nproc-per-node 2 --workload bench-small --steps 200 \
    --eval-every 50 --log-every 50 --check-sync --metrics-file "$LOG/small_eval_sync.jsonl" > "$LOG/small_eval_sync.out" 2>&1
  echo "bench-small eval+check-sync rc $?" | tee -a "$LOG/main.log"
  events "$LOG/small_eval_sync.jsonl" eval | tee -a "$LOG/main.log"
  events "$LOG/small_eval_sync.jsonl" rank | tail -4 | tee -a "$LOG/main.log"
  events "$LOG/small_eval_sync.jsonl" end | tee -a "$LOG/main.log"
  say "bench-large, PSNR at step 119: ours vs PyTorch eager; 2 GPUs over three seeds, 1 GPU over one"
  for run in "2 1234" "2 1" "2 2" "1 1234"; do
    set -- $run
    n=$1 seed=$2
    MASTER_PORT=$((29620 + n)) timeout 200 "$TR" --backend nccl --nproc-per-node $n --workload bench-large --steps 120 \
      --warmup 20 --seed $seed --log-every 1 --metrics-file "$LOG/large_ours_${n}_$seed.jsonl" > /dev/null 2>&1
    echo "ours $n GPU seed $seed rc $?: $(events "$LOG/large_ours_${n}_$seed.jsonl" step | tail -1)" | tee -a "$LOG/main.log"
    TO=200 torchrun_n $n "large_torch_${n}_$seed" --steps 120 --warmup 20 --seed $seed --log-every 1
    echo "torch $n GPU seed $seed: $(grep -E '^step 119 ' "$LOG/large_torch_${n}_$seed.log" | tail -1)" | tee -a "$LOG/main.log"
  done
fi

# The fp32 reference of ours, bounded by what is left of BUDGET seconds (the step lines
# written so far stay in the log if it is cut).
ours_fp32() {
  local left=$(( ${BUDGET:-570} - SECONDS ))
  say "ours fp32 (TRAINDECK_CUDA_FP32=1), 120 steps, ${left} s left"
  [ $left -gt 30 ] || return 0
  TRAINDECK_CUDA_FP32=1 timeout $left "$T/traindeck-cuda-train" --rank 0 --world 1 --store "$(mktemp -d)" $LARGE \
    --steps 120 --warmup 20 --seed 1234 --log-every 1 --timed-from 5 > "$LOG/large_ours_fp32.log" 2>&1
  echo "rc $?" | tee -a "$LOG/main.log"
  grep -h -E "RESULT|^step 119 " "$LOG/large_ours_fp32.log" | tee -a "$LOG/main.log"
  save
}

if [ "$MODE" = floor ]; then
  harness
  save
  say "bench-large, 1 GPU: step vs products floor, 120 steps, seed 1234 (curve logged every step)"
  ranks 1 large_ours_bf16 $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --floor-reps 10
  grep -h -E "RESULT|FLOOR" "$LOG/large_ours_bf16.log" | tee -a "$LOG/main.log"
  TRAINDECK_CUDA_BGRAD_EPILOGUE=1 ranks 1 large_ours_bgrad $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --floor-reps 10
  grep -h -E "RESULT|FLOOR|BGRADA" "$LOG/large_ours_bgrad.log" | tee -a "$LOG/main.log"
  save
  say "PyTorch eager, same workload and seed"
  TO=150 torchrun_n 1 large_torch_bf16 $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1
  grep -h RESULT "$LOG/large_torch_bf16.log" | tee -a "$LOG/main.log"
  say "per-phase times (eager replay with events), default and BGRADA"
  TRAINDECK_CUDA_PHASES=1 ranks 1 phases_large $LARGE --steps 14 --timed-from 4 --log-every 100
  TRAINDECK_CUDA_PHASES=1 TRAINDECK_CUDA_BGRAD_EPILOGUE=1 ranks 1 phases_large_bgrad $LARGE --steps 14 --timed-from 4 --log-every 100
  grep -h per-phase "$LOG/phases_large.log" "$LOG/phases_large_bgrad.log" | tee -a "$LOG/main.log"
  save
  say "PyTorch compile"
  TO=200 torchrun_n 1 large_torch_compile $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 10 --compile
  grep -h RESULT "$LOG/large_torch_compile.log" | tee -a "$LOG/main.log"
  save
  ours_fp32
fi

if [ "$MODE" = floor-fp32 ]; then
  harness
  save
  say "bench-large, 1 GPU: step vs products floor (real operands), default and BGRADA"
  ranks 1 large_ours_bf16 $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --floor-reps 10
  grep -h -E "RESULT|FLOOR" "$LOG/large_ours_bf16.log" | tee -a "$LOG/main.log"
  TRAINDECK_CUDA_BGRAD_EPILOGUE=1 ranks 1 large_ours_bgrad $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --floor-reps 10
  grep -h -E "RESULT|FLOOR|BGRADA" "$LOG/large_ours_bgrad.log" | tee -a "$LOG/main.log"
  TRAINDECK_CUDA_OVERLAP=1 ranks 1 large_ours_overlap $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --floor-reps 10
  grep -h -E "RESULT|FLOOR" "$LOG/large_ours_overlap.log" | tee -a "$LOG/main.log"
  TRAINDECK_CUDA_PHASES=1 ranks 1 phases_large $LARGE --steps 14 --timed-from 4 --log-every 100
  TRAINDECK_CUDA_PHASES=1 TRAINDECK_CUDA_OVERLAP=1 ranks 1 phases_large_overlap $LARGE --steps 14 --timed-from 4 --log-every 100
  grep -h per-phase "$LOG/phases_large.log" "$LOG/phases_large_overlap.log" | tee -a "$LOG/main.log"
  save
  say "PyTorch eager and compile, same workload and seed"
  torch_large_pair 1
  save
  MODE_FP32=1
fi

# The ones-column backward (TRAINDECK_CUDA_BIAS_COLUMN=1) against the default: harness,
# bench-large step vs floor for both, per-phase times, PyTorch eager; bench-small too.
if [ "$MODE" = column ]; then
  harness
  save
  for v in default TRAINDECK_CUDA_BIAS_COLUMN=1; do
    env $( [ "$v" = default ] || echo "$v" ) bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 1 large_$v $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --floor-reps 10"
    echo "[$v] $(grep -h -E 'RESULT|FLOOR' "$LOG/large_$v.log" | tr '\n' ' ')" | tee -a "$LOG/main.log"
    save
  done
  TRAINDECK_CUDA_PHASES=1 TRAINDECK_CUDA_BIAS_COLUMN=1 ranks 1 phases_large_column $LARGE --steps 14 --timed-from 4 --log-every 100
  TRAINDECK_CUDA_PHASES=1 ranks 1 phases_large $LARGE --steps 14 --timed-from 4 --log-every 100
  grep -h per-phase "$LOG/phases_large_column.log" "$LOG/phases_large.log" | tee -a "$LOG/main.log"
  TO=150 torchrun_n 1 large_torch_bf16 $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 10
  grep -h RESULT "$LOG/large_torch_bf16.log" | tee -a "$LOG/main.log"
  save
  for v in default TRAINDECK_CUDA_BIAS_COLUMN=1; do
    env $( [ "$v" = default ] || echo "$v" ) bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 1 small_$v $SMALL --steps 120 --timed-from 20 --log-every 119"
    echo "[$v] $(grep -h RESULT "$LOG/small_$v.log")" | tee -a "$LOG/main.log"
  done
  save
fi

# Issue 15 part 1, one numerical difference at a time: bench-large at 1 GPU, seeds 1234
# and 1, 120 steps, the default and three variants (compare with the fp32 curves of the
# floor-fp32 and seeds calls).
if [ "$MODE" = numerics ]; then
  harness
  save
  for seed in 1234 1; do
    for v in default TRAINDECK_CUDA_UNFUSED=1 TRAINDECK_CUDA_DGELU_EPILOGUE=1 TRAINDECK_CUDA_BF16_WGRAD=1; do
      name=large_s${seed}_$(echo "$v" | sed 's/TRAINDECK_CUDA_//; s/=1//' | tr 'A-Z' 'a-z')
      env $( [ "$v" = default ] || echo "$v" ) bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 1 $name $LARGE --steps 120 --warmup 20 --seed $seed --log-every 1"
      echo "[$seed $v] $(grep -h RESULT "$LOG/$name.log")" | tee -a "$LOG/main.log"
    done
    save
  done
fi

# The unfused forward (plain products + biasGelu) against the default fused epilogue:
# bench-large step vs floor, phases, PyTorch eager and compile in the same call; bench-small.
if [ "$MODE" = unfused ]; then
  for v in default TRAINDECK_CUDA_UNFUSED=1 "TRAINDECK_CUDA_UNFUSED=1 TRAINDECK_CUDA_OVERLAP=1"; do
    name=large_$(echo "$v" | sed 's/TRAINDECK_CUDA_//g; s/=1//g; s/ /_/g' | tr 'A-Z' 'a-z')
    env $( [ "$v" = default ] || echo "$v" ) bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 1 $name $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 10 --floor-reps 10"
    echo "[$v] $(grep -h -E 'RESULT|FLOOR' "$LOG/$name.log" | tr '\n' ' ')" | tee -a "$LOG/main.log"
    save
  done
  TRAINDECK_CUDA_PHASES=1 TRAINDECK_CUDA_UNFUSED=1 ranks 1 phases_large_unfused $LARGE --steps 14 --timed-from 4 --log-every 100
  grep -h per-phase "$LOG/phases_large_unfused.log" | tee -a "$LOG/main.log"
  torch_large_pair 10
  save
  for v in default TRAINDECK_CUDA_UNFUSED=1; do
    name=small_$(echo "$v" | sed 's/TRAINDECK_CUDA_//; s/=1//' | tr 'A-Z' 'a-z')
    env $( [ "$v" = default ] || echo "$v" ) bash -c "$(declare -f ranks); T=$T LOG=$LOG ranks 1 $name $SMALL --steps 120 --timed-from 20 --log-every 119"
    echo "[$v] $(grep -h RESULT "$LOG/$name.log")" | tee -a "$LOG/main.log"
  done
  save
fi

# After the forward's epilogue is chosen by size: harness, bench-large (default = unfused
# there) step vs floor and per-phase times, PyTorch eager and compile, bench-small.
if [ "$MODE" = auto ]; then
  harness
  save
  ranks 1 large_auto $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 10 --floor-reps 10
  grep -h -E "RESULT|FLOOR" "$LOG/large_auto.log" | tee -a "$LOG/main.log"
  TRAINDECK_CUDA_UNFUSED=0 ranks 1 large_fused $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 10 --floor-reps 10
  grep -h -E "RESULT|FLOOR" "$LOG/large_fused.log" | tee -a "$LOG/main.log"
  TRAINDECK_CUDA_PHASES=1 ranks 1 phases_large_auto $LARGE --steps 14 --timed-from 4 --log-every 100
  grep -h per-phase "$LOG/phases_large_auto.log" | tee -a "$LOG/main.log"
  save
  torch_large_pair 10
  save
  ranks 1 small_auto $SMALL --steps 120 --timed-from 20 --log-every 119
  TO=100 torchrun_n 1 small_torch_bf16 $SMALL --steps 120 --log-every 119
  grep -h RESULT "$LOG/small_auto.log" "$LOG/small_torch_bf16.log" | tee -a "$LOG/main.log"
  save
fi

# bench-large at 1 GPU over seeds 1 and 2 (bf16, ours and PyTorch eager), then the fp32
# pair of seed 1 in what is left of BUDGET.
if [ "$MODE" = seeds ]; then
  [ "${SKIP_HARNESS:-0}" = 1 ] || harness
  for seed in 1 2; do
    say "seed $seed, bf16, ours and PyTorch eager"
    ranks 1 large_ours_bf16_s$seed $LARGE --steps 120 --warmup 20 --seed $seed --log-every 1
    TO=150 torchrun_n 1 large_torch_bf16_s$seed $LARGE --steps 120 --warmup 20 --seed $seed --log-every 1
    grep -h RESULT "$LOG/large_ours_bf16_s$seed.log" "$LOG/large_torch_bf16_s$seed.log" | tee -a "$LOG/main.log"
    save
  done
  say "seed 1, fp32, PyTorch then ours"
  TO=$(( (${BUDGET:-570} - SECONDS) / 2 )) torchrun_n 1 large_torch_fp32_s1 $LARGE --steps 120 --warmup 20 --seed 1 \
    --log-every 1 --fp32 --timed-from 5
  grep -h -E "RESULT|^step 119 " "$LOG/large_torch_fp32_s1.log" | tee -a "$LOG/main.log"
  save
  left=$(( ${BUDGET:-570} - SECONDS ))
  TRAINDECK_CUDA_FP32=1 timeout $left "$T/traindeck-cuda-train" --rank 0 --world 1 --store "$(mktemp -d)" $LARGE \
    --steps 120 --warmup 20 --seed 1 --log-every 1 --timed-from 5 > "$LOG/large_ours_fp32_s1.log" 2>&1
  grep -h -E "RESULT|^step 119 " "$LOG/large_ours_fp32_s1.log" | tee -a "$LOG/main.log"
  save
fi

# Issue 15, part 1: the step-by-step comparison. Our run dumps its weights and gradient
# before the listed steps; every variant of ours and PyTorch (bf16 and fp32) then takes
# the gradient of the same step's data at those same weights.
if [ "$MODE" = samew ]; then
  D=/tmp/samew; mkdir -p $D
  STEPS=0,10,19,20,21,22,24,25
  say "ours bf16, seed 1234: per-layer norms to step 45, weights and gradients at $STEPS"
  ranks 1 layers_ours $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --stop-after 45 \
    --layer-norms-until 45 --dump-steps $STEPS --dump-dir $D
  tail -2 "$LOG/layers_ours.log" | tee -a "$LOG/main.log"
  TO=120 torchrun_n 1 layers_torch $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --stop-after 45 \
    --layer-norms-until 45
  tail -2 "$LOG/layers_torch.log" | tee -a "$LOG/main.log"
  python3 "$SRC/bench/compare_layers.py" "$LOG/layers_ours.log" "$LOG/layers_torch.log" | tee "$LOG/layers_compare.log"
  save
  for v in rerun TRAINDECK_CUDA_FP32=1 TRAINDECK_CUDA_BF16_WGRAD=1 TRAINDECK_CUDA_BF16_BGRAD=1 \
           "TRAINDECK_CUDA_BF16_WGRAD=1 TRAINDECK_CUDA_BF16_BGRAD=1" TRAINDECK_CUDA_UNFUSED=0 \
           TRAINDECK_CUDA_DGELU_EPILOGUE=1; do
    t=$(tag "$v")
    variant "$v" samew_$t $LARGE --steps 120 --warmup 20 --seed 1234 --grads-at $D --dump-steps $STEPS --tag $t
    grep -h GRADS "$LOG/samew_$t.log" | tail -1 | tee -a "$LOG/main.log"
  done
  TO=200 torchrun_n 1 samew_torch $LARGE --seed 1234 --grads-at $D --dump-steps $STEPS
  grep -h SAMEW "$LOG/samew_torch.log" | cut -c1-160 | tee -a "$LOG/main.log"
  save
  rm -rf $D
  for seed in 1234 1 2; do
    for v in TRAINDECK_CUDA_BF16_BGRAD=1 "TRAINDECK_CUDA_BF16_WGRAD=1 TRAINDECK_CUDA_BF16_BGRAD=1"; do
      [ $(( ${BUDGET:-560} - SECONDS )) -gt 30 ] || break 2
      name=large_s${seed}_$(tag "$v")
      variant "$v" $name $LARGE --steps 120 --warmup 20 --seed $seed --log-every 1
      echo "[$seed $v] $(grep -h RESULT "$LOG/$name.log")" | tee -a "$LOG/main.log"
    done
    save
  done
fi

if [ "$MODE" = biasepi ]; then
  harness
  save
  for v in default TRAINDECK_CUDA_BIAS_IN_PASS=1 TRAINDECK_CUDA_UNFUSED=0; do
    name=large_$(tag "$v")
    variant "$v" $name $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --floor-reps 10
    echo "[$v] $(grep -h -E 'RESULT|FLOOR' "$LOG/$name.log" | tr '\n' ' ')" | tee -a "$LOG/main.log"
  done
  TRAINDECK_CUDA_PHASES=1 ranks 1 phases_large $LARGE --steps 14 --timed-from 4 --log-every 100
  grep -h per-phase "$LOG/phases_large.log" | tee -a "$LOG/main.log"
  save
  torch_large_pair 1
  save
  D=/tmp/samew; mkdir -p $D
  STEPS=0,10,20,21,24,25
  ranks 1 dump_ours $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 100 --stop-after 25 --dump-steps $STEPS --dump-dir $D
  for v in TRAINDECK_CUDA_BIAS_IN_PASS=1 TRAINDECK_CUDA_UNFUSED=0 TRAINDECK_CUDA_FP32=1; do
    t=$(tag "$v")
    variant "$v" samew_$t $LARGE --steps 120 --warmup 20 --seed 1234 --grads-at $D --dump-steps $STEPS --tag $t
  done
  TO=150 torchrun_n 1 samew_torch $LARGE --seed 1234 --grads-at $D --dump-steps $STEPS
  grep -h SAMEW "$LOG/samew_torch.log" | cut -c1-110 | tee -a "$LOG/main.log"
  save
  rm -rf $D
  for seed in 1 2; do
    [ $(( ${BUDGET:-560} - SECONDS )) -gt 45 ] || break
    ranks 1 large_ours_s$seed $LARGE --steps 120 --warmup 20 --seed $seed --log-every 1
    TO=$(( ${BUDGET:-560} - SECONDS - 5 )) torchrun_n 1 large_torch_s$seed $LARGE --steps 120 --warmup 20 --seed $seed --log-every 1
    grep -h RESULT "$LOG/large_ours_s$seed.log" "$LOG/large_torch_s$seed.log" | tee -a "$LOG/main.log"
    save
  done
fi

if [ "$MODE" = biasorder ]; then
  "$T/traindeck-cuda-gemmbench" 2>&1 | grep -E "fwd|heuristic" | tee "$LOG/gemm_large.log"
  k=0
  for v in TRAINDECK_CUDA_BIAS_IN_PASS=1 default TRAINDECK_CUDA_AUTOTUNE=1 TRAINDECK_CUDA_BIAS_IN_PASS=1; do
    k=$((k + 1))
    name=large_${k}_$(tag "$v")
    variant "$v" $name $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 10 --floor-reps 10
    echo "[$v] $(grep -h -E 'RESULT|FLOOR' "$LOG/$name.log" | tr '\n' ' ')" | tee -a "$LOG/main.log"
    save
  done
  torch_large_pair 10 "$(( ${BUDGET:-560} - SECONDS - 5 ))"
fi

if [ "$MODE" = lrzero ]; then
  k=0
  for v in default TRAINDECK_CUDA_BIAS_IN_PASS=1 default TRAINDECK_CUDA_BIAS_IN_PASS=1 TRAINDECK_CUDA_UNFUSED=0; do
    k=$((k + 1))
    name=large_lr0_${k}_$(tag "$v")
    variant "$v" $name $LARGE --steps 80 --lr 0 --seed 1234 --log-every 40 --floor-reps 10
    echo "[$v, lr 0] $(grep -h -E 'RESULT|FLOOR' "$LOG/$name.log" | tr '\n' ' ')" | tee -a "$LOG/main.log"
    save
  done
fi

if [ "$MODE" = fp32 ] || [ "${MODE_FP32:-0}" = 1 ]; then
  say "PyTorch fp32 (no autocast, no TF32), 120 steps"
  TO=$(( ${BUDGET:-570} - SECONDS - 10 )) torchrun_n 1 large_torch_fp32 $LARGE --steps 120 --warmup 20 --seed 1234 --log-every 1 --fp32 --timed-from 5
  grep -h RESULT "$LOG/large_torch_fp32.log" | tee -a "$LOG/main.log"
  save
  [ "${WITH_OURS:-0}" = 1 ] && ours_fp32
fi

if [ "$MODE" = final ]; then
  say "sanity: 4-GPU agreement with the communicator in use"
  AG="--preset base --frames 4 --height 128 --width 128 --steps 12 --warmup 4 --log-every 11"
  ranks 1 agree_1 $AG --micro-batch 16
  ranks 4 agree_4 $AG --micro-batch 4
  grep -h "^step 11" "$LOG/agree_1.log" "$LOG/agree_4.log" | tee -a "$LOG/main.log"
  python3 "$SRC/bench/microbench.py" matmul 2>&1 | tee "$LOG/matmul.log"
  bench small
  bench large
  small_variants
  fault_tests
fi
