#!/usr/bin/env python3
"""What a training step holds at its peak, tensor by tensor: one model of bench/step_truth.py's
FAMILIES (built from its config.json with random weights, cut to its blocks), one optimizer step
as the truth measures it (AMP, fused AdamW, checkpointing off or full), with PyTorch's allocator
recording every allocation and free; the trace is replayed to the moment the most was allocated,
and the blocks live then are listed by size, with the Python frame that made each. Used to count
what the planner's activation memory must (core/model/training_cost.cpp): e.g. how many tensors of
the attention scores' size (micro × heads × s², s × (s + 1) with sinks) eager attention holds.

Usage: memory_at_peak.py --root ROOT --model gpt-oss-20b --seq 4096 --micro 2 [--checkpointing full]
       [--out peak.json] [--tiny]   (--tiny: toy sizes on the CPU, the script's logic only)
"""
import argparse
import collections
import contextlib
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import step_truth  # noqa: E402  (the builders the truth uses)


def frame_of(event):
    """The innermost frame of the model's own code (transformers or torch.nn), else the innermost."""
    frames = event.get("frames") or []
    for f in frames:
        name = f.get("filename", "")
        if "transformers" in name or "torch/nn" in name or "torch/utils/checkpoint" in name:
            return "%s:%s %s" % (os.path.basename(name), f.get("line"), f.get("name"))
    return "%s:%s %s" % (os.path.basename(frames[0].get("filename", "?")), frames[0].get("line"),
                         frames[0].get("name")) if frames else "?"


def replay(trace):
    """The live blocks at the largest total the trace reached: {addr: event}, that total."""
    live, total, peak, at_peak = {}, 0, -1, {}
    for e in trace:
        action = e.get("action")
        if action == "alloc":
            live[e["addr"]] = e
            total += e["size"]
            if total > peak:
                peak, at_peak = total, dict(live)
        elif action in ("free_requested", "free") and e["addr"] in live:
            total -= live.pop(e["addr"])["size"]
    return at_peak, peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=".")
    parser.add_argument("--model", default="gpt-oss-20b")
    parser.add_argument("--seq", type=int, default=4096)
    parser.add_argument("--micro", type=int, default=2)
    parser.add_argument("--checkpointing", choices=("none", "full"), default="full")
    parser.add_argument("--out", default="")
    parser.add_argument("--tiny", action="store_true")
    args = parser.parse_args()
    dev = step_truth.Device(0)
    spec = step_truth.FAMILIES[args.model]
    config = step_truth.load_config(args.root, spec, args.tiny)
    seq = min(args.seq, 64) if args.tiny else args.seq
    torch.manual_seed(0)
    model = step_truth.build(config, dev.name)
    if args.checkpointing == "full":
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    model.train()
    opt, kind = step_truth.optimizer(model)
    ids = torch.randint(0, config.vocab_size, (args.micro, seq), device=dev.name)
    autocast = torch.autocast("cuda", dtype=torch.bfloat16) if dev.cuda else contextlib.nullcontext()
    step = step_truth.training_step(model, opt, ids, autocast)
    step()  # the optimizer's states exist from here on, as in the truth's timed steps
    dev.sync()
    result = {"model": args.model, "seq": seq, "micro": args.micro, "checkpointing": args.checkpointing,
              "heads": getattr(config, "num_attention_heads", 0), "optimizer": kind,
              "attn_implementation": getattr(config, "_attn_implementation", None)}
    if dev.cuda:
        dev.reset_peak()
        torch.cuda.memory._record_memory_history(max_entries=2000000)
        step()
        dev.sync()
        snapshot = torch.cuda.memory._snapshot()
        torch.cuda.memory._record_memory_history(enabled=None)
        trace = snapshot["device_traces"][0]
        live, peak = replay(trace)
        result["max_memory_allocated"] = torch.cuda.max_memory_allocated()
        result["replayed_peak"] = peak
        result["trace_events"] = len(trace)
        groups = collections.defaultdict(lambda: [0, 0])
        for e in live.values():
            g = groups[(e["size"], frame_of(e))]
            g[0] += 1
            g[1] += e["size"]
        result["live_at_peak"] = [{"size": s, "count": c, "bytes": b, "where": w}
                                  for (s, w), (c, b) in sorted(groups.items(), key=lambda kv: -kv[1][1])][:40]
        heads = result["heads"]
        for name, n in (("scores", args.micro * heads * seq * seq), ("scores_with_sink", args.micro * heads * seq * (seq + 1))):
            result[name + "_elements"] = n
            result[name + "_live"] = {str(width): sum(1 for e in live.values() if abs(e["size"] - n * width) < 4 << 20)
                                      for width in (1, 2, 4)}
    else:
        step()
        result["cpu_check"] = "ran"
    text = json.dumps(result, indent=1)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
