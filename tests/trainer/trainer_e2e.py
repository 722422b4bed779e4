#!/usr/bin/env python3
"""End-to-end tests of traindeck-trainer: several processes on loopback, checked
against docs/metrics-protocol.md and trainer-workload.md.

Usage: trainer_e2e.py TRAINER CASE      (ctest runs one CASE per test)
Every metrics line any case produces is validated against the protocol."""

import json
import math
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

TRAINER = None
TMP = None
# Small clips keep every case to seconds on 2 cores.
SMALL = ["--frames", "2", "--height", "32", "--width", "32"]


class Failure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


# ------------------------------------------------------------------ protocol

NUM = (int, float)
EVENTS = {
    "start": {"run_id": str, "world_size": int, "nodes": int, "gpus_per_node": int, "backend": str,
              "model": dict, "data": (dict, str), "effective_batch": int, "micro_batch": int,
              "grad_accum": int, "lr_peak": NUM, "warmup_steps": int, "total_steps": int,
              "resumed_from_step": (int, type(None)), "device": str},
    "step": {"step": int, "epoch": NUM, "samples_seen": int, "loss": NUM, "psnr": NUM, "lr": NUM,
             "grad_norm": NUM, "step_time_s": NUM, "samples_per_s": NUM, "comm_time_s": NUM,
             "gpu_mem_gb": NUM},
    "rank": {"rank": int, "node": int, "step": int, "step_time_s": NUM, "comm_time_s": NUM, "gpu_mem_gb": NUM},
    "eval": {"step": int, "loss": NUM, "psnr": NUM, "samples": int, "seconds": NUM},
    "checkpoint": {"step": int, "path": str, "bytes": int, "seconds": NUM},
    "error": {"rank": int, "node": int, "kind": str, "message": str},
    "end": {"step": int, "status": str, "seconds": NUM},
}


def reject_constant(name):
    raise ValueError("non-JSON number " + name)


def validate(text, where):
    """Every line: one JSON object per the protocol. Returns the events."""
    check(text == "" or text.endswith("\n"), f"{where}: stream does not end with a newline")
    events = []
    for n, line in enumerate(text.splitlines(), 1):
        at = f"{where}:{n}"
        try:
            ev = json.loads(line, parse_constant=reject_constant)
        except ValueError as e:
            raise Failure(f"{at}: not valid JSON ({e}): {line[:200]}")
        check(isinstance(ev, dict), f"{at}: not an object")
        check(ev.get("v") == 1, f"{at}: v is not 1")
        check(isinstance(ev.get("time"), NUM) and ev["time"] > 1.6e9, f"{at}: time is not Unix seconds")
        kind = ev.get("event")
        check(kind in EVENTS, f"{at}: unknown event {kind!r}")
        nonfinite = ev.get("nonfinite", [])
        check(isinstance(nonfinite, list), f"{at}: nonfinite is not a list")
        for key, types in EVENTS[kind].items():
            check(key in ev, f"{at}: {kind} lacks {key}")
            if ev[key] is None and key in nonfinite:
                continue
            types = types if isinstance(types, tuple) else (types,)
            ok = isinstance(ev[key], types) and not (isinstance(ev[key], bool))
            if float in types and isinstance(ev[key], int):
                ok = True
            check(ok, f"{at}: {kind}.{key} = {ev[key]!r} has the wrong type")
        for key in nonfinite:
            check(ev.get(key, 0) is None, f"{at}: {key} listed as nonfinite but not null")
        if kind == "end":
            check(ev["status"] in ("completed", "failed", "interrupted"), f"{at}: bad end status")
        if kind == "start":
            check(ev["backend"] in ("nccl", "gloo"), f"{at}: bad backend")
            check({"preset", "parameters"} <= set(ev["model"]), f"{at}: model lacks preset/parameters")
        events.append(ev)
    starts = [e for e in events if e["event"] == "start"]
    ends = [e for e in events if e["event"] == "end"]
    check(len(starts) <= 1 and len(ends) <= 1, f"{where}: more than one start or end")
    if starts:
        check(events[0]["event"] == "start", f"{where}: start is not first")
    if ends:
        # Last, but other ranks sharing the file may still report their own errors after it.
        after = events[events.index(ends[0]) + 1:]
        check(all(e["event"] == "error" and e["rank"] != 0 for e in after), f"{where}: end is not last")
    steps = [e["step"] for e in events if e["event"] == "step"]
    check(steps == sorted(steps), f"{where}: step events out of order")
    return events


# ------------------------------------------------------------------ running

# The ports free_port() hands out stay bound here (SO_REUSEADDR, never listening) until the
# case ends, so that no other process's bind(0) is given one before the trainer binds it
# (with SO_REUSEADDR too, so it can): with other tests beside this one, a rank 0 failed
# "already in use" (exit 1) on the port it had been given.
_held_ports = []


def free_port():
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("", 0))
    _held_ports.append(s)
    return s.getsockname()[1]


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if not (k in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT",
                         "GROUP_RANK", "NNODES", "JOB_COMPLETION_INDEX", "TRAINDECK_WORKER", "TRAINDECK_NODE_RANK",
                         "NODE_RANK", "PET_NODE_RANK", "PET_NNODES", "NPROC_PER_NODE")
                   or k.startswith("SLURM_"))}
    env.update({k: str(v) for k, v in extra.items()})
    return env


def gloo(args):
    """The CPU backend unless a case names one (a CUDA build would pick nccl on a GPU)."""
    return args if "--backend" in args else ["--backend", "gloo", *args]


class Job:
    """Some trainer processes writing one metrics file."""

    def __init__(self, name, args, envs):
        args = gloo(args)
        self.metrics = os.path.join(TMP, name + ".jsonl")
        if os.path.exists(self.metrics):
            os.unlink(self.metrics)
        self.procs = []
        self.errs = []
        for i, env in enumerate(envs):
            err = open(os.path.join(TMP, f"{name}.{i}.err"), "w+")
            self.errs.append(err)
            self.procs.append(subprocess.Popen([TRAINER, *args, "--metrics-file", self.metrics], env=env,
                                               stdout=subprocess.DEVNULL, stderr=err))

    def wait(self, timeout=120, only=None):
        """Exit codes of the processes (of those listed in `only`; None for the others)."""
        deadline = time.time() + timeout
        codes = []
        for i, p in enumerate(self.procs):
            if only is not None and i not in only:
                codes.append(None)
                continue
            try:
                codes.append(p.wait(max(0.1, deadline - time.time())))
            except subprocess.TimeoutExpired:
                for q in self.procs:
                    q.kill()
                raise Failure(f"{self.metrics}: trainer did not finish within {timeout} s")
        return codes

    def events(self):
        with open(self.metrics) as f:
            return validate(f.read(), os.path.basename(self.metrics))

    def stderr(self, i=0):
        self.errs[i].flush()
        self.errs[i].seek(0)
        return self.errs[i].read()

    def wait_for_step(self, step, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if os.path.exists(self.metrics):
                with open(self.metrics) as f:
                    for line in f:
                        if '"event":"step"' in line and json.loads(line)["step"] >= step:
                            return
            if any(p.poll() is not None for p in self.procs):
                raise Failure(f"{self.metrics}: a process ended before step {step}")
            time.sleep(0.02)
        raise Failure(f"{self.metrics}: step {step} never came")


def run_ranks(name, args, world, port=None, per_rank=None):
    port = port or free_port()
    envs = [clean_env(**{**dict(RANK=r, WORLD_SIZE=world, LOCAL_RANK=r, MASTER_ADDR="127.0.0.1", MASTER_PORT=port),
                         **(per_rank(r) if per_rank else {})}) for r in range(world)]
    return Job(name, args, envs)


def run_to_end(name, args, world=1, **kw):
    job = run_ranks(name, args, world, **kw) if world > 1 else Job(name, args, [clean_env()])
    codes = job.wait()
    check(codes == [0] * len(codes), f"{name}: exit codes {codes}: {job.stderr()}")
    events = job.events()
    check(events[-1]["event"] == "end" and events[-1]["status"] == "completed", f"{name}: no completed end")
    return events


def of(events, kind):
    return [e for e in events if e["event"] == kind]


def losses(events):
    return [e["loss"] for e in of(events, "step")]


def trainer(args, env=None, timeout=60):
    return subprocess.run([TRAINER, *gloo(args)], env=env or clean_env(), capture_output=True, text=True,
                          timeout=timeout)


# ------------------------------------------------------------------ cases

def case_learns():
    """Loss falls and PSNR rises on the tiny preset; eval follows."""
    ev = run_to_end("learns", SMALL + ["--micro-batch", "4", "--steps", "80", "--lr", "3e-3", "--warmup", "5",
                                       "--log-every", "10", "--eval-every", "20"])
    steps, evals = of(ev, "step"), of(ev, "eval")
    check(len(steps) == 9 and steps[-1]["step"] == 79, f"expected steps 0,10,..,79: {[s['step'] for s in steps]}")
    check(steps[-1]["loss"] < 0.4 * steps[0]["loss"], f"loss did not fall: {losses(ev)}")
    check(steps[-1]["psnr"] > steps[0]["psnr"] + 4, f"PSNR did not rise: {[s['psnr'] for s in steps]}")
    check(len(evals) == 4 and evals[-1]["psnr"] > evals[0]["psnr"], f"eval PSNR did not rise: {evals}")
    check(abs(steps[0]["lr"] - 3e-3 / 5) < 1e-12, "warmup lr of step 0")
    check(abs(steps[-1]["lr"] - 3e-4) < 1e-12, "the cosine ends at 0.1 x peak")
    start = ev[0]
    check(start["model"]["parameters"] == 86736 and start["backend"] == "gloo", f"start: {start}")
    check(start["resumed_from_step"] is None, "fresh run has resumed_from_step null")


def case_eval_samples():
    """--eval-samples N: the ranks share N held-out samples in micro-batches, the event says
    how many and how long; one micro-batch per rank (the default) is the same evaluation as
    R x B samples given; the CPU backend's start event names its device."""
    common = SMALL + ["--micro-batch", "3", "--steps", "4", "--log-every", "2", "--eval-every", "2"]
    default = run_to_end("eval-default", common, world=2)
    check(default[0]["device"] == "cpu", f"start: {default[0]}")
    said = run_to_end("eval-said", common + ["--eval-samples", "6"], world=2)
    uneven = run_to_end("eval-uneven", common + ["--eval-samples", "13"], world=2)
    one = run_to_end("eval-one-rank", common + ["--grad-accum", "2", "--eval-samples", "13"])  # the same batch of 6
    for name, ev, samples in (("default", default, 6), ("said", said, 6), ("uneven", uneven, 13), ("one", one, 13)):
        evals = of(ev, "eval")
        check([e["step"] for e in evals] == [1, 3], f"{name}: eval steps {evals}")
        check(all(e["samples"] == samples and e["seconds"] > 0 for e in evals), f"{name}: {evals}")
    for a, b in zip(of(default, "eval"), of(said, "eval")):
        check(abs(a["loss"] - b["loss"]) <= 1e-6 * a["loss"] and abs(a["psnr"] - b["psnr"]) <= 1e-6 * a["psnr"],
              f"R x B samples given is not the default evaluation: {a} vs {b}")
    # The same 13 samples whether one rank reads them or two share them, after the same training
    # (1 x 2 x 3 and 2 x 1 x 3 agree to float rounding): the loss is the samples' mean.
    for a, b in zip(of(uneven, "eval"), of(one, "eval")):
        check(abs(a["loss"] - b["loss"]) <= 1e-4 * a["loss"], f"13 samples on 2 ranks vs 1: {a} vs {b}")


def case_reference():
    """The trainer against an independent double-precision Python implementation of the
    workload file (workload_reference.py): data, model, loss, clip, AdamW, schedule."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import workload_reference
    steps, seed = 10, 3
    ev = run_to_end("reference", ["--frames", "1", "--height", "8", "--width", "16", "--micro-batch", "2",
                                  "--steps", str(steps), "--warmup", "2", "--lr", "3e-3", "--log-every", "1",
                                  "--seed", str(seed)])
    want = workload_reference.train(128, 2, 1, 8, 16, 2, steps, 3e-3, 2, seed)
    got = [(e["loss"], e["grad_norm"]) for e in of(ev, "step")]
    check(len(got) == steps, f"{len(got)} step events")
    for n, ((loss, norm), (ref_loss, ref_norm)) in enumerate(zip(got, want)):
        # fp32 against double agrees to ~1e-7; a wrong detail (say, decaying biases) moves
        # the losses by ~1e-5 within these steps.
        check(abs(loss - ref_loss) <= 5e-6 * ref_loss, f"step {n}: loss {loss} vs reference {ref_loss}")
        check(abs(norm - ref_norm) <= 5e-6 * ref_norm, f"step {n}: grad norm {norm} vs reference {ref_norm}")
    check(want[-1][0] < 0.5 * want[0][0], f"the reference itself learns: {want}")
    worst = max(abs(a[0] - b[0]) / b[0] for a, b in zip(got, want))
    worst_norm = max(abs(a[1] - b[1]) / b[1] for a, b in zip(got, want))
    print(f"largest relative difference from the reference: loss {worst:.2e}, grad norm {worst_norm:.2e}")


def case_layouts():
    """One effective batch of 4: the same losses on R x A x B = 1x1x4, 2x1x2, 4x1x1,
    1x4x1, 2x2x1, and every rank holds bit-identical weights after every step."""
    common = SMALL + ["--steps", "6", "--log-every", "1", "--check-sync", "--lr", "3e-3", "--warmup", "2"]
    ref = None
    for world, accum, batch in [(1, 1, 4), (2, 1, 2), (4, 1, 1), (1, 4, 1), (2, 2, 1)]:
        name = f"layout-{world}x{accum}x{batch}"
        ev = run_to_end(name, common + ["--grad-accum", str(accum), "--micro-batch", str(batch)], world)
        check(ev[0]["effective_batch"] == 4 and ev[0]["world_size"] == world, f"{name}: start {ev[0]}")
        got = losses(ev)
        check(len(got) == 6, f"{name}: {len(got)} step events")
        if ref is None:
            ref = got
        for step, (a, b) in enumerate(zip(ref, got)):
            check(abs(a - b) <= 1e-5 * abs(a), f"{name}: step {step} loss {b} vs {a} on 1x1x4")
        for step in range(6):
            hashes = {e["param_hash"] for e in of(ev, "rank") if e["step"] == step}
            ranks = {e["rank"] for e in of(ev, "rank") if e["step"] == step}
            check(ranks == set(range(world)), f"{name}: rank events of step {step}: {ranks}")
            check(len(hashes) == 1, f"{name}: ranks hold different weights after step {step}: {hashes}")


def case_node_layouts():
    """Four processes as 1 node x 4, 2 x 2 and 4 x 1, each node its own launcher
    (--nproc-per-node) that reads its node index by a platform's convention: the same
    losses as one process with the same effective batch."""
    common = SMALL + ["--steps", "5", "--log-every", "1", "--lr", "3e-3", "--micro-batch", "1"]
    ref = losses(run_to_end("node-layouts-ref", SMALL + ["--steps", "5", "--log-every", "1", "--lr", "3e-3",
                                                          "--micro-batch", "4"]))
    layouts = [
        # (name, nodes, processes per node, the node's variables)
        ("1x4", 1, 4, lambda n: {}),
        # What TrainDeck's generated entrypoint exports (RANK unset, WORLD_SIZE = processes).
        ("2x2-entrypoint", 2, 2, lambda n: dict(NODE_RANK=n, PET_NODE_RANK=n, NNODES=2, PET_NNODES=2, WORLD_SIZE=4,
                                                NPROC_PER_NODE=2, SLURM_NODEID=n, SLURM_NNODES=2)),
        ("2x2-pai", 2, 2, lambda n: dict(WORLD_SIZE=2, RANK=n)),
        ("2x2-indexed-job", 2, 2, lambda n: dict(JOB_COMPLETION_INDEX=n, NNODES=2)),
        ("2x2-slurm", 2, 2, lambda n: dict(SLURM_NODEID=n, SLURM_NNODES=2)),
        ("4x1", 4, 1, lambda n: dict(NODE_RANK=n, NNODES=4)),
    ]
    for name, nodes, nproc, node_env in layouts:
        port = free_port()
        envs = [clean_env(MASTER_ADDR="127.0.0.1", MASTER_PORT=port, **node_env(n)) for n in reversed(range(nodes))]
        job = Job("node-layouts-" + name, common + ["--nproc-per-node", str(nproc)], envs)
        codes = job.wait()
        check(codes == [0] * nodes, f"{name}: launcher exit codes {codes}: {job.stderr(0)}")
        ev = job.events()
        start = ev[0]
        check((start["world_size"], start["nodes"], start["gpus_per_node"]) == (4, nodes, nproc), f"{name}: {start}")
        where = {e["rank"]: e["node"] for e in of(ev, "rank")}
        check(where == {r: r // nproc for r in range(4)}, f"{name}: rank to node {where}")
        for step, (a, b) in enumerate(zip(ref, losses(ev))):
            check(abs(a - b) <= 1e-5 * abs(a), f"{name}: step {step} loss {b} vs {a} in one process")


def case_generated_entrypoint():
    """The Done-when of the trainer: two "nodes" on loopback, each started by the node
    script and entrypoint that `traindeck generate --target ssh` writes, train together
    and report as the protocol says. Needs the traindeck app (TRAINDECK_APP)."""
    app = os.environ.get("TRAINDECK_APP", "")
    check(bool(app) and os.access(app, os.X_OK), f"TRAINDECK_APP is no executable: '{app}'")
    out = os.path.join(TMP, "generated")
    metrics = os.path.join(out, "metrics.jsonl")
    port = free_port()
    gen = subprocess.run([app, "generate", "--target", "ssh", "--out", out, "--nodes", "2", "--gpus-per-node", "2",
                          "--preset", "tiny", "--steps", "6", "--micro-batch", "1", "--grad-accum", "1",
                          "--global-batch", "0", "--hosts", "127.0.0.1,127.0.0.1", "--metrics-file", metrics],
                         capture_output=True, text=True)
    check(gen.returncode == 0, f"generate failed: {gen.stderr}")
    bindir = os.path.join(TMP, "bin")
    os.makedirs(bindir)
    os.symlink(TRAINER, os.path.join(bindir, "traindeck-trainer"))
    for n in (0, 1):  # the plan's port would collide with parallel tests
        path = os.path.join(out, f"node-{n}.sh")
        with open(path) as f:
            text = f.read()
        check("export MASTER_PORT=" in text, f"node-{n}.sh sets no MASTER_PORT")
        with open(path, "w") as f:
            f.write("\n".join(f"export MASTER_PORT={port}" if line.startswith("export MASTER_PORT=") else line
                              for line in text.splitlines()) + "\n")
    # CUDA_VISIBLE_DEVICES stands in for nvidia-smi's count of the node's GPUs.
    env = clean_env(PATH=bindir + os.pathsep + os.environ["PATH"], CUDA_VISIBLE_DEVICES="0,1")
    nodes = [subprocess.Popen(["bash", os.path.join(out, f"node-{n}.sh")], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for n in (1, 0)]
    results = [p.communicate(timeout=120) for p in nodes]
    check([p.returncode for p in nodes] == [0, 0], f"node scripts: {[r[1][-500:] for r in results]}")
    with open(metrics) as f:
        ev = validate(f.read(), "generated")
    start = ev[0]
    check((start["world_size"], start["nodes"], start["gpus_per_node"]) == (4, 2, 2), f"start: {start}")
    check(of(ev, "step")[-1]["step"] == 5 and ev[-1]["status"] == "completed", f"end: {ev[-2:]}")
    check({e["node"] for e in of(ev, "rank")} == {0, 1}, "rank events of both nodes")


def case_resume():
    """SIGTERM to one rank: all stop together, checkpoint, end interrupted. Resume auto
    skips a corrupt checkpoint with a warning and continues the loss sequence bit for bit;
    another configuration is refused."""
    # Bigger clips so that a step takes long enough to be interrupted mid-run.
    common = ["--frames", "4", "--height", "64", "--width", "64", "--micro-batch", "2", "--steps", "40",
              "--log-every", "1", "--lr", "2e-3", "--warmup", "3", "--check-sync"]
    full = run_to_end("resume-full", common, world=2)
    ckdir = os.path.join(TMP, "resume-ckpt")
    ck = common + ["--checkpoint-dir", ckdir, "--checkpoint-every", "2", "--comm-timeout", "20"]

    port = free_port()
    first = run_ranks("resume-first", ck, 2, port=port)
    first.wait_for_step(8)
    first.procs[1].send_signal(signal.SIGTERM)  # only rank 1: the ranks agree to stop anyway
    codes = first.wait(60)
    check(codes == [143, 143], f"interrupted exit codes {codes}: {first.stderr(0)}")
    ev1 = first.events()
    check(ev1[-1]["event"] == "end" and ev1[-1]["status"] == "interrupted", f"end: {ev1[-1]}")
    last = ev1[-1]["step"]
    check(last < 39, "the run was interrupted before its end")
    ckpts = of(ev1, "checkpoint")
    check(ckpts and ckpts[-1]["step"] == last and os.path.exists(ckpts[-1]["path"]),
          f"no checkpoint at the interrupted step {last}: {ckpts}")
    check(ckpts[-1]["bytes"] == os.path.getsize(ckpts[-1]["path"]), "checkpoint bytes")
    check(not [f for f in os.listdir(ckdir) if ".tmp" in f], "temp files left behind")

    # Corrupt the newest checkpoint: resume falls back to the one before it.
    files = sorted(f for f in os.listdir(ckdir) if f.endswith(".ckpt"))
    check(len(files) >= 2, f"expected several checkpoints: {files}")
    newest = os.path.join(ckdir, files[-1])
    with open(newest, "r+b") as f:
        f.seek(200)
        b = f.read(1)
        f.seek(200)
        f.write(bytes([b[0] ^ 0xFF]))
    fallback = int(files[-2][5:13])  # steps done in the older one

    second = run_ranks("resume-second", ck, 2)
    codes = second.wait()
    check(codes == [0, 0], f"resumed exit codes {codes}: {second.stderr(0)}")
    check("skipping checkpoint" in second.stderr(0) and files[-1] in second.stderr(0),
          f"no warning about the corrupt checkpoint: {second.stderr(0)}")
    ev2 = second.events()
    check(ev2[0]["resumed_from_step"] == fallback, f"resumed from {ev2[0]['resumed_from_step']}, expected {fallback}")

    # Uninterrupted vs first part + resumed part: identical doubles, identical weights.
    want = {e["step"]: (e["loss"], e["grad_norm"]) for e in of(full, "step")}
    got = {e["step"]: (e["loss"], e["grad_norm"]) for e in of(ev1, "step") if e["step"] < fallback}
    got.update({e["step"]: (e["loss"], e["grad_norm"]) for e in of(ev2, "step")})
    check(sorted(got) == list(range(40)), f"steps covered: {sorted(got)}")
    for s in range(40):
        check(got[s] == want[s], f"step {s}: resumed {got[s]} vs uninterrupted {want[s]}")
    hashes = lambda ev: {e["param_hash"] for e in of(ev, "rank") if e["step"] == 39}
    check(hashes(full) == hashes(ev2) and len(hashes(full)) == 1, "final weights differ from the uninterrupted run")

    # An explicit path resumes from exactly that file.
    # (Older files were pruned: only the newest three are kept.)
    kept = sorted(f for f in os.listdir(ckdir) if f.endswith(".ckpt"))
    check(len(kept) == 3, f"pruning keeps three checkpoints: {kept}")
    explicit = run_to_end("resume-path", common + ["--resume", os.path.join(ckdir, kept[0])], world=2)
    check(explicit[0]["resumed_from_step"] == int(kept[0][5:13]), "--resume PATH")
    check(losses(explicit)[-1] == want[39][0], "--resume PATH continues the same sequence")

    # Another configuration is refused with exit 2 and a config error naming the difference.
    other = run_ranks("resume-other", [a if a != "2e-3" else "1e-3" for a in ck], 2)
    codes = other.wait()
    check(codes[0] == 2, f"other config exit codes {codes}")
    errors = [e for e in of(other.events(), "error") if e["rank"] == 0]
    check(errors and errors[0]["kind"] == "config" and "lr=0.002 (checkpoint) vs lr=0.001 (this run)" in
          errors[0]["message"], f"config refusal: {errors}")


def case_sigterm_launcher():
    """SIGTERM to a node launcher reaches its workers: checkpoint, end interrupted, 143."""
    ckdir = os.path.join(TMP, "sigterm-ckpt")
    job = Job("sigterm-launcher", SMALL + ["--micro-batch", "2", "--steps", "100000", "--log-every", "5",
                                           "--nproc-per-node", "2", "--checkpoint-dir", ckdir],
              [clean_env(MASTER_PORT=free_port())])
    job.wait_for_step(5)
    job.procs[0].send_signal(signal.SIGTERM)
    codes = job.wait(60)
    check(codes == [143], f"launcher exit code {codes}: {job.stderr()}")
    ev = job.events()
    check(of(ev, "checkpoint") and ev[-1]["status"] == "interrupted", f"events end with {ev[-2:]}")
    check(os.path.exists(of(ev, "checkpoint")[-1]["path"]), "checkpoint file")


def assert_lost(job, lost, survivors, timeout_s, started):
    codes = job.wait(timeout_s + 15, only=survivors)
    elapsed = time.time() - started
    check(elapsed < timeout_s + 1, f"survivors took {elapsed:.1f} s, --comm-timeout is {timeout_s}")
    for r in survivors:
        check(codes[r] not in (0, None), f"rank {r} exited {codes[r]}")
    errors = of(job.events(), "error")
    by_rank = {e["rank"]: e for e in errors}
    for r in survivors:
        check(r in by_rank, f"rank {r} wrote no error event: {errors}; stderr {job.stderr(r)}")
        check(by_rank[r].get("lost_rank") == lost and f"rank {lost}" in by_rank[r]["message"],
              f"rank {r}'s error does not name rank {lost}: {by_rank[r]}")
    return errors


def case_kill_rank():
    """kill -9 one rank: the others stop within --comm-timeout naming it."""
    args = SMALL + ["--micro-batch", "2", "--steps", "100000", "--log-every", "20", "--comm-timeout", "6"]
    for victim in (1, 0):
        job = run_ranks(f"kill-{victim}", args, 3)
        job.wait_for_step(20)
        job.procs[victim].kill()
        t0 = time.time()
        survivors = [r for r in range(3) if r != victim]
        errors = assert_lost(job, victim, survivors, 6, t0)
        # The kind is the watchdog's verdict (a closed connection: a death), not read from its words.
        check(all(e["kind"] == "rank_died" for e in errors if e["rank"] in survivors), f"kinds: {errors}")
        if victim != 0:
            ev = job.events()
            check(ev[-1]["event"] == "end" and ev[-1]["status"] == "failed", f"rank 0 end: {ev[-1]}")


def case_hang_rank():
    """A stopped (hung) rank: the others stop within --comm-timeout naming it."""
    args = SMALL + ["--micro-batch", "2", "--steps", "100000", "--log-every", "20", "--comm-timeout", "6"]
    job = run_ranks("hang", args, 3)
    job.wait_for_step(20)
    job.procs[2].send_signal(signal.SIGSTOP)
    t0 = time.time()
    try:
        errors = assert_lost(job, 2, [0, 1], 6, t0)
        check(all(e["kind"] == "timeout" for e in errors), f"kinds: {errors}")
    finally:
        job.procs[2].kill()


def comm(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return ""


def case_hang_node():
    """A node's trainers stopped (a hung GPU), found as a user finds them, by name: the
    other node's worker names the lost rank within --comm-timeout and its launcher exits
    1; SIGKILL to the stopped node's launcher takes its stopped worker along."""
    args = SMALL + ["--micro-batch", "2", "--steps", "100000", "--log-every", "20", "--comm-timeout", "6",
                    "--nproc-per-node", "1"]
    port = free_port()
    job = Job("hang-node", args, [clean_env(NODE_RANK=n, NNODES=2, MASTER_ADDR="127.0.0.1", MASTER_PORT=port)
                                  for n in (0, 1)])
    stopped = []
    try:
        job.wait_for_step(20)
        launcher = job.procs[1].pid
        node1 = [launcher] + children_of(launcher)
        # Every process of the node is traindeck-trainer by name, as ps, pgrep and pkill see it.
        stopped = [p for p in node1 if comm(p) == "traindeck-train"]
        check(len(stopped) == 2, f"node 1's processes are named {[comm(p) for p in node1]}, not traindeck-train")
        for p in stopped:
            os.kill(p, signal.SIGSTOP)
        t0 = time.time()
        codes = job.wait(6 + 15, only=[0])
        elapsed = time.time() - t0
        check(elapsed < 6 + 2, f"node 0's launcher took {elapsed:.1f} s, --comm-timeout is 6")
        check(codes[0] == 1, f"node 0's launcher exited {codes[0]}: {job.stderr(0)}")
        errors = [e for e in of(job.events(), "error") if e["rank"] == 0]
        check(errors and errors[0].get("lost_rank") == 1 and "rank 1" in errors[0]["message"],
              f"node 0's worker does not name rank 1: {errors}")
        # SIGKILL reaches stopped processes: the stopped worker dies with its launcher.
        job.procs[1].kill()
        job.wait(10, only=[1])
        deadline = time.time() + 5
        while time.time() < deadline and any(alive(p) for p in stopped):
            time.sleep(0.05)
        check(not any(alive(p) for p in stopped), "node 1's stopped worker outlived its launcher")
    finally:
        for p in job.procs:
            p.kill()


def alive(pid):
    """Running or stopped, not ended (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def case_stall_rank():
    """A rank whose main thread is stuck while its process and heartbeat live on (a hung
    kernel): the collective times out and the others name it within --comm-timeout."""
    args = SMALL + ["--micro-batch", "2", "--steps", "100000", "--log-every", "1", "--comm-timeout", "8"]
    job = run_ranks("stall", args, 3, per_rank=lambda r: {"TRAINDECK_TEST_STALL": "1:30"})
    job.wait_for_step(29)
    t0 = time.time()  # rank 1 stops before step 30's all-reduce, a moment from now
    try:
        errors = assert_lost(job, 1, [0, 2], 8, t0)
        survivors = [e for e in errors if e["rank"] in (0, 2)]
        check(all(e["kind"] == "timeout" and "never reached collective" in e["message"] for e in survivors),
              f"stall errors: {survivors}")
    finally:
        job.procs[1].kill()


def children_of(pid):
    """Process ids whose parent is pid, from /proc (no procps needed)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    # "pid (comm) state ppid ...": comm may hold spaces, so split after ')'.
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return found


def case_launcher_failure():
    """A worker of a node launcher dies: the launcher stops the rest and exits 128 + the
    signal (137: SIGKILL) naming it."""
    job = Job("launcher-failure", SMALL + ["--micro-batch", "2", "--steps", "100000", "--log-every", "20",
                                           "--comm-timeout", "6", "--nproc-per-node", "3"],
              [clean_env(MASTER_PORT=free_port())])
    job.wait_for_step(20)
    launcher = job.procs[0].pid
    children = children_of(launcher)
    check(len(children) == 3, f"launcher children: {children}")
    # Workers are forked in local-rank order.
    victim = sorted(int(c) for c in children)[1]
    os.kill(victim, signal.SIGKILL)
    t0 = time.time()
    codes = job.wait(30)
    check(codes == [128 + signal.SIGKILL], f"launcher exit code {codes}")
    check(time.time() - t0 < 6 + 3, "launcher took longer than --comm-timeout")
    err = job.stderr()
    check("rank 1 (local rank 1 on node 0) failed: killed by signal 9" in err, f"launcher stderr: {err}")
    errors = of(job.events(), "error")
    check({e.get("lost_rank") for e in errors} == {1}, f"workers' errors: {errors}")


def rendezvous_error(name, jobs_args, expect, code=None, timeout=30):
    job = jobs_args
    codes = job.wait(timeout)
    err = "".join(job.stderr(i) for i in range(len(job.procs)))
    check(any(expect in job.stderr(i) for i in range(len(job.procs))), f"{name}: expected '{expect}' in: {err}")
    if code is not None:
        check(code in codes, f"{name}: exit codes {codes}")
    check(0 not in codes, f"{name}: a process succeeded: {codes}")
    for line in err.splitlines():
        check(line.startswith("traindeck-trainer: "), f"{name}: stray stderr line: {line}")
    job.events()  # and the error events follow the protocol
    return codes


def case_rendezvous():
    """Port in use, master unreachable, a rank that never arrives, disagreeing world sizes
    and configurations: each a clear one-line error, never a hang."""
    args = SMALL + ["--steps", "2", "--rdzv-timeout", "2"]
    with socket.socket() as s:
        s.bind(("", 0))
        s.listen()
        port = s.getsockname()[1]
        rendezvous_error("port-in-use", run_ranks("rdzv-port", args, 2, port=port, per_rank=None), "already in use")
    # Only rank 1: nobody serves the store.
    job = Job("rdzv-unreachable", args, [clean_env(RANK=1, WORLD_SIZE=2, MASTER_ADDR="127.0.0.1",
                                                   MASTER_PORT=free_port())])
    rendezvous_error("unreachable", job, "cannot reach the rendezvous master at 127.0.0.1:")
    # Only rank 0 of 3: ranks 1 and 2 never arrive.
    job = Job("rdzv-missing", args, [clean_env(RANK=0, WORLD_SIZE=3, MASTER_PORT=free_port())])
    rendezvous_error("never-arrives", job, "ranks 1, 2 never arrived at the rendezvous within 2 s (1 of 3 arrived)")
    check(of(job.events(), "error")[0]["kind"] == "rendezvous", "kind of the never-arrived error")
    # SIGTERM while waiting for the others ends the process at once (nothing to save).
    job = Job("rdzv-sigterm", SMALL + ["--steps", "2", "--rdzv-timeout", "60"],
              [clean_env(RANK=0, WORLD_SIZE=2, MASTER_PORT=free_port())])
    time.sleep(0.5)
    job.procs[0].send_signal(signal.SIGTERM)
    t0 = time.time()
    check(job.wait(10) == [-signal.SIGTERM] and time.time() - t0 < 2, "SIGTERM during the rendezvous")
    # Where the ranks do meet, they are given longer than 2 s to: on a loaded machine the
    # second may start later than that, and the error would be another one.
    meet = SMALL + ["--steps", "2", "--rdzv-timeout", "20"]
    # World sizes disagree.
    job = run_ranks("rdzv-world", meet, 2, per_rank=lambda r: {"WORLD_SIZE": 2 if r == 0 else 3})
    rendezvous_error("world-size", job, "says the world has 3 ranks, rank 0 says 2", code=2)
    # Two processes claim rank 1: the second is turned away, the job goes on.
    port = free_port()
    envs = [clean_env(RANK=r, WORLD_SIZE=2, MASTER_PORT=port) for r in (0, 1)]
    longer = SMALL + ["--steps", "150", "--log-every", "1", "--rdzv-timeout", "20"]
    job = Job("rdzv-twice", longer, envs)
    job.wait_for_step(0)
    dup = subprocess.run([TRAINER, *gloo(longer)], env=envs[1], capture_output=True, text=True, timeout=30)
    check(dup.returncode == 2 and "rank 1 joined the rendezvous twice" in dup.stderr, f"duplicate rank: {dup.stderr}")
    check(job.wait(75) == [0, 0], "the job with the first rank 1 completes")
    # Configurations disagree.
    port = free_port()
    envs = [clean_env(RANK=r, WORLD_SIZE=2, MASTER_PORT=port) for r in range(2)]
    job = Job("rdzv-config2", meet, envs[:1])
    other = subprocess.Popen([TRAINER, *gloo(meet), "--lr", "5e-4"], env=envs[1], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    codes = job.wait(30)
    other_err = other.communicate(timeout=30)[1]
    check(codes == [2] and other.returncode == 2,
          f"config mismatch exit codes {codes}, {other.returncode}: {job.stderr(0)} / {other_err}")
    check("runs another configuration than rank 0: lr=0.00050000000000000001 (rank 1) vs lr=0.001 (rank 0)" in
          job.stderr(0) and "another configuration" in other_err, f"config mismatch: {job.stderr(0)} / {other_err}")
    # A rank slow to read the verdict (a loaded machine) still reads why it is refused: rank 0
    # waits for it while it is connected, however long (within the rendezvous timeout). Before,
    # rank 0 left after a fixed 5 s and a rank held back longer exited 1, blaming rank 0.
    port = free_port()
    envs = [clean_env(RANK=r, WORLD_SIZE=2, MASTER_PORT=port) for r in range(2)]
    envs[1]["TRAINDECK_TEST_VERDICT_DELAY_MS"] = "6000"
    job = Job("rdzv-config-slow", meet, envs[:1])
    other = subprocess.run([TRAINER, *gloo(meet), "--lr", "5e-4"], env=envs[1], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, timeout=60)
    codes = job.wait(30)
    check(codes == [2] and other.returncode == 2 and "another configuration" in other.stderr,
          f"slow reader: exit codes {codes}, {other.returncode}: {job.stderr(0)} / {other.stderr}")


def case_cli():
    """Bad flags and environments: one clear line, exit 2. --help documents everything."""
    for args, env, expect in [
        (["--bogus"], None, "unknown flag '--bogus'"),
        (["--steps", "x"], None, "--steps expects a number"),
        (["--backend", "nccl"], None, "this build has no CUDA backend"),
        (["--steps", "1"], clean_env(RANK="1"), "RANK is set but WORLD_SIZE is not"),
        (["--steps", "1"], clean_env(RANK="4", WORLD_SIZE="4"), "rank 4 is not below the world size 4"),
        (["--steps", "1"], clean_env(RANK="0", WORLD_SIZE="two"), "WORLD_SIZE must be an integer"),
        (["--steps", "1", "--nproc-per-node", "2"], clean_env(JOB_COMPLETION_INDEX="0"), "set NNODES or --nnodes"),
        (["--steps", "1", "--nproc-per-node", "2"], clean_env(SLURM_NODEID="0", SLURM_NNODES="2"),
         "MASTER_ADDR is not set but the job spans 2 nodes"),
        (["--steps", "1", "--metrics-file", "/nonexistent/dir/m.jsonl"], None, "cannot open --metrics-file"),
        (["--steps", "1", "--nproc-per-node", "2"], clean_env(NODE_RANK="0", NNODES="1", WORLD_SIZE="4"),
         "WORLD_SIZE=4 disagrees with NODE_RANK/NNODES (1 nodes) x --nproc-per-node 2"),
        (["--steps", "1", "--nproc-per-node", "2"], clean_env(NODE_RANK="0"), "NODE_RANK is set but the node count"),
        (["--steps", "1", "--nproc-per-node", "2"], clean_env(NODE_RANK="2", NNODES="2", MASTER_ADDR="127.0.0.1"),
         "node index 2 is not below the node count 2"),
        (["--steps", "1", "--nproc-per-node", "2"], clean_env(NPROC_PER_NODE="8"),
         "NPROC_PER_NODE=8 disagrees with --nproc-per-node 2"),
    ]:
        if args == ["--backend", "nccl"] and os.environ.get("TRAINDECK_HAVE_NCCL") == "1":
            continue
        r = trainer(args, env)
        check(r.returncode == 2, f"{args}: exit {r.returncode}, stderr {r.stderr}")
        lines = r.stderr.strip().splitlines()
        check(len(lines) == 1 and expect in lines[0] and lines[0].startswith("traindeck-trainer: error: "),
              f"{args}: stderr {r.stderr!r}")
    r = trainer(["--help"])
    check(r.returncode == 0 and "--comm-timeout" in r.stdout and "MASTER_ADDR" in r.stdout, "--help")
    # No rendezvous variables: one process on 127.0.0.1, metrics on standard output.
    r = trainer(SMALL + ["--steps", "3", "--log-every", "1"])
    check(r.returncode == 0, f"single process: {r.stderr}")
    ev = validate(r.stdout, "stdout")
    check(ev[0]["world_size"] == 1 and ev[-1]["status"] == "completed" and len(of(ev, "step")) == 3, "stdout stream")


def case_nonfinite():
    """A diverging run (huge lr) reports null loss with "nonfinite" and an error event."""
    r = trainer(SMALL + ["--steps", "50", "--log-every", "1", "--lr", "1e30", "--warmup", "0"])
    ev = validate(r.stdout, "nonfinite")
    bad = [e for e in of(ev, "step") if e.get("nonfinite")]
    check(bad and bad[0]["loss"] is None and "loss" in bad[0]["nonfinite"], f"no nonfinite step: {ev[-3:]}")
    check(r.returncode == 1 and of(ev, "error")[-1]["kind"] == "nonfinite" and ev[-1]["status"] == "failed",
          f"nonfinite run: {r.returncode} {ev[-3:]}")


def case_backend_module():
    """The CUDA backend is a module loaded on demand: a node without its libraries,
    without a GPU, or with a module of another build gets one line saying which, and
    still trains with --backend gloo (and with auto, which falls back to it)."""
    modules = os.environ["TRAINDECK_STANDIN_MODULES"]

    def run(situation, args):
        env = clean_env(TRAINDECK_TRAINER_MODULE_DIR=os.path.join(modules, situation))
        return subprocess.run([TRAINER, *args], env=env, capture_output=True, text=True, timeout=60)

    for situation, expect in [
        ("missing-library", "the CUDA backend cannot be loaded: "),
        ("no-gpu", "no CUDA device visible (stand-in module)"),
        ("other-build", "was built with another traindeck-trainer (backend interface 01234567"),
        ("nowhere", "--backend nccl cannot run here: "),
    ]:
        r = run(situation, ["--backend", "nccl", "--steps", "1"])
        lines = r.stderr.strip().splitlines()
        check(r.returncode == 2 and len(lines) == 1 and expect in lines[0] and
              lines[0].startswith("traindeck-trainer: error: --backend nccl cannot run here: "),
              f"{situation}: exit {r.returncode}, stderr {r.stderr!r}")
        if situation == "missing-library":
            # The loader's own words name the library the node lacks.
            check("libtraindeck-standin-nccl.so.2: cannot open shared object file" in lines[0], f"missing library not named: {lines[0]}")
        for backend in ("gloo", "auto"):
            r = run(situation, ["--backend", backend, *SMALL, "--steps", "2"])
            ev = validate(r.stdout, f"{situation} {backend}")
            check(r.returncode == 0 and ev[0]["backend"] == "gloo" and ev[-1]["status"] == "completed",
                  f"{situation} --backend {backend}: exit {r.returncode}, {r.stderr}")


def main():
    global TRAINER, TMP
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    TRAINER = os.path.abspath(sys.argv[1])
    case = globals().get("case_" + sys.argv[2].replace("-", "_"))
    if not case:
        sys.exit("unknown case " + sys.argv[2])
    with tempfile.TemporaryDirectory(prefix="traindeck-e2e-") as tmp:
        TMP = tmp
        t0 = time.time()
        try:
            case()
        except Failure as e:
            print(f"FAIL {sys.argv[2]}: {e}")
            sys.exit(1)
        print(f"ok {sys.argv[2]} ({time.time() - t0:.1f} s)")


if __name__ == "__main__":
    main()
