#!/usr/bin/env python3
"""Faults of a multi-node run over SSH, side by side: traindeck launch, the generated
bash loop (launch-ssh.sh, `ssh -tt` per node) and pdsh (`-R exec ssh -tt`, DeepSpeed's
multi-node runner), on N loopback "nodes" (127.0.0.1 .. 127.0.0.N) of one real sshd.

For each fault and launcher it measures, from the fault (or, for a fault present
before the start, from the launcher's start):
  launcher ended  -- when the launcher itself exited (or "—" when it had not after the limit);
  nodes stopped   -- when no process started through the sshd was left (found by the sshd's
                     tag in their environment; zombies have ended);
  named           -- the launcher's last line: what it told the user;
  left            -- processes still there at the limit (then killed, so that the next
                     measurement starts clean).
Faults:
  node-killed      node 1's trainers SIGKILLed (after every node stepped)
  sshd-killed      the sshd process serving node 1 SIGKILLed (the connection drops)
  frozen           the sshd process serving node 1 SIGSTOPped (a wedged host: TCP stays up)
  hung             node 1's trainers SIGSTOPped, its worker among them (a hung GPU)
  ctrl-c-stubborn  SIGINT to the launcher's process group; the workload ignores SIGTERM
  launcher-killed  the launcher SIGKILLed
  port-taken       node 0's master port is in use before the start
  no-gpus          node 1's nvidia-smi lists no GPU
  unknown-key      node 1's host key is not in known_hosts
The workload is the real traindeck-trainer (CPU/Gloo, preset tiny, one process a node)
started by the same generated node scripts in every case, except ctrl-c-stubborn, whose
command is `bash -c 'trap "" TERM; while true; do sleep 1; done'`.

Usage: bench/launch/fault_bench.py BUILD_DIR [--nodes 2 8] [--faults ...] [--limit 30]
Prints one JSON object per measurement and a Markdown table at the end.
Needs openssh-server, openssh-client and pdsh.
"""
import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from launch_bench import Nodes, free_port, write  # noqa: E402

FAULTS = ["node-killed", "sshd-killed", "frozen", "hung", "ctrl-c-stubborn", "launcher-killed",
          "port-taken", "no-gpus", "unknown-key"]
BEFORE_START = {"port-taken", "no-gpus", "unknown-key"}
STUBBORN = "bash -c 'trap \"\" TERM; while true; do sleep 1; done'"


def procs():
    """(pid, comm, cmdline, environ) of every process still running."""
    out = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open(f"/proc/{pid}/stat").read()
            if stat[stat.rfind(")") + 2] == "Z":
                continue
            out.append((int(pid), open(f"/proc/{pid}/comm").read().strip(),
                        open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0"),
                        open(f"/proc/{pid}/environ", "rb").read().split(b"\0")))
        except (OSError, IndexError):
            continue
    return out


def parent(pid):
    try:
        stat = open(f"/proc/{pid}/stat").read()
        return int(stat[stat.rfind(")") + 2:].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


class Cluster(Nodes):
    def __init__(self, work, trainer, nodes):
        super().__init__(work, trainer, nodes)
        # A stub nvidia-smi that lists no GPU on the node named in nogpu (by the address
        # the node's sshd was reached at).
        write(self.path("bin/nvidia-smi"),
              "#!/bin/sh\nset -- $SSH_CONNECTION\n"
              f"[ -f {self.path('nogpu')} ] && [ \"$3\" = \"$(cat {self.path('nogpu')})\" ] && exit 0\n"
              "echo 'GPU 0: Stub (UUID: GPU-0)'\n", 0o755)
        # known_hosts without node 1, and an ssh for the bash loop and pdsh that uses it.
        lines = open(self.path("known_hosts")).read().splitlines(True)
        write(self.path("known_hosts_without_1"), "".join(l for l in lines if not l.startswith("[127.0.0.2]")))
        config = open(self.path("ssh_config")).read().replace(self.path("known_hosts"),
                                                              self.path("known_hosts_without_1"))
        write(self.path("ssh_config_without_1"), config)
        os.makedirs(self.path("wrap_without_1"))
        write(self.path("wrap_without_1/ssh"),
              f"#!/bin/sh\nexec /usr/bin/ssh -F {self.path('ssh_config_without_1')} \"$@\"\n", 0o755)
        self.tag_bytes = f"TRAINDECK_BENCH_TAG={self.tag}".encode()

    def left(self):
        return [p for p in procs() if self.tag_bytes in p[3]]

    def node_processes(self, node, trainers_only=False):
        rank = f"NODE_RANK={node}".encode()
        return [p for p in self.left() if rank in p[3] and (not trainers_only or p[1] == "traindeck-train")]

    def sshd_of(self, node):
        """The sshd process that serves node `node`'s part (the first sshd above it)."""
        for pid, *_ in self.node_processes(node):
            p = parent(pid)
            while p > 1:
                if open(f"/proc/{p}/comm").read().strip() == "sshd":
                    return p
                p = parent(p)
        return 0

    def clean(self):
        for pid, *_ in self.left():
            for sig in (signal.SIGCONT, signal.SIGKILL):
                try:
                    os.kill(pid, sig)
                except OSError:
                    pass
        for p in procs():  # sshd processes of this bench's connections stopped by a fault
            if p[1] == "sshd":
                try:
                    os.kill(p[0], signal.SIGCONT)
                except OSError:
                    pass
        if os.path.exists(self.path("nogpu")):
            os.remove(self.path("nogpu"))


def plan_flags(nodes, port, command=None):
    flags = ["--nodes", str(nodes), "--gpus-per-node", "1", "--preset", "tiny", "--steps", "1000000",
             "--micro-batch", "1", "--grad-accum", "1", "--global-batch", "0", "--master-port", str(port),
             "--comm-timeout", "10", "--job-name", "fault-bench", "--layouts", ""]
    return flags + (["--command", command] if command else [])


def launchers(build, cluster, n, port, fault):
    """(name, command, environment) of each launcher for this fault."""
    traindeck = f"{build}/app/traindeck"
    hosts = cluster.hosts()
    command = STUBBORN if fault == "ctrl-c-stubborn" else None
    gen = cluster.path(f"gen-{port}")
    subprocess.run([traindeck, "generate", "--target", "ssh", "--out", gen, "--hosts", ",".join(hosts)]
                   + plan_flags(n, port, command), check=True, capture_output=True)
    known = cluster.path("known_hosts_without_1" if fault == "unknown-key" else "known_hosts")
    wrap = cluster.path("wrap_without_1" if fault == "unknown-key" else "wrap")
    env = dict(os.environ, PATH=f"{wrap}:{os.environ['PATH']}")
    runs = [("traindeck launch",
             [traindeck, "launch", "--hosts", ",".join(hosts), "--identity", cluster.path("user_key"),
              "--known-hosts", known, "--ssh-config", cluster.path("ssh_config"), "--grace", "2",
              "--keepalive", "1", "--keepalive-count", "3", "--remote-dir", cluster.path("remote"),
              "--run-dir", cluster.path(f"run-{port}")] + plan_flags(n, port, command)),
            ("generated launch-ssh.sh", ["bash", f"{gen}/launch-ssh.sh"])]
    if shutil.which("pdsh"):
        runs.append(("pdsh -R exec ssh -tt", ["pdsh", "-R", "exec", "-f", str(n), "-w",
                                              ",".join(f"127.0.0.{i + 1}" for i in range(n)),
                                              "ssh", "-tt", "%h", f"bash {gen}/node-%n.sh"]))
    return [(name, cmd, env) for name, cmd in runs]


def wait_until(condition, limit):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


def inject(fault, cluster, proc):
    """Makes the fault; returns why it could not, or None."""
    if fault == "node-killed":
        for pid, *_ in cluster.node_processes(1, trainers_only=True):
            os.kill(pid, signal.SIGKILL)
    elif fault in ("sshd-killed", "frozen"):
        sshd = cluster.sshd_of(1)
        if sshd:
            os.kill(sshd, signal.SIGKILL if fault == "sshd-killed" else signal.SIGSTOP)
    elif fault == "hung":
        stopped = cluster.node_processes(1, trainers_only=True)
        for pid, *_ in stopped:
            os.kill(pid, signal.SIGSTOP)
        # A hung GPU stops the worker (RANK in its environment), not only the node's
        # trainer launcher: stopping the launcher alone hangs nothing.
        if not any(e.startswith(b"RANK=") for p in stopped for e in p[3]):
            return "no worker of node 1 was found to stop (named traindeck-train)"
    elif fault == "ctrl-c-stubborn":
        os.killpg(proc.pid, signal.SIGINT)
    elif fault == "launcher-killed":
        proc.kill()
    return None


def running(cluster, n, fault):
    """Every node's workload is up."""
    if fault == "ctrl-c-stubborn":  # the workload: started by the entrypoint, which exports NODE_RANK
        return sum(1 for p in cluster.left()
                   if any(e.startswith(b"NODE_RANK=") for e in p[3]) and any(b"while true" in a for a in p[2])) >= n
    return all(cluster.node_processes(i, trainers_only=True) for i in range(n))


def measure(fault, name, cmd, env, n, cluster, limit):
    result = {"fault": fault, "launcher": name, "nodes": n}
    lines = []
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()
    if fault not in BEFORE_START:
        if not wait_until(lambda: running(cluster, n, fault), 90):
            result["error"] = "the nodes did not start in 90 s"
            os.killpg(proc.pid, signal.SIGKILL)
            cluster.clean()
            return result
        time.sleep(2.0)  # every node well into its loop
        t0 = time.monotonic()
        problem = inject(fault, cluster, proc)
        if problem:
            result["error"] = problem
            os.killpg(proc.pid, signal.SIGKILL)
            cluster.clean()
            return result
    ended = stopped = None
    while time.monotonic() - t0 < limit and (ended is None or stopped is None):
        if ended is None and proc.poll() is not None:
            ended = time.monotonic() - t0
        # A fault before the start: the nodes count as stopped once the launcher has
        # ended (before, nothing may have started yet).
        if stopped is None and (fault not in BEFORE_START or ended is not None) and not cluster.left():
            stopped = time.monotonic() - t0
        time.sleep(0.05)
    left = cluster.left()
    result.update({"launcher_ended_s": None if ended is None else round(ended, 2),
                   "nodes_stopped_s": None if stopped is None else round(stopped, 2),
                   "left": len(left), "left_what": sorted({p[1] for p in left}),
                   "exit": proc.poll()})
    cluster.clean()
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass
    proc.wait()
    reader.join(2)
    said = [l.strip() for l in lines if l.strip() and not l.lstrip().startswith(("{", "[node"))]
    result["named"] = said[-1][:160] if said else ""
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--nodes", type=int, nargs="+", default=[2, 8])
    ap.add_argument("--faults", nargs="+", default=FAULTS, choices=FAULTS)
    ap.add_argument("--limit", type=float, default=30, help="seconds a fault may take to end everything")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    rows = []
    for n in args.nodes:
        with tempfile.TemporaryDirectory(prefix="fault-bench-") as work:
            cluster = Cluster(work, f"{build}/trainer/traindeck-trainer", n)
            try:
                for fault in args.faults:
                    port = free_port()
                    for name, cmd, env in launchers(build, cluster, n, port, fault):
                        blocker = None
                        if fault == "port-taken":
                            blocker = socket.socket()
                            blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                            blocker.bind(("127.0.0.1", port))
                            blocker.listen()
                        if fault == "no-gpus":
                            write(cluster.path("nogpu"), "127.0.0.2")
                        r = measure(fault, name, cmd, env, n, cluster, args.limit)
                        if blocker:
                            blocker.close()
                        r["loadavg"] = open("/proc/loadavg").read().split()[0]
                        print(json.dumps(r), flush=True)
                        rows.append(r)
                        time.sleep(0.5)
            finally:
                cluster.clean()
                cluster.close()
    print(f"\n| nodes | fault | launcher | launcher ended (s) | every node stopped (s) | left at {args.limit:g} s | "
          "what the user was told (last line) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        told = r.get("named", r.get("error", "")).replace("|", "\\|")
        left = f"{r.get('left', '?')}" + (f" ({', '.join(r['left_what'])})" if r.get("left_what") else "")
        print(f"| {r['nodes']} | {r['fault']} | {r['launcher']} | {r.get('launcher_ended_s') or '—'} | "
              f"{r.get('nodes_stopped_s') or '—'} | {left} | {told} |")


if __name__ == "__main__":
    sys.exit(main())
