"""An accelerate tracker:

    from traindeck_metrics.accelerate import TraindeckTracker
    accelerator = Accelerator(log_with=[TraindeckTracker()])
    accelerator.init_trackers("my-run", config={"micro_batch": 8, "total_steps": 1000})
    accelerator.log({"loss": loss.item()}, step=step)
    accelerator.end_training()

accelerate calls trackers on the main process only; the start event takes the
layout from the accelerator's state (processes, nodes, mixed precision,
gradient accumulation). Per-rank events come from traindeck_metrics.distributed.
An evaluation logged with its duration (`eval_seconds` or `eval_runtime`, and
`eval_samples`) carries it; time a checkpoint with `traindeck_metrics.checkpointing`:

    with traindeck_metrics.checkpointing(step, path):
        accelerator.save_state(path)
"""

from accelerate.tracking import GeneralTracker

import traindeck_metrics as _td
from traindeck_metrics import _workload

# accelerate's config keys (and common script names) for the protocol's start fields.
_CONFIG_KEYS = {
    "micro_batch": ("micro_batch", "batch_size", "per_device_train_batch_size", "train_batch_size"),
    "grad_accum": ("grad_accum", "gradient_accumulation_steps"),
    "lr_peak": ("lr_peak", "lr", "learning_rate"),
    "warmup_steps": ("warmup_steps", "lr_warmup_steps"),
    "total_steps": ("total_steps", "max_steps", "max_train_steps"),
    "precision": ("precision", "mixed_precision"),
    "model": ("model", "model_name"),
    "data": ("data", "dataset"),
    "tokens_per_sample": ("tokens_per_sample", "seq_len", "sequence_length", "max_seq_length", "block_size"),
    "activation_checkpointing": ("activation_checkpointing", "gradient_checkpointing"),
    "params": ("params",),
    "model_type": ("model_type",),
}


def _state_fields():
    try:
        from accelerate.state import AcceleratorState, PartialState

        partial = PartialState()
        fields = {"world_size": partial.num_processes}
        state = AcceleratorState()
        precision = str(getattr(state, "mixed_precision", "no"))
        fields["precision"] = "fp32" if precision == "no" else precision
        plugin = getattr(state, "gradient_accumulation_plugin", None) or getattr(state, "plugins", None)
        steps = getattr(plugin, "num_steps", None) if plugin is not None else None
        if steps:
            fields["grad_accum"] = int(steps)
        fields["backend"] = getattr(partial, "backend", None)
        fields.update(_workload.accelerate_fields(state))  # FSDP plugin's sharding, DeepSpeed plugin's stage
        return fields
    except Exception:  # noqa: BLE001 - the tracker must not stop training over a missing detail
        return {}


class TraindeckTracker(GeneralTracker):
    name = "traindeck"
    requires_logging_directory = False
    main_process_only = True

    def __init__(self, run_name="traindeck", reporter=None):
        try:
            super().__init__()
        except TypeError:  # older accelerate: GeneralTracker takes no arguments, or only _blank
            pass
        self.run_name = run_name
        self._reporter = reporter

    @property
    def reporter(self):
        return self._reporter if self._reporter is not None else _td.reporter()

    @property
    def tracker(self):
        return self.reporter

    def store_init_configuration(self, values):
        fields = {k: v for k, v in _state_fields().items() if v is not None}
        values = dict(values or {})
        for key, names in _CONFIG_KEYS.items():
            for name in names:
                if name in values and values[name] is not None:
                    fields[key] = values[name]
                    break
        if fields.get("precision") == "no":
            fields["precision"] = "fp32"
        fields.pop("world_size", None)  # the layout's own (RANK/WORLD_SIZE) is the truth
        self.reporter.start(run_id=self.run_name if self.run_name != "traindeck" else None, **fields)

    def log(self, values, step=None, **kwargs):
        values = dict(values)
        if step is None:
            step = (self.reporter.last_step + 1) if self.reporter.last_step is not None else 0
        evals = {k: v for k, v in values.items() if k.startswith("eval_") or k.startswith("eval/")}
        train = {k: v for k, v in values.items() if k not in evals}
        if train:
            self.reporter.log(step, **{k.replace("/", "_"): v for k, v in train.items()})
        if evals:
            self.reporter.eval(step, **{k.replace("eval/", ""): v for k, v in evals.items()})

    def finish(self):
        self.reporter.end("completed")
