"""The adapters against the real frameworks, where they are installed (Debian 12
has torch 1.13; transformers, Lightning and accelerate are tested where present,
e.g. on the GPU machine). Each runs a tiny real training in a child process."""

import importlib.util
import json
import os
import socket
import subprocess
import sys
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _support import TempDir, child_env, run_script, strict_events  # noqa: E402


def have(*modules):
    return all(importlib.util.find_spec(m) is not None for m in modules)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_ranks(source, world_size, path, timeout=240, **env):
    """Starts world_size processes of source with torchrun's variables; all must succeed."""
    port = free_port()
    procs = [subprocess.Popen([sys.executable, "-c", textwrap.dedent(source)],
                              env=child_env(TRAINDECK_METRICS_FILE=path, RANK=r, LOCAL_RANK=r, WORLD_SIZE=world_size,
                                            LOCAL_WORLD_SIZE=world_size, GROUP_RANK=0, MASTER_ADDR="127.0.0.1",
                                            MASTER_PORT=port, CUDA_VISIBLE_DEVICES="", **env),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
             for r in range(world_size)]
    outputs = [p.communicate(timeout=timeout)[0] for p in procs]
    for p, out in zip(procs, outputs):
        if p.returncode != 0:
            raise AssertionError(f"a rank exited {p.returncode}:\n{out[-3000:]}")
    with open(path) as f:
        return strict_events(f.read())


def by_event(evs, name):
    return [e for e in evs if e["event"] == name]


@unittest.skipUnless(have("torch"), "torch is not installed")
class DistributedTest(unittest.TestCase):
    def test_two_gloo_ranks(self):
        with TempDir() as d:
            evs = run_ranks("""
                import torch, torch.distributed as dist
                from traindeck_metrics.distributed import RankMeter
                import traindeck_metrics as td
                dist.init_process_group("gloo")
                model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(8, 1))
                opt = torch.optim.SGD(model.parameters(), lr=0.1)
                td.start(micro_batch=4, model="linear", precision="fp32", total_steps=8)
                meter = RankMeter(every=3)
                for step in range(8):
                    loss = model(torch.randn(4, 8)).pow(2).mean()
                    opt.zero_grad(); loss.backward(); opt.step()
                    meter.step(step, loss=loss)
                dist.destroy_process_group()
            """, 2, os.path.join(d, "m.jsonl"))
        (start,) = by_event(evs, "start")
        self.assertEqual((start["world_size"], start["gpus_per_node"], start["backend"]), (2, 2, "gloo"))
        self.assertEqual(start["effective_batch"], 8)
        self.assertEqual([s["step"] for s in by_event(evs, "step")], [0, 3, 6])
        self.assertTrue(all(isinstance(s["loss"], float) for s in by_event(evs, "step")))
        ranks = by_event(evs, "rank")
        self.assertEqual(sorted((r["rank"], r["step"]) for r in ranks),
                         [(0, 0), (0, 3), (0, 6), (1, 0), (1, 3), (1, 6)])
        self.assertTrue(all(r["step_time_s"] > 0 for r in ranks if r["step"] > 0))
        self.assertTrue(all(r["gpu_mem_gb"] > 0 for r in ranks))  # the CPU's peak RSS here
        self.assertEqual([(e["status"], e["step"]) for e in by_event(evs, "end")], [("completed", 7)])  # the last step reached


@unittest.skipUnless(have("torch", "transformers"), "transformers is not installed")
class TransformersTest(unittest.TestCase):
    def test_trainer_callback(self):
        with TempDir() as d:
            evs = run_ranks(f"""
                import torch
                from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainingArguments
                from traindeck_metrics.hf import TraindeckCallback
                model = GPT2LMHeadModel(GPT2Config(n_layer=1, n_head=2, n_embd=32, vocab_size=64, n_positions=16))
                data = [{{"input_ids": torch.randint(0, 64, (16,)), "labels": torch.randint(0, 64, (16,))}}
                        for _ in range(64)]
                args = TrainingArguments(output_dir={d!r}, max_steps=6, per_device_train_batch_size=4,
                                         gradient_accumulation_steps=2, logging_steps=2, report_to=[],
                                         use_cpu=True, save_strategy="no", learning_rate=1e-3, warmup_steps=1)
                Trainer(model=model, args=args, train_dataset=data, callbacks=[TraindeckCallback()]).train()
            """, 2, os.path.join(d, "m.jsonl"))
        (start,) = by_event(evs, "start")
        self.assertEqual((start["world_size"], start["micro_batch"], start["grad_accum"]), (2, 4, 2))
        self.assertEqual((start["effective_batch"], start["total_steps"], start["model"]["preset"]), (16, 6, "gpt2"))
        steps = by_event(evs, "step")
        self.assertEqual([s["step"] for s in steps], [1, 3, 5])  # global_step 2, 4, 6, counted from 0
        self.assertTrue(all("loss" in s and "lr" in s for s in steps))
        self.assertEqual(sorted({r["rank"] for r in by_event(evs, "rank")}), [0, 1])
        (end,) = by_event(evs, "end")
        self.assertEqual((end["status"], end["step"]), ("completed", 5))
        self.assertGreater(end["trainer_train_samples_per_second"], 0)  # the Trainer's own figure, beside ours


@unittest.skipUnless(have("torch", "accelerate"), "accelerate is not installed")
class AccelerateTest(unittest.TestCase):
    def test_tracker(self):
        with TempDir() as d:
            evs = run_ranks("""
                import torch
                from accelerate import Accelerator
                from traindeck_metrics.accelerate import TraindeckTracker
                acc = Accelerator(cpu=True, log_with=[TraindeckTracker()], gradient_accumulation_steps=1)
                model = torch.nn.Linear(8, 1)
                opt = torch.optim.SGD(model.parameters(), lr=0.1)
                model, opt = acc.prepare(model, opt)
                acc.init_trackers("t", config={"batch_size": 4, "max_train_steps": 4, "model": "linear"})
                for step in range(4):
                    loss = model(torch.randn(4, 8)).pow(2).mean()
                    acc.backward(loss); opt.step(); opt.zero_grad()
                    acc.log({"loss": loss.item()}, step=step)
                acc.end_training()
            """, 2, os.path.join(d, "m.jsonl"))
        (start,) = by_event(evs, "start")
        self.assertEqual((start["world_size"], start["micro_batch"], start["total_steps"]), (2, 4, 4))
        self.assertEqual(start["effective_batch"], 8)
        self.assertEqual([s["step"] for s in by_event(evs, "step")], [0, 1, 2, 3])
        self.assertEqual([e["status"] for e in by_event(evs, "end")], ["completed"])


LIGHTNING_MODULE = """
    import torch
    try:
        import lightning.pytorch as pl
    except ImportError:
        import pytorch_lightning as pl
    from traindeck_metrics.lightning import TraindeckCallback
    class M(pl.LightningModule):
        def __init__(self, log):
            super().__init__(); self.net = torch.nn.Linear(8, 1); self.logs = log
        def training_step(self, batch, i):
            loss = self.net(batch).pow(2).mean()
            if self.logs:
                self.log("train_loss", loss); self.log("weight_norm", self.net.weight.norm())
            return loss
        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=0.1)
    data = torch.utils.data.DataLoader(torch.randn(64, 8), batch_size=4)
"""


@unittest.skipUnless(have("torch") and (have("lightning") or have("pytorch_lightning")), "Lightning is not installed")
class LightningTest(unittest.TestCase):
    def test_callback(self):
        with TempDir() as d:
            evs = run_ranks(LIGHTNING_MODULE + f"""
    trainer = pl.Trainer(accelerator="cpu", devices=2, strategy="ddp", max_steps=6, log_every_n_steps=2,
                         callbacks=[TraindeckCallback()], logger=False, enable_checkpointing=False,
                         enable_progress_bar=False, default_root_dir={d!r})
    trainer.fit(M(log=True), data)
""", 2, os.path.join(d, "m.jsonl"))
        (start,) = by_event(evs, "start")
        self.assertEqual((start["world_size"], start["micro_batch"], start["effective_batch"]), (2, 4, 8))
        steps = by_event(evs, "step")
        self.assertEqual([s["step"] for s in steps], [1, 3, 5])  # global_step 2, 4, 6, counted from 0
        # The module's train_loss is the protocol's loss; its other scalars keep their names.
        self.assertTrue(all(isinstance(s.get("loss"), float) and "train_loss" not in s for s in steps), steps)
        self.assertTrue(all(s.get("weight_norm", 0) > 0 for s in steps), steps)
        self.assertEqual(sorted({r["rank"] for r in by_event(evs, "rank")}), [0, 1])
        self.assertEqual([e["status"] for e in by_event(evs, "end")], ["completed"])

    def test_loss_returned_but_not_logged(self):
        """A module that only returns its loss (no self.log): the loss still reaches every step."""
        with TempDir() as d:
            evs = run_ranks(LIGHTNING_MODULE + f"""
    trainer = pl.Trainer(accelerator="cpu", devices=1, max_steps=4, log_every_n_steps=1,
                         callbacks=[TraindeckCallback()], logger=False, enable_checkpointing=False,
                         enable_progress_bar=False, default_root_dir={d!r})
    trainer.fit(M(log=False), data)
""", 1, os.path.join(d, "m.jsonl"))
        steps = by_event(evs, "step")
        self.assertEqual([s["step"] for s in steps], [0, 1, 2, 3])
        self.assertTrue(all(isinstance(s.get("loss"), float) for s in steps), steps)


class LightningStepScalarsTest(unittest.TestCase):
    """What the callback puts in a step event, from what Lightning hands on_train_batch_end, without
    Lightning (CI has none): a stand-in `lightning.pytorch` gives the callback its base class only;
    the trainer is a plain object with the attributes the callback reads."""

    def scalars(self, callback_metrics, outputs):
        code, out, err = run_script(textwrap.dedent(f"""
            import json, sys, types
            if "lightning" not in sys.modules:
                try:
                    import lightning.pytorch
                except ImportError:
                    pl = types.ModuleType("lightning.pytorch"); pl.Callback = object
                    sys.modules["lightning"] = types.ModuleType("lightning"); sys.modules["lightning.pytorch"] = pl
            from traindeck_metrics.lightning import _step_scalars
            trainer = types.SimpleNamespace(callback_metrics={callback_metrics!r})
            print(json.dumps(_step_scalars(trainer, {outputs!r})))
        """))
        self.assertEqual(code, 0, err)
        return json.loads(out)

    def test_logged_loss_wins(self):
        self.assertEqual(self.scalars({"train_loss": 0.5, "acc": 0.9}, {"loss": 2.0}), {"train_loss": 0.5, "acc": 0.9})

    def test_returned_loss_when_none_logged(self):
        self.assertEqual(self.scalars({"acc": 0.9}, {"loss": 2.0}), {"acc": 0.9, "loss": 2.0})
        self.assertEqual(self.scalars({}, 1.5), {"loss": 1.5})

    def test_nothing_returned(self):
        self.assertEqual(self.scalars({"acc": 0.9}, None), {"acc": 0.9})


if __name__ == "__main__":
    unittest.main()
