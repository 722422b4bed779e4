#!/usr/bin/env python3
"""Step-time truth on one and two GPUs (tests/plan/tst_step_time_truth holds the planner to it).

bench/model_truth.py times Hugging Face models on one GPU; this script times the layouts our users scale
to, on the same models built from their configs with random weights (no downloads):

  single         one GPU, fp32 weights under torch.autocast(bfloat16) (PyTorch AMP), fused AdamW
  ddp            DistributedDataParallel on 2 GPUs, the same AMP recipe (fp32 gradients all-reduced in
                 DDP's default 25 MB buckets while backward runs)
  full_shard     FSDP2 (torch.distributed.fsdp.fully_shard on each decoder block, then on the root),
                 MixedPrecisionPolicy(param_dtype=bf16, reduce_dtype=fp32): fp32 sharded weights and AdamW
                 states, each block's bf16 weights all-gathered in forward and again in backward,
                 gradients reduce-scattered in fp32; reshard_after_forward=True
  shard_grad_op  the same with reshard_after_forward=False: blocks stay gathered from forward to backward

each with activation checkpointing off and full (transformers' gradient_checkpointing_enable,
non-reentrant), at micro-batches 1–8 and 1k–8k tokens.

Timing: 3 warm-up steps (AdamW's states, the allocator's blocks, cuBLAS' and NCCL's choices), then 5–12
timed steps (as many as fit in about 2 s; on several GPUs the count is agreed by all ranks, which must
run the same steps), each between CUDA events, Python's collector off; the point's step is the median,
on several GPUs the slowest rank's median. The host's own issue time is kept beside it (equal to the step
when the step is host-bound).

Usage:
  step_truth.py --root ROOT --out FILE.json --phase single [--only MODEL,...]
  torchrun --nproc-per-node 2 step_truth.py --root ROOT --out FILE.json --phase ddp|full_shard|shard_grad_op
  step_truth.py --merge FILE.json... --out FIXTURE.json
  (--models heldout: the models measured after the planner's constants were set, see HELD_OUT)
"""
import argparse
import contextlib
import datetime
import gc
import json
import os
import statistics
import sys
import time

import torch

# name → config (relative to --root), layers kept (None: the config's), (sequence, micro-batch) points.
MODELS = {
    "llama-3.1-8b": {"config": "tests/model/fixtures/configs/llama-3.1-8b.json", "layers": 4,
                     "shapes": [(1024, 1), (1024, 8), (4096, 2), (8192, 1)]},
    "mixtral-small": {"config": "tests/plan/fixtures/step_truth/configs/mixtral-small.json", "layers": None,
                      "shapes": [(1024, 1), (1024, 8), (4096, 2), (8192, 1)]},
    "gpt2": {"config": "tests/model/fixtures/configs/gpt2.json", "layers": None,
             "shapes": [(1024, 1), (1024, 2), (1024, 4), (1024, 8)]},
}
# Measured after the planner's constants were set from the models above: points held back
# from the tuning, to report on honestly (--models heldout).
HELD_OUT = {
    "qwen2.5-7b": {"config": "tests/model/fixtures/configs/qwen2.5-7b.json", "layers": 4,
                   "shapes": [(2048, 2), (1024, 4), (4096, 1)]},
    "mistral-7b": {"config": "tests/model/fixtures/configs/mistral-7b.json", "layers": 4,
                   "shapes": [(2048, 1), (2048, 4)]},
    "gpt2": {"config": "tests/model/fixtures/configs/gpt2.json", "layers": None, "shapes": [(512, 4), (1024, 3)]},
}
# Today's decoder families (issue: the planner reads them from config.json), measured after the planner's
# constants were set: held out like HELD_OUT. Layers cut to fit one GPU; the dense first layer of
# DeepSeek-V2-Lite is kept (first_k_dense_replace = 1). The "-top2" copy routes each token through 2 of
# Qwen3-30B-A3B's 128 experts instead of 8: the step should follow the active experts.
FAMILIES = {
    "qwen3-30b-a3b": {"config": "tests/model/fixtures/configs/qwen3-30b-a3b.json", "layers": 4,
                      "shapes": [(1024, 2), (2048, 1), (4096, 2)]},
    "qwen3-30b-a3b-top2": {"config": "tests/model/fixtures/configs/qwen3-30b-a3b.json", "layers": 4,
                           "overrides": {"num_experts_per_tok": 2}, "shapes": [(2048, 1)]},
    "deepseek-v2-lite": {"config": "tests/model/fixtures/configs/deepseek-v2-lite.json", "layers": 4,
                         "shapes": [(1024, 2), (2048, 1), (4096, 2)]},
    "qwen3-8b": {"config": "tests/model/fixtures/configs/qwen3-8b.json", "layers": 4,
                 "shapes": [(1024, 2), (2048, 1), (4096, 2)]},
    "gemma-2-9b": {"config": "tests/model/fixtures/configs/gemma-2-9b.json", "layers": 4,
                   "shapes": [(1024, 2), (2048, 1), (4096, 2)]},
    "gpt-oss-20b": {"config": "tests/model/fixtures/configs/gpt-oss-20b.json", "layers": 4,
                    "shapes": [(1024, 2), (2048, 1), (4096, 2)]},
}
STRATEGIES = ("single", "ddp", "full_shard", "shard_grad_op")
WARMUP, MIN_STEPS, MAX_STEPS, BUDGET_S = 3, 5, 12, 2.0


def log(*args):
    print(*args, file=sys.stderr, flush=True)


class Device:
    """CUDA when there is one, else the CPU (to check the script's logic here, at tiny sizes)."""

    def __init__(self, local_rank):
        self.cuda = torch.cuda.is_available()
        if self.cuda:
            torch.cuda.set_device(local_rank)
            self.name = "cuda:%d" % local_rank
        else:
            self.name = "cpu"

    def sync(self):
        if self.cuda:
            torch.cuda.synchronize()

    def timer(self):
        if self.cuda:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            return lambda: (end.record(), torch.cuda.synchronize(), start.elapsed_time(end) / 1000.0)[2]
        began = time.perf_counter()
        return lambda: time.perf_counter() - began

    def reset_peak(self):
        if self.cuda:
            torch.cuda.reset_peak_memory_stats()

    def peak(self):
        return torch.cuda.max_memory_allocated() if self.cuda else 0

    def free(self):
        gc.collect()
        if self.cuda:
            torch.cuda.empty_cache()


def load_config(root, spec, tiny):
    import transformers
    with open(os.path.join(root, spec["config"])) as f:
        values = json.load(f)
    # Random weights in the config's own layers: no quantisation; a nested text model is built alone.
    values = {k: v for k, v in values.items() if k != "quantization_config" and not k.startswith("_")}
    inner = values.get("text_config", values)
    inner.update(spec.get("overrides", {}))
    if spec["layers"] and isinstance(inner.get("layer_types"), list):  # transformers checks their count
        inner["layer_types"] = inner["layer_types"][:spec["layers"]]
        inner["num_hidden_layers"] = spec["layers"]
    config = transformers.AutoConfig.for_model(values.pop("model_type"), **values)
    if "text_config" in values:
        config = config.get_text_config()
    if spec["layers"]:
        for key in ("num_hidden_layers", "n_layer"):
            if hasattr(config, key):
                setattr(config, key, spec["layers"])
    if tiny:  # the CPU check: same code, toy sizes
        for key, value in (("hidden_size", 64), ("n_embd", 64), ("intermediate_size", 128), ("vocab_size", 512),
                           ("num_attention_heads", 4), ("n_head", 4), ("num_key_value_heads", 2), ("head_dim", 16),
                           ("moe_intermediate_size", 32), ("num_experts", 8), ("n_routed_experts", 8),
                           ("num_local_experts", 8), ("kv_lora_rank", 16), ("qk_nope_head_dim", 8),
                           ("qk_rope_head_dim", 8), ("v_head_dim", 8)):
            if hasattr(config, key):
                setattr(config, key, value)
    return config


def build(config, device):
    import transformers
    # On the CPU (the script's check, torch 1.13 here) the default device is the CPU already.
    with torch.device(device) if device != "cpu" else contextlib.nullcontext():
        try:
            return transformers.AutoModelForCausalLM.from_config(config, dtype=torch.float32)
        except TypeError:  # transformers 4 spells it torch_dtype
            return transformers.AutoModelForCausalLM.from_config(config, torch_dtype=torch.float32)


def blocks(model):
    inner = getattr(model, "model", None) or getattr(model, "transformer")
    return list(getattr(inner, "layers", None) or getattr(inner, "h"))


def wrap(model, strategy, local_rank, dev):
    """The model as the strategy trains it, and the forward's autocast."""
    if strategy == "single":
        return model, True
    if strategy == "ddp":
        from torch.nn.parallel import DistributedDataParallel
        return DistributedDataParallel(model, device_ids=[local_rank] if dev.cuda else None), True
    from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard
    policy = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32)
    reshard = strategy == "full_shard"
    for block in blocks(model):
        fully_shard(block, mp_policy=policy, reshard_after_forward=reshard)
    fully_shard(model, mp_policy=policy, reshard_after_forward=reshard)
    return model, False


def optimizer(model, fused=True):
    if fused:
        try:
            return torch.optim.AdamW(model.parameters(), lr=1e-5, fused=True), "fused"
        except (RuntimeError, TypeError) as e:  # fused AdamW refused (an older torch, CPU parameters)
            log("fused AdamW refused:", repr(e)[:200])
    return torch.optim.AdamW(model.parameters(), lr=1e-5, foreach=True), "foreach"


def training_step(model, opt, ids, autocast):
    """The truth's optimizer step, as a call: gradients cleared, forward (the model's own loss) under
    `autocast`, backward, the optimizer's step. bench/hf_host_time.py's loop runs the same."""
    def step():
        opt.zero_grad(set_to_none=True)
        with autocast:
            loss = model(input_ids=ids, labels=ids).loss
        loss.backward()
        opt.step()
    return step


def measure(model, config, amp, seq, micro, dev, dist):
    """Warm-up, then the timed steps (see the module's docstring)."""
    opt, kind = optimizer(model)
    ids = torch.randint(0, config.vocab_size, (micro, seq), device=dev.name)
    autocast = torch.autocast("cuda" if dev.cuda else "cpu", dtype=torch.bfloat16) if amp else contextlib.nullcontext()
    step = training_step(model, opt, ids, autocast)
    last = 0.0
    for i in range(WARMUP):
        elapsed = dev.timer()
        try:
            step()
        except RuntimeError as e:  # fused AdamW that takes its parameters but not their step (DTensor)
            if i > 0 or kind != "fused" or "out of memory" in str(e):
                raise
            log("fused AdamW failed its first step:", repr(e)[:200])
            opt, kind = optimizer(model, fused=False)
            step = training_step(model, opt, ids, autocast)
            step()
        last = elapsed()
    # Every rank runs the same number of steps: the count follows the slowest rank's warm-up step.
    slowest = torch.tensor([last], device=dev.name)
    if dist:
        dist.all_reduce(slowest, op=dist.ReduceOp.MAX)
    steps = int(min(MAX_STEPS, max(MIN_STEPS, BUDGET_S // max(slowest.item(), 1e-6))))
    dev.reset_peak()
    times, host = [], []
    gc.collect()
    gc.disable()
    try:
        for _ in range(steps):
            elapsed = dev.timer()
            began = time.perf_counter()
            step()
            host.append(time.perf_counter() - began)
            times.append(elapsed())
    finally:
        gc.enable()
    point = {"step_s": statistics.median(times), "step_times_s": times, "host_s": statistics.median(host),
             "peak_bytes": dev.peak(), "optimizer": kind}
    del step, opt, ids  # the step holds the optimizer too
    dev.free()
    if dist:  # the slowest rank's median is the step; each rank's is kept
        ranks = [None] * dist.get_world_size()
        dist.all_gather_object(ranks, {"step_s": point["step_s"], "host_s": point["host_s"],
                                       "peak_bytes": point["peak_bytes"]})
        point["ranks"] = ranks
        point["step_s"] = max(r["step_s"] for r in ranks)
        point["peak_bytes"] = max(r["peak_bytes"] for r in ranks)
    return point


def machine(dev):
    """The figures the planner's catalogue takes from datasheets, measured on this GPU: an 8192³ bf16
    matrix product and a device-to-device copy (bytes read + written)."""
    out = {"device": torch.cuda.get_device_name(0) if dev.cuda else "cpu", "torch": torch.__version__}
    try:
        import transformers
        out["transformers"] = transformers.__version__
    except ImportError:
        pass
    if not dev.cuda:
        return out
    n = 8192
    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    for _ in range(3):
        a @ b
    elapsed = dev.timer()
    for _ in range(10):
        a @ b
    out["bf16_matmul_tflops"] = 10 * 2 * n ** 3 / elapsed() / 1e12
    x = torch.empty(2 * 1024 ** 3, dtype=torch.uint8, device="cuda")
    y = torch.empty_like(x)
    y.copy_(x)
    elapsed = dev.timer()
    for _ in range(10):
        y.copy_(x)
    out["copy_GBps"] = 10 * 2 * x.numel() / elapsed() / 1e9
    del a, b, x, y
    dev.free()
    return out


def all_reduce_bandwidth(dev, dist):
    """Bus bandwidth of NCCL's all-reduce (nccl-tests' busbw: 2(n−1)/n × bytes / time), fp32."""
    out = {}
    world = dist.get_world_size()
    for mib in (25, 256, 1024):
        x = torch.ones(mib * 1024 ** 2 // 4, device=dev.name)
        for _ in range(3):
            dist.all_reduce(x)
        dev.sync()
        elapsed = dev.timer()
        for _ in range(10):
            dist.all_reduce(x)
        seconds = elapsed() / 10
        out["%d MiB" % mib] = {"seconds": seconds, "bus_GBps": 2 * (world - 1) / world * x.numel() * 4 / seconds / 1e9}
        del x
    dev.free()
    return out


def run(args):
    dist = None
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    dev = Device(local_rank)
    if args.phase != "single":
        import torch.distributed as dist
        dist.init_process_group("nccl" if dev.cuda else "gloo", timeout=datetime.timedelta(seconds=120))
    rank = dist.get_rank() if dist else 0
    gpus = dist.get_world_size() if dist else 1
    result = {"phase": args.phase, "gpus": gpus, "began": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
              "cpus": sorted(os.sched_getaffinity(0)), "points": []}
    result.update(machine(dev) if rank == 0 and args.phase == "single" else {})
    if dist and args.phase == "ddp":
        result["all_reduce"] = all_reduce_bandwidth(dev, dist)
    only = set(filter(None, args.only.split(",")))
    models = {"tuning": MODELS, "heldout": HELD_OUT, "families": FAMILIES}[args.models]
    global BUDGET_S
    BUDGET_S = args.budget
    result["models"] = args.models
    for name, spec in models.items():
        if only and name not in only:
            continue
        config = load_config(args.root, spec, args.tiny)
        shapes = [tuple(int(v) for v in x.split("x")) for x in args.shapes.split(",")] if args.shapes else spec["shapes"]
        shapes = [(min(s, 64), m) for s, m in shapes] if args.tiny else shapes
        for checkpointing in {"none": (False,), "full": (True,), "both": (False, True)}[args.checkpointing]:
            began = time.time()
            torch.manual_seed(0)  # the same weights on every rank
            try:
                model = build(config, dev.name)
                params = sum(p.numel() for p in model.parameters())
                if checkpointing:
                    model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
                model.train()
                model, amp = wrap(model, args.phase, local_rank, dev)
            except Exception as e:  # a strategy this torch cannot set up: said, and the next one tried
                result["points"].append({"model": name, "strategy": args.phase, "gpus": gpus,
                                         "checkpointing": "full" if checkpointing else "none",
                                         "error": repr(e)[:400]})
                log(name, args.phase, "setup failed:", repr(e)[:400])
                continue
            built = getattr(model, "module", model)  # DDP's wrapper holds the model as .module
            for seq, micro in shapes:
                point = {"model": name, "config": os.path.splitext(os.path.basename(spec["config"]))[0],
                         "set": args.models, "strategy": args.phase, "gpus": gpus,
                         "mode": "amp" if amp else "bf16-params", "checkpointing": "full" if checkpointing else "none",
                         "seq": seq, "micro_batch": micro, "layers": len(blocks(model.module if args.phase == "ddp" else model)),
                         "params": params}
                if spec.get("overrides"):  # the config's keys this copy changed (the planner reads the same)
                    point["overrides"] = spec["overrides"]
                try:
                    point.update(measure(model, config, amp, seq, micro, dev, dist))
                except torch.cuda.OutOfMemoryError:
                    point["oom"] = True
                    dev.free()
                except Exception as e:
                    point["error"] = repr(e)[:400]
                    dev.free()
                result["points"].append(point)
                if rank == 0:
                    log(json.dumps({k: v for k, v in point.items() if k not in ("step_times_s", "ranks")}))
                    with open(args.out, "w") as f:  # partial results survive a later hang
                        json.dump(result, f, indent=1)
            del model
            dev.free()
            if rank == 0:
                log("%s %s checkpointing=%s: %.1f s" % (name, args.phase, checkpointing, time.time() - began))
    result["ended"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    if rank == 0:
        with open(args.out, "w") as f:
            json.dump(result, f, indent=1)
    if dist:
        dist.barrier()
        dist.destroy_process_group()


def merge(paths, out):
    """The phases' files as one fixture: the machine's figures once, every point."""
    fixture = {"points": [], "phases": {}}
    for path in paths:
        try:
            with open(path) as f:
                part = json.load(f)
        except (OSError, ValueError) as e:
            log("skipped", path, repr(e))
            continue
        for key, value in part.items():
            if key == "points":
                fixture["points"] += value
            elif key in ("phase", "gpus", "began", "ended", "all_reduce", "models"):
                fixture["phases"].setdefault(part.get("models", "tuning") + " " + part["phase"], {})[key] = value
            else:
                fixture[key] = value
    with open(out, "w") as f:
        json.dump(fixture, f, indent=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--out", required=True)
    ap.add_argument("--phase", choices=STRATEGIES)
    ap.add_argument("--only", default="")
    ap.add_argument("--models", choices=("tuning", "heldout", "families"), default="tuning",
                    help="the models the planner's constants were set from, those held back, or today's families")
    ap.add_argument("--budget", type=float, default=BUDGET_S, help="seconds of timed steps per point (5 to 12 steps)")
    ap.add_argument("--shapes", default="", help="SEQxMICRO,... in place of each model's own shapes")
    ap.add_argument("--checkpointing", choices=("none", "full", "both"), default="both")
    ap.add_argument("--tiny", action="store_true", help="toy sizes, to check the script on a CPU")
    ap.add_argument("--merge", nargs="+")
    args = ap.parse_args()
    if args.merge:
        merge(args.merge, args.out)
    elif args.phase:
        run(args)
    else:
        ap.error("--phase or --merge")


if __name__ == "__main__":
    main()
