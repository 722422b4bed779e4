"""TrainDeck's metrics protocol from any Python training script.

    import traindeck_metrics as td
    td.start(micro_batch=8, total_steps=1000, precision="bf16", model="my-model")
    for step in range(1000):
        with td.step(step):          # optional: lets a few steps measure host_s
            loss = train_step()
        td.log(step, loss=loss, lr=scheduler.get_last_lr()[0])

Lines go to the file named by TRAINDECK_METRICS_FILE (TrainDeck's launcher sets
it) or to standard output. `end` is written by itself when the script exits:
completed, failed on an uncaught exception, interrupted on SIGTERM.

Adapters, each importing its framework only when imported itself:
traindeck_metrics.hf (transformers TrainerCallback), .lightning (Lightning
callback), .accelerate (accelerate GeneralTracker), .distributed (per-rank
step time and peak memory for torch.distributed / torchrun scripts).
"""

import contextlib
import threading

from . import _lifecycle
from ._reporter import Reporter
from ._writer import ENV_FILE, PROTOCOL_VERSION, Writer, encode

__version__ = "0.1.0"
__all__ = [
    "ENV_FILE", "PROTOCOL_VERSION", "Reporter", "Writer", "checkpoint", "encode", "end", "error", "eval",
    "log", "rank_step", "reporter", "start", "step",
]

_lock = threading.Lock()
_default = None


def reporter(sigterm=True):
    """The process's reporter, created (and hooked into exit, uncaught
    exceptions and SIGTERM) on first use."""
    global _default
    with _lock:
        if _default is None:
            _default = Reporter()
            _lifecycle.install(_default, sigterm=sigterm)
        return _default


def start(tokens_per_sample=None, activation_checkpointing=None, zero_stage=None, fsdp=None, params=None,
          model_type=None, **fields):
    """The job's start event: model, precision, micro_batch, grad_accum,
    effective_batch, lr_peak, warmup_steps, total_steps, data, ... (any key), and
    the workload TrainDeck calibrates at: tokens_per_sample (the sequence length),
    activation_checkpointing ("none", "selective", "full", or a bool), zero_stage
    (0-3), fsdp ("none", "full_shard", "shard_grad_op", "hybrid_shard"), params
    (the model's parameters) and model_type (Hugging Face's, where known)."""
    workload = {"tokens_per_sample": tokens_per_sample, "activation_checkpointing": activation_checkpointing,
                "zero_stage": zero_stage, "fsdp": fsdp, "params": params, "model_type": model_type}
    reporter().start(**{k: v for k, v in workload.items() if v is not None}, **fields)


@contextlib.contextmanager
def step(step):
    """Around one optimizer step's work (forward, backward, optimizer step), on every
    rank: on a few steps after warm-up (10-12; TRAINDECK_HOST_STEPS="5,6,7" or "off"),
    measures the host's issue time of the step with the GPU's waits left out, and
    writes it as host_s on this rank's next step or rank event. Elsewhere, and where
    there is no CUDA, it does nothing."""
    rep = reporter()
    rep.step_begin(step)
    try:
        yield
    finally:
        rep.step_end(step)


def log(step, **scalars):
    """One optimizer step's scalars (any keys; learning_rate is written as lr)."""
    reporter().log(step, **scalars)


def rank_step(step, **fields):
    """This rank's `rank` event (every rank calls it)."""
    reporter().rank_step(step, **fields)


def eval(step, **scalars):  # noqa: A001 - the protocol's event name
    reporter().eval(step, **scalars)


def checkpoint(step, path, bytes=None, seconds=None):  # noqa: A002
    reporter().checkpoint(step, path, bytes=bytes, seconds=seconds)


def error(kind, message, **fields):
    reporter().error(kind, message, **fields)


def end(status="completed", step=None, **fields):
    reporter().end(status=status, step=step, **fields)
