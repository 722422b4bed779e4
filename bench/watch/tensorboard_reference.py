#!/usr/bin/env python3
"""TensorBoard itself on the files watch_bench reads, in the same call (bench/RESULTS.md,
"Watch"). Writes a run of 100k steps x 4 scalar tags with PyTorch's SummaryWriter, then
times, on that file:
  - tensorboard's EventAccumulator (its Python loading path) keeping every point
    (size_guidance 0) and with its default reservoir (10,000 points a tag);
  - the Rust data server behind `tensorboard --load_fast=true`: the time from starting
    `tensorboard --logdir` until its scalars API returns the run's last step;
  - traindeck's reader (bench/watch/watch_bench FILE: "open_given_file_s") when a
    watch_bench binary is given.
Usage: tensorboard_reference.py OUTDIR [WATCH_BENCH]; prints one JSON object."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

out = sys.argv[1]
bench = sys.argv[2] if len(sys.argv) > 2 else None
steps, tags = 100_000, ["train/loss", "train/psnr", "train/lr", "train/grad_norm"]
logdir = os.path.join(out, "tb")
result = {}

from torch.utils.tensorboard import SummaryWriter  # noqa: E402
t0 = time.perf_counter()
w = SummaryWriter(os.path.join(logdir, "run"), max_queue=100_000, flush_secs=3600)
for s in range(steps):
    for t in tags:
        w.add_scalar(t, 1.0 / (s + 1), s, walltime=1795372979.0 + s * 0.1)
w.close()
result["summarywriter_write_s"] = round(time.perf_counter() - t0, 3)
files = [os.path.join(logdir, "run", f) for f in os.listdir(os.path.join(logdir, "run"))]
path = files[0]
result["file_bytes"] = os.path.getsize(path)

import tensorboard  # noqa: E402
from tensorboard.backend.event_processing import event_accumulator as ea  # noqa: E402
result["tensorboard_version"] = tensorboard.__version__
for name, guidance in [("all_points", {ea.SCALARS: 0}), ("default_reservoir", None)]:
    best = 1e9
    for _ in range(3):
        t0 = time.perf_counter()
        acc = ea.EventAccumulator(path, size_guidance=guidance) if guidance else ea.EventAccumulator(path)
        acc.Reload()
        kept = sum(len(acc.Scalars(t)) for t in tags)
        best = min(best, time.perf_counter() - t0)
    result[f"event_accumulator_{name}_s"] = round(best, 4)
    result[f"event_accumulator_{name}_points"] = kept

# The Rust data server (tensorboard --load_fast=true), if this TensorBoard has it.
sock = socket.socket()
sock.bind(("127.0.0.1", 0))
port = sock.getsockname()[1]
sock.close()
t0 = time.perf_counter()
tb = subprocess.Popen([sys.executable, "-m", "tensorboard.main", "--logdir", logdir, "--port", str(port),
                       "--host", "127.0.0.1", "--load_fast=true", "--reload_interval", "1"],
                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
url = f"http://127.0.0.1:{port}/data/plugin/scalars/scalars?run=run&tag=train/grad_norm"
last = None
try:
    while time.perf_counter() - t0 < 120:
        try:
            data = json.load(urllib.request.urlopen(url, timeout=5))
            last = data[-1][1] if data else None
            if last == steps - 1:
                result["tensorboard_load_fast_until_last_step_s"] = round(time.perf_counter() - t0, 3)
                result["tensorboard_load_fast_points_returned"] = len(data)
                break
        except Exception:
            pass
        time.sleep(0.05)
    else:
        result["tensorboard_load_fast"] = f"no last step within 120 s (last {last})"
finally:
    tb.terminate()
    err = tb.communicate(timeout=30)[1]
    if "tensorboard_load_fast_until_last_step_s" not in result:
        result["tensorboard_stderr_tail"] = err[-800:]

if bench:
    r = subprocess.run([bench, path], capture_output=True, text=True, timeout=300)
    result["watch_bench"] = json.loads(r.stdout) if r.returncode == 0 else {"exit": r.returncode, "stderr": r.stderr[-800:]}
print(json.dumps(result, indent=1))
