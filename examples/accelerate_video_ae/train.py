#!/usr/bin/env python3
"""An accelerate training loop of the seeds' shape: a small 3-D convolutional
autoencoder that compresses short video clips, trained on synthetic clips
(moving blobs over a drifting gradient; nothing is downloaded). Run it with
`accelerate launch`, torchrun, or TrainDeck's per-GPU mode.

The TrainDeck lines: TraindeckTracker in log_with, init_trackers with the
run's settings, accelerator.log() as usual, and td.rank_step() on the other
ranks for their own step times and memory.
"""

import argparse
import math
import time

import torch
import torch.nn as nn
from accelerate import Accelerator

import traindeck_metrics as td
from traindeck_metrics.accelerate import TraindeckTracker


def synthetic_clips(batch, frames, size, generator, device):
    """Clips of a few Gaussian blobs moving in straight lines over a background gradient, in [-1, 1]."""
    t = torch.arange(frames, device=device).view(1, 1, frames, 1, 1).float()
    yy, xx = torch.meshgrid(torch.linspace(0, 1, size, device=device), torch.linspace(0, 1, size, device=device),
                            indexing="ij")
    rand = lambda *s: torch.rand(*s, generator=generator, device=device)  # noqa: E731
    video = (rand(batch, 3, 1, 1, 1) * 0.5) * (xx + yy).view(1, 1, 1, size, size)
    for _ in range(3):
        cx, cy = rand(batch, 1, 1, 1, 1), rand(batch, 1, 1, 1, 1)
        vx, vy = (rand(batch, 1, 1, 1, 1) - 0.5) * 0.1, (rand(batch, 1, 1, 1, 1) - 0.5) * 0.1
        color = rand(batch, 3, 1, 1, 1)
        px, py = cx + vx * t, cy + vy * t
        blob = torch.exp(-((xx.view(1, 1, 1, size, size) - px) ** 2 + (yy.view(1, 1, 1, size, size) - py) ** 2) / 0.01)
        video = video + color * blob
    return video.clamp(0, 1) * 2 - 1


class VideoAutoencoder(nn.Module):
    def __init__(self, width=32, latent=8):
        super().__init__()
        act = nn.SiLU
        self.encoder = nn.Sequential(
            nn.Conv3d(3, width, 3, padding=1), act(),
            nn.Conv3d(width, width * 2, 3, stride=(1, 2, 2), padding=1), act(),
            nn.Conv3d(width * 2, width * 4, 3, stride=(2, 2, 2), padding=1), act(),
            nn.Conv3d(width * 4, latent, 1))
        self.decoder = nn.Sequential(
            nn.Conv3d(latent, width * 4, 1), act(),
            nn.ConvTranspose3d(width * 4, width * 2, 4, stride=(2, 2, 2), padding=1), act(),
            nn.ConvTranspose3d(width * 2, width, (3, 4, 4), stride=(1, 2, 2), padding=1), act(),
            nn.Conv3d(width, 3, 3, padding=1))

    def forward(self, x):
        return self.decoder(self.encoder(x))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--micro-batch", type=int, default=8)
    parser.add_argument("--grad-accum", type=int, default=1)
    parser.add_argument("--frames", type=int, default=8)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--width", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-4)
    parser.add_argument("--warmup-steps", type=int, default=20)
    parser.add_argument("--log-every", type=int, default=10)
    parser.add_argument("--mixed-precision", choices=["no", "bf16", "fp16"], default=None)
    args = parser.parse_args()

    acc = Accelerator(log_with=[TraindeckTracker()], gradient_accumulation_steps=args.grad_accum,
                      mixed_precision=args.mixed_precision)
    torch.manual_seed(0)
    model = VideoAutoencoder(args.width)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    warm = max(1, args.warmup_steps)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / warm) * 0.5 * (1 + math.cos(math.pi * min(1.0, s / args.steps))))
    model, opt, sched = acc.prepare(model, opt, sched)
    acc.init_trackers("video-ae", config={
        "micro_batch": args.micro_batch, "gradient_accumulation_steps": args.grad_accum, "lr": args.lr,
        "warmup_steps": args.warmup_steps, "max_train_steps": args.steps,
        "model": {"preset": f"video-ae-w{args.width}", "parameters": sum(p.numel() for p in model.parameters())},
        "data": f"synthetic clips {args.frames}x{args.size}x{args.size}",
    })
    gen = torch.Generator(device=acc.device).manual_seed(1234 + acc.process_index)
    began = time.time()
    for step in range(args.steps):
        for _ in range(args.grad_accum):
            with acc.accumulate(model):
                clips = synthetic_clips(args.micro_batch, args.frames, args.size, gen, acc.device)
                loss = nn.functional.mse_loss(model(clips).float(), clips)
                acc.backward(loss)
                grad_norm = acc.clip_grad_norm_(model.parameters(), 1.0) if acc.sync_gradients else None
                opt.step()
                sched.step()
                opt.zero_grad(set_to_none=True)
        if step % args.log_every == 0:
            if acc.is_main_process:
                mse = loss.item()
                acc.log({"loss": mse, "psnr": 10 * math.log10(4.0 / max(mse, 1e-12)),  # range [-1, 1]: peak 2
                         "lr": sched.get_last_lr()[0],
                         "grad_norm": float(grad_norm) if grad_norm is not None else float("nan")}, step=step)
            else:
                td.rank_step(step)  # this rank's own step time and peak memory
    acc.wait_for_everyone()
    # What the script and torch measure themselves, to compare with the dashboard's figures.
    seconds = time.time() - began
    if acc.is_main_process:
        samples = args.steps * args.grad_accum * args.micro_batch * acc.num_processes
        print(f"accelerate_video_ae: {args.steps} steps in {seconds:.2f}s, {samples / seconds:.1f} samples/s overall",
              flush=True)
    if torch.cuda.is_available():
        print(f"accelerate_video_ae: rank {acc.process_index} torch.cuda.max_memory_allocated "
              f"{torch.cuda.max_memory_allocated() / 2**30:.3f} GiB", flush=True)
    acc.end_training()


if __name__ == "__main__":
    main()
