#!/usr/bin/env python3
"""What a mixture's expert products cost under PyTorch AMP, as the installed transformers runs them.

transformers 5 runs the experts through torch's grouped_mm. On fp32 weights (AMP: autocast does not cover
grouped_mm) PyTorch takes its fallback: offs.cpu() (the host waits for the GPU), then one mm per expert,
empty ones included; backward runs two more such loops per product (the input's and the weight's
gradient). This script measures the parts of that cost apart, on nothing but the products themselves:

  loop      torch._grouped_mm forward and backward on fp32 operands at E = 8, 32, 64, 128 experts and
            0, 1, 32 and 128 rows per expert (a 2048-wide input, 1536-wide output: Qwen3-30B-A3B's gate_up):
            the host's time until each call returns and the time until the GPU is done, each a median of
            repeats, and the GPU kernels' busy time from torch.profiler. Empty groups give the host's cost per
            expert; full ones the fp32 products' rate at those rows.
  bf16      the same products on bf16 operands (one grouped kernel: no loop, no synchronisation), for contrast
  models    one AMP training step of the 4-block models of tests/model/fixtures/families_step_truth.json
            (bench/step_truth.py's FAMILIES) under torch.profiler: the experts implementation transformers
            chose, the attention implementation, counts of aten::mm / aten::_grouped_mm / kernel launches /
            device-to-host copies, and the operators' CPU and GPU time (top 40 each) -- to see which parts of
            the step the planner must model, not to fit them.

Usage: moe_expert_loop.py --root ROOT --out DIR   (writes DIR/moe_expert_loop.json and DIR/profile_*.txt)
"""
import argparse
import json
import os
import statistics
import sys
import time

import torch


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def offsets(experts, rows_per_expert, device):
    counts = torch.full((experts,), rows_per_expert, dtype=torch.int32, device=device)
    return torch.cumsum(counts, 0, dtype=torch.int32), experts * rows_per_expert


def kernel_time(fn):
    """The GPU kernels' busy time of one call (torch.profiler), s."""
    from torch.profiler import ProfilerActivity, profile
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    total = 0.0
    for e in prof.events():
        if str(getattr(e, "device_type", "")).endswith("CUDA"):
            total += getattr(e, "self_device_time_total", getattr(e, "self_cuda_time_total", 0.0))
    return total / 1e6


def timed(fn, repeats):
    """Median host time until fn returned and until the GPU finished, the GPU idle at the start."""
    host, wall = [], []
    for _ in range(repeats):
        torch.cuda.synchronize()
        began = time.perf_counter()
        fn()
        host.append(time.perf_counter() - began)
        torch.cuda.synchronize()
        wall.append(time.perf_counter() - began)
    return statistics.median(host), statistics.median(wall)


def loop_point(experts, rows, dtype, hidden=2048, out=1536, repeats=7):
    dev = "cuda"
    offs, total = offsets(experts, rows, dev)
    a = torch.randn(max(total, 0), hidden, device=dev, dtype=dtype, requires_grad=True)
    w = torch.randn(experts, hidden, out, device=dev, dtype=dtype, requires_grad=True) * 0.02
    w = w.detach().requires_grad_(True)
    grad = torch.randn(total, out, device=dev, dtype=dtype)

    def forward():
        return torch._grouped_mm(a, w, offs=offs)

    def both():  # the two gradients as autograd computes them, without accumulating into .grad
        y = torch._grouped_mm(a, w, offs=offs)
        torch.autograd.grad(y, (a, w), grad)

    for _ in range(2):
        both()
    fwd_host, fwd_wall = timed(forward, repeats)
    both_host, both_wall = timed(both, repeats)
    point = {"experts": experts, "rows_per_expert": rows, "dtype": str(dtype).replace("torch.", ""),
             "hidden": hidden, "out": out, "flops_forward": 2.0 * total * hidden * out,
             "forward_host_s": fwd_host, "forward_wall_s": fwd_wall,
             "fwd_bwd_host_s": both_host, "fwd_bwd_wall_s": both_wall,
             "forward_kernels_s": kernel_time(forward), "fwd_bwd_kernels_s": kernel_time(both)}
    log(json.dumps(point))
    return point


def profile_model(root, name, spec, seq, micro, out_dir):
    sys.path.insert(0, os.path.join(root, "bench"))
    import step_truth
    from torch.profiler import ProfilerActivity, profile
    config = step_truth.load_config(root, spec, False)
    torch.manual_seed(0)
    model = step_truth.build(config, "cuda")
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5, fused=True)
    ids = torch.randint(0, config.vocab_size, (micro, seq), device="cuda")
    autocast = torch.autocast("cuda", dtype=torch.bfloat16)
    step = step_truth.training_step(model, opt, ids, autocast)
    for _ in range(3):
        step()
    host, wall = timed(step, 5)
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        step()
        torch.cuda.synchronize()
    rows = prof.key_averages()
    def dev_total(r):
        return getattr(r, "device_time_total", getattr(r, "cuda_time_total", 0.0))
    counts = {}
    for r in rows:
        for key in ("aten::mm", "aten::_grouped_mm", "aten::bmm", "cudaLaunchKernel", "cudaMemcpyAsync",
                    "cudaStreamSynchronize", "aten::item", "aten::_local_scalar_dense", "aten::nonzero",
                    "aten::embedding_dense_backward", "aten::tanh", "aten::_log_softmax",
                    "aten::_scaled_dot_product_flash_attention", "aten::_scaled_dot_product_efficient_attention",
                    "aten::_scaled_dot_product_cudnn_attention", "aten::_flash_attention_forward",
                    "aten::softmax", "aten::_softmax", "aten::matmul"):
            if r.key == key:
                counts[key] = {"count": r.count, "cpu_total_s": r.cpu_time_total / 1e6,
                               "device_total_s": dev_total(r) / 1e6}
    kernels = 0.0
    for e in prof.events():
        if str(getattr(e, "device_type", "")).endswith("CUDA"):
            kernels += getattr(e, "self_device_time_total", getattr(e, "self_cuda_time_total", 0.0))
    with open(os.path.join(out_dir, "profile_%s_%dx%d.txt" % (name, seq, micro)), "w") as f:
        f.write(rows.table(sort_by="self_cuda_time_total" if not hasattr(rows[0], "self_device_time_total")
                           else "self_device_time_total", row_limit=45))
        f.write("\n")
        f.write(rows.table(sort_by="cpu_time_total", row_limit=45))
    point = {"model": name, "seq": seq, "micro_batch": micro, "step_host_s": host, "step_wall_s": wall,
             "kernels_s": kernels / 1e6, "ops": counts,
             "experts_implementation": str(getattr(config, "_experts_implementation", None)),
             "attn_implementation": str(getattr(config, "_attn_implementation", None)),
             "layers": len(step_truth.blocks(model)),
             "expert_modules": sorted({type(m).__name__ for m in model.modules() if "xpert" in type(m).__name__})}
    log(json.dumps(point))
    del step, opt, model, ids
    torch.cuda.empty_cache()
    return point


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--skip-models", action="store_true")
    args = ap.parse_args()
    result = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__,
              "began": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "loop": [], "models": []}
    try:
        import transformers
        result["transformers"] = transformers.__version__
    except ImportError:
        pass
    path = os.path.join(args.out, "moe_expert_loop.json")

    def save():
        with open(path, "w") as f:
            json.dump(result, f, indent=1)

    for experts in (8, 32, 64, 128):
        for rows in (0, 1, 32, 128):
            try:
                result["loop"].append(loop_point(experts, rows, torch.float32))
            except Exception as e:  # noqa: BLE001 -- a shape the fallback refuses is said, the rest go on
                result["loop"].append({"experts": experts, "rows_per_expert": rows, "error": repr(e)[:300]})
            save()
    for experts, rows in ((128, 32), (128, 128)):
        try:
            result["loop"].append(loop_point(experts, rows, torch.bfloat16))
        except Exception as e:  # noqa: BLE001
            result["loop"].append({"experts": experts, "rows_per_expert": rows, "dtype": "bfloat16",
                                   "error": repr(e)[:300]})
        save()
    if not args.skip_models:
        sys.path.insert(0, os.path.join(args.root, "bench"))
        import step_truth
        for name, seq, micro in (("qwen3-30b-a3b", 2048, 1), ("qwen3-30b-a3b-top2", 2048, 1),
                                 ("deepseek-v2-lite", 2048, 1), ("gpt-oss-20b", 1024, 2),
                                 ("qwen3-8b", 2048, 1), ("gemma-2-9b", 2048, 1)):
            try:
                result["models"].append(profile_model(args.root, name, step_truth.FAMILIES[name], seq, micro,
                                                      args.out))
            except Exception as e:  # noqa: BLE001
                result["models"].append({"model": name, "error": repr(e)[:400]})
                torch.cuda.empty_cache()
            save()
    result["ended"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    save()


if __name__ == "__main__":
    main()
