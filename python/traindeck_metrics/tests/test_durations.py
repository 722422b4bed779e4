"""What evaluations and checkpoint writes took, as every writer reports it: the
package's own helpers, the Reporter's reading of Hugging Face's names, and the HF and
Lightning callbacks (with stand-ins for the frameworks, which CI does not have: each
stand-in gives the callback its base class only, and the trainer is a plain object with
the attributes the callback reads)."""

import os
import sys
import types
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import traindeck_metrics as td  # noqa: E402
from traindeck_metrics import _durations  # noqa: E402

from _support import TempDir  # noqa: E402
from test_protocol import reporter  # noqa: E402


class Tick:
    """A monotonic clock the test moves."""

    def __init__(self):
        self.now = 50.0

    def __call__(self):
        return self.now


def of(writer, name):
    return [e for e in writer.events() if e["event"] == name]


class StandIn:
    """A stand-in for a framework module (and its parents) unless it is importable, for the
    test's length: the modules it added (the adapter's too) are gone after it."""

    def __init__(self, module_name, **attrs):
        self.module_name, self.attrs = module_name, attrs

    def __enter__(self):
        self.before = set(sys.modules)
        try:
            __import__(self.module_name)
            return
        except ImportError:
            pass
        parts = self.module_name.split(".")
        for i in range(1, len(parts) + 1):
            name = ".".join(parts[:i])
            sys.modules.setdefault(name, types.ModuleType(name))
        for key, value in self.attrs.items():
            setattr(sys.modules[self.module_name], key, value)

    def __exit__(self, *exc):
        for name in set(sys.modules) - self.before:
            del sys.modules[name]


class ReporterTest(unittest.TestCase):
    def test_hugging_face_names_become_seconds_and_samples(self):
        rep, writer, _ = reporter()
        rep.eval(99, eval_loss=0.5, eval_runtime=2.5, eval_samples_per_second=400.0, eval_steps_per_second=25.0)
        (ev,) = of(writer, "eval")
        self.assertEqual((ev["step"], ev["loss"], ev["seconds"], ev["samples"]), (99, 0.5, 2.5, 1000))
        self.assertNotIn("runtime", ev)
        self.assertNotIn("steps_per_second", ev)

    def test_seconds_and_samples_given_as_such(self):
        rep, writer, _ = reporter()
        rep.eval(5, loss=0.25, seconds=1.5, samples=640)
        (ev,) = of(writer, "eval")
        self.assertEqual((ev["seconds"], ev["samples"]), (1.5, 640))

    def test_an_eval_without_its_duration_says_none(self):
        rep, writer, _ = reporter()
        rep.eval(5, loss=0.25)
        (ev,) = of(writer, "eval")
        self.assertNotIn("seconds", ev)
        self.assertNotIn("samples", ev)

    def test_checkpoint_bytes_from_the_folder(self):
        rep, writer, _ = reporter()
        with TempDir() as d:
            os.makedirs(os.path.join(d, "ckpt", "sub"))
            for name, size in (("a.bin", 1000), ("sub/b.bin", 24)):
                with open(os.path.join(d, "ckpt", name), "wb") as f:
                    f.write(b"x" * size)
            rep.checkpoint(100, os.path.join(d, "ckpt"), seconds=0.5)
            rep.checkpoint(200, os.path.join(d, "ckpt", "a.bin"), seconds=0.25)
            rep.checkpoint(300, os.path.join(d, "missing"), seconds=0.25)
        first, second, missing = of(writer, "checkpoint")
        self.assertEqual((first["bytes"], first["seconds"]), (1024, 0.5))
        self.assertEqual(second["bytes"], 1000)
        self.assertIsNone(missing["bytes"])


class HelpersTest(unittest.TestCase):
    def setUp(self):
        self.rep, self.writer, _ = reporter()
        self.saved = td._default
        td._default = self.rep
        self.tick = Tick()
        self.clock = _durations.clock
        _durations.clock = self.tick

    def tearDown(self):
        td._default = self.saved
        _durations.clock = self.clock

    def test_checkpointing_times_the_write(self):
        with TempDir() as d:
            path = os.path.join(d, "state.pt")
            with td.checkpointing(7, path):
                with open(path, "wb") as f:
                    f.write(b"y" * 4096)
                self.tick.now += 3.0
        (ev,) = of(self.writer, "checkpoint")
        self.assertEqual((ev["step"], ev["bytes"], ev["seconds"]), (7, 4096, 3.0))

    def test_a_failed_write_reports_nothing(self):
        with self.assertRaises(OSError):
            with td.checkpointing(7, "/nonexistent/state.pt"):
                raise OSError("disk full")
        self.assertEqual(of(self.writer, "checkpoint"), [])

    def test_evaluating_counts_and_times(self):
        with td.evaluating(9) as ev:
            for _ in range(3):
                ev.add(16)
                self.tick.now += 0.5
            ev.scalars["loss"] = 0.125
        (out,) = of(self.writer, "eval")
        self.assertEqual((out["step"], out["samples"], out["seconds"], out["loss"]), (9, 48, 1.5, 0.125))


class HuggingFaceCallbackTest(unittest.TestCase):
    def test_save_is_timed_from_the_last_hook(self):
        with StandIn("transformers", TrainerCallback=object):
            self.check()

    def check(self):
        from traindeck_metrics.hf import TraindeckCallback

        rep, writer, _ = reporter()
        tick = Tick()
        cb = TraindeckCallback(reporter=rep, clock=tick)
        with TempDir() as d:
            os.makedirs(os.path.join(d, "checkpoint-100"))
            with open(os.path.join(d, "checkpoint-100", "model.safetensors"), "wb") as f:
                f.write(b"z" * 2048)
            args = types.SimpleNamespace(output_dir=d, logging_steps=10)
            state = types.SimpleNamespace(global_step=100, is_world_process_zero=True)
            cb.on_step_end(args, state, None)
            tick.now += 1.0
            cb.on_log(args, state, None, logs={"eval_loss": 0.5, "eval_runtime": 4.0, "eval_samples_per_second": 250.0})
            tick.now += 2.5  # the save
            cb.on_save(args, state, None)
        (ev,) = of(writer, "eval")
        self.assertEqual((ev["step"], ev["seconds"], ev["samples"]), (99, 4.0, 1000))
        (ck,) = of(writer, "checkpoint")
        self.assertEqual((ck["step"], ck["bytes"], ck["seconds"]), (99, 2048, 2.5))


class LightningCallbackTest(unittest.TestCase):
    def test_validation_and_checkpoint_durations(self):
        with StandIn("lightning.pytorch", Callback=object):
            self.check()

    def check(self):
        from traindeck_metrics.lightning import TraindeckCallback

        rep, writer, _ = reporter()
        tick = Tick()
        cb = TraindeckCallback(reporter=rep, clock=tick)
        with TempDir() as d:
            path = os.path.join(d, "epoch=0-step=100.ckpt")
            trainer = types.SimpleNamespace(global_step=100, sanity_checking=False, is_global_zero=True, world_size=2,
                                            callback_metrics={"val_loss": 0.75},
                                            checkpoint_callback=types.SimpleNamespace(last_model_path=path))
            cb.on_validation_start(trainer, None)
            for _ in range(4):
                tick.now += 0.5
                cb.on_validation_batch_end(trainer, None, None, [list(range(8)), None], 0)
            cb.on_validation_end(trainer, None)
            cb.on_save_checkpoint(trainer, None, {})
            with open(path, "wb") as f:
                f.write(b"w" * 512)
            tick.now += 1.25
            cb.on_train_batch_start(trainer, None, None, 0)
        (ev,) = of(writer, "eval")
        self.assertEqual((ev["step"], ev["loss"], ev["seconds"], ev["samples"]), (99, 0.75, 2.0, 64))
        (ck,) = of(writer, "checkpoint")
        self.assertEqual((ck["step"], ck["bytes"], ck["seconds"], ck["path"]), (99, 512, 1.25, path))


if __name__ == "__main__":
    unittest.main()
