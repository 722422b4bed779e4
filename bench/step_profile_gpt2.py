#!/usr/bin/env python3
"""Where one GPT-2 training step's GPU time goes (issue 35): phases by CUDA events, ops by torch.profiler,
the LM head + cross-entropy alone, and variants (GELU fused, no dropout).
Run on the GPU machine from the repository root: OUT=folder python3 bench/step_profile_gpt2.py"""
import json, os, statistics, sys, contextlib
import torch
import torch.nn.functional as F
root = os.getcwd()
sys.path.insert(0, os.path.join(root, "bench"))
import step_truth as st
out = os.environ.get("OUT", "/tmp")
dev = st.Device(0)
res = {"device": torch.cuda.get_device_name(0)}
def ev():
    e = torch.cuda.Event(enable_timing=True); e.record(); return e

def load(name, seq, micro, **over):
    spec = dict(st.MODELS[name])
    cfg = st.load_config(root, spec, False)
    for k, v in over.items(): setattr(cfg, k, v)
    m = st.build(cfg, dev.name); m.train()
    return cfg, m

def timed(name, seq, micro, profile=False, **over):
    cfg, model = load(name, seq, micro, **over)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5, fused=True)
    ids = torch.randint(0, cfg.vocab_size, (micro, seq), device=dev.name)
    phases = []
    def step():
        opt.zero_grad(set_to_none=True)
        a = ev()
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = model(input_ids=ids, labels=ids).loss
        b = ev(); loss.backward(); c = ev(); opt.step(); d = ev()
        return a, b, c, d
    for _ in range(3): step()
    torch.cuda.synchronize()
    for _ in range(6):
        a, b, c, d = step(); torch.cuda.synchronize()
        phases.append((a.elapsed_time(b), b.elapsed_time(c), c.elapsed_time(d), a.elapsed_time(d)))
    med = [statistics.median(p[i] for p in phases) for i in range(4)]
    r = {"fwd_ms": med[0], "bwd_ms": med[1], "opt_ms": med[2], "step_ms": med[3]}
    if profile:
        from torch.profiler import profile as prof, ProfilerActivity
        with prof(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as p:
            step(); torch.cuda.synchronize()
        ka = p.key_averages()
        rows = sorted(((k.key, k.self_device_time_total / 1e3, k.count) for k in ka if k.self_device_time_total > 0),
                      key=lambda x: -x[1])
        r["ops_ms"] = rows[:60]
        r["gpu_total_ms"] = sum(x[1] for x in rows)
        txt = ka.table(sort_by="self_cuda_time_total", row_limit=70)
        open(os.path.join(out, "ops_%s_%d_%d.txt" % (name, seq, micro)), "w").write(txt)
    del model, opt; dev.free()
    return r

def head_loss(V, h, tokens, reps=6):
    w = torch.randn(V, h, device="cuda", requires_grad=True)
    x = torch.randn(tokens, h, device="cuda", requires_grad=True)
    lab = torch.randint(0, V, (tokens,), device="cuda")
    out = {}
    for name in ("matmul_only", "matmul_ce"):
        ts = []
        for i in range(reps + 2):
            a = ev()
            with torch.autocast("cuda", dtype=torch.bfloat16):
                logits = F.linear(x, w)
            if name == "matmul_ce":
                loss = F.cross_entropy(logits.float(), lab)
            else:
                loss = logits.float().sum() * 0 if False else logits.sum()
            loss.backward(); b = ev(); torch.cuda.synchronize(); ts.append(a.elapsed_time(b))
        out[name] = statistics.median(ts[2:])
    del w, x; dev.free()
    return out

try:
    res["gpt2_1024x8"] = timed("gpt2", 1024, 8, profile=True)
except Exception as e:
    res["gpt2_1024x8"] = repr(e)[:300]
print(json.dumps(res), flush=True)
try:
    res["gpt2_1024x4"] = timed("gpt2", 1024, 4)
except Exception as e:
    res["gpt2_1024x4"] = repr(e)[:300]
try:
    res["gpt2_1024x8_gelu_tanh"] = timed("gpt2", 1024, 8, activation_function="gelu_pytorch_tanh")
except Exception as e:
    res["gpt2_1024x8_gelu_tanh"] = repr(e)[:300]
try:
    res["gpt2_1024x8_nodropout"] = timed("gpt2", 1024, 8, attn_pdrop=0.0, resid_pdrop=0.0, embd_pdrop=0.0)
except Exception as e:
    res["gpt2_1024x8_nodropout"] = repr(e)[:300]
try:
    res["gpt2_1024x8_eager_attn"] = timed("gpt2", 1024, 8, _attn_implementation="eager")
except Exception as e:
    res["gpt2_1024x8_eager_attn"] = repr(e)[:300]
try:
    res["head_gpt2_8192"] = head_loss(50257, 768, 8192)
except Exception as e:
    res["head_gpt2_8192"] = repr(e)[:300]
try:
    res["head_llama_8192"] = head_loss(128256, 4096, 8192)
except Exception as e:
    res["head_llama_8192"] = repr(e)[:300]
print(json.dumps(res), flush=True)
try:
    res["llama_1024x8"] = timed("llama-3.1-8b", 1024, 8, profile=True)
except Exception as e:
    res["llama_1024x8"] = repr(e)[:300]
print(json.dumps(res), flush=True)
json.dump(res, open(os.path.join(out, "prof.json"), "w"), indent=1)
