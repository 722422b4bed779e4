#!/usr/bin/env bash
# Builds the CUDA backend's tools on a GPU machine, checks correctness, and measures it
# against PyTorch DDP, in one device call. Logs go to $OUT (one tarball plus the table).
#
#   bench/run_device.sh product   one GPU: build, correctness harness, matmul peak,
#                                 bench-large and bench-small (ours, PyTorch eager and
#                                 compile, 120 steps), bench-large's gradients at the same
#                                 weights against PyTorch's fp32 and bf16 ones (with 2
#                                 GPUs also bench-small through NCCL, lost-rank tests)
#   bench/run_device.sh quick     one GPU: harness, matmul peak, short runs of both
#                                 workloads, ours and the PyTorch reference
#   bench/run_device.sh check     several GPUs: harness, 1/2/4-GPU agreement, lost-rank
#                                 test, all-reduce bandwidth (ours vs torch.distributed)
#   bench/run_device.sh full1     check, then bench-small at 1, 2, 4 GPUs (traindeck vs
#                                 torch eager vs torch.compile)
#   bench/run_device.sh bench-large   the same for bench-large (a separate call: the
#                                 whole set does not fit one 10-minute command)
#   bench/run_device.sh trainer   traindeck-trainer itself with this backend: gloo vs nccl,
#                                 its launcher, the lost-rank tests
#   bench/run_device.sh recheck   after a refactor: harness, 1 vs 2 GPUs, bench-small at 1
#                                 and 2 GPUs, bench-large at 1, per-product timings, faults
#   bench/run_device.sh part4     the trainer's NCCL paths: evaluate() nccl vs gloo,
#                                 --eval-every and --check-sync on bench-small at 2 GPUs;
#                                 bench-large's PSNR at step 119 over three seeds, ours vs
#                                 PyTorch, 1 and 2 GPUs
#   bench/run_device.sh final     everything in RESULTS.md's first table (4 GPUs)
#
# The research modes of earlier calls (floor, numerics, samew, biasepi, ...) ran backend
# variants that are no longer in the trainer; bench/RESULTS.md says what they measured.
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
TARGETS="traindeck-cuda-check traindeck-cuda-train traindeck-cuda-gemmbench"
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
torchrun_n() {
  local n=$1 name=$2; shift 2
  timeout "${TO:-600}" torchrun --standalone --nproc_per_node "$n" "$SRC/bench/ddp_reference.py" "$@" \
    > "$LOG/$name.log" 2>&1
}
LARGE="--preset large --frames 8 --height 256 --width 256 --micro-batch 16"
SMALL="--preset base --frames 4 --height 128 --width 128 --micro-batch 8"

harness() {
  # (the bucket plan's unit test is plain C++: ctest runs it, tests/trainer)
  say "correctness harness"
  timeout 300 "$T/traindeck-cuda-check" 2>&1 | tee "$LOG/check.log"
}

if [ "$MODE" = quick ]; then
  harness
  say "matmul peak"
  python3 "$SRC/bench/microbench.py" matmul 2>&1 | tee "$LOG/matmul.log"
  say "short runs, 1 GPU"
  for w in large small; do
    [ $w = large ] && A=$LARGE || A=$SMALL
    ranks 1 "${w}_traindeck_1" $A --steps 60 --timed-from 20 --log-every 10
    TO=240 torchrun_n 1 "${w}_eager_1" $A --steps 60 --log-every 10
    grep -h -E "^step 0 |RESULT" "$LOG/${w}_traindeck_1.log" "$LOG/${w}_eager_1.log" | tee -a "$LOG/main.log"
  done
  tail -3 "$LOG/large_eager_1.log"
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

# bench WORKLOAD: traindeck, torch eager and torch.compile at 1, 2, 4 GPUs; power and
# clocks sampled meanwhile.
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
}

if [ "$MODE" = bench-small ] || [ "$MODE" = full1 ]; then
  python3 "$SRC/bench/microbench.py" matmul 2>&1 | tee "$LOG/matmul.log"
  bench small
fi
if [ "$MODE" = bench-large ]; then
  python3 "$SRC/bench/microbench.py" matmul 2>&1 | tee "$LOG/matmul.log"
  bench large
fi

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

if [ "$MODE" = final ]; then
  say "sanity: 4-GPU agreement with the communicator in use"
  AG="--preset base --frames 4 --height 128 --width 128 --steps 12 --warmup 4 --log-every 11"
  ranks 1 agree_1 $AG --micro-batch 16
  ranks 4 agree_4 $AG --micro-batch 4
  grep -h "^step 11" "$LOG/agree_1.log" "$LOG/agree_4.log" | tee -a "$LOG/main.log"
  python3 "$SRC/bench/microbench.py" matmul 2>&1 | tee "$LOG/matmul.log"
  bench small
  bench large
  fault_tests
fi

# The product path after a change, on one GPU: the harness, both workloads against
# PyTorch (eager and compile) in the same call, and bench-large's gradient at the same
# weights against PyTorch's fp32 (exact) and bf16 ones; with 2 GPUs also a bench-small
# run through NCCL and the lost-rank tests.
if [ "$MODE" = product ]; then
  harness
  save
  python3 "$SRC/bench/microbench.py" matmul 2>&1 | tee "$LOG/matmul.log"
  for w in large small; do
    [ $w = large ] && A=$LARGE || A=$SMALL
    say "$w, 1 GPU: ours, PyTorch eager, PyTorch compile (120 steps, seed 1234)"
    ranks 1 "${w}_traindeck_1" $A --log-every 10
    TO=150 torchrun_n 1 "${w}_eager_1" $A --log-every 10
    TO=200 torchrun_n 1 "${w}_compile_1" $A --log-every 10 --compile
    grep -h RESULT "$LOG/${w}_traindeck_1.log" "$LOG/${w}_eager_1.log" "$LOG/${w}_compile_1.log" | tee -a "$LOG/main.log"
    save
  done
  say "bench-large: gradients at our run's weights against PyTorch fp32 and bf16"
  D=/tmp/samew; mkdir -p $D
  STEPS=0,10,20,21,24,25
  ranks 1 dump_ours $LARGE --log-every 100 --stop-after 25 --dump-steps $STEPS --dump-dir $D
  TO=150 torchrun_n 1 samew_torch $LARGE --grads-at $D --dump-steps $STEPS
  grep -h SAMEW "$LOG/samew_torch.log" | cut -c1-110 | tee -a "$LOG/main.log"
  rm -rf $D
  save
  if [ "$GPUS" -ge 2 ]; then
    say "2 GPUs: bench-small through NCCL (the watchdog stays silent), then the lost-rank tests"
    ranks 2 small_traindeck_2 $SMALL --steps 60 --log-every 20
    grep -h RESULT "$LOG/small_traindeck_2.log" | tee -a "$LOG/main.log"
    echo "watchdog lines of the healthy run: $(cat "$LOG"/small_traindeck_2.* | grep -c 'nccl watchdog')" | tee -a "$LOG/main.log"
    fault_tests
    save
  fi
fi
