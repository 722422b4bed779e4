#!/usr/bin/env bash
# One device call on a 2-GPU machine (probe35, issue 35): GPT-2 at 1024 tokens under the real
# Hugging Face Trainer with traindeck_metrics' callback, which writes host_s (the host's issue
# time of steps 10-12, waits for the GPU left out), on 1 GPU at micro-batch 8, 4, 2, 1 and 8 with
# gradient checkpointing and on 2 GPUs (torchrun, DDP) at 8 and 2; beside them, on the same
# machine, bench/step_truth.py's direct host_s for GPT-2 (1 GPU and DDP) and hf_host_time.py's
# loop mode (the meter against the direct host time in step_truth's own loop). Each run on the
# otherwise idle machine, one after another, each in a time box of its own.
# Everything lands in $OUT/hf_host_time.tar.gz (metrics JSONL, step_truth's JSON, the loop's
# JSON, the profiler traces of the measured steps, logs); bench/RESULTS.md reads them.
# Usage: hf_host_time_device.sh ROOT [full|smoke|loop|rest]   (ROOT holds bench/, python/ and the configs; $OUT set)
#   loop: only the loop; rest: all but the loop (after a loop call, into the same folder).
#   BASELINE=path/to/an/earlier/_host_time.py runs that meter in the loop too, beside this one.
set -u
root=$(cd "${1:-.}" && pwd)
mode=${2:-full}
out=${OUT:?set OUT}
# NVLink multicast stays off (the device's KINDS.md says why).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONPATH=$root/python/traindeck_metrics${PYTHONPATH:+:$PYTHONPATH}
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 OMP_NUM_THREADS=4
work=/tmp/hf_host_time
mkdir -p "$work"
summary=$work/machine.txt
[[ $mode == rest && -f $summary ]] || {
  bash "$root/bench/machine_info.sh"
} >"$summary" 2>&1

steps=60
[[ $mode == smoke ]] && steps=20

# One Trainer run: MICRO GPUS [ckpt]
trainer() {
  local micro=$1 gpus=$2 ckpt=${3:-} t=$SECONDS
  local name=hf_gpt2-m$micro${ckpt:+-ckpt}-${gpus}gpu devices=0
  ((gpus > 1)) && devices=0,1
  CUDA_VISIBLE_DEVICES=$devices TRAINDECK_METRICS_FILE=$work/$name.jsonl TRAINDECK_RUN_ID=$name \
    timeout 150 torchrun --standalone --nproc_per_node "$gpus" "$root/bench/hf_host_time.py" trainer --root "$root" \
    --micro "$micro" ${ckpt:+--checkpointing} --steps "$steps" --traces "$work/traces/$name" \
    --output-dir "/tmp/$name" >"$work/$name.log" 2>&1
  echo "$name: exit $? in $((SECONDS - t))s" >>"$summary"
}

if [[ $mode == smoke ]]; then
  trainer 1 1
  trainer 2 2
  CUDA_VISIBLE_DEVICES=0 timeout 120 python3 "$root/bench/hf_host_time.py" loop --root "$root" --out "$work/loop.json" \
    --traces "$work/traces/loop" >"$work/loop.log" 2>&1
  echo "loop: exit $?" >>"$summary"
else
  if [[ $mode != rest ]]; then
    t=$SECONDS
    CUDA_VISIBLE_DEVICES=0 timeout 150 python3 "$root/bench/hf_host_time.py" loop --root "$root" --out "$work/loop.json" \
      --traces "$work/traces/loop" ${BASELINE:+--baseline "$BASELINE"} >"$work/loop.log" 2>&1
    echo "loop: exit $? in $((SECONDS - t))s" >>"$summary"
  fi
fi
if [[ $mode == full || $mode == rest ]]; then
  trainer 8 1
  trainer 4 1
  trainer 2 1
  trainer 1 1
  trainer 8 1 ckpt
  trainer 8 2
  trainer 2 2
  t=$SECONDS
  CUDA_VISIBLE_DEVICES=0 timeout 100 python3 "$root/bench/step_truth.py" --root "$root" --only gpt2 --phase single \
    --out "$work/step_truth_single.json" >>"$work/step_truth.log" 2>&1
  echo "step_truth single: exit $? in $((SECONDS - t))s" >>"$summary"
  t=$SECONDS
  timeout 100 torchrun --standalone --nproc-per-node 2 "$root/bench/step_truth.py" --root "$root" --only gpt2 \
    --phase ddp --out "$work/step_truth_ddp.json" >>"$work/step_truth.log" 2>&1
  echo "step_truth ddp: exit $? in $((SECONDS - t))s" >>"$summary"
fi
date -u >>"$summary"
tar czf "$out/hf_host_time.tar.gz" -C /tmp hf_host_time
cat "$summary"
grep -h "hf_host_time" "$work"/*.log | cut -c1-600
