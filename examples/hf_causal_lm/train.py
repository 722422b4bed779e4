#!/usr/bin/env python3
"""A Hugging Face Trainer on a small causal language model built from a config
(random initialisation, synthetic token sequences: nothing is downloaded).
Run it with torchrun, `accelerate launch` or TrainDeck's per-GPU mode.

The TrainDeck line: callbacks=[TraindeckCallback()].
"""

import argparse

import torch
from transformers import LlamaConfig, LlamaForCausalLM, Trainer, TrainingArguments

from traindeck_metrics.hf import TraindeckCallback


class SyntheticTokens(torch.utils.data.Dataset):
    """Token sequences with a learnable structure: each sequence repeats a short random motif."""

    def __init__(self, count, length, vocab, seed=0):
        self.count, self.length, self.vocab, self.seed = count, length, vocab, seed

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(self.seed * 1_000_003 + i)
        motif = torch.randint(0, self.vocab, (int(torch.randint(4, 16, (1,), generator=g)),), generator=g)
        ids = motif.repeat(self.length // len(motif) + 1)[: self.length]
        return {"input_ids": ids, "labels": ids.clone(), "attention_mask": torch.ones_like(ids)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--micro-batch", type=int, default=8)
    parser.add_argument("--grad-accum", type=int, default=1)
    parser.add_argument("--seq-len", type=int, default=256)
    parser.add_argument("--hidden", type=int, default=512)
    parser.add_argument("--layers", type=int, default=8)
    parser.add_argument("--bf16", action="store_true")
    parser.add_argument("--log-every", type=int, default=10)
    parser.add_argument("--output-dir", default="hf_causal_lm_out")
    args = parser.parse_args()

    config = LlamaConfig(vocab_size=8192, hidden_size=args.hidden, intermediate_size=args.hidden * 4 * 2 // 3,
                         num_hidden_layers=args.layers, num_attention_heads=max(1, args.hidden // 64),
                         max_position_embeddings=args.seq_len)
    model = LlamaForCausalLM(config)
    data = SyntheticTokens(args.steps * args.micro_batch * args.grad_accum * 8, args.seq_len, config.vocab_size)
    targs = TrainingArguments(
        output_dir=args.output_dir, max_steps=args.steps, per_device_train_batch_size=args.micro_batch,
        gradient_accumulation_steps=args.grad_accum, learning_rate=3e-4, warmup_steps=10, lr_scheduler_type="cosine",
        logging_steps=args.log_every, save_strategy="no", report_to=[], bf16=args.bf16,
        use_cpu=not torch.cuda.is_available(), dataloader_num_workers=0, disable_tqdm=True)
    trainer = Trainer(model=model, args=targs, train_dataset=data, callbacks=[TraindeckCallback()])
    result = trainer.train()
    # What the framework itself measured, for comparison with TrainDeck's figures.
    if trainer.is_world_process_zero():
        print(f"hf_causal_lm: trainer metrics {result.metrics}", flush=True)
    if torch.cuda.is_available():
        print(f"hf_causal_lm: rank {trainer.args.process_index} torch.cuda.max_memory_allocated "
              f"{torch.cuda.max_memory_allocated() / 2**30:.3f} GiB", flush=True)


if __name__ == "__main__":
    main()
