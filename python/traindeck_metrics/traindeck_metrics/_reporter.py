"""The events of one training process (metrics-protocol.md of TrainDeck).

Rank 0 writes the job-wide events (start, step, eval, checkpoint, end); every
rank writes its own `rank` events and, when it fails, an `error` event. Nothing
here talks to the other ranks: each rank's figures are its own clock's and its
own device's, so reporting adds no collective to the training step.
"""

import os
import threading
import time as _time

from . import _durations, _memory, _workload
from ._host_time import HostMeter
from ._layout import Layout
from ._writer import Writer, encode

# Keys a script may log under the names its framework uses, and the protocol's name.
_ALIASES = {"learning_rate": "lr", "train_loss": "loss"}


def _number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


class Reporter:
    def __init__(self, writer=None, layout=None, clock=_time.time):
        self._writer = writer
        self._clock = clock
        self._lock = threading.RLock()
        self.layout = layout
        self.started = False
        self.ended = False
        self.start_time = None
        self.effective_batch = None
        self.last_step = None
        self._timing = None  # (step, time) of the previous log on this rank
        self._rank_timing = None
        self.host = HostMeter()  # host_s of a few steps after warm-up (_host_time.py)

    # -- setup --------------------------------------------------------------------
    def _ensure(self):
        if self.layout is None:
            self.layout = Layout()
        if self._writer is None:
            self._writer = Writer()

    def _emit(self, event, fields, time=None):
        self._writer.write(encode(event, self._clock() if time is None else time, fields))

    @property
    def is_main(self):
        self._ensure()
        return self.layout.is_main

    def start(self, **fields):
        """The job's `start` event (rank 0). Its workload (tokens_per_sample,
        activation_checkpointing none/selective/full or a bool, zero_stage, fsdp
        none/full_shard/shard_grad_op/hybrid_shard, params, model_type) is checked
        and written in the protocol's words. Fields the caller leaves out come
        from the environment: world size, nodes and GPUs per node from
        RANK/WORLD_SIZE/LOCAL_WORLD_SIZE (or torch.distributed), the effective
        batch from micro_batch x grad_accum x world size."""
        with self._lock:
            if self.started:
                return
            self._ensure()
            lay = self.layout
            self.started = True
            self.start_time = self._clock()
            out = {
                "run_id": os.environ.get("TRAINDECK_RUN_ID") or f"{lay.host}-{os.getpid()}-{int(self.start_time)}",
                "world_size": lay.world_size,
                "nodes": lay.nodes,
                "gpus_per_node": lay.local_world_size,
                "backend": lay.backend,
                "precision": None,
                "model": None,
                "data": None,
                "effective_batch": None,
                "micro_batch": None,
                "grad_accum": 1,
                "lr_peak": None,
                "warmup_steps": 0,
                "total_steps": None,
                "resumed_from_step": None,
                "device": _memory.device_name(),
            }
            if isinstance(fields.get("model"), str):
                fields["model"] = {"preset": fields["model"]}
            _workload.normalise(fields)  # tokens_per_sample, activation_checkpointing, zero_stage, fsdp, params
            out.update({k: v for k, v in fields.items() if v is not None})
            if out["backend"] is None:
                out["backend"] = os.environ.get("TRAINDECK_BACKEND") or None
            if out["effective_batch"] is None and out["micro_batch"]:
                out["effective_batch"] = int(out["micro_batch"]) * int(out["grad_accum"] or 1) * lay.world_size
            self.effective_batch = _number(out["effective_batch"])
            first = out["resumed_from_step"] if out["resumed_from_step"] is not None else 0
            self._timing = (first, self.start_time)
            self._rank_timing = (first, self.start_time)
            if lay.is_main:
                self._emit("start", out, self.start_time)

    # -- per step -----------------------------------------------------------------
    def step_begin(self, step):
        """Called before an optimizer step's first work: on the steps whose host issue
        time is measured (host_s), starts its measurement."""
        self._discount(self.host.begin(step))

    def step_end(self, step):
        """Called after the step's optimizer step: ends the measurement begun for it. Its
        measured host_s goes on this rank's next step or rank event."""
        self._discount(self.host.end(step))

    def _discount(self, seconds):
        """Leaves the measurement's own cost (the profiler's start and stop, between
        steps) out of the step times measured between logs."""
        if not seconds:
            return
        with self._lock:
            if self._timing is not None:
                self._timing = (self._timing[0], self._timing[1] + seconds)
            if self._rank_timing is not None:
                self._rank_timing = (self._rank_timing[0], self._rank_timing[1] + seconds)

    def _seconds_per_step(self, previous, step, now):
        if previous is None:
            return None
        prev_step, prev_time = previous
        if step <= prev_step:
            return None
        return (now - prev_time) / (step - prev_step)

    def log(self, step, **scalars):
        """A `step` event on rank 0 with the script's scalars (any keys), plus what
        can be measured here when the script did not say it: step_time_s (between
        this log and the previous one), samples_per_s, samples_seen and this
        rank's peak device memory (gpu_mem_gb). Every rank of a multi-process job
        also writes its `rank` event."""
        with self._lock:
            if not self.started:
                self.start()
            now = self._clock()
            step = int(step)
            fields = {"step": step}
            for key, value in scalars.items():
                fields[_ALIASES.get(key, key)] = value
            per_step = self._seconds_per_step(self._timing, step, now)
            self._timing = (step, now)
            if "step_time_s" not in fields and per_step is not None:
                fields["step_time_s"] = per_step
            step_time = _number(fields.get("step_time_s"))
            if "samples_per_s" not in fields and self.effective_batch and step_time and step_time > 0:
                fields["samples_per_s"] = self.effective_batch / step_time
            if "samples_seen" not in fields and self.effective_batch:
                fields["samples_seen"] = int((step + 1) * self.effective_batch)
            memory = None
            if "gpu_mem_gb" not in fields:
                memory = _memory.peak_gb()
                if memory is not None:
                    fields["gpu_mem_gb"] = memory
            if "host_s" not in fields:
                host = self.host.take()
                if host is not None:
                    fields["host_s"] = host
            self.last_step = step
            if self.layout.is_main:
                self._emit("step", fields, now)
            if self.layout.world_size > 1:
                extra = {"host_s": fields["host_s"]} if "host_s" in fields else {}
                self.rank_step(step, step_time_s=fields.get("step_time_s"), gpu_mem_gb=fields.get("gpu_mem_gb", memory),
                               **extra)

    def rank_step(self, step, step_time_s=None, gpu_mem_gb=None, **extra):
        """This rank's `rank` event: its step time (measured between calls when not
        given), its peak device memory, its node, and its host_s once measured. Every
        rank calls it."""
        with self._lock:
            if not self.started:
                self.start()
            now = self._clock()
            step = int(step)
            if step_time_s is None:
                step_time_s = self._seconds_per_step(self._rank_timing, step, now)
            self._rank_timing = (step, now)
            if gpu_mem_gb is None:
                gpu_mem_gb = _memory.peak_gb()
            lay = self.layout
            fields = {"rank": lay.rank, "node": lay.node, "host": lay.host, "step": step}
            if step_time_s is not None:
                fields["step_time_s"] = step_time_s
            if gpu_mem_gb is not None:
                fields["gpu_mem_gb"] = gpu_mem_gb
            if "host_s" not in extra:
                host = self.host.take()
                if host is not None:
                    fields["host_s"] = host
            fields.update(extra)
            self._emit("rank", fields, now)

    def eval(self, step, **scalars):
        """The `eval` event: the evaluation's scalars (an `eval_` prefix dropped), and
        what it took: `seconds` and `samples` (job-wide), given as such or as Hugging
        Face's runtime and samples_per_second."""
        with self._lock:
            if self.is_main:
                fields = {"step": int(step)}
                named = {}
                for key, value in scalars.items():
                    key = key[5:] if key.startswith("eval_") else key
                    named[_ALIASES.get(key, key)] = value
                fields.update({k: v for k, v in _durations.eval_fields(named).items() if v is not None})
                self._emit("eval", fields)

    def checkpoint(self, step, path, bytes=None, seconds=None):  # noqa: A002 - the protocol's key
        """The `checkpoint` event once it is durable: its path, its bytes (the file's or
        folder's size when not given) and the seconds its write took."""
        with self._lock:
            if self.is_main:
                if bytes is None:
                    bytes = _durations.path_bytes(path)
                self._emit("checkpoint", {"step": int(step), "path": str(path), "bytes": bytes, "seconds": seconds})

    def error(self, kind, message, **fields):
        """An `error` event from this rank, before it exits on a failure."""
        with self._lock:
            self._ensure()
            out = {"rank": self.layout.rank, "node": self.layout.node, "kind": kind, "message": str(message)}
            out.update(fields)
            self._emit("error", out)

    def end(self, status="completed", step=None, **fields):
        """The job's `end` event, once (rank 0); later calls do nothing. Extra
        fields (a framework's own summary) are written beside the protocol's."""
        with self._lock:
            if self.ended:
                return
            self.ended = True
            self.host.close()
            self._ensure()
            if not self.layout.is_main:
                return
            now = self._clock()
            seconds = now - self.start_time if self.start_time is not None else 0.0
            last = step if step is not None else self.last_step
            self._emit("end", {**fields, "step": last, "status": status, "seconds": seconds}, now)


def describe(exc_type, exc):
    text = f"{exc_type.__name__}: {exc}" if str(exc) else exc_type.__name__
    return text.splitlines()[0] if text else exc_type.__name__
