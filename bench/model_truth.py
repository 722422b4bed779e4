#!/usr/bin/env python3
"""Truth for the planner's model of real architectures (tests/model/tst_model_truth holds the planner to it).

Builds Hugging Face models from their config.json with random weights, trains a few AdamW steps on one GPU
and records what the planner estimates: sum(p.numel()) of the full-size model (built on the meta device,
which costs nothing), and, for a copy shrunk to a few layers so that it fits one GPU, the peak
torch.cuda.max_memory_allocated and the step time, at two or three sequence lengths and micro-batches,
with activation checkpointing off and on, in two precisions:

  amp   fp32 weights, gradients and AdamW states; forward and backward under torch.autocast(bfloat16)
  bf16  everything in bfloat16 (weights, gradients, AdamW states)

The optimizer is torch.optim.AdamW(fused=True): one kernel, no per-parameter temporaries (DeepSpeed's
and FSDP's optimizers behave alike; the default foreach AdamW adds transient copies of the states).

It also computes what the estimators our users know say for the same full-size models:
  DeepSpeed  estimate_zero2/3_model_states_mem_needs (deepspeed/runtime/zero/stage_1_and_2.py and
             stage3.py; reimplemented here, DeepSpeed is not installed): ZeRO-2 without offload
             4·P + 16·P/N bytes per GPU, ZeRO-3 4·largest_layer + 18·P/N;
  accelerate estimate-memory's training column (accelerate.commands.estimate.estimate_training_usage,
             called when accelerate is installed);
  Megatron   megatron/training/theoretical_memory_usage.py: 18 bytes per parameter without the
             distributed optimizer, and activations s·b·h·(18 + 4·ffn/h) per layer (Korthikanti et al.
             2022, Table 2, selective recomputation) plus the output layer's 4·s·b·h·(1 + V/h).

Usage: model_truth.py --configs DIR --out FILE.json [--only NAME,...]
       model_truth.py --catalogue resources/models.yaml --out FILE.json

--catalogue: parameters only, on the meta device (no memory, no GPU needed), for every config of the
model catalogue and for a copy of each cut to a few layers (max(2, first_k_dense_replace + 2)), plus the
VARIANTS below (a catalogue config with keys changed, to exercise what no catalogue model has). A
config that nests its text model (text_config) is built as transformers builds that text model for
AutoModelForCausalLM; quantization_config is left out (random weights in the config's own layers).
Per model: sum(p.numel()), the class built, and the cut copy's parameters grouped by name with the
layer index replaced by N (to see which tensor differs when a count does not match).
"""
import argparse
import contextlib
import copy
import gc
import json
import os
import statistics
import sys
import time

import torch

# name (file stem) → layers kept on the GPU, points (sequence or image batch), full-size training too?
PLANS = {
    "llama-3.1-8b": {"layers": 2, "points": [(512, 2), (1024, 1), (2048, 2), (4096, 2)]},
    "qwen2.5-7b": {"layers": 2, "points": [(512, 2), (2048, 1), (4096, 2)]},
    "mistral-7b": {"layers": 2, "points": [(1024, 2), (2048, 1), (4096, 2)]},
    "mixtral-8x7b": {"layers": 1, "points": [(512, 2), (2048, 1), (4096, 2)]},
    "gpt2": {"layers": None, "points": [(256, 8), (1024, 4), (1024, 8), (1024, 16)]},
    "vit-large-patch16-224": {"layers": None, "points": [(197, 16), (197, 64), (197, 128)]},
    "llama-3.1-70b": {"layers": 0, "points": []},  # parameters only
}


# A catalogue model with keys changed: Qwen3-30B-A3B with a dense first layer and every other layer
# sparse (mlp_only_layers, decoder_sparse_step), which no published Qwen3 MoE uses.
VARIANTS = {
    "qwen3-30b-a3b-sparse-step": ("qwen3-30b-a3b", {"mlp_only_layers": [0], "decoder_sparse_step": 2}, 4),
}


def text_config(values, layers=None):
    """The transformers config of a catalogue/config.json mapping, its text model where it nests one,
    with `layers` decoder layers (layer_types cut to match)."""
    import transformers
    values = {k: v for k, v in values.items() if k != "quantization_config" and not k.startswith("_")}
    if layers is not None:
        inner = values.get("text_config", values)
        inner["n_layer" if "n_layer" in inner else "num_hidden_layers"] = layers
        if isinstance(inner.get("layer_types"), list):
            inner["layer_types"] = inner["layer_types"][:layers]
    config = transformers.AutoConfig.for_model(values.pop("model_type"), **values)
    return config.get_text_config() if "text_config" in values else config


def cut_layers(values):
    inner = values.get("text_config", values)
    layers = inner.get("num_hidden_layers") or inner.get("n_layer")
    return min(layers, max(2, (inner.get("first_k_dense_replace") or 0) + 2))


def catalogue_params(path, out):
    import re
    import transformers
    import yaml
    with open(path) as f:
        rows = {row["name"]: row for row in yaml.safe_load(f)["models"] if "config" in row}
    result = {"transformers": transformers.__version__, "torch": torch.__version__,
              "built": "AutoModelForCausalLM.from_config on the meta device, float32; vit: ViTForImageClassification",
              "models": {}}
    jobs = [(name, row["config"], None) for name, row in rows.items()]
    jobs += [(name, dict(rows[base]["config"], **changes), cut) for name, (base, changes, cut) in VARIANTS.items()]
    for name, values, cut in jobs:
        t0 = time.time()
        entry = {"source": str(rows[name].get("source", "")) if name in rows else "variant of " + VARIANTS[name][0]}
        if name in VARIANTS:
            entry["changes"] = VARIANTS[name][1]
        try:
            layers = cut or cut_layers(copy.deepcopy(values))
            full = build(text_config(copy.deepcopy(values)), "meta")
            entry["class"] = type(full).__name__
            entry["params"] = sum(p.numel() for p in full.parameters())
            entry["experts_implementation"] = getattr(full.config, "_experts_implementation", None)
            del full
            small = build(text_config(copy.deepcopy(values), layers), "meta")
            entry["cut_layers"] = layers
            entry["cut_params"] = sum(p.numel() for p in small.parameters())
            groups = {}
            for pname, p in small.named_parameters():
                key = re.sub(r"\.\d+\.", ".N.", pname)
                groups[key] = groups.get(key, 0) + p.numel()
            entry["cut_tensors"] = groups
            del small
        except Exception as e:  # said in the fixture; the test then fails for that model
            entry["error"] = repr(e)[:400]
        entry["seconds"] = round(time.time() - t0, 2)
        result["models"][name] = entry
        print(name, {k: v for k, v in entry.items() if k != "cut_tensors"}, flush=True)
        with open(out, "w") as f:
            json.dump(result, f, indent=1)


def build(config, device):
    import transformers
    with torch.device(device):
        if config.model_type == "vit":
            return transformers.ViTForImageClassification(config)
        try:
            return transformers.AutoModelForCausalLM.from_config(config, dtype=torch.float32)
        except TypeError:  # transformers 4 spells it torch_dtype
            return transformers.AutoModelForCausalLM.from_config(config, torch_dtype=torch.float32)


def largest_module_params(model):
    return max(sum(p.numel() for p in m.parameters(recurse=False)) for m in model.modules())


def other_estimators(config, params, largest, seq, micro, gpus=8):
    out = {
        "deepspeed_zero2_gpu_bytes_8gpu": 4 * params + int(16 * params / gpus),
        "deepspeed_zero3_gpu_bytes_8gpu": 4 * largest + int(18 * params / gpus),
        "megatron_states_bytes": 18 * params,
    }
    h = getattr(config, "hidden_size", None) or getattr(config, "n_embd", None)
    layers = getattr(config, "num_hidden_layers", None) or getattr(config, "n_layer", None)
    ffn = getattr(config, "intermediate_size", None) or getattr(config, "n_inner", None) or 4 * h
    vocab = getattr(config, "vocab_size", 0)
    if seq and micro:
        act = seq * micro * h * (18 + 4 * ffn / h) * layers
        act += 8 * seq * micro + seq * micro * h  # embedding input and its dropout
        act += seq * micro * h * 4 * (1 + vocab / h)  # output layer and cross entropy
        out["megatron_activation_bytes"] = act
    try:
        from accelerate.commands.estimate import estimate_training_usage
        for precision, size in (("float32", 4 * params), ("bfloat16", 2 * params)):
            usage = estimate_training_usage(size, precision)
            out["accelerate_" + precision] = usage
            out["accelerate_" + precision + "_peak_bytes"] = max(v for v in usage.values() if v is not None)
    except Exception as e:  # an older accelerate without the function
        out["accelerate_error"] = repr(e)
    return out


def batch_for(config, seq, micro, device):
    if config.model_type == "vit":
        n = config.image_size
        return {"pixel_values": torch.randn(micro, config.num_channels, n, n, device=device),
                "labels": torch.randint(0, config.num_labels, (micro,), device=device)}
    ids = torch.randint(0, config.vocab_size, (micro, seq), device=device)
    return {"input_ids": ids, "labels": ids}


def profile_step(step):
    """One step under torch.profiler: the kernels it launches, the GPU's busy time (kernels' durations
    summed) and the optimizer's share of it. Separate from the timed steps: profiling slows the host."""
    try:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            step()
            torch.cuda.synchronize()
        kernels, busy, adam, launches = 0, 0.0, 0.0, 0
        for e in prof.events():
            if "LaunchKernel" in e.name:
                launches += 1
            if e.device_type == torch.autograd.DeviceType.CUDA:
                kernels += 1
                us = e.time_range.elapsed_us()
                busy += us
                if "adam" in e.name.lower():
                    adam += us
        return {"kernels": kernels, "launches": launches, "gpu_busy_s": busy / 1e6, "optimizer_gpu_s": adam / 1e6}
    except Exception as e:  # a profiler that cannot start here leaves the timing alone
        return {"profile_error": repr(e)}


def measure(model, config, mode, checkpointing, seq, micro, steps=20, warmup=3, profile=False):
    """Times `steps` steps after `warmup` (the first creates AdamW's states, the first after a change of
    checkpointing or shape re-plans the allocator's blocks and cuBLAS' choices). Each step is timed twice:
    CUDA events around it (the step as the GPU sees it, host gaps included, since the GPU waits for the
    host's launches) and the host's own time to issue it (perf_counter until step() returns, before the
    synchronisation): when the two are equal the step is host-bound. Python's garbage collector is off
    while timing: a collection inside a 20 ms step shows as a 30% outlier. With `profile`, one step under
    the profiler instead of the timing (a run of its own: the profiler may leave CUPTI's callbacks behind,
    which would slow the launches of every step timed after it)."""
    dev = "cuda"
    if checkpointing:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    else:
        model.gradient_checkpointing_disable()
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5, fused=True)
    batch = batch_for(config, seq, micro, dev)
    amp = torch.autocast("cuda", dtype=torch.bfloat16) if mode == "amp" else contextlib.nullcontext()

    def step():
        opt.zero_grad(set_to_none=True)
        with amp:
            loss = model(**batch).loss
        after_forward = torch.cuda.memory_allocated()
        loss.backward()
        opt.step()
        return after_forward

    for _ in range(warmup):
        step()
    torch.cuda.synchronize()
    if profile:
        out = profile_step(step)
        del opt, batch
        torch.cuda.empty_cache()
        return out
    static = torch.cuda.memory_allocated()
    torch.cuda.reset_peak_memory_stats()
    times, host, after_forward = [], [], 0
    gc.collect()
    gc.disable()
    try:
        for _ in range(steps):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            began = time.perf_counter()
            after_forward = step()
            host.append(time.perf_counter() - began)
            end.record()
            torch.cuda.synchronize()
            times.append(start.elapsed_time(end) / 1000.0)
    finally:
        gc.enable()
    peak = torch.cuda.max_memory_allocated()
    del opt, batch
    torch.cuda.empty_cache()
    return {"mode": mode, "checkpointing": "full" if checkpointing else "none", "seq": seq, "micro_batch": micro,
            "static_bytes": static, "after_forward_bytes": after_forward, "peak_bytes": peak,
            "step_s": statistics.median(times), "step_times_s": times, "host_s": statistics.median(host)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--configs")
    ap.add_argument("--catalogue", help="parameters of every catalogue config (see the module's docstring)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--profile", action="store_true",
                    help="profile one step of each point and add its kernels and GPU busy time to the points of "
                         "--out, written by an earlier run without --profile")
    args = ap.parse_args()
    if args.catalogue:
        catalogue_params(args.catalogue, args.out)
        return
    if not args.configs:
        ap.error("--configs or --catalogue")
    if args.profile:
        with open(args.out) as f:
            timed = json.load(f)
    import transformers
    only = set(filter(None, args.only.split(",")))
    result = {"torch": torch.__version__, "transformers": transformers.__version__,
              "device": torch.cuda.get_device_name(0) if torch.cuda.is_available() else "cpu", "models": {}}
    if args.profile:  # models not profiled (yet) keep their timed entries
        result["models"] = dict(timed["models"])
    try:  # host-bound steps go at the host's speed
        with open("/proc/cpuinfo") as f:
            result["cpu"] = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        import accelerate
        result["accelerate"] = accelerate.__version__
    except ImportError:
        pass
    for name, plan in PLANS.items():
        if only and name not in only:
            continue
        t0 = time.time()
        path = os.path.join(args.configs, name + ".json")
        with open(path) as f:
            values = json.load(f)
        config = transformers.AutoConfig.for_model(values.pop("model_type"), **values)
        full = build(config, "meta")
        entry = {"config": name + ".json", "params": sum(p.numel() for p in full.parameters()),
                 "largest_module_params": largest_module_params(full), "points": []}
        first = plan["points"][0] if plan["points"] else (2048, 1)
        entry["estimators"] = other_estimators(config, entry["params"], entry["largest_module_params"], *first)
        del full
        if plan["layers"] == 0 or not torch.cuda.is_available():
            result["models"][name] = entry
            continue
        small = copy.deepcopy(config)
        if plan["layers"]:
            for key in ("num_hidden_layers", "n_layer"):
                if hasattr(small, key):
                    setattr(small, key, plan["layers"])
        entry["layers"] = plan["layers"] or getattr(config, "num_hidden_layers", None) or config.n_layer
        for mode in ("amp", "bf16"):
            model = build(small, "cuda")
            if mode == "bf16":
                model = model.to(torch.bfloat16)
            entry["small_params"] = sum(p.numel() for p in model.parameters())
            entry["attn_implementation"] = getattr(model.config, "_attn_implementation", None)
            for checkpointing in (False, True):
                for seq, micro in plan["points"]:
                    try:
                        if args.profile:
                            at = len(entry["points"])
                            entry["points"].append(dict(timed["models"][name]["points"][at]))
                            entry["points"][-1].update(measure(model, small, mode, checkpointing, seq, micro,
                                                               profile=True))
                            continue
                        entry["points"].append(measure(model, small, mode, checkpointing, seq, micro))
                    except torch.cuda.OutOfMemoryError:
                        entry["points"].append({"mode": mode, "checkpointing": checkpointing, "seq": seq,
                                                "micro_batch": micro, "oom": True})
                        torch.cuda.empty_cache()
                    print(name, entry["points"][-1], flush=True)
            del model
            torch.cuda.empty_cache()
        entry["seconds"] = timed["models"][name]["seconds"] if args.profile else time.time() - t0
        result["models"][name] = entry
        with open(args.out, "w") as f:
            json.dump(result, f, indent=1)
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)
    print("wrote", args.out, file=sys.stderr)


if __name__ == "__main__":
    main()
