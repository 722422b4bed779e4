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

from . import _durations, _lifecycle
from ._reporter import Reporter
from ._writer import ENV_FILE, PROTOCOL_VERSION, Writer, encode

__version__ = "0.1.0"
__all__ = [
    "ENV_FILE", "PROTOCOL_VERSION", "Reporter", "Writer", "checkpoint", "checkpointing", "encode", "end", "error",
    "eval", "evaluating", "log", "rank_step", "reporter", "start", "step",
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


@contextlib.contextmanager
def checkpointing(step, path):
    """Around writing a checkpoint to `path` (a file or a folder): once the block is done,
    the checkpoint event with the seconds it took and the bytes at `path`, from which
    TrainDeck learns the run's write speed (`traindeck plan --calibrate-from`). Nothing is
    written when the block raises."""
    watch = _durations.Stopwatch()
    watch.start()
    yield
    reporter().checkpoint(step, path, seconds=watch.stop())


class _Evaluation:
    def __init__(self):
        self.samples = 0
        self.scalars = {}

    def add(self, samples):
        """Counts samples evaluated (the whole job's: this rank's times the ranks, where
        each evaluates its share)."""
        self.samples += int(samples)


@contextlib.contextmanager
def evaluating(step):
    """Around one evaluation: `with td.evaluating(step) as ev: ...; ev.add(len(batch));
    ev.scalars["loss"] = loss`. Once the block is done, the eval event with its scalars,
    the samples counted and the seconds it took (TrainDeck learns the run's evaluation
    speed from them)."""
    watch = _durations.Stopwatch()
    ev = _Evaluation()
    watch.start()
    yield ev
    seconds = watch.stop()
    reporter().eval(step, seconds=seconds, samples=ev.samples or None, **ev.scalars)


def error(kind, message, **fields):
    reporter().error(kind, message, **fields)


def end(status="completed", step=None, **fields):
    reporter().end(status=status, step=step, **fields)
