#!/usr/bin/env python3
"""A plain torch.distributed training script, as torchrun (or TrainDeck's per-GPU
mode) starts it: one process per GPU, RANK/WORLD_SIZE/MASTER_ADDR/MASTER_PORT in
the environment; NCCL on GPUs, Gloo on CPUs. It trains a small MLP to fit a fixed
random function on synthetic inputs (nothing is downloaded) with DDP.

The two TrainDeck lines: a RankMeter, and meter.step() every step on every rank.
"""

import argparse
import os
import time

import torch
import torch.distributed as dist
import torch.nn as nn

from traindeck_metrics.distributed import RankMeter
import traindeck_metrics as td


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--micro-batch", type=int, default=64)
    parser.add_argument("--width", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--log-every", type=int, default=10)
    parser.add_argument("--backend", choices=["auto", "nccl", "gloo"], default="auto")
    args = parser.parse_args()

    use_cuda = torch.cuda.is_available() and args.backend != "gloo"
    backend = args.backend if args.backend != "auto" else ("nccl" if use_cuda else "gloo")
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    if use_cuda:
        torch.cuda.set_device(local_rank)
    device = torch.device("cuda", local_rank) if use_cuda else torch.device("cpu")
    if "WORLD_SIZE" in os.environ:
        dist.init_process_group(backend)
    rank = dist.get_rank() if dist.is_initialized() else 0

    torch.manual_seed(0)  # the same weights on every rank; DDP keeps them so
    model = nn.Sequential(nn.Linear(64, args.width), nn.GELU(), nn.Linear(args.width, args.width), nn.GELU(),
                          nn.Linear(args.width, 1)).to(device)
    target = nn.Linear(64, 1).to(device)  # the function to learn
    if dist.is_initialized():
        model = nn.parallel.DistributedDataParallel(model, device_ids=[local_rank] if use_cuda else None)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    params = sum(p.numel() for p in model.parameters())

    td.start(model={"preset": f"mlp-{args.width}", "parameters": params}, precision="fp32",
             micro_batch=args.micro_batch, grad_accum=1, lr_peak=args.lr, total_steps=args.steps,
             data="synthetic", backend=backend)
    meter = RankMeter(every=args.log_every)
    gen = torch.Generator(device=device).manual_seed(1000 + rank)  # each rank its own samples
    began = time.time()
    for step in range(args.steps):
        x = torch.randn(args.micro_batch, 64, device=device, generator=gen)
        with torch.no_grad():
            y = target(x)
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        meter.step(step, loss=loss, lr=args.lr)
    if rank == 0:
        seconds = time.time() - began
        world = dist.get_world_size() if dist.is_initialized() else 1
        print(f"torch_distributed: {args.steps} steps in {seconds:.2f}s, "
              f"{args.steps * args.micro_batch * world / seconds:.1f} samples/s overall, last loss {loss.item():.4g}",
              flush=True)
    if use_cuda:  # what torch itself reports, to compare with the dashboard's gpu_mem_gb
        print(f"torch_distributed: rank {rank} torch.cuda.max_memory_allocated "
              f"{torch.cuda.max_memory_allocated() / 2**30:.3f} GiB", flush=True)
    if dist.is_initialized():
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
