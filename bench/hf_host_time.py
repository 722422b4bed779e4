#!/usr/bin/env python3
"""host_s as users' runs write it (traindeck_metrics), beside a direct reference.

Two modes, on GPT-2 (tests/model/fixtures/configs/gpt2.json, random weights, AMP bf16 as in
bench/step_truth.py, whose model building this reuses):

  trainer  the real Hugging Face Trainer with traindeck_metrics' TraindeckCallback, one run
           (python3 for 1 GPU, torchrun for DDP); the metrics go to TRAINDECK_METRICS_FILE and
           hold host_s on the step and rank events after step 12. With --traces DIR each
           measured step's profiler trace (gzip) and the meter's breakdown are kept there.
  loop     step_truth's own loop (fused AdamW, torch.autocast bf16, the GPU idle at each step's
           start) at each shape: step_truth's direct host_s (the wall time of the step's
           issue, with no synchronisation in it, as bench/step_truth.py takes it), then the same
           loop's steps: 6 unprofiled (the direct host time), traindeck_metrics' meter (its
           session: a warm-up step and 6 measured), 6 unprofiled again: the meter's profiled
           wall time against the direct host time (the profiler's own cost to the host), its
           host_s, and the steps after against those before (a cost the profiler left behind).
           --baseline runs an earlier meter's session too, right after this one's.

Usage:
  hf_host_time.py trainer --root ROOT --micro 8 [--checkpointing] [--steps 60] [--traces DIR]
  hf_host_time.py loop --root ROOT --out FILE.json [--traces DIR] [--baseline OLD/_host_time.py]
  (--tiny: toy sizes, to check the script on a CPU)
"""
import argparse
import contextlib
import gzip
import json
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import step_truth  # noqa: E402  (bench/step_truth.py: the model building)

SEQ = 1024
LOOP_SHAPES = [(8, False), (4, False), (2, False), (1, False), (8, True)]  # (micro-batch, checkpointing)


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def package(root):
    sys.path.insert(0, os.path.join(root, "python", "traindeck_metrics"))
    from traindeck_metrics import _host_time
    return _host_time


def keep_traces(host_time_module, folder, rank):
    """Each measured step's trace (gzip) kept in folder, as the meter reads it."""
    os.makedirs(folder, exist_ok=True)
    read = host_time_module.HostMeter._events
    count = [0]

    def reading(profiler):
        events = read(profiler)
        count[0] += 1
        with gzip.open(os.path.join(folder, "rank%d-trace%d.json.gz" % (rank, count[0])), "wt") as f:
            json.dump({"traceEvents": events}, f)
        return events
    host_time_module.HostMeter._events = staticmethod(reading)


def gpt2_config(root, tiny):
    return step_truth.load_config(root, step_truth.MODELS["gpt2"], tiny)


class RandomTokens(torch.utils.data.Dataset):
    def __init__(self, count, length, vocab):
        self.count, self.length, self.vocab = count, length, vocab

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(i)
        ids = torch.randint(0, self.vocab, (self.length,), generator=g)
        return {"input_ids": ids, "labels": ids.clone()}


def trainer_run(args):
    from transformers import Trainer, TrainingArguments

    host_time = package(args.root)
    import traindeck_metrics as td
    from traindeck_metrics.hf import TraindeckCallback

    rank = int(os.environ.get("RANK", "0"))
    if args.traces:
        keep_traces(host_time, args.traces, rank)
    config = gpt2_config(args.root, args.tiny)
    seq = 64 if args.tiny else SEQ
    torch.manual_seed(0)
    model = step_truth.build(config, "cpu")
    world = int(os.environ.get("WORLD_SIZE", "1"))
    data = RandomTokens(args.steps * args.micro * world * 2, seq, config.vocab_size)
    cuda = torch.cuda.is_available()
    targs = TrainingArguments(
        output_dir=args.output_dir, max_steps=args.steps, per_device_train_batch_size=args.micro,
        learning_rate=1e-5, warmup_steps=5, logging_steps=args.log_every, save_strategy="no", report_to=[],
        bf16=cuda, use_cpu=not cuda, dataloader_num_workers=0, disable_tqdm=True,
        gradient_checkpointing=args.checkpointing,
        gradient_checkpointing_kwargs={"use_reentrant": False} if args.checkpointing else None)
    trainer = Trainer(model=model, args=targs, train_dataset=data, callbacks=[TraindeckCallback()])
    result = trainer.train()
    meter = td.reporter().host
    summary = {"rank": rank, "steps": list(meter.steps), "results": meter.results, "overhead_s": meter.overhead_s,
               "call_overhead_s": meter.call_overhead_s,
               "failed": meter.failed, "trainer": result.metrics, "optim": str(targs.optim)}
    log("hf_host_time: " + json.dumps(summary))
    if args.traces:
        with open(os.path.join(args.traces, "rank%d-meter.json" % rank), "w") as f:
            json.dump(summary, f, indent=1)


def baseline(path):
    """Another version of the meter (_host_time.py of an earlier commit, standalone), to run beside this one."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("baseline_host_time", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def loop_run(args):
    host_time = package(args.root)
    baseline_module = baseline(args.baseline) if args.baseline else None
    if args.traces:
        keep_traces(host_time, args.traces, 0)
    dev = step_truth.Device(0)
    config = gpt2_config(args.root, args.tiny)
    seq = 64 if args.tiny else SEQ
    out = {"device": torch.cuda.get_device_name(0) if dev.cuda else "cpu", "torch": torch.__version__,
           "points": []}
    for micro, checkpointing in LOOP_SHAPES:
        torch.manual_seed(0)
        model = step_truth.build(config, dev.name)
        if checkpointing:
            model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        model.train()
        # step_truth's own measurement: warm-up, then its timed steps (step_s, host_s).
        reference = step_truth.measure(model, config, True, seq, micro, dev, None)
        opt, _ = step_truth.optimizer(model)
        ids = torch.randint(0, config.vocab_size, (micro, seq), device=dev.name)
        autocast = torch.autocast("cuda", dtype=torch.bfloat16) if dev.cuda else contextlib.nullcontext()

        step = step_truth.training_step(model, opt, ids, autocast)

        for _ in range(3):  # this optimizer's warm-up
            step()
        dev.sync()
        # Unprofiled steps, the meter's session (its warm-up step 0, steps 1-6 measured), unprofiled
        # steps again: the direct host time brackets the measured one (the host drifts by a third over
        # minutes on these VMs), and the steps after show whether the profiler left a cost behind.
        def direct(count):
            times = []
            for _ in range(count):
                began = time.perf_counter()
                step()
                times.append(time.perf_counter() - began)
                dev.sync()
            return times

        def metered(module):
            meter = module.HostMeter(steps=(1, 2, 3, 4, 5, 6), torch_module=torch if dev.cuda else None)
            meter.spent = []  # what begin and end took at each step, in seconds
            for i in range(7):
                spent = meter.begin(i)
                step()
                meter.spent.append((spent, meter.end(i)))
                dev.sync()
            return meter

        before = direct(6)
        meter = metered(host_time)
        earlier = metered(baseline_module) if baseline_module else None
        after = direct(6)
        point = {"micro_batch": micro, "seq": seq, "checkpointing": "full" if checkpointing else "none",
                 "step_truth_step_s": reference["step_s"], "step_truth_host_s": reference["host_s"],
                 "direct_host_s": statistics.median(before + after), "direct_before_s": before,
                 "direct_after_s": after, "meter": meter.results,
                 "meter_failed": meter.failed, "call_overhead_s": meter.call_overhead_s, "meter_host_s": meter.take(),
                 "meter_calibration": getattr(meter, "calibration", None), "meter_overhead_s": meter.overhead_s,
                 "meter_spent_s": meter.spent}
        if earlier is not None:
            point.update({"baseline_meter": earlier.results, "baseline_failed": earlier.failed,
                          "baseline_call_overhead_s": earlier.call_overhead_s, "baseline_host_s": earlier.take(),
                          "baseline_overhead_s": earlier.overhead_s, "baseline_spent_s": earlier.spent})
        if meter.results:
            point["meter_wall_s"] = statistics.median(r["wall_s"] for r in meter.results.values())
        out["points"].append(point)
        shown = {k: v for k, v in point.items()
                 if k not in ("meter", "baseline_meter", "meter_calibration", "direct_before_s", "direct_after_s")}
        log("hf_host_time loop: " + json.dumps(shown))
        model = opt = ids = None  # this shape's memory freed before the next
        dev.free()
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("trainer", "loop"))
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--micro", type=int, default=8)
    parser.add_argument("--checkpointing", action="store_true")
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--log-every", type=int, default=5)
    parser.add_argument("--output-dir", default="/tmp/hf_host_time")
    parser.add_argument("--traces")
    parser.add_argument("--out")
    parser.add_argument("--tiny", action="store_true")
    parser.add_argument("--baseline", help="loop: an earlier _host_time.py whose meter runs too, after this one")
    args = parser.parse_args()
    trainer_run(args) if args.mode == "trainer" else loop_run(args)


if __name__ == "__main__":
    main()
