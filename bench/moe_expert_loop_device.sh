#!/usr/bin/env bash
# One device call on one GPU: bench/moe_expert_loop.py (the expert products' loop apart, then the families'
# 4-block models profiled one step each). Results in bench/RESULTS.md.
# Usage: moe_expert_loop_device.sh ROOT   (ROOT holds bench/ and tests/model/fixtures/configs/; $OUT must be set)
set -u
root=$(cd "${1:-.}" && pwd)
out=${OUT:?set OUT}
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
summary=$out/machine.txt
bash "$root/bench/machine_info.sh" >"$summary" 2>&1
began=$SECONDS
timeout "${LOOP_S:-420}" python3 "$root/bench/moe_expert_loop.py" --root "$root" --out "$out" >"$out/log.txt" 2>&1
echo "moe_expert_loop: exit $? in $((SECONDS - began))s" >>"$summary"
date -u >>"$summary"
cat "$summary"
