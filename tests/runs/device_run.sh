#!/usr/bin/env bash
# The examples on a GPU machine under their frameworks' own launchers, each writing
# TRAINDECK_METRICS_FILE through traindeck_metrics; the files and logs go to $OUT to
# be read back by `traindeck watch` and `traindeck plan --calibrate-from`
# (bench/RESULTS.md, "Users' own scripts"). Also runs the package's tests against
# the real transformers, accelerate and Lightning.
# Usage: device_run.sh ROOT   (ROOT holds python/ and examples/; $OUT must be set)
set -u
root=$(cd "${1:-.}" && pwd)
out=${OUT:?set OUT}
export PYTHONPATH=$root/python/traindeck_metrics${PYTHONPATH:+:$PYTHONPATH}
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
gpus=$(nvidia-smi -L | grep -c '^GPU')
{
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
  python3 -c 'import sys, torch, transformers, accelerate; print(sys.version.split()[0], "torch", torch.__version__, "transformers", transformers.__version__, "accelerate", accelerate.__version__)'
  python3 -c 'import lightning; print("lightning", lightning.__version__)' 2>/dev/null ||
    python3 -c 'import pytorch_lightning as pl; print("pytorch_lightning", pl.__version__)'
} >"$out/machine.txt" 2>&1

# One example run: NAME GPUS TIMEOUT COMMAND...; metrics in $out/NAME.jsonl, output in $out/NAME.log.
run() {
  local name=$1 devices=$2 limit=$3
  shift 3
  local began=$SECONDS
  CUDA_VISIBLE_DEVICES=$devices TRAINDECK_METRICS_FILE=$out/$name.jsonl TRAINDECK_RUN_ID=$name \
    timeout "$limit" "$@" >"$out/$name.log" 2>&1
  echo "$name: exit $? in $((SECONDS - began))s" >>"$out/summary.txt"
}
ex=$root/examples
torchrun1=(torchrun --standalone --nproc_per_node 1)
torchrun2=(torchrun --standalone --nproc_per_node 2)

# The package's tests (CPU, two ranks each), beside the first GPU runs.
(cd "$root/python/traindeck_metrics" && CUDA_VISIBLE_DEVICES='' timeout 180 python3 -m unittest discover -s tests -v \
  >"$out/unittest.log" 2>&1; echo "unittest: exit $?" >>"$out/summary.txt") &
tests=$!

# One GPU each, two examples at a time (one per GPU when there are two).
second=0
((gpus > 1)) && second=1
run torch_distributed-1gpu 0 60 "${torchrun1[@]}" "$ex/torch_distributed/train.py" --steps 300 --micro-batch 256 --width 2048 --log-every 20 &
a=$!
run accelerate_video_ae-1gpu $second 100 accelerate launch --num_processes 1 --mixed_precision bf16 \
  "$ex/accelerate_video_ae/train.py" --steps 120 --micro-batch 8 --log-every 10 &
b=$!
wait "$a" "$b"
run hf_causal_lm-1gpu 0 100 "${torchrun1[@]}" "$ex/hf_causal_lm/train.py" --steps 80 --micro-batch 16 --bf16 --log-every 10 \
  --output-dir "$out/hf1" &
a=$!
run lightning_module-1gpu $second 100 python3 "$ex/lightning_module/train.py" --steps 200 --micro-batch 64 \
  --devices 1 --precision bf16-mixed --log-every 20 &
b=$!
wait "$a" "$b"

if ((gpus > 1)); then
  run torch_distributed-2gpu 0,1 50 "${torchrun2[@]}" "$ex/torch_distributed/train.py" --steps 300 --micro-batch 256 --width 2048 --log-every 20
  run accelerate_video_ae-2gpu 0,1 70 accelerate launch --multi_gpu --num_processes 2 --mixed_precision bf16 \
    "$ex/accelerate_video_ae/train.py" --steps 120 --micro-batch 8 --log-every 10
  run hf_causal_lm-2gpu 0,1 70 "${torchrun2[@]}" "$ex/hf_causal_lm/train.py" --steps 80 --micro-batch 16 --bf16 --log-every 10 \
    --output-dir "$out/hf2"
  run lightning_module-2gpu 0,1 70 "${torchrun2[@]}" "$ex/lightning_module/train.py" --steps 200 --micro-batch 64 \
    --devices 2 --precision bf16-mixed --log-every 20
fi
wait "$tests"
rm -rf "$out/hf1" "$out/hf2"
cat "$out/summary.txt"
