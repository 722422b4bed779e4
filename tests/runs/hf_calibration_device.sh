#!/usr/bin/env bash
# The issue-35 acceptance runs on a 2-GPU machine: the Hugging Face example
# (examples/hf_causal_lm/train.py, traindeck_metrics' TraindeckCallback) at micro-batch 8
# and 16 on one GPU and on two (DDP under torchrun), one after another on the otherwise idle
# machine so that each has the host to itself. The model is small enough that the host's
# Python rules its step, and a host's pace drifts by a third over minutes (bench/RESULTS.md):
# the four runs go round twice, interleaved, so that a drift shows as the two rounds
# disagreeing rather than as one configuration being faster. Each run writes
# hf_causal_lm-m<MICRO>-<GPUS>gpu[-<ROUND>].jsonl, all in $OUT/hf_runs.tar.gz
# (tests/runs/fixtures: `traindeck plan --calibrate-from` the micro-batch-8 run predicts the
# others, tests/plan/tst_calibrate_from_run).
# Usage: hf_calibration_device.sh ROOT [ROUND...]   (ROOT holds python/ and examples/; $OUT must be
#        set; each ROUND is the suffix of one round's files, by default "" and -again)
set -u
root=$(cd "${1:-.}" && pwd)
shift
rounds=("$@")
((${#rounds[@]})) || rounds=("" -again)
out=${OUT:?set OUT}
# NVLink multicast stays off (the device's KINDS.md says why).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONPATH=$root/python/traindeck_metrics${PYTHONPATH:+:$PYTHONPATH}
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 OMP_NUM_THREADS=4
summary=$out/machine.txt
{
  date -u
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
  grep -m1 'model name' /proc/cpuinfo
  nproc
  python3 -c 'import sys, torch, transformers; print(sys.version.split()[0], "torch", torch.__version__, "transformers", transformers.__version__)'
} >"$summary" 2>&1

runs=/tmp/hf_runs
mkdir -p "$runs"
# One run: MICRO GPUS ROUND; 200 steps, a line every 10 (the steady speed's median is over 19).
run() {
  local micro=$1 gpus=$2 round=$3 t=$SECONDS
  local name=hf_causal_lm-m$micro-${gpus}gpu$round devices=0
  ((gpus > 1)) && devices=0,1
  CUDA_VISIBLE_DEVICES=$devices TRAINDECK_METRICS_FILE=$runs/$name.jsonl TRAINDECK_RUN_ID=$name \
    timeout 120 torchrun --standalone --nproc_per_node "$gpus" "$root/examples/hf_causal_lm/train.py" \
    --steps 200 --micro-batch "$micro" --bf16 --log-every 10 --output-dir "/tmp/$name" >"/tmp/$name.log" 2>&1
  echo "$name: exit $? in $((SECONDS - t))s" >>"$summary"
  cp "/tmp/$name.log" "$runs/$name.log"
}
for round in "${rounds[@]}"; do
  run 8 1 "$round"
  run 8 2 "$round"
  run 16 1 "$round"
  run 16 2 "$round"
done
date -u >>"$summary"
cp "$summary" "$runs/"
tar czf "$out/hf_runs.tar.gz" -C /tmp hf_runs
cat "$summary"
