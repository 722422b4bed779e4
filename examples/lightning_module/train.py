#!/usr/bin/env python3
"""A Lightning module: a small convolutional image autoencoder on synthetic
images (nothing is downloaded). Lightning starts its own processes for
devices > 1, or reads torchrun's / TrainDeck's per-GPU variables when they are set.

The TrainDeck line: callbacks=[TraindeckCallback()].
"""

import argparse
import csv
import importlib
import os
import time

import torch
import torch.nn as nn

try:
    import lightning.pytorch as pl
except ImportError:
    import pytorch_lightning as pl

from traindeck_metrics.lightning import TraindeckCallback


class SyntheticImages(torch.utils.data.Dataset):
    def __init__(self, count, size):
        self.count, self.size = count, size

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(i)
        freq = torch.rand(2, generator=g) * 6 + 1
        yy, xx = torch.meshgrid(torch.linspace(0, 1, self.size), torch.linspace(0, 1, self.size), indexing="ij")
        phase = torch.rand(3, 1, 1, generator=g) * 6.28
        return torch.sin(freq[0] * 6.28 * xx + phase) * torch.cos(freq[1] * 6.28 * yy + phase)


class ImageAutoencoder(pl.LightningModule):
    def __init__(self, width=64, lr=1e-3):
        super().__init__()
        self.save_hyperparameters()
        self.net = nn.Sequential(
            nn.Conv2d(3, width, 4, 2, 1), nn.SiLU(), nn.Conv2d(width, width * 2, 4, 2, 1), nn.SiLU(),
            nn.ConvTranspose2d(width * 2, width, 4, 2, 1), nn.SiLU(), nn.ConvTranspose2d(width, 3, 4, 2, 1))

    def training_step(self, batch, batch_idx):
        loss = nn.functional.mse_loss(self.net(batch), batch)
        self.log("train_loss", loss)
        self.log("lr", self.trainer.optimizers[0].param_groups[0]["lr"])
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--micro-batch", type=int, default=32)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--devices", default="auto")
    parser.add_argument("--precision", default="32-true")
    parser.add_argument("--log-every", type=int, default=10)
    parser.add_argument("--lightning-monitors", metavar="DIR",
                        help="also Lightning's own ThroughputMonitor and DeviceStatsMonitor, logged to a CSVLogger "
                             "in DIR, and their last figures printed, to compare with the dashboard's")
    args = parser.parse_args()

    data = torch.utils.data.DataLoader(SyntheticImages(args.steps * args.micro_batch * 8, args.size),
                                       batch_size=args.micro_batch, shuffle=True, num_workers=2)
    callbacks, logger = [TraindeckCallback()], False
    if args.lightning_monitors:
        # Lightning's own figures: samples/s over its window of recent batches (it synchronises
        # the GPU at every batch to time them) and the CUDA allocator's statistics.
        lightning_callbacks = importlib.import_module(pl.__name__ + ".callbacks")
        callbacks += [lightning_callbacks.ThroughputMonitor(batch_size_fn=lambda batch: batch.size(0)),
                      lightning_callbacks.DeviceStatsMonitor(cpu_stats=False)]
        logger = importlib.import_module(pl.__name__ + ".loggers").CSVLogger(args.lightning_monitors,
                                                                             name="lightning_module")
    trainer = pl.Trainer(max_steps=args.steps, devices=args.devices, precision=args.precision,
                         log_every_n_steps=args.log_every, callbacks=callbacks, logger=logger,
                         enable_checkpointing=False, enable_progress_bar=False)
    began = time.time()
    trainer.fit(ImageAutoencoder(), data)
    seconds = time.time() - began
    # What the script and torch measure themselves, to compare with the dashboard's figures.
    if trainer.is_global_zero:
        samples = args.steps * args.micro_batch * trainer.world_size
        print(f"lightning_module: {args.steps} steps in {seconds:.2f}s (fit, start-up included), "
              f"{samples / seconds:.1f} samples/s overall", flush=True)
    if args.lightning_monitors and trainer.is_global_zero:
        # The last value of each of Lightning's columns, as its CSVLogger wrote them.
        last = {}
        with open(os.path.join(logger.log_dir, "metrics.csv")) as f:
            for row in csv.DictReader(f):
                last.update({k: v for k, v in row.items() if v not in ("", None)})
        for key in sorted(last):
            if key.endswith("samples_per_sec") or key.endswith("allocated_bytes.all.peak"):
                print(f"lightning_module: Lightning's {key} {float(last[key]):.6g}", flush=True)
    if torch.cuda.is_available():
        print(f"lightning_module: rank {trainer.global_rank} torch.cuda.max_memory_allocated "
              f"{torch.cuda.max_memory_allocated() / 2**30:.3f} GiB", flush=True)


if __name__ == "__main__":
    main()
