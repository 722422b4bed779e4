#!/usr/bin/env bash
# What a device call ran on, for the head of its machine.txt (bench/RESULTS.md quotes it): the time,
# the GPUs and their links, the CPU as the process sees it, and the Python stack's versions (each
# package only where it is installed).
date -u
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv,noheader
nvidia-smi topo -m 2>/dev/null | head -12
lscpu | grep -E '^Model name|^CPU\(s\)|^Thread|^Core|^Socket|^NUMA node'
echo "nproc $(nproc)"
python3 - <<'PY'
import importlib, sys
out = ["python " + sys.version.split()[0]]
for name in ("torch", "transformers", "accelerate", "lightning", "pytorch_lightning"):
    try:
        out.append(name + " " + importlib.import_module(name).__version__)
    except Exception:
        pass
try:
    import torch
    out.append("nccl " + ".".join(map(str, torch.cuda.nccl.version())))
except Exception:
    pass
print(", ".join(out))
PY
