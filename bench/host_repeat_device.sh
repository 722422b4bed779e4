#!/usr/bin/env bash
# How repeatable a host-bound step is on the device's machines, and what moves it: bench/step_truth.py's
# points in short device calls. The runs are kept in bench/logs/host_repeat/EXPERIMENT/; bench/RESULTS.md
# ("How repeatable a host-bound step is") reads them.
#
#   cores   1024 × 1 (GPT-2, Llama-3.1-8B at 4 blocks) on one GPU under taskset on all cores, two, one;
#           two one-GPU runs at once; DDP and FSDP2 on 2 GPUs on all cores and on half
#   pair    GPT-2 1024 × 1: alone on one core; two processes on one core, on two cores, unpinned;
#           beside a process that only burns CPU on the same core or another
#   pin     GPT-2 1024 × 1 and × 8, twice each: unpinned, on a block of 16 cores, of 4, on one core;
#           two processes in disjoint blocks of 16
#   repeat  the points that miss issue 35's goals at 1024 × 1 (GPT-2, Llama and the
#           Mixtral-like MoE; one GPU, DDP, FSDP2 full_shard and shard_grad_op), three rounds
#   four    on a 4-GPU machine, the same points on one GPU and FSDP2 on 2 and on 4 GPUs of one host
#
# Usage: host_repeat_device.sh EXPERIMENT ROOT   ($OUT must be set; NVLink multicast stays off)
set -u
experiment=$1
root=$(cd "${2:-.}" && pwd)
out=${OUT:?set OUT}
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
n=$(nproc)
all="0-$((n - 1))"
bash "$root/bench/machine_info.sh" >"$out/machine.txt" 2>&1

truth() {  # NAME CPUSET MODELS SHAPES COMMAND...: one phase of step_truth.py, its points in NAME.json
  local name=$1 set=$2 models=$3 shapes=$4 t=$SECONDS
  shift 4
  timeout 150 taskset -c "$set" "$@" --root "$root" --only "$models" --shapes "$shapes" --checkpointing none \
    --out "$out/$name.json" >>"$out/log.txt" 2>&1
  echo "$name (cpus $set): exit $? in $((SECONDS - t))s" >>"$out/machine.txt"
}
one() { echo env CUDA_VISIBLE_DEVICES="$1" python3 "$root/bench/step_truth.py" --phase single; }
two() { echo torchrun --standalone --nproc-per-node 2 "$root/bench/step_truth.py" --phase "$1"; }
burn() { taskset -c "$1" timeout "$2" python3 -c 'while True: pass' 2>/dev/null; }  # CPUSET SECONDS

case $experiment in
cores)
  m=gpt2,llama-3.1-8b
  truth single-all "$all" $m 1024x1 $(one 0)
  truth single-two 0,1 $m 1024x1 $(one 0)
  truth single-one 0 $m 1024x1 $(one 0)
  truth pair-a "$all" $m 1024x1 $(one 0) & truth pair-b "$all" $m 1024x1 $(one 1); wait
  for s in ddp full_shard; do
    truth "$s-all" "$all" $m 1024x1 $(two $s)
    truth "$s-half" "0-$((n / 2 - 1))" $m 1024x1 $(two $s)
  done
  truth single-all-again "$all" $m 1024x1 $(one 0) ;;
pair)
  truth alone-core2 2 gpt2 1024x1 $(one 0)
  truth same-core-a 2 gpt2 1024x1 $(one 0) & truth same-core-b 2 gpt2 1024x1 $(one 1); wait
  truth two-cores-a 2 gpt2 1024x1 $(one 0) & truth two-cores-b 20 gpt2 1024x1 $(one 1); wait
  truth unpinned-a "$all" gpt2 1024x1 $(one 0) & truth unpinned-b "$all" gpt2 1024x1 $(one 1); wait
  burn 2 40 & truth burn-same-core 2 gpt2 1024x1 $(one 0); kill %1 2>/dev/null; wait
  burn 20 40 & truth burn-far 2 gpt2 1024x1 $(one 0); kill %1 2>/dev/null; wait
  truth alone-core2-again 2 gpt2 1024x1 $(one 0) ;;
pin)
  for round in 1 2; do
    truth "unpinned-$round" "$all" gpt2 1024x1,1024x8 $(one 0)
    truth "block16-$round" 0-15 gpt2 1024x1,1024x8 $(one 0)
    truth "block4-$round" 0-3 gpt2 1024x1,1024x8 $(one 0)
    truth "core-$round" 2 gpt2 1024x1,1024x8 $(one 0)
    truth "pair16-$round-a" 0-15 gpt2 1024x1,1024x8 $(one 0) & truth "pair16-$round-b" 16-31 gpt2 1024x1,1024x8 $(one 1); wait
  done ;;
repeat)
  for round in 1 2 3; do
    truth "single-$round" "$all" gpt2,llama-3.1-8b,mixtral-small 1024x1 $(one 0)
    for s in ddp full_shard shard_grad_op; do
      truth "$s-$round" "$all" gpt2,llama-3.1-8b,mixtral-small 1024x1 $(two $s)
    done
  done ;;
four)
  m=gpt2,llama-3.1-8b,mixtral-small
  truth single "$all" $m 1024x1 $(one 0)
  for s in full_shard shard_grad_op; do
    truth "$s-2" "$all" $m 1024x1 env CUDA_VISIBLE_DEVICES=0,1 $(two $s)
    truth "$s-4" "$all" $m 1024x1 $(two $s | sed 's/nproc-per-node 2/nproc-per-node 4/')
  done ;;
*) echo "host_repeat_device.sh: no experiment '$experiment' (cores, pair, pin, repeat, four)" >&2; exit 2 ;;
esac
date -u >>"$out/machine.txt"
python3 - "$out" <<'PY'
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    try:
        points = json.load(open(path)).get("points", [])
    except ValueError:
        continue
    for p in points:
        t = sorted(p.get("step_times_s", [0]))
        print("%-18s %-14s %-13s %4d x %d  step %6.1f ms (%.1f-%.1f)  host %6.1f" % (
            os.path.basename(path)[:-5], p["model"], p["strategy"], p["seq"], p["micro_batch"], p.get("step_s", 0) * 1e3,
            t[0] * 1e3, t[-1] * 1e3, p.get("host_s", 0) * 1e3))
PY
