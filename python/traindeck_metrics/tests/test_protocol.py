"""The lines the package writes are exactly the metrics protocol."""

import json
import math
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import traindeck_metrics as td  # noqa: E402
from traindeck_metrics._layout import Layout  # noqa: E402

from _support import TempDir, events, run_script, strict_events  # noqa: E402


class ListWriter:
    def __init__(self):
        self.lines = []

    def write(self, line):
        self.lines.append(line)

    def events(self):
        return strict_events("\n".join(self.lines))


class FixedLayout(Layout):
    def __init__(self, rank=0, world_size=1, local_world_size=1):  # noqa: D107 - no environment read
        self.rank, self.world_size, self.local_world_size = rank, world_size, local_world_size
        self.local_rank = rank % local_world_size
        self.node = rank // local_world_size
        self.nodes = world_size // local_world_size
        self.host = "testhost"
        self.backend = "gloo"


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def reporter(rank=0, world_size=1, local_world_size=1):
    writer, clock = ListWriter(), Clock()
    rep = td.Reporter(writer=writer, layout=FixedLayout(rank, world_size, local_world_size), clock=clock)
    return rep, writer, clock


class EncodeTest(unittest.TestCase):
    def test_envelope_first_and_compact(self):
        line = td.encode("step", 12.5, {"step": 3, "loss": 0.25})
        self.assertEqual(line, '{"v":1,"event":"step","time":12.5,"step":3,"loss":0.25}')

    def test_nonfinite_values_are_null_and_listed(self):
        line = td.encode("step", 1.0, {"step": 1, "loss": float("nan"), "grad_norm": float("inf"),
                                       "lr": -float("inf"), "psnr": 20.0})
        obj = json.loads(line, parse_constant=lambda t: self.fail(f"token {t} written"))
        self.assertIsNone(obj["loss"])
        self.assertIsNone(obj["grad_norm"])
        self.assertIsNone(obj["lr"])
        self.assertEqual(obj["psnr"], 20.0)
        self.assertEqual(obj["nonfinite"], ["loss", "grad_norm", "lr"])

    def test_no_nonfinite_key_when_all_finite(self):
        self.assertNotIn("nonfinite", json.loads(td.encode("step", 1.0, {"loss": 1.0})))

    def test_scalars_that_are_objects_become_numbers(self):
        class Scalar:  # what a 0-d tensor or a numpy scalar offers
            def __init__(self, v):
                self.v = v

            def item(self):
                return self.v

        obj = json.loads(td.encode("step", 1.0, {"loss": Scalar(0.5), "bad": Scalar(float("nan"))}))
        self.assertEqual(obj["loss"], 0.5)
        self.assertEqual(obj["nonfinite"], ["bad"])

    def test_protocol_keys_cannot_be_overridden(self):
        obj = json.loads(td.encode("step", 2.0, {"v": 7, "event": "x", "time": 0, "step": 1}))
        self.assertEqual((obj["v"], obj["event"], obj["time"]), (1, "step", 2.0))


class ReporterTest(unittest.TestCase):
    def test_start_fills_layout_and_batch(self):
        rep, writer, _ = reporter(rank=0, world_size=8, local_world_size=4)
        rep.start(micro_batch=4, grad_accum=2, model="tiny", precision="bf16", total_steps=100)
        (start,) = writer.events()
        self.assertEqual(start["event"], "start")
        self.assertEqual((start["world_size"], start["nodes"], start["gpus_per_node"]), (8, 2, 4))
        self.assertEqual(start["effective_batch"], 4 * 2 * 8)
        self.assertEqual(start["model"], {"preset": "tiny"})
        self.assertEqual((start["precision"], start["total_steps"], start["backend"]), ("bf16", 100, "gloo"))
        self.assertIsNone(start["resumed_from_step"])

    def test_given_effective_batch_wins(self):
        rep, writer, _ = reporter(world_size=2, local_world_size=2)
        rep.start(micro_batch=4, effective_batch=1000)
        self.assertEqual(writer.events()[0]["effective_batch"], 1000)

    def test_step_times_and_rates_measured_between_logs(self):
        rep, writer, clock = reporter()
        rep.start(micro_batch=16)
        clock.now += 1.0
        rep.log(0, loss=1.0)
        clock.now += 5.0
        rep.log(10, loss=0.5, learning_rate=3e-4, my_metric_s=2)
        steps = [e for e in writer.events() if e["event"] == "step"]
        self.assertEqual([s["step"] for s in steps], [0, 10])
        self.assertNotIn("step_time_s", steps[0])  # nothing to measure against yet
        self.assertAlmostEqual(steps[1]["step_time_s"], 0.5)
        self.assertAlmostEqual(steps[1]["samples_per_s"], 32.0)
        self.assertEqual(steps[1]["samples_seen"], 11 * 16)
        self.assertEqual(steps[1]["lr"], 3e-4)  # learning_rate is the protocol's lr
        self.assertEqual(steps[1]["my_metric_s"], 2)  # the script's own keys pass through

    def test_given_step_time_is_kept(self):
        rep, writer, clock = reporter()
        rep.start(micro_batch=2)
        clock.now += 9
        rep.log(3, step_time_s=0.25)
        step = writer.events()[-1]
        self.assertEqual(step["step_time_s"], 0.25)
        self.assertEqual(step["samples_per_s"], 8.0)

    def test_single_process_writes_no_rank_events(self):
        rep, writer, _ = reporter()
        rep.log(0, loss=1)
        self.assertEqual([e["event"] for e in writer.events()], ["start", "step"])

    def test_rank_zero_of_many_writes_job_and_rank_events(self):
        rep, writer, clock = reporter(rank=0, world_size=2, local_world_size=1)
        rep.start(micro_batch=1)
        clock.now += 2
        rep.log(4, loss=1.0)
        rep.end()
        kinds = [e["event"] for e in writer.events()]
        self.assertEqual(kinds, ["start", "step", "rank", "end"])
        rank = writer.events()[2]
        self.assertEqual((rank["rank"], rank["node"], rank["step"], rank["host"]), (0, 0, 4, "testhost"))
        self.assertAlmostEqual(rank["step_time_s"], 0.5)

    def test_other_ranks_write_only_their_rank_events(self):
        rep, writer, clock = reporter(rank=3, world_size=4, local_world_size=2)
        rep.start(micro_batch=1)
        clock.now += 1
        rep.log(1, loss=1.0)
        rep.eval(1, loss=2.0)
        rep.checkpoint(1, "/x")
        rep.end()
        evs = writer.events()
        self.assertEqual([e["event"] for e in evs], ["rank"])
        self.assertEqual((evs[0]["rank"], evs[0]["node"]), (3, 1))

    def test_end_once_with_last_step_and_seconds(self):
        rep, writer, clock = reporter()
        rep.start()
        rep.log(7, loss=1)
        clock.now += 30
        rep.end("failed")
        rep.end("completed")
        ends = [e for e in writer.events() if e["event"] == "end"]
        self.assertEqual(len(ends), 1)
        self.assertEqual((ends[0]["status"], ends[0]["step"], ends[0]["seconds"]), ("failed", 7, 30.0))

    def test_eval_and_checkpoint_events(self):
        rep, writer, _ = reporter()
        rep.eval(5, eval_loss=0.3, psnr=21.0)
        rep.checkpoint(5, "/ckpt/5", bytes=10, seconds=0.5)
        evs = writer.events()
        self.assertEqual(evs[-2], {**evs[-2], "event": "eval", "step": 5, "loss": 0.3, "psnr": 21.0})
        self.assertEqual((evs[-1]["path"], evs[-1]["bytes"]), ("/ckpt/5", 10))


class MemoryUnitTest(unittest.TestCase):
    @unittest.skipUnless(os.path.exists("/proc/self/status"), "needs Linux's /proc")
    def test_cpu_peak_memory_is_gib_of_the_peak_resident_set(self):
        # gpu_mem_gb is GiB (2^30 bytes) from every writer; on a CPU the process's
        # peak resident memory, which the kernel also shows as VmHWM.
        from traindeck_metrics import _memory

        block = b"\x01" * (256 << 20)  # written: 256 MiB more resident
        reported = _memory.peak_gb()
        with open("/proc/self/status") as status:
            hwm_kib = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
        self.assertGreater(len(block), 0)
        self.assertAlmostEqual(reported, hwm_kib * 1024 / float(1 << 30), delta=1 / 1024)

    def test_cuda_peak_memory_is_gib_of_torchs_figure(self):
        # On a GPU the figure is torch.cuda.max_memory_allocated() (bytes) in GiB: a
        # stand-in torch (the package only reads sys.modules) with 70 GiB allocated.
        import types

        from traindeck_metrics import _memory

        peak_bytes = 70 * (1 << 30)
        cuda = types.SimpleNamespace(is_available=lambda: True, is_initialized=lambda: True,
                                     max_memory_allocated=lambda: peak_bytes)
        saved = sys.modules.get("torch")
        sys.modules["torch"] = types.SimpleNamespace(cuda=cuda)
        try:
            self.assertEqual(_memory.peak_gb(), 70.0)  # not 75.16 (GB)
        finally:
            if saved is None:
                del sys.modules["torch"]
            else:
                sys.modules["torch"] = saved


class LayoutTest(unittest.TestCase):
    def test_torchrun_variables(self):
        code, out, err = run_script(
            "from traindeck_metrics._layout import Layout; l = Layout();"
            "print(l.rank, l.world_size, l.local_world_size, l.nodes, l.node)",
            RANK=5, WORLD_SIZE=8, LOCAL_WORLD_SIZE=4, LOCAL_RANK=1, GROUP_RANK=1)
        self.assertEqual(code, 0, err)
        self.assertEqual(out.split(), ["5", "8", "4", "2", "1"])

    def test_slurm_variables(self):
        code, out, err = run_script(
            "from traindeck_metrics._layout import Layout; l = Layout(); print(l.rank, l.world_size, l.node)",
            SLURM_PROCID=3, SLURM_NTASKS=4, SLURM_NTASKS_PER_NODE=2, SLURM_NODEID=1)
        self.assertEqual(code, 0, err)
        self.assertEqual(out.split(), ["3", "4", "1"])

    def test_no_variables_is_one_process(self):
        code, out, err = run_script(
            "from traindeck_metrics._layout import Layout; l = Layout(); print(l.rank, l.world_size, l.nodes)")
        self.assertEqual(out.split(), ["0", "1", "1"], err)


class OutputTest(unittest.TestCase):
    def test_stdout_without_the_variable(self):
        code, out, err = run_script("import traindeck_metrics as td; print('hello'); td.log(0, loss=1.5)")
        self.assertEqual(code, 0, err)
        self.assertEqual([e["event"] for e in events(out)], ["start", "step", "end"])
        self.assertIn("hello", out.splitlines())

    def test_file_is_appended_not_replaced(self):
        with TempDir() as d:
            path = os.path.join(d, "sub", "metrics.jsonl")
            os.makedirs(os.path.dirname(path))
            with open(path, "w") as f:
                f.write('{"v":1,"event":"start","time":1}\n')
            code, out, err = run_script("import traindeck_metrics as td; td.log(0, loss=1)",
                                        TRAINDECK_METRICS_FILE=path)
            self.assertEqual(code, 0, err)
            self.assertEqual(out, "")  # nothing of ours on stdout when the file is named
            with open(path) as f:
                evs = strict_events(f.read())
            self.assertEqual([e["event"] for e in evs], ["start", "start", "step", "end"])

    def test_concurrent_ranks_never_interleave_within_a_line(self):
        # Eight processes append long lines to one file at once: every line stays whole.
        script = ("import os, traindeck_metrics as td\n"
                  "td.start(micro_batch=1)\n"
                  "for s in range(300): td.rank_step(s, step_time_s=0.1, pad='x' * 3000)\n")
        import subprocess
        from _support import child_env
        with TempDir() as d:
            path = os.path.join(d, "m.jsonl")
            procs = [subprocess.Popen([sys.executable, "-c", script],
                                      env=child_env(TRAINDECK_METRICS_FILE=path, RANK=r, WORLD_SIZE=8))
                     for r in range(8)]
            for p in procs:
                self.assertEqual(p.wait(timeout=120), 0)
            with open(path) as f:
                evs = strict_events(f.read())
        ranks = [e for e in evs if e["event"] == "rank"]
        self.assertEqual(len(ranks), 8 * 300)
        self.assertEqual(sorted({e["rank"] for e in ranks}), list(range(8)))
        self.assertEqual([e["event"] for e in evs if e["event"] != "rank"], ["start", "end"])  # rank 0's only


if __name__ == "__main__":
    unittest.main()
