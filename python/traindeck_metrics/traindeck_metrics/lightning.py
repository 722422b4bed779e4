"""A Lightning callback (lightning 2.x, or pytorch_lightning):

    from traindeck_metrics.lightning import TraindeckCallback
    trainer = L.Trainer(callbacks=[TraindeckCallback()], log_every_n_steps=10)

Rank 0 writes the start event from the Trainer (processes, nodes, precision,
accumulation, max_steps), a step event every log_every_n_steps steps with the
scalars the module logged (self.log), and end; every rank writes its `rank`
events. On CUDA, steps 10-12 measure the host's issue time (host_s, written on the
next step and rank events), the GPU's waits left out. Lightning handles SIGTERM itself (it stops the loop and raises), so
the end status comes from Lightning's own exception hook: interrupted for a
SIGTERM or Ctrl-C, failed otherwise. An evaluation's event carries its seconds (from
on_validation_start to on_validation_end) and samples (the batches' sizes on this rank
times the ranks); a checkpoint's its bytes and seconds, timed from on_save_checkpoint
(Lightning calls it just before writing) to the next hook (the next batch or the end).
"""

import time as _time

try:
    import lightning.pytorch as pl
except ImportError:  # the older package name
    import pytorch_lightning as pl

import traindeck_metrics as _td
from traindeck_metrics import _workload


def _scalars(metrics):
    out = {}
    for key, value in metrics.items():
        try:
            if hasattr(value, "numel") and value.numel() != 1:
                continue
            out[key.replace("/", "_")] = float(value)
        except (TypeError, ValueError):
            continue
    return out


def _loss_of(outputs):
    """The loss training_step returned, as on_train_batch_end receives it: a tensor, or a
    dict with "loss" (Lightning's automatic optimisation); None when it returned nothing."""
    if isinstance(outputs, dict):
        outputs = outputs.get("loss")
    try:
        if outputs is not None and (not hasattr(outputs, "numel") or outputs.numel() == 1):
            return float(outputs)
    except (TypeError, ValueError):
        pass
    return None


def _step_scalars(trainer, outputs):
    """What the module logged with self.log (trainer.callback_metrics), and the loss
    training_step returned when it logged none under a loss name: callback_metrics is
    filled from Lightning's result collection, whose timing has changed between versions
    and which holds only what self.log was given, while the returned loss is there in every
    version. The protocol's `loss` is the module's own logged figure when there is one."""
    scalars = _scalars(getattr(trainer, "callback_metrics", None) or {})
    if not any(key in scalars for key in ("loss", "train_loss")):
        loss = _loss_of(outputs)
        if loss is not None:
            scalars["loss"] = loss
    return scalars


def _batch_size(batch):
    """Samples in a batch: its first tensor's leading size (a tensor, a tuple or list, a dict)."""
    if isinstance(batch, dict):
        batch = next(iter(batch.values()), None)
    if isinstance(batch, (list, tuple)):
        batch = batch[0] if batch else None
    shape = getattr(batch, "shape", None)
    if shape is not None and len(shape) > 0:
        return int(shape[0])
    try:
        return len(batch)
    except TypeError:
        return 0


def _checkpoint_path(trainer):
    """The file ModelCheckpoint wrote last, where it says."""
    callback = getattr(trainer, "checkpoint_callback", None)
    for name in ("_last_checkpoint_saved", "last_model_path", "best_model_path"):
        path = getattr(callback, name, None)
        if path:
            return path
    return None


def _precision(trainer):
    text = str(getattr(trainer, "precision", "32"))
    if "bf16" in text:
        return "bf16"
    if "16" in text:
        return "fp16"
    return "fp32"


class TraindeckCallback(pl.Callback):
    def __init__(self, micro_batch=None, reporter=None, clock=_time.monotonic):
        """micro_batch: the per-process batch when the data loader does not tell it."""
        super().__init__()
        self.micro_batch = micro_batch
        self._reporter = reporter
        self._last_step = None
        self._clock = clock
        self._eval_began = None
        self._eval_samples = 0
        self._saving = None  # (step, when on_save_checkpoint was called)

    @property
    def reporter(self):
        if self._reporter is None:
            # Lightning owns SIGTERM; our end comes from on_exception.
            self._reporter = _td.reporter(sigterm=False)
        return self._reporter

    def _micro_batch(self, trainer):
        if self.micro_batch:
            return self.micro_batch
        loader = getattr(trainer, "train_dataloader", None)
        return getattr(loader, "batch_size", None)

    def on_train_start(self, trainer, pl_module):
        params = sum(p.numel() for p in pl_module.parameters())
        micro = self._micro_batch(trainer)
        accum = int(getattr(trainer, "accumulate_grad_batches", 1) or 1)
        self.reporter.start(
            model={"preset": type(pl_module).__name__, "parameters": params},
            precision=_precision(trainer),
            micro_batch=micro,
            grad_accum=accum,
            effective_batch=micro * accum * trainer.world_size if micro else None,
            total_steps=trainer.max_steps if trainer.max_steps and trainer.max_steps > 0 else None,
            backend=getattr(getattr(trainer, "strategy", None), "process_group_backend", None),
            # The shape it trains: the strategy's sharding, the module's size and checkpointing.
            **_workload.lightning_fields(getattr(trainer, "strategy", None), pl_module),
        )

    def on_save_checkpoint(self, trainer, pl_module, checkpoint):
        self._saving = (max(0, trainer.global_step - 1), self._clock())

    def _saved(self, trainer):
        """The checkpoint begun at on_save_checkpoint is written by now: its event."""
        if self._saving is None:
            return
        step, began = self._saving
        self._saving = None
        if trainer.is_global_zero:
            path = _checkpoint_path(trainer)
            if path:
                self.reporter.checkpoint(step, path, seconds=max(0.0, self._clock() - began))

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        self._saved(trainer)
        # A few steps after warm-up measure the host's issue time (host_s), every rank:
        # from the first micro-batch of the optimizer step to the batch that stepped.
        self.reporter.step_begin(trainer.global_step)

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        self.reporter.step_end(trainer.global_step - 1)  # a no-op unless this batch ended a measured step
        # Once per optimizer step (the last micro-batch of an accumulation), every
        # log_every_n_steps steps. Step times are wall-clock between these calls,
        # data loading included, as samples/s should be.
        # global_step counts the optimizer steps done; the protocol's step counts from 0.
        step = trainer.global_step - 1
        every = max(1, int(getattr(trainer, "log_every_n_steps", 50) or 50))
        if step < 0 or step == self._last_step or (step + 1) % every:
            return
        self._last_step = step
        if trainer.is_global_zero:
            self.reporter.log(step, **_step_scalars(trainer, outputs))  # also rank 0's rank event
        else:
            self.reporter.rank_step(step)

    def on_validation_start(self, trainer, pl_module):
        self._saved(trainer)
        self._eval_began = self._clock()
        self._eval_samples = 0

    def on_validation_batch_end(self, trainer, pl_module, outputs, batch, batch_idx, dataloader_idx=0):
        self._eval_samples += _batch_size(batch)

    def on_validation_end(self, trainer, pl_module):
        if trainer.sanity_checking:
            return
        took = {}
        if self._eval_began is not None:
            took["seconds"] = max(0.0, self._clock() - self._eval_began)
            self._eval_began = None
        if self._eval_samples:
            took["samples"] = self._eval_samples * max(1, int(getattr(trainer, "world_size", 1) or 1))
        metrics = {k: v for k, v in _scalars(trainer.callback_metrics).items() if k.startswith("val")}
        if metrics and trainer.is_global_zero:
            self.reporter.eval(max(0, trainer.global_step - 1), **{k.replace("val_", "", 1): v for k, v in metrics.items()},
                               **took)

    def on_train_end(self, trainer, pl_module):
        self._saved(trainer)
        self.reporter.end("completed", step=max(0, trainer.global_step - 1))

    def on_exception(self, trainer, pl_module, exception):
        name = type(exception).__name__
        interrupted = isinstance(exception, KeyboardInterrupt) or name == "SIGTERMException"
        if not interrupted:
            self.reporter.error("exception", f"{name}: {exception}".splitlines()[0])
        self.reporter.end("interrupted" if interrupted else "failed", step=max(0, trainer.global_step - 1))
