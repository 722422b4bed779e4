#!/usr/bin/env bash
# One device call on a 2-GPU machine: bench/step_truth.py's phases one after another on the
# otherwise idle machine (1 GPU, then DDP, FSDP2 full_shard and shard_grad_op on 2), each in a
# time box of its own so that a phase that hangs or runs long costs only itself (its points so far
# are written as they come), then the phases merged into the fixture. Results in bench/RESULTS.md.
# Usage: step_truth_device.sh ROOT [tuning|heldout|families [GPUS [MODEL,...]]]   (ROOT holds bench/step_truth.py
#        and the configs it names; $OUT must be set; 7 files come back; heldout: the models measured
#        after the planner's constants were set, step_truth.py's HELD_OUT; families: today's decoder
#        families, FAMILIES). PHASES (default "ddp full_shard shard_grad_op") names the phases after
#        the single-GPU one (on a 1-GPU machine: PHASES=ddp, DDP on 1 GPU); STEP_ARGS goes to each
#        phase (e.g. "--budget 1" for shorter timing).
set -u
root=$(cd "${1:-.}" && pwd)
out=${OUT:?set OUT}
models=${2:-tuning}
gpus=${3:-2}
only=${4:-}
# NVLink multicast stays off (the device's KINDS.md says why).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
summary=$out/machine.txt
bash "$root/bench/machine_info.sh" >"$summary" 2>&1

phase() {  # NAME SECONDS COMMAND...
  local name=$1 limit=$2 t=$SECONDS
  shift 2
  # shellcheck disable=SC2086
  timeout "$limit" "$@" "$root/bench/step_truth.py" --root "$root" --models "$models" --only "$only" --phase "$name" \
    --out "$out/$name.json" ${STEP_ARGS:-} \
    >>"$out/log.txt" 2>&1
  echo "$name: exit $? in $((SECONDS - t))s" >>"$summary"
}
phases=${PHASES:-ddp full_shard shard_grad_op}
phase single "${SINGLE_S:-100}" env CUDA_VISIBLE_DEVICES=0 python3
for strategy in $phases; do
  phase "$strategy" "${PHASE_S:-120}" torchrun --standalone --nproc-per-node "$gpus"
done
# shellcheck disable=SC2046
python3 "$root/bench/step_truth.py" --merge "$out/single.json" $(for p in $phases; do echo "$out/$p.json"; done) \
  --out "$out/step_truth.json" \
  >>"$out/log.txt" 2>&1
date -u >>"$summary"
cat "$summary"
