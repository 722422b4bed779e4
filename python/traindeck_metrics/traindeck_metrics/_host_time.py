"""The host's issue time of an optimizer step (`host_s` of metrics-protocol.md).

host_s is the seconds the training process spent issuing a step's work (Python, the
framework, kernel launches), the host's waits for the GPU left out. It is measured on a
few steps after warm-up (protocol steps 10, 11 and 12 unless TRAINDECK_HOST_STEPS says
otherwise; "off" measures none), each under torch.profiler with only its CUDA activity
(CUPTI's trace of the CUDA runtime and driver calls and of the GPU's work; no Python or
operator events), and is

    host_s = the step's wall time − the time the host spent waiting for the GPU

where the waits are the CUDA calls that wait by their nature (cudaStreamSynchronize,
cudaDeviceSynchronize, cudaEventSynchronize and their driver twins: `.item()`,
`torch.isnan(loss)` in an `if`, MoE routers' counts, NCCL's blocking waits), copies
to the host (a DtoH cudaMemcpy waits for the stream's earlier work), and enqueueing
calls (a kernel launch, cudaMemcpyAsync, cudaEventRecord...) that the driver held
because the GPU's queue was full: long (above HELD_CALL_S and several times that
call's ordinary cost in the step) while the GPU still had at least QUEUE_BACKLOG of
this process's items launched and not finished; the part beyond the ordinary cost is
a wait. Waits on several threads (the autograd engine issues backward from its own
thread) are merged into one span before they are taken off, so time is never taken
off twice. The step's span in the trace is found by a marker kernel launched just
before and just after it (the trace's clock is its own). What the profiler itself
adds to the host is taken off too: a per-call cost measured once on this host
(HostMeter's calibration) times the step's CUDA calls.

The step before the first measured one is profiled too and thrown away: CUPTI's first
sight of each kernel costs the host more than it will later. Starting and stopping the
profiler (and the calibration) happen between steps and are reported (`overhead_s`)
so that the step times the reporter writes leave them out.

Measured on 2×H200 (bench/RESULTS.md, "The host_s meter calibrated on a training step's
op mix"): against the same loop's unprofiled steps taken in turn, GPT-2's host_s reads
−0.4% and −6.8% on average over five shapes in two runs (the one-element launches that
calibrated it before measured 2-6 µs a call where a step's calls cost the profiler
8-18 µs: +23% and +24%); each point still lands −33% to +24% from the direct time, the
pace of that VM's host moving by a third between the sessions compared.

Nothing here imports torch: the meter reads it from sys.modules (the script imported it
if it trains with it). Without CUDA, or when the profiler cannot be used, nothing is
measured and no host_s is written: a writer that cannot tell its waits apart leaves it
out (metrics-protocol.md)."""

import bisect
import json
import os
import statistics
import sys
import tempfile
import time

from ._host_calibration import TrainingStep

ENV_STEPS = "TRAINDECK_HOST_STEPS"
DEFAULT_STEPS = (10, 11, 12)

# CUDA calls whose whole duration is a wait for the GPU (runtime and driver names).
SYNC_CALLS = frozenset({
    "cudaStreamSynchronize", "cudaDeviceSynchronize", "cudaEventSynchronize", "cudaThreadSynchronize",
    "cuStreamSynchronize", "cuCtxSynchronize", "cuEventSynchronize",
})
# Copies: a copy to the host waits for the stream's work before it; a synchronous
# cudaMemcpy of any direction too.
COPY_CALLS = frozenset({
    "cudaMemcpy", "cudaMemcpyAsync", "cudaMemcpy2D", "cudaMemcpy2DAsync", "cudaMemcpyPeer",
    "cuMemcpyDtoH_v2", "cuMemcpyDtoHAsync_v2", "cuMemcpy", "cuMemcpyAsync", "cuMemcpyDtoH", "cuMemcpyDtoHAsync",
})
SYNCHRONOUS_COPIES = frozenset({"cudaMemcpy", "cudaMemcpy2D", "cudaMemcpyPeer", "cuMemcpyDtoH_v2", "cuMemcpy",
                                "cuMemcpyDtoH"})
# Calls that put work on a stream's queue: the driver holds them while the queue is full.
ENQUEUE_CALLS = frozenset({
    "cudaLaunchKernel", "cudaLaunchKernelExC", "cudaLaunchKernelExC_v11060", "cudaLaunchCooperativeKernel",
    "cuLaunchKernel", "cuLaunchKernelEx", "cudaMemcpyAsync", "cudaMemsetAsync", "cudaMemset",
    "cudaEventRecord", "cudaEventRecordWithFlags", "cudaStreamWaitEvent", "cudaGraphLaunch", "cuGraphLaunch",
})
# A held enqueueing call: at least this long and this many times its median in the step...
HELD_CALL_S = 30e-6
HELD_FACTOR = 4.0
# ...while the GPU had at least this many of the process's items launched and not finished.
QUEUE_BACKLOG = 64
# How the calibration's rounds, unprofiled and profiled, are each summed up.
CALIBRATION_STATISTIC = min

# The kernel that marks a step's start and end in the trace: torch.cuda._sleep(0), PyTorch's
# spin kernel, which no training step launches. (The trace's timestamps follow a clock of
# their own, the host's or the GPU's, that Python's clocks cannot be matched to.)
MARKER_KERNEL = "spin_kernel"
_RUNTIME_CATEGORIES = ("cuda_runtime", "cuda_driver")
_GPU_CATEGORIES = ("kernel", "gpu_memcpy", "gpu_memset")


def _correlation(event):
    args = event.get("args") or {}
    return args.get("correlation")


def _span(event):
    """(start, end) in seconds of a trace event (Chrome trace: microseconds)."""
    start = float(event["ts"]) * 1e-6
    return start, start + float(event.get("dur", 0)) * 1e-6


def _union(spans):
    total, end = 0.0, None
    for s, e in sorted(spans):
        if end is None or s > end:
            total += e - s
            end = e
        elif e > end:
            total += e - end
            end = e
    return total


def host_time(wall_s, trace_events, window=None, call_overhead_s=0.0):
    """The host's issue time of a step that took wall_s seconds, from its profiler trace
    (the Chrome trace's "traceEvents" of a torch.profiler session with CUDA activity
    around that step). window: the step's (start, end) in the trace's clock, in seconds
    (calls outside it, such as the profiler's own synchronisation when it stops, are not
    the step's; waits are clipped to it); None: the whole trace. call_overhead_s: what
    the profiler adds to each CUDA call on this host (HostMeter's calibration), taken off
    too, with the profiler's own work that the trace shows (its "overhead" events).
    A dict: host_s, wall_s, and what was taken off: sync_s (synchronising calls), copy_s
    (copies to the host), held_s (enqueueing calls held by a full queue), wait_s (their
    union), profiler_s (call_overhead_s × the step's calls and the profiler's own
    events outside the waits); calls (the step's CUDA
    calls). None when the step has no CUDA calls (the waits cannot be told apart) or
    what would be taken off exceeds the wall."""
    runtime, gpu, own = [], {}, []
    lo, hi = window if window is not None else (float("-inf"), float("inf"))
    for event in trace_events:
        if not isinstance(event, dict) or event.get("ph") != "X" or "ts" not in event:
            continue
        category = event.get("cat")
        if category == "overhead":  # the profiler's own work on the host (CUPTI's buffers)
            own.append(_span(event))
        elif category in _RUNTIME_CATEGORIES:
            start, end = _span(event)
            if end > lo and start < hi:
                runtime.append(event)
        elif category in _GPU_CATEGORIES:
            correlation = _correlation(event)
            if correlation is not None:
                gpu[correlation] = event
    if not runtime:
        return None

    # How many GPU items were launched and not finished when each call began.
    launched = sorted(_span(call)[0] for call in runtime if _correlation(call) in gpu)
    finished = sorted(_span(gpu[_correlation(call)])[1] for call in runtime if _correlation(call) in gpu)

    def backlog(at):
        return bisect.bisect_left(launched, at) - bisect.bisect_right(finished, at)

    # Each enqueueing call's ordinary cost: its median over the calls made with a short
    # queue (where a full queue held most of them, their fastest tenth).
    free, every = {}, {}
    for call in runtime:
        s, e = _span(call)
        every.setdefault(call.get("name"), []).append(e - s)
        if backlog(s) < QUEUE_BACKLOG:
            free.setdefault(call.get("name"), []).append(e - s)

    def ordinary(name):
        if name in free:
            return statistics.median(free[name])
        values = sorted(every[name])
        return values[len(values) // 10]

    sync, copy, held = [], [], []
    for call in runtime:
        name = call.get("name")
        s, e = _span(call)
        if name in SYNC_CALLS:
            sync.append((s, e))
            continue
        if name in COPY_CALLS:
            target = gpu.get(_correlation(call))
            to_host = target is not None and "DtoH" in str(target.get("name", ""))
            if name in SYNCHRONOUS_COPIES or to_host:
                copy.append((s, e))
                continue
        if name in ENQUEUE_CALLS:
            cost = ordinary(name)
            if e - s >= max(HELD_CALL_S, HELD_FACTOR * cost) and backlog(s) >= QUEUE_BACKLOG:
                held.append((s + cost, e))  # its ordinary cost stays the host's
    def clip(spans):
        return [(max(s, lo), min(e, hi)) for s, e in spans if min(e, hi) > max(s, lo)]

    sync, copy, held, own = clip(sync), clip(copy), clip(held), clip(own)
    wait = _union(sync + copy + held)
    profiler = call_overhead_s * len(runtime) + max(0.0, _union(sync + copy + held + own) - wait)
    if wait + profiler > wall_s:
        return None
    return {"host_s": wall_s - wait - profiler, "wall_s": wall_s, "wait_s": wait, "sync_s": _union(sync),
            "copy_s": _union(copy), "held_s": _union(held), "profiler_s": profiler, "calls": len(runtime)}


def _calls(trace_events, window, leave_out=()):
    lo, hi = window
    return sum(1 for e in trace_events
               if isinstance(e, dict) and e.get("ph") == "X" and e.get("cat") in _RUNTIME_CATEGORIES and "ts" in e
               and e.get("name") not in leave_out and lo <= _span(e)[0] and _span(e)[1] <= hi)


def marked_windows(trace_events):
    """The marked spans in the trace's own clock, in seconds, in order: each from the end of
    a launch of the marker kernel (MARKER_KERNEL, launched right before a step) to the
    start of the next one (right after it), pairing the launches in order."""
    marks = {_correlation(e) for e in trace_events
             if isinstance(e, dict) and e.get("cat") == "kernel" and MARKER_KERNEL in str(e.get("name", ""))}
    launches = sorted(_span(e) for e in trace_events
                      if isinstance(e, dict) and e.get("ph") == "X" and e.get("cat") in _RUNTIME_CATEGORIES
                      and "ts" in e and _correlation(e) in marks)
    return [(launches[i][1], launches[i + 1][0]) for i in range(0, len(launches) - 1, 2)]


def measured_steps(environ=os.environ):
    """The protocol steps to measure: TRAINDECK_HOST_STEPS ("10,11,12", "off"), else 10-12."""
    text = (environ.get(ENV_STEPS) or "").strip().lower()
    if not text:
        return DEFAULT_STEPS
    if text in ("off", "none", "0", "no"):
        return ()
    try:
        return tuple(sorted({int(part) for part in text.split(",") if part.strip()}))
    except ValueError:
        return DEFAULT_STEPS


def _cuda_torch():
    """torch, when the script imported it and uses CUDA; else None."""
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    try:
        if torch.cuda.is_available() and torch.cuda.is_initialized():
            return torch
    except Exception:  # noqa: BLE001 - a broken CUDA must not stop the script
        return None
    return None


class HostMeter:
    """Measures host_s on the chosen steps of this rank: begin(step) before the step's
    first work, end(step) after its optimizer step. Once every chosen step is measured,
    `take()` gives their median once (the reporter writes it on this rank's next event).
    Every call is a no-op outside the chosen steps and their warm-up step, and any failure
    of the profiler only means nothing is written.

    One profiler session covers them all, from before the warm-up step to the end of the
    last measured step; each step's span in it is marked (MARKER_KERNEL before and after
    it). At the session's start it measures what the profiler adds to a CUDA call on this
    host (call_overhead_s): a tiny training step of its own (_host_calibration: a GPT's op mix
    under autocast, forward, backward and AdamW, host-bound), rounds of it from an idle GPU
    unprofiled and then profiled, CALIBRATION_STATISTIC of each; the difference over the CUDA
    calls of a profiled round.

    Kineto leaves CUPTI attached after a session unless TEARDOWN_CUPTI=1, and an attached
    CUPTI slows every later CUDA call (10-20% of a step: pytorch/pytorch#144455; in our 2xH200
    runs, which left it attached, the host-bound shapes' later steps ran 14-46% slower than
    their steps 5-9, the GPU-bound ones not). So the meter sets
    TEARDOWN_CUPTI=1 when it is unset, and measures nothing when it is "0" (torch.compile's
    CUDA graphs ask for that: CUPTI's teardown crashed them before CUDA 12.6)."""

    WARM_UP_STEPS, CALIBRATION_ROUNDS, STEPS_PER_ROUND = 3, 16, 1

    def __init__(self, steps=None, torch_module=None):
        self.steps = tuple(measured_steps() if steps is None else steps)
        self._torch = torch_module
        self._first = min(self.steps) - 1 if self.steps else None  # the warm-up step
        self._profiled = set(self.steps) | ({self._first} if self.steps else set())
        self._profiler = None
        self._session = None  # torch, while the session runs
        self._step = None  # (step, wall clock at its start) while a profiled step runs
        self._walls = []  # (step, wall seconds) of each marked span in order; first the calibration's
        #                   (None, what the profiler added to a round)
        self.results = {}  # step -> host_time's dict
        self.call_overhead_s = None
        self.calibration = None  # the calibration's rounds: {"bare_s": [...], "traced_s": [...], "calls": n}
        self.overhead_s = 0.0  # the meter's own time between steps (profiler start, stop, calibration)
        self.failed = None
        self._taken = False

    def wants(self, step):
        return self.failed is None and not self._taken and int(step) in self._profiled

    @staticmethod
    def _new_profiler():
        from torch.profiler import ProfilerActivity, profile
        return profile(activities=[ProfilerActivity.CUDA])

    def _rounds(self, torch, step):
        """The wall time of each of the calibration's rounds (STEPS_PER_ROUND training steps
        from an idle GPU)."""
        walls = []
        for _ in range(self.CALIBRATION_ROUNDS):
            began = time.perf_counter()
            for _ in range(self.STEPS_PER_ROUND):
                step()
            walls.append(time.perf_counter() - began)
            torch.cuda.synchronize()
        return walls

    @staticmethod
    def _workload(torch):
        """The calibration's training step (a context manager giving the step's callable)."""
        return TrainingStep(torch, "cuda")

    def _start(self, torch):
        """The session's start: the calibration's unprofiled rounds, the profiler, its profiled rounds."""
        if os.environ.get("TEARDOWN_CUPTI") == "0":
            raise RuntimeError("TEARDOWN_CUPTI=0 keeps CUPTI attached after profiling, slowing the rest of the run")
        os.environ.setdefault("TEARDOWN_CUPTI", "1")
        torch.cuda.synchronize()
        began = time.perf_counter()
        with self._workload(torch) as step:
            for _ in range(self.WARM_UP_STEPS):  # the optimizer's state, cuBLAS's choices, first launches
                step()
            torch.cuda.synchronize()
            warm = time.perf_counter()
            bare = self._rounds(torch, step)
            self._profiler = self._new_profiler()
            self._profiler.start()
            self._session = torch
            step()  # CUPTI's first sight of each kernel, left out of the marked rounds
            torch.cuda.synchronize()
            torch.cuda._sleep(0)
            traced = self._rounds(torch, step)
            torch.cuda._sleep(0)
        self.calibration = {"bare_s": bare, "traced_s": traced, "warm_up_s": warm - began,
                            "took_s": time.perf_counter() - began}
        self._walls.append((None, CALIBRATION_STATISTIC(traced) - CALIBRATION_STATISTIC(bare)))

    def begin(self, step):
        """Marks a profiled step's start (starting the session before the first); the seconds
        this took, to leave out of step times."""
        step = int(step)
        if not self.wants(step) or self._step is not None:
            return 0.0
        began = time.perf_counter()
        if self._session is None:
            torch = self._torch or _cuda_torch()
            if torch is None or step != self._first:
                return 0.0
            try:
                self._start(torch)
            except Exception as e:  # noqa: BLE001 - the profiler is taken, CUPTI is missing, or must stay
                self._fail(f"profiler: {e}")
                return self._spent(began)
        self._session.cuda._sleep(0)  # the step's start in the trace
        now = time.perf_counter()
        self._step = (step, now)
        return self._spent(began, now)

    def end(self, step):
        """Marks a profiled step's end (and after the last, stops the session and reads its
        trace); the seconds this took, to leave out of step times."""
        if self._step is None or self._step[0] != int(step):
            return 0.0
        if self._session is None:  # stopped meanwhile (close)
            self._step = None
            return 0.0
        wall_end = time.perf_counter()
        step, wall_start = self._step
        self._step = None
        self._walls.append((step, wall_end - wall_start))
        self._session.cuda._sleep(0)  # the step's end in the trace
        if step == max(self.steps):
            try:
                self._finish()
            except Exception as e:  # noqa: BLE001
                self._fail(f"profiler: {e}")
        return self._spent(wall_end)

    def close(self):
        """Stops a session still running (the run ended before its last measured step)."""
        if self._session is not None:
            self._fail("the run ended before the measured steps")

    def _finish(self):
        profiler, self._profiler, self._session = self._profiler, None, None
        profiler.stop()
        events = self._events(profiler)
        windows = marked_windows(events)
        if len(windows) != len(self._walls):
            raise RuntimeError(f"{len(windows)} marked spans in the trace for {len(self._walls)} steps")
        ((_, added), calibration), *steps = zip(self._walls, windows)
        calls = _calls(events, calibration, leave_out=SYNC_CALLS) / self.CALIBRATION_ROUNDS
        if not calls:
            raise RuntimeError("the profiler's trace shows no CUDA calls")
        self.call_overhead_s = max(0.0, added / calls)
        self.calibration["calls"] = calls
        for (step, wall), window in steps:
            if step in self.steps:
                measured = host_time(wall, events, window, self.call_overhead_s)
                if measured is None:
                    raise RuntimeError("the profiler's trace does not tell the host's waits apart")
                self.results[step] = measured

    def _fail(self, reason):
        self.failed = reason
        self._step = None
        if self._profiler is not None:
            profiler, self._profiler, self._session = self._profiler, None, None
            try:
                profiler.stop()
            except Exception:  # noqa: BLE001
                pass

    def _spent(self, began, now=None):
        spent = (time.perf_counter() if now is None else now) - began
        self.overhead_s += spent
        return spent

    @staticmethod
    def _events(profiler):
        handle, path = tempfile.mkstemp(prefix="traindeck-host-", suffix=".json")
        os.close(handle)
        try:
            profiler.export_chrome_trace(path)
            with open(path) as f:
                return json.load(f).get("traceEvents", [])
        finally:
            os.unlink(path)

    def take(self):
        """The median host_s of the measured steps, once all are measured; else None."""
        if self._taken or self.failed is not None or not self.steps or len(self.results) < len(self.steps):
            return None
        self._taken = True
        return statistics.median(r["host_s"] for r in self.results.values())
