"""PyTorch DDP implementation of the reference workload (docs/trainer-workload.md),
the baseline that traindeck-trainer's CUDA backend is measured against.

Same model (tae-mlp, tanh GELU, the same initial parameters bit for bit), same `waves`
samples in the same order, same AdamW (fused), clipping and LR schedule; bf16 autocast
for the matrix products with fp32 master weights. Per step it does what the trainer's
loop does: the micro-steps, the optimizer step, and one small all-reduce of the step's
loss statistics that the host reads.

    torchrun --standalone --nproc_per_node N bench/ddp_reference.py --preset large \
        --frames 8 --height 256 --width 256 --micro-batch 16 [--compile]

Rank 0 prints `step` lines and a `RESULT` line in the format of traindeck-cuda-train.

--fp32: a reference outside the workload's precision, for comparing the bf16 curves with
exact maths: no autocast and no TF32 (full fp32 products), everything else the same.

Diagnostics (how near each implementation's gradient is to the exact one), in the
formats of traindeck-cuda-train's:
--layer-norms-until K: a LAYERS line for steps 0..K (each layer's weight and bias gradient
norm before clipping, then each one's update norm); --stop-after K ends after step K.
--grads-at D --dump-steps 0,20,21 (one process): no training; for each step N, load the
weights traindeck-cuda-train wrote to D/params-N.f32, compute step N's gradient there in
fp32 (the exact reference) and in bf16 autocast, and print, for every gradient file
D/grads-N.*.f32 and for PyTorch's bf16 gradient, each layer's relative error against
the fp32 one (SAMEW lines).
"""
import glob
import argparse
import math
import os
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

M64 = (1 << 64) - 1
PRESETS = {"tiny": (128, 2), "base": (1024, 3), "large": (4096, 4)}


def splitmix64(x):
    """Vectorised splitmix64 over numpy uint64 (wrapping arithmetic)."""
    x = (x + np.uint64(0x9E3779B97F4A7C15)) & np.uint64(M64)
    z = x
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def layer_sizes(width, layers):
    half = lambda a, b: [a] + [width] * layers + [b]
    out = []
    for sizes in (half(192, 16), half(16, 192)):
        out += [(sizes[k], sizes[k + 1], k + 2 < len(sizes)) for k in range(len(sizes) - 1)]
    return out


def init_flat(sizes, seed):
    """trainer/math/model.cpp initParameters: element j is (2u-1)/sqrt(fan_in)."""
    with np.errstate(over="ignore"):
        stream = splitmix64(np.uint64(seed) ^ np.uint64(0x7061726D73))
        tensors, at = [], 0
        for fan_in, fan_out, _ in sizes:
            count = fan_in * fan_out + fan_out
            j = np.arange(at, at + count, dtype=np.uint64)
            u = (splitmix64(stream ^ j) >> np.uint64(11)).astype(np.float64) * 2.0**-53
            vals = ((2.0 * u - 1.0) / math.sqrt(fan_in)).astype(np.float32)
            w = vals[: fan_in * fan_out].reshape(fan_in, fan_out)  # fan_in x fan_out, row-major
            tensors.append((torch.from_numpy(np.ascontiguousarray(w.T)), torch.from_numpy(vals[fan_in * fan_out:].copy())))
            at += count
    return tensors


def linears(model):
    return [m for m in model.net if isinstance(m, nn.Linear)]


def flat_of(tensors_per_linear):
    """[(weight [out, in], bias)] -> the trainer's flat layout: W as fan_in x fan_out row-major, then b."""
    return torch.cat([t for w, b in tensors_per_linear for t in (w.t().reshape(-1), b.reshape(-1))])


def load_flat(model, flat):
    at = 0
    with torch.no_grad():
        for lin in linears(model):
            fan_out, fan_in = lin.weight.shape
            lin.weight.copy_(flat[at:at + fan_in * fan_out].view(fan_in, fan_out).t())
            at += fan_in * fan_out
            lin.bias.copy_(flat[at:at + fan_out])
            at += fan_out
    assert at == flat.numel()


def layer_norms(step, grads, before, after):
    """The LAYERS line: per layer, weight and bias gradient norms, then update norms."""
    g = " ".join(f"{t.double().norm().item():.6e}" for t in grads)
    u = " ".join(f"{(x - y).double().norm().item():.6e}" for x, y in zip(after, before))
    return f"LAYERS step {step} grad {g} update {u}"


def rel(x, ref):
    return ((x.double() - ref.double()).norm() / ref.double().norm()).item()


def same_weights(a, width, layers, dev):
    """--grads-at: gradients at the weights the trainer had, fp32 and bf16, against its files."""
    model = TaeMlp(width, layers, a.seed).to(dev)
    sizes = layer_sizes(width, layers)
    spans, at = [], 0
    for fan_in, fan_out, _ in sizes:
        spans += [(at, at + fan_in * fan_out), (at + fan_in * fan_out, at + fan_in * fan_out + fan_out)]
        at += fan_in * fan_out + fan_out
    for n in [int(v) for v in a.dump_steps.split(",")]:
        params = np.fromfile(f"{a.grads_at}/params-{n}.f32", dtype=np.float32)
        assert params.size == at, f"params-{n}.f32 holds {params.size} values, the model {at}"
        load_flat(model, torch.from_numpy(params).to(dev))
        grads = {}
        for mode in ("fp32", "torch-bf16"):
            model.zero_grad(set_to_none=False)
            for m in range(a.accum):
                x = waves_tokens(a.seed, (n * a.accum + m) * a.micro_batch, a.micro_batch, a.frames, a.height, a.width, dev)
                with torch.autocast("cuda", dtype=torch.bfloat16, enabled=mode != "fp32"):
                    y = model(x)
                (F.mse_loss(y.float(), x) / a.accum).backward()
            grads[mode] = flat_of([(l.weight.grad, l.bias.grad) for l in linears(model)]).clone()
        for path in sorted(glob.glob(f"{a.grads_at}/grads-{n}.*.f32")):
            tag = path.split(f"grads-{n}.")[1][:-4]
            grads["ours-" + tag] = torch.from_numpy(np.fromfile(path, dtype=np.float32)).to(dev)
        exact = grads["fp32"]
        print(f"SAMEW step {n} fp32 norm {exact.double().norm().item():.6e}", flush=True)
        for name, g in grads.items():
            if name == "fp32":
                continue
            per = " ".join(f"{rel(g[s:e], exact[s:e]):.3e}" for s, e in spans)
            ratio = (g.double().norm() / exact.double().norm()).item()
            cos = torch.nn.functional.cosine_similarity(g.double(), exact.double(), dim=0).item()
            print(f"SAMEW step {n} source {name} rel {rel(g, exact):.4e} norm_ratio {ratio:.6f} cos {cos:.8f} "
                  f"layers {per}", flush=True)


class TaeMlp(nn.Module):
    def __init__(self, width, layers, seed):
        super().__init__()
        sizes = layer_sizes(width, layers)
        mods = []
        for (fan_in, fan_out, gelu), (w, b) in zip(sizes, init_flat(sizes, seed)):
            lin = nn.Linear(fan_in, fan_out)
            with torch.no_grad():
                lin.weight.copy_(w)
                lin.bias.copy_(b)
            mods.append(lin)
            if gelu:
                mods.append(nn.GELU(approximate="tanh"))
        self.net = nn.Sequential(*mods)

    def forward(self, x):
        return self.net(x)


def wave_params(seed, first, count):
    """kx, ky, kt, phi for samples first..first+count-1: float64 [count, 3, 3, 4]."""
    with np.errstate(over="ignore"):
        s = np.arange(first, first + count, dtype=np.uint64)[:, None]
        k = np.arange(36, dtype=np.uint64)[None, :]
        u = (splitmix64(np.uint64(seed) ^ splitmix64(s * np.uint64(64) + k)) >> np.uint64(11)).astype(np.float64) * 2.0**-53
    u = u.reshape(count, 3, 3, 4)
    two_pi = 2.0 * math.pi
    return np.stack([two_pi * (-4.0 + 8.0 * u[..., 0]), two_pi * (-4.0 + 8.0 * u[..., 1]),
                     two_pi * (-1.0 + 2.0 * u[..., 2]), two_pi * u[..., 3]], axis=-1)


def waves_tokens(seed, first, count, frames, height, width, device):
    """[count * F * H/8 * W/8, 192] float32 tokens, made on the GPU in float64."""
    p = torch.from_numpy(wave_params(seed, first, count)).to(device)  # [B, c, j, 4]
    x = torch.arange(width, device=device, dtype=torch.float64)
    y = torch.arange(height, device=device, dtype=torch.float64)
    t = torch.arange(frames, device=device, dtype=torch.float64)
    kx, ky, kt, ph = (p[..., i][..., None, None, None] for i in range(4))  # [B, c, j, 1, 1, 1]
    arg = kx * x / width + ky * y[:, None] / height + kt * t[:, None, None] / frames + ph
    clip = (0.5 + torch.sin(arg).sum(dim=2) / 6.0).float()  # [B, c, F, H, W]
    B = count
    clip = clip.reshape(B, 3, frames, height // 8, 8, width // 8, 8)
    # token order (sample, t, py, px), values (c, dy, dx)
    return clip.permute(0, 2, 3, 5, 1, 4, 6).reshape(-1, 192).contiguous()


def learning_rate(peak, warmup, total, step, final=0.1):
    if step < warmup:
        return peak * (step + 1) / warmup
    span = (total - 1) - warmup
    if span <= 0:
        return peak
    progress = min(max((step - warmup) / span, 0.0), 1.0)
    floor = final * peak
    return floor + (peak - floor) * 0.5 * (1.0 + math.cos(math.pi * progress))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="large")
    ap.add_argument("--frames", type=int, default=8)
    ap.add_argument("--height", type=int, default=256)
    ap.add_argument("--width", type=int, default=256)
    ap.add_argument("--micro-batch", type=int, default=16)
    ap.add_argument("--accum", type=int, default=1)
    ap.add_argument("--steps", type=int, default=120)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--timed-from", type=int, default=20)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--log-every", type=int, default=10)
    ap.add_argument("--compile", action="store_true")
    ap.add_argument("--bucket-mb", type=float, default=25.0)
    ap.add_argument("--fp32", action="store_true", help="no autocast, no TF32: the fp32 reference")
    ap.add_argument("--layer-norms-until", type=int, default=-1)
    ap.add_argument("--stop-after", type=int, default=-1)
    ap.add_argument("--grads-at", default="")
    ap.add_argument("--dump-steps", default="")
    a = ap.parse_args()

    dist.init_process_group("nccl")
    rank, world = dist.get_rank(), dist.get_world_size()
    local = int(os.environ.get("LOCAL_RANK", rank))
    torch.cuda.set_device(local)
    dev = torch.device("cuda", local)
    torch.backends.cuda.matmul.allow_tf32 = not a.fp32
    torch.backends.cudnn.allow_tf32 = not a.fp32
    if a.fp32:
        torch.set_float32_matmul_precision("highest")

    width, layers = PRESETS[a.preset]
    if a.grads_at:
        assert world == 1, "--grads-at runs as one process"
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.set_float32_matmul_precision("highest")
        same_weights(a, width, layers, dev)
        dist.destroy_process_group()
        return
    model = TaeMlp(width, layers, a.seed).to(dev)
    ddp = nn.parallel.DistributedDataParallel(model, device_ids=[local], bucket_cap_mb=a.bucket_mb,
                                              gradient_as_bucket_view=True)
    net = torch.compile(ddp) if a.compile else ddp
    decay = [p for n, p in model.named_parameters() if n.endswith("weight")]
    no_decay = [p for n, p in model.named_parameters() if n.endswith("bias")]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}],
                            lr=a.lr, betas=(0.9, 0.95), eps=1e-8, fused=True)
    params = list(model.parameters())
    R, A, B = world, a.accum, a.micro_batch
    stats = torch.zeros(2, device=dev, dtype=torch.float64)

    torch.cuda.synchronize()
    dist.barrier()
    step_time_sum, last_psnr, t_start = 0.0, 0.0, None
    for n in range(a.steps):
        if n == a.timed_from:
            torch.cuda.synchronize()
            t_start = time.perf_counter()
        t0 = time.perf_counter()
        for g in opt.param_groups:
            g["lr"] = learning_rate(a.lr, a.warmup, a.steps, n)
        stats.zero_()
        for m in range(A):
            first = ((n * A + m) * R + rank) * B
            x = waves_tokens(a.seed, first, B, a.frames, a.height, a.width, dev)
            sync = m == A - 1
            ctx = net.no_sync() if (not sync and hasattr(net, "no_sync")) else torch.enable_grad()
            with ctx:
                with torch.autocast("cuda", dtype=torch.bfloat16, enabled=not a.fp32):
                    y = net(x)
                loss = F.mse_loss(y.float(), x)
                (loss / A).backward()
            mse = loss.detach().double()
            stats[0] += mse
            stats[1] += 10.0 * torch.log10(1.0 / mse)
        trace = rank == 0 and n <= a.layer_norms_until
        if trace:
            grads_now = [p.grad.detach().clone() for p in params]
            before = [p.detach().clone() for p in params]
        norm = torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        if trace:
            print(layer_norms(n, grads_now, before, [p.detach() for p in params]), flush=True)
            del grads_now, before
        opt.zero_grad(set_to_none=False)
        dist.all_reduce(stats)
        loss_v, psnr_v = (stats / (R * A)).tolist()  # the host reads the step's loss, as the trainer does
        dt = time.perf_counter() - t0
        if n >= a.timed_from:
            step_time_sum += dt
        last_psnr = psnr_v
        if rank == 0 and (n % a.log_every == 0 or n == a.steps - 1):
            print(f"step {n} loss {loss_v:.7f} psnr {psnr_v:.4f} grad_norm {norm.item():.5f} "
                  f"lr {learning_rate(a.lr, a.warmup, a.steps, n):.3e} step_ms {dt * 1e3:.3f} "
                  f"mem_gb {torch.cuda.max_memory_allocated() / 2**30:.1f}", flush=True)
        if n == a.stop_after:
            if rank == 0:
                print(f"STOPPED after step {n} (--stop-after)", flush=True)
            dist.destroy_process_group()
            return
    torch.cuda.synchronize()
    elapsed = time.perf_counter() - t_start
    timed = a.steps - a.timed_from
    if rank == 0:
        mode = ("compile" if a.compile else "eager") + (" fp32" if a.fp32 else "")
        print(f"RESULT preset {a.preset} gpus {R} micro_batch {B} accum {A} samples_per_s "
              f"{R * A * B * timed / elapsed:.3f} step_ms {1e3 * step_time_sum / timed:.3f} "
              f"psnr_last {last_psnr:.4f} steps {a.steps} torch {mode}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
