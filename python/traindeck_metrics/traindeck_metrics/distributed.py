"""Per-rank figures for torch.distributed / torchrun scripts.

    from traindeck_metrics.distributed import RankMeter
    meter = RankMeter(every=10)
    for step in range(steps):
        with td.step(step):           # optional, every rank: host_s of steps 10-12 on CUDA
            ...
        meter.step(step, loss=loss)   # every rank

Every rank writes its own `rank` event every `every` steps (its mean step time
since the last one, its peak torch.cuda.max_memory_allocated, its node and
host); rank 0 also writes the job's `step` event with the scalars given. Nothing
is exchanged between ranks: no collective is added to the training step. A loss
tensor given here is read with .item() only on the steps that are written.
"""

import time

import torch  # noqa: F401 - this adapter is for torch scripts; importing it here makes memory readable

import traindeck_metrics as _td


class RankMeter:
    def __init__(self, every=10, synchronize=False, reporter=None):
        """every: steps between events. synchronize: wait for the GPU before
        reading the clock (exact step times, at the cost of a sync on logged
        steps only)."""
        self.every = max(1, int(every))
        self.synchronize = synchronize
        self._reporter = reporter
        self._mark = None  # (step, time) at the last written event

    @property
    def reporter(self):
        return self._reporter if self._reporter is not None else _td.reporter()

    def step(self, step, **scalars):
        step = int(step)
        rep = self.reporter
        if not rep.started:
            rep.start()
        rep.last_step = step  # the end event names the last step reached, logged or not
        now = time.perf_counter()
        if self._mark is None:
            self._mark = (step, now)
        if step % self.every and step != 0:
            return
        if self.synchronize and torch.cuda.is_available() and torch.cuda.is_initialized():
            torch.cuda.synchronize()
            now = time.perf_counter()
        prev_step, prev_time = self._mark
        step_time = (now - prev_time) / (step - prev_step) if step > prev_step else None
        self._mark = (step, now)
        fields = dict(scalars)
        if step_time is not None:
            fields.setdefault("step_time_s", step_time)
        # log() writes rank 0's step event and every rank's rank event.
        rep.log(step, **fields)
        if rep.layout.world_size == 1:
            rep.rank_step(step, step_time_s=fields.get("step_time_s"))
