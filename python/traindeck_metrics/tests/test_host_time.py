"""host_s: the host's issue time of a step, from a profiler trace (synthetic events in the
Chrome-trace form torch.profiler exports), and the meter and reporter around it."""

import importlib.util
import os
import statistics
import sys
import time
import unittest
import unittest.mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _support import TempDir, run_script, strict_events  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from traindeck_metrics import _host_time  # noqa: E402
from traindeck_metrics._host_time import HostMeter, host_time, marked_windows, measured_steps  # noqa: E402
from test_protocol import FixedLayout  # noqa: E402
from traindeck_metrics._reporter import Reporter  # noqa: E402

MS = 1000.0  # trace timestamps are microseconds


class Trace:
    """A step's trace: CUDA calls on the host and the GPU's items they launched, in ms."""

    def __init__(self):
        self.events, self._next = [], 1

    def call(self, name, at, dur, gpu=None, tid=1):
        """A CUDA call at `at` ms lasting `dur` ms; gpu: (kind, name, start, dur) of its GPU item."""
        correlation = self._next
        self._next += 1
        self.events.append({"ph": "X", "cat": "cuda_runtime", "name": name, "ts": at * MS, "dur": dur * MS,
                            "tid": tid, "args": {"correlation": correlation}})
        if gpu:
            kind, kernel, start, length = gpu
            self.events.append({"ph": "X", "cat": kind, "name": kernel, "ts": start * MS, "dur": length * MS,
                                "args": {"correlation": correlation}})
        return self

    def launch(self, at, dur=0.005, kernel_at=None, kernel_dur=0.01, name="gemm"):
        start = at + dur if kernel_at is None else kernel_at
        return self.call("cudaLaunchKernel", at, dur, ("kernel", name, start, kernel_dur))

    def marker(self, at, dur=0.005):
        return self.launch(at, dur, name="void at::cuda::(anonymous namespace)::spin_kernel(long)")


def ms(value):
    return round(value * 1e3, 6)


class HostTimeTest(unittest.TestCase):
    def test_a_step_with_no_waits_is_all_host(self):
        t = Trace()
        for i in range(100):
            t.launch(i * 0.3)
        r = host_time(0.030, t.events)
        self.assertEqual(ms(r["host_s"]), 30.0)
        self.assertEqual(r["wait_s"], 0.0)
        self.assertEqual(r["calls"], 100)

    def test_synchronising_calls_are_waits(self):
        t = Trace().launch(0).call("cudaStreamSynchronize", 1, 12).launch(13)
        t.call("cudaDeviceSynchronize", 14, 2).call("cuEventSynchronize", 17, 1, tid=2)
        r = host_time(0.030, t.events)
        self.assertEqual(ms(r["sync_s"]), 15.0)
        self.assertEqual(ms(r["host_s"]), 15.0)

    def test_copies_to_the_host_wait_and_copies_to_the_gpu_do_not(self):
        t = Trace()
        t.call("cudaMemcpyAsync", 1, 4, ("gpu_memcpy", "Memcpy DtoH (Device -> Pageable)", 4.5, 0.2))
        t.call("cudaMemcpyAsync", 6, 0.5, ("gpu_memcpy", "Memcpy HtoD (Pageable -> Device)", 6.5, 0.1))
        t.call("cudaMemcpy", 8, 2)  # synchronous, whatever its direction
        r = host_time(0.020, t.events)
        self.assertEqual(ms(r["copy_s"]), 6.0)
        self.assertEqual(ms(r["host_s"]), 14.0)

    def test_waits_on_two_threads_at_once_are_taken_off_once(self):
        # backward's thread waits (an MoE router's .item()) while the main thread waits on it
        t = Trace().call("cudaStreamSynchronize", 2, 6, tid=1).call("cudaStreamSynchronize", 4, 6, tid=2)
        r = host_time(0.020, t.events)
        self.assertEqual(ms(r["wait_s"]), 8.0)
        self.assertEqual(ms(r["host_s"]), 12.0)

    def test_launches_held_by_a_full_queue_are_waits_beyond_their_ordinary_cost(self):
        t = Trace()
        # 100 launches of 5 us with an idle GPU; then the GPU falls behind by 200 kernels of 1 ms,
        # and the next 10 launches are each held 1 ms by the full queue.
        for i in range(100):
            t.launch(i * 0.01, 0.005, kernel_at=i * 0.01 + 0.006, kernel_dur=0.001)
        for i in range(200):
            t.launch(1 + i * 0.01, 0.005, kernel_at=2 + i, kernel_dur=1)
        for i in range(10):
            t.launch(4 + i * 1.005, 1.005, kernel_at=202 + i, kernel_dur=1)
        r = host_time(0.015, t.events)
        self.assertAlmostEqual(ms(r["held_s"]), 10.0, places=3)
        # a long launch with the GPU idle is the host's own (a preempted thread, a slow driver)
        idle = Trace().launch(0, 0.005).launch(1, 2.0).launch(4, 0.005)
        self.assertEqual(host_time(0.005, idle.events)["held_s"], 0.0)

    def test_the_window_leaves_out_what_is_not_the_step(self):
        t = Trace().marker(0).launch(1).call("cudaStreamSynchronize", 2, 3).launch(6).marker(10)
        t.call("cudaDeviceSynchronize", 10.1, 40)  # the profiler's stop, after the step
        [window] = marked_windows(t.events)
        self.assertEqual((ms(window[0]), ms(window[1])), (0.005, 10.0))
        r = host_time(0.010, t.events, window)
        self.assertEqual(ms(r["sync_s"]), 3.0)
        self.assertEqual(r["calls"], 3)

    def test_a_wait_across_the_window_edge_is_clipped(self):
        t = Trace().marker(0).call("cudaStreamSynchronize", 8, 30).marker(10)
        r = host_time(0.010, t.events, marked_windows(t.events)[0])
        self.assertEqual(ms(r["sync_s"]), 2.0)  # 8 ms to the end marker's launch at 10 ms

    def test_markers_pair_in_order(self):
        t = Trace().marker(0).launch(1).marker(2).launch(3).marker(4).marker(6).launch(7).marker(8)
        # markers at 0 and 2, 4 and 6 pair; the one at 8 has no partner and opens no span
        self.assertEqual([(ms(a), ms(b)) for a, b in marked_windows(t.events)], [(0.005, 2.0), (4.005, 6.0)])

    def test_the_profilers_per_call_cost_is_taken_off(self):
        t = Trace()
        for i in range(1000):
            t.launch(i * 0.01)
        r = host_time(0.010, t.events, None, call_overhead_s=2e-6)
        self.assertEqual(ms(r["profiler_s"]), 2.0)
        self.assertEqual(ms(r["host_s"]), 8.0)

    def test_a_trace_without_cuda_calls_tells_nothing(self):
        kernels_only = [{"ph": "X", "cat": "kernel", "name": "gemm", "ts": 0, "dur": 5, "args": {"correlation": 1}}]
        self.assertIsNone(host_time(0.01, kernels_only))
        self.assertIsNone(host_time(0.01, []))

    def test_waits_longer_than_the_wall_tell_nothing(self):
        self.assertIsNone(host_time(0.005, Trace().call("cudaStreamSynchronize", 0, 9).events))

    def test_the_measured_steps(self):
        self.assertEqual(measured_steps({}), (10, 11, 12))
        self.assertEqual(measured_steps({"TRAINDECK_HOST_STEPS": "7, 5,6"}), (5, 6, 7))
        self.assertEqual(measured_steps({"TRAINDECK_HOST_STEPS": "off"}), ())


class RealTraceTest(unittest.TestCase):
    def test_a_trainer_step_on_two_h200s(self):
        # torch 2.11's export of step 12 of GPT-2 under the HF Trainer, rank 0 of two (DDP, micro-batch 8;
        # bench/hf_host_time.py): the rank waited twice for the other, 20 and 22 ms, in cudaStreamSynchronize.
        import gzip
        import json
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                            "hf_gpt2_m8_ddp_rank0_step12.trace.json.gz")
        with gzip.open(path, "rt") as f:
            events = json.load(f)["traceEvents"]
        [(lo, hi)] = marked_windows(events)
        self.assertAlmostEqual(hi - lo, 0.0948, places=3)  # the meter's own wall clock read 94.8 ms
        r = host_time(hi - lo, events, (lo, hi))
        self.assertEqual(r["calls"], 1987)
        self.assertAlmostEqual(r["sync_s"], 0.0425, places=3)
        self.assertLess(r["copy_s"] + r["held_s"], 0.001)
        self.assertAlmostEqual(r["host_s"], 0.0521, places=3)


class MemoryWriter:
    def __init__(self):
        self.lines = []

    def write(self, line):
        self.lines.append(line)


class MeterTest(unittest.TestCase):
    def test_without_cuda_nothing_is_measured(self):
        meter = HostMeter(steps=(2, 3))
        if _host_time._cuda_torch() is not None:
            self.skipTest("this process uses CUDA")
        for step in range(6):
            self.assertEqual(meter.begin(step), 0.0)
            self.assertEqual(meter.end(step), 0.0)
        self.assertEqual(meter.results, {})
        self.assertIsNone(meter.take())

    def test_the_median_once_every_step_is_measured(self):
        meter = HostMeter(steps=(10, 11, 12))
        meter.results = {10: {"host_s": 0.03}, 11: {"host_s": 0.05}}
        self.assertIsNone(meter.take())  # step 12 not measured yet
        meter.results[12] = {"host_s": 0.04}
        self.assertEqual(meter.take(), 0.04)
        self.assertIsNone(meter.take())  # written once

    def test_the_warm_up_step_and_the_measured_ones_are_profiled(self):
        meter = HostMeter(steps=(10, 11, 12))
        self.assertEqual([s for s in range(20) if meter.wants(s)], [9, 10, 11, 12])
        self.assertFalse(any(HostMeter(steps=()).wants(s) for s in range(20)))


class FakeCudaTorch:
    """torch as the meter uses it, writing down what the GPU would be asked, in order."""

    def __init__(self):
        self.log = []
        torch = self

        class Cuda:
            @staticmethod
            def synchronize():
                torch.log.append(("cudaDeviceSynchronize", 1))

            @staticmethod
            def _sleep(cycles):
                torch.log.append(("mark", 1))

        self.cuda = Cuda


class TracedMeter(HostMeter):
    """The meter with a profiler that turns the fake torch's log into a Chrome trace (1 us apart)."""

    def __init__(self, torch, step_launches=10, bare_s=0.0, traced_s=0.0, **kwargs):
        super().__init__(torch_module=torch, **kwargs)
        self.torch, self.sessions = torch, []
        self.step_launches, self.bare_s, self.traced_s = step_launches, bare_s, traced_s
        self.workloads = []  # [entered, left] of each calibration workload

    def _workload(self, torch):
        """The calibration's step: its launches, and the host time it takes unprofiled or profiled."""
        meter, state = self, [False, False]
        self.workloads.append(state)

        def step():
            for _ in range(meter.step_launches):
                torch.log.append(("cudaLaunchKernel", 1))
            profiled = meter.sessions and meter.sessions[-1][1] is None
            time.sleep(meter.traced_s if profiled else meter.bare_s)

        class Workload:
            def __enter__(self):
                state[0] = True
                return step

            def __exit__(self, *exc):
                state[1] = True

        return Workload()

    def _new_profiler(self):
        meter = self

        class Profiler:
            def start(self):
                meter.sessions.append([len(meter.torch.log), None])

            def stop(self):
                meter.sessions[-1][1] = len(meter.torch.log)

        return Profiler()

    def _events(self, profiler):
        first, last = self.sessions[-1]
        trace, at = Trace(), 0.0
        for name, us in self.torch.log[first:last]:
            if name == "mark":
                trace.marker(at, us / MS)
            elif name == "cudaLaunchKernel":
                trace.launch(at, us / MS)
            else:
                trace.call(name, at, us / MS)
            at += (us + 1) / MS
        return trace.events


class MeterSessionTest(unittest.TestCase):
    def run_steps(self, meter, torch, steps=16):
        for step in range(steps):
            meter.begin(step)
            torch.log.append(("cudaStreamSynchronize", 4000))  # the step waits 4 ms for the GPU...
            time.sleep(0.010)  # ...within its 10 ms
            meter.end(step)

    def test_one_session_from_the_warm_up_step_to_the_last_measured_one(self):
        torch = FakeCudaTorch()
        meter = TracedMeter(torch, steps=(10, 11, 12))
        with unittest.mock.patch.dict(os.environ, {}, clear=False):
            os.environ.pop("TEARDOWN_CUPTI", None)
            self.run_steps(meter, torch)
            self.assertEqual(os.environ.get("TEARDOWN_CUPTI"), "1")  # CUPTI let go after the session
        self.assertIsNone(meter.failed)
        self.assertEqual(len(meter.sessions), 1)
        self.assertEqual(sorted(meter.results), [10, 11, 12])
        for r in meter.results.values():
            self.assertEqual(ms(r["sync_s"]), 4.0)
            self.assertAlmostEqual(r["host_s"], r["wall_s"] - 0.004 - r["profiler_s"], places=9)
            self.assertGreater(r["wall_s"], 0.009)
        self.assertIsNotNone(meter.call_overhead_s)
        self.assertAlmostEqual(meter.take(), statistics.median(r["host_s"] for r in meter.results.values()))
        # the session began before step 9 and ended after step 12: later steps see no profiler
        self.assertEqual(torch.log[meter.sessions[0][1]:], [("cudaStreamSynchronize", 4000)] * 3)

    def test_nothing_is_measured_where_cupti_must_stay_attached(self):
        torch = FakeCudaTorch()
        meter = TracedMeter(torch, steps=(10, 11, 12))
        with unittest.mock.patch.dict(os.environ, {"TEARDOWN_CUPTI": "0"}):
            self.run_steps(meter, torch)
        self.assertEqual(meter.sessions, [])
        self.assertIn("TEARDOWN_CUPTI", meter.failed)
        self.assertIsNone(meter.take())

    def test_a_run_that_ends_early_stops_the_session(self):
        torch = FakeCudaTorch()
        meter = TracedMeter(torch, steps=(10, 11, 12))
        self.run_steps(meter, torch, steps=11)
        self.assertIsNone(meter.sessions[0][1])
        meter.close()
        self.assertIsNotNone(meter.sessions[0][1])
        self.assertIsNone(meter.take())


class CalibrationTest(unittest.TestCase):
    def test_the_per_call_cost_is_what_the_profiler_adds_to_a_round_over_its_calls(self):
        # each calibration step makes 10 launches and takes the host 1 ms unprofiled, 3 ms profiled
        torch = FakeCudaTorch()
        meter = TracedMeter(torch, steps=(10, 11, 12), step_launches=10, bare_s=0.001, traced_s=0.003)
        MeterSessionTest().run_steps(meter, torch)
        self.assertIsNone(meter.failed)
        rounds = HostMeter.CALIBRATION_ROUNDS
        self.assertEqual((len(meter.calibration["bare_s"]), len(meter.calibration["traced_s"])), (rounds, rounds))
        # a round's calls: its steps' launches; neither the profiled warm-up step nor the synchronisations
        self.assertEqual(meter.calibration["calls"], 10 * HostMeter.STEPS_PER_ROUND)
        added = HostMeter.STEPS_PER_ROUND * 0.002
        self.assertAlmostEqual(meter.call_overhead_s, added / meter.calibration["calls"],
                               delta=0.3 * added / meter.calibration["calls"])  # sleep's own overshoot
        self.assertEqual(meter.workloads, [[True, True]])  # one workload, left before the run's steps

    def test_a_failing_calibration_step_leaves_its_workload_and_measures_nothing(self):
        torch = FakeCudaTorch()
        meter = TracedMeter(torch, steps=(10, 11, 12))
        meter.step_launches = None  # the step raises (range(None))
        MeterSessionTest().run_steps(meter, torch)
        self.assertEqual(meter.workloads, [[True, True]])
        self.assertIn("profiler", meter.failed)
        self.assertIsNone(meter.take())


@unittest.skipUnless(importlib.util.find_spec("torch") is not None, "torch is not installed")
class CalibrationStepTest(unittest.TestCase):
    """The calibration's own training step, run on the CPU (CI's torch has no CUDA)."""

    def setUp(self):
        import torch
        from traindeck_metrics._host_calibration import TrainingStep
        self.torch, self.TrainingStep = torch, TrainingStep

    def test_it_trains(self):
        with self.TrainingStep(self.torch, "cpu") as step:
            losses = [float(step()) for _ in range(8)]
        self.assertLess(losses[-1], losses[0])

    def test_the_users_random_numbers_are_untouched(self):
        torch = self.torch
        torch.manual_seed(1234)
        before = torch.get_rng_state()
        with self.TrainingStep(torch, "cpu") as step:
            step()
            drew = not torch.equal(torch.get_rng_state(), before)  # its dropout drew
        self.assertTrue(drew)
        self.assertTrue(torch.equal(torch.get_rng_state(), before))

    def test_its_tensors_are_freed_on_leaving(self):
        import gc
        import weakref
        workload = self.TrainingStep(self.torch, "cpu")
        with workload as step:
            step()
            kept = [weakref.ref(p) for p in workload.params]
        gc.collect()
        self.assertEqual([r for r in kept if r() is not None], [])

    def test_it_trains_where_the_caller_turned_gradients_off(self):
        torch = self.torch
        workload = self.TrainingStep(torch, "cpu")
        with torch.no_grad(), workload as step:
            step()
            self.assertTrue(all(p.grad is not None for p in workload.params))
        self.assertTrue(torch.is_grad_enabled())


class PublicStepTest(unittest.TestCase):
    def test_a_plain_loop_with_td_step_writes_host_s_once(self):
        import json
        import traindeck_metrics as td
        torch, writer = FakeCudaTorch(), MemoryWriter()
        rep = Reporter(writer=writer, layout=FixedLayout(0, 1, 1))
        rep.host = TracedMeter(torch, steps=(2, 3))
        with unittest.mock.patch.object(td, "_default", rep), unittest.mock.patch.dict(os.environ, {}):
            td.start(micro_batch=1, total_steps=6)
            for step in range(6):
                with td.step(step):
                    torch.log.append(("cudaStreamSynchronize", 2000))
                    time.sleep(0.005)
                td.log(step, loss=1.0)
        events = [json.loads(line) for line in writer.lines]
        written = [(e["event"], e["step"]) for e in events if "host_s" in e]
        self.assertEqual(written, [("step", 3)])
        host = [e["host_s"] for e in events if "host_s" in e][0]
        # the median of the measured steps, their 2 ms waits for the GPU not the host's
        self.assertAlmostEqual(host, statistics.median(r["wall_s"] - 0.002 - r["profiler_s"]
                                                       for r in rep.host.results.values()), places=9)


class FakeMeter:
    """The meter's face to the reporter: a measurement's cost between steps, and host_s."""

    def __init__(self, cost, host):
        self.cost, self.host = cost, host

    def begin(self, step):
        return self.cost

    def end(self, step):
        return self.cost

    def take(self):
        host, self.host = self.host, None
        return host


class ReporterTest(unittest.TestCase):
    def reporter(self, rank=0, world=2):
        now = [100.0]
        writer = MemoryWriter()
        rep = Reporter(writer=writer, layout=FixedLayout(rank, world, world),
                       clock=lambda: now[0])
        return rep, writer, now

    def test_host_s_goes_on_the_next_step_and_rank_events_once(self):
        import json
        rep, writer, now = self.reporter()
        rep.host = FakeMeter(0.0, 0.045)
        rep.start(micro_batch=8)
        now[0] += 1.0
        rep.log(9, loss=1.0)
        now[0] += 1.0
        rep.log(19, loss=0.5)
        events = [json.loads(line) for line in writer.lines]
        with_host = [(e["event"], e["step"]) for e in events if "host_s" in e]
        self.assertEqual(with_host, [("step", 9), ("rank", 9)])
        self.assertTrue(all(e["host_s"] == 0.045 for e in events if "host_s" in e))

    def test_other_ranks_write_it_on_their_rank_event(self):
        import json
        rep, writer, now = self.reporter(rank=1)
        rep.host = FakeMeter(0.0, 0.05)
        rep.start()
        now[0] += 1.0
        rep.rank_step(4)
        events = [json.loads(line) for line in writer.lines]
        self.assertEqual([(e["event"], e.get("host_s")) for e in events], [("rank", 0.05)])

    def test_the_measurements_own_cost_is_left_out_of_step_times(self):
        import json
        rep, writer, now = self.reporter(world=1)
        rep.host = FakeMeter(0.25, None)
        rep.start(micro_batch=1)
        for step in range(10):
            rep.step_begin(step)
            now[0] += 0.25 + 0.1  # the meter's start, then the step
            rep.step_end(step)
            now[0] += 0.25  # the meter's stop
            if step in (0, 9):
                rep.log(step)
        steps = [json.loads(line) for line in writer.lines if '"event":"step"' in line]
        self.assertAlmostEqual(steps[-1]["step_time_s"], 0.1)  # steps 1-9, the meter's 0.5 s each left out


@unittest.skipUnless(importlib.util.find_spec("torch") is not None, "torch is not installed")
class WithoutCudaTest(unittest.TestCase):
    def test_a_torch_loop_on_the_cpu_writes_no_host_s(self):
        # CI's torch (Debian's) has no CUDA: the steps measure nothing and write no host_s.
        with TempDir() as d:
            path = os.path.join(d, "metrics.jsonl")
            code, out, err = run_script("""
import torch, traindeck_metrics as td
model = torch.nn.Linear(16, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
td.start(micro_batch=4, total_steps=20)
for step in range(20):
    with td.step(step):
        loss = model(torch.randn(4, 16)).pow(2).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
    td.log(step, loss=loss.item())
print("measured", td.reporter().host.results, td.reporter().host.failed)
""", TRAINDECK_METRICS_FILE=path)
            self.assertEqual(code, 0, err)
            self.assertIn("measured {} None", out)
            with open(path) as f:
                events = strict_events(f.read())
            steps = [e for e in events if e["event"] == "step"]
            self.assertEqual(len(steps), 20)
            self.assertFalse([e for e in events if "host_s" in e])


if __name__ == "__main__":
    unittest.main()
