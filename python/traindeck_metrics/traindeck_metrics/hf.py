"""A Hugging Face transformers callback:

    from traindeck_metrics.hf import TraindeckCallback
    trainer = Trainer(model=model, args=args, train_dataset=data, callbacks=[TraindeckCallback()])

The Trainer calls callbacks on every rank: rank 0 writes the job's events (start
from TrainingArguments, a step event per logging step with the Trainer's own
logs, eval events, end), every rank its `rank` events on the logging steps, with
its own step time and peak memory. On CUDA, steps 10-12 measure the host's issue time
(host_s, on the next step and rank events): from on_step_begin to on_step_end, the
Trainer's own synchronisations (its `torch.isnan(loss)` check, `.item()`s) left out.
An evaluation's event carries its seconds and samples (the Trainer's eval_runtime and
eval_samples_per_second); a checkpoint's its bytes and seconds: the Trainer saves right
after the step's logging and evaluation, so the write is timed from the last of those to
on_save.
"""

import os
import time as _time


from transformers import TrainerCallback

import traindeck_metrics as _td
from traindeck_metrics import _workload

# Keys of the Trainer's logs that are the protocol's own under another name, and
# its end-of-training summary, which is not a step.
_RENAME = {"learning_rate": "lr"}
_SUMMARY = {"train_runtime", "train_samples_per_second", "train_steps_per_second", "train_loss", "total_flos"}


def _precision(args):
    if getattr(args, "bf16", False):
        return "bf16"
    if getattr(args, "fp16", False):
        return "fp16"
    return "fp32"


def _model_fields(model):
    if model is None:
        return None
    config = getattr(model, "config", None)
    preset = getattr(config, "model_type", None) or type(model).__name__
    try:
        parameters = sum(p.numel() for p in model.parameters())
    except Exception:  # noqa: BLE001
        parameters = None
    return {"preset": preset, "parameters": parameters, "class": type(model).__name__}


def _step(state):
    """The protocol's step (optimizer steps counted from 0) of the Trainer's
    global_step (the number of optimizer steps done)."""
    return max(0, state.global_step - 1)


class TraindeckCallback(TrainerCallback):
    def __init__(self, reporter=None, clock=_time.monotonic):
        self._reporter = reporter
        self.summary = {}
        self._clock = clock
        self._mark = None  # when the Trainer last handed us control before a save

    def _marked(self):
        self._mark = self._clock()

    @property
    def reporter(self):
        return self._reporter if self._reporter is not None else _td.reporter()

    def on_train_begin(self, args, state, control, model=None, train_dataloader=None, **kwargs):
        warmup = getattr(args, "warmup_steps", 0) or 0
        if not warmup and getattr(args, "warmup_ratio", 0) and state.max_steps:
            warmup = int(args.warmup_ratio * state.max_steps)
        world = max(1, int(getattr(args, "world_size", 1) or 1))
        micro = args.per_device_train_batch_size
        accum = args.gradient_accumulation_steps
        self.reporter.start(
            model=_model_fields(model),
            precision=_precision(args),
            micro_batch=micro,
            grad_accum=accum,
            effective_batch=micro * accum * world,
            lr_peak=args.learning_rate,
            warmup_steps=warmup,
            total_steps=state.max_steps or None,
            resumed_from_step=_step(state) if state.global_step else None,
            # The shape the run trains: sequence length, checkpointing, FSDP / ZeRO, the model.
            **_workload.hf_fields(args, model, train_dataloader),
        )

    def on_step_begin(self, args, state, control, **kwargs):
        # A few steps after warm-up measure the host's issue time (host_s), every rank.
        self.reporter.step_begin(state.global_step)

    def on_step_end(self, args, state, control, **kwargs):
        self.reporter.step_end(_step(state))
        self._marked()
        # The other ranks' own events on the logging steps; rank 0 writes its own
        # with the step event (on_log). Step times are wall-clock between them.
        every = max(1, int(getattr(args, "logging_steps", 1) or 1))
        if state.global_step % every == 0 and not state.is_world_process_zero:
            self.reporter.rank_step(_step(state))

    def on_log(self, args, state, control, logs=None, **kwargs):
        logs = dict(logs or {})
        if not state.is_world_process_zero:
            return
        if _SUMMARY & logs.keys():
            # The end-of-training summary (its epoch too): kept for the end, not a step.
            self.summary.update(logs)
            return
        evals = {k: v for k, v in logs.items() if k.startswith("eval_")}
        train = {_RENAME.get(k, k): v for k, v in logs.items() if k not in evals and isinstance(v, (int, float))}
        if evals:
            self.reporter.eval(_step(state), **evals)
        if train:
            self.reporter.log(_step(state), **train)
        self._marked()

    def on_evaluate(self, args, state, control, **kwargs):
        self._marked()

    def on_save(self, args, state, control, **kwargs):
        # The Trainer writes checkpoint-<global_step> in output_dir, then calls us.
        seconds = self._clock() - self._mark if self._mark is not None else None
        self._mark = None
        if state.is_world_process_zero:
            path = os.path.join(str(args.output_dir), f"checkpoint-{state.global_step}")
            self.reporter.checkpoint(_step(state), path, seconds=seconds)

    def on_train_end(self, args, state, control, **kwargs):
        # The Trainer's own summary (train_samples_per_second, ...) rides along, to compare.
        summary = {f"trainer_{k}": v for k, v in self.summary.items() if isinstance(v, (int, float))}
        self.reporter.end("completed", step=_step(state), **summary)
