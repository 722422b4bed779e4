#!/usr/bin/env bash
# One device call: the traindeck_metrics suite with every framework present (CPU), the
# Lightning example on one GPU under the package (once plain, once beside Lightning's own
# ThroughputMonitor and DeviceStatsMonitor), then bench/model_truth.py on the idle GPU.
# The CPU work comes first so that nothing shares the host with the timed steps, which at
# small sizes go at the host's speed. Results in bench/RESULTS.md.
# Usage: model_truth_device.sh ROOT   (ROOT holds python/, examples/, bench/ and
#        tests/model/fixtures/configs/; $OUT must be set; 8 files come back)
set -u
root=$(cd "${1:-.}" && pwd)
out=${OUT:?set OUT}
export PYTHONPATH=$root/python/traindeck_metrics${PYTHONPATH:+:$PYTHONPATH}
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
summary=$out/machine.txt
bash "$root/bench/machine_info.sh" >"$summary" 2>&1

began=$SECONDS
(cd "$root/python/traindeck_metrics" && CUDA_VISIBLE_DEVICES='' timeout 120 python3 -m unittest discover -s tests -v \
  >"$out/unittest.log" 2>&1)
echo "unittest: exit $? in $((SECONDS - began))s" >>"$summary"

lightning() {  # NAME EXTRA-ARGS...
  local name=$1 t=$SECONDS
  shift
  CUDA_VISIBLE_DEVICES=0 TRAINDECK_METRICS_FILE=$out/$name.jsonl TRAINDECK_RUN_ID=$name timeout 120 \
    python3 "$root/examples/lightning_module/train.py" --steps 300 --micro-batch 64 --devices 1 \
    --precision bf16-mixed --log-every 20 "$@" >"$out/$name.log" 2>&1
  echo "$name: exit $? in $((SECONDS - t))s" >>"$summary"
}
lightning lightning_module-1gpu
lightning lightning_module-1gpu-monitors --lightning-monitors /tmp/lightning-monitors

began=$SECONDS
timeout 270 python3 "$root/bench/model_truth.py" --configs "$root/tests/model/fixtures/configs" \
  --out "$out/model_truth.json" >"$out/model_truth.log" 2>&1
echo "model_truth: exit $? in $((SECONDS - began))s" >>"$summary"
# Then each point's kernels and GPU busy time, in a run of their own (model_truth.py --help).
began=$SECONDS
timeout 150 python3 "$root/bench/model_truth.py" --configs "$root/tests/model/fixtures/configs" \
  --out "$out/model_truth.json" --profile >>"$out/model_truth.log" 2>&1
echo "model_truth --profile: exit $? in $((SECONDS - began))s" >>"$summary"
cat "$summary"
