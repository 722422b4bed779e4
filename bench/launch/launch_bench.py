#!/usr/bin/env python3
"""Start and failure times of a multi-node run over SSH: traindeck launch against the
generated bash loop (launch-ssh.sh, what users write by hand) and pdsh (DeepSpeed's
multi-node runner), on N loopback "nodes" (127.0.0.1 .. 127.0.0.N) of one real sshd.

For each launcher and node count it measures
  start -> every node's first step: from starting the launcher to the first `rank`
           event of each node in rank 0's metrics stream (the job's step events
           come from rank 0; each rank's line names its node), the last of them;
  death -> end: node 1's trainer processes are SIGKILLed once every node has
           stepped; the time until the launcher itself has exited;
  CPU s:   the CPU time of the launcher, the sshd and everything the nodes ran
           (checks, scripts, trainers) from the start to every node stepping, where
           the bench may make a cpuacct cgroup (root, cgroup v1): on a machine that
           the run itself saturates, wall time follows this, and it is less shaken
           than the wall time by the scheduling noise of a loaded machine.
The workload is the real traindeck-trainer (CPU/Gloo, preset tiny, one process a
node) started by the same generated node scripts in every case.

Usage: bench/launch/launch_bench.py BUILD_DIR [--nodes 2 8] [--repeat 1]
           [--without-bash-loop] [--baseline EARLIER_BUILD_DIR]
Each repeat runs every launcher once, starting with the next one in turn.
Prints one JSON object per measurement and Markdown tables at the end: every
run, then per launcher its mean and its difference from pdsh in each repeat.
Needs openssh-server, openssh-client and (for its row) pdsh.
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


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write(path, text, mode=0o644):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)


class CpuAccount:
    """A cpuacct cgroup that the sshd and the launcher (and so everything they
    start) belong to; `seconds()` is their CPU time so far. None where it cannot be made."""

    ROOT = "/sys/fs/cgroup/cpuacct"

    def __init__(self, tag):
        self.dir = os.path.join(self.ROOT, tag)
        os.mkdir(self.dir)

    @classmethod
    def make(cls, tag):
        try:
            return cls(tag)
        except OSError:
            return None

    def add(self, pid):
        with open(os.path.join(self.dir, "cgroup.procs"), "w") as f:
            f.write(str(pid))

    def seconds(self):
        with open(os.path.join(self.dir, "cpuacct.usage")) as f:
            return int(f.read()) / 1e9

    def close(self):
        # Leftovers (none expected: the bench kills every trainer) go back to the root.
        try:
            for pid in open(os.path.join(self.dir, "cgroup.procs")).read().split():
                with open(os.path.join(self.ROOT, "cgroup.procs"), "w") as f:
                    f.write(pid)
            os.rmdir(self.dir)
        except OSError:
            pass


class Nodes:
    """One sshd on 127.0.0.1..N, keys of its own, a node PATH with the trainer."""

    def __init__(self, work, trainer, nodes):
        self.work, self.nodes = work, nodes
        self.port = free_port()
        self.tag = os.path.basename(work)
        p = lambda n: os.path.join(work, n)
        self.path = p
        os.makedirs(p("bin"))
        # The nodes' shells get a home of the bench's own: this machine's ~/.bashrc (a pyenv
        # init, seconds under load) would be paid by every launcher alike and only add noise.
        os.makedirs(p("home"))
        os.symlink(trainer, p("bin/traindeck-trainer"))
        write(p("bin/nvidia-smi"), "#!/bin/sh\necho 'GPU 0: Stub (UUID: GPU-0)'\n", 0o755)
        for key in ("host_key", "user_key"):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", p(key)], check=True)
        shutil.copy(p("user_key.pub"), p("authorized_keys"))
        # sshd listens on at most 16 addresses (MAX_LISTEN_SOCKS): one sshd per 16 nodes,
        # all on the same port with the same keys and settings.
        self.configs = []
        for first in range(0, nodes, 16):
            listen = "".join(f"ListenAddress 127.0.0.{i + 1}\n" for i in range(first, min(nodes, first + 16)))
            config = p(f"sshd_config_{first // 16}")
            write(config,
                  f"Port {self.port}\n{listen}HostKey {p('host_key')}\nPidFile {p(f'sshd_{first // 16}.pid')}\n"
                  f"AuthorizedKeysFile {p('authorized_keys')}\nStrictModes no\nUsePAM no\n"
                  "PasswordAuthentication no\nKbdInteractiveAuthentication no\nPubkeyAuthentication yes\n"
                  "PermitRootLogin prohibit-password\nLogLevel ERROR\nMaxStartups 64\nMaxSessions 64\n"
                  f"SetEnv PATH={p('bin')}:/usr/local/bin:/usr/bin:/bin HOME={p('home')} TRAINDECK_BENCH_TAG={self.tag}\n")
            self.configs.append(config)
        host_key = open(p("host_key.pub")).read().split()
        write(p("known_hosts"), "".join(f"[127.0.0.{i + 1}]:{self.port} {host_key[0]} {host_key[1]}\n"
                                        for i in range(nodes)))
        user = os.environ.get("USER") or subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
        self.user = user
        # ssh for the bash loop and pdsh: the same keys and known_hosts, nothing of the user's.
        write(p("ssh_config"), f"Host 127.0.0.*\n  Port {self.port}\n  User {user}\n  IdentityFile {p('user_key')}\n"
                               f"  UserKnownHostsFile {p('known_hosts')}\n  BatchMode yes\n")
        os.makedirs(p("wrap"))
        write(p("wrap/ssh"), f"#!/bin/sh\nexec /usr/bin/ssh -F {p('ssh_config')} \"$@\"\n", 0o755)
        os.makedirs("/run/sshd", exist_ok=True)
        self.sshds = [subprocess.Popen(["/usr/sbin/sshd", "-D", "-e", "-f", c]) for c in self.configs]
        self.cpu = CpuAccount.make(self.tag)
        if self.cpu:
            for sshd in self.sshds:
                self.cpu.add(sshd.pid)
        for _ in range(100):
            try:
                for i in range(nodes):
                    socket.create_connection((f"127.0.0.{i + 1}", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)

    def hosts(self):
        return [f"{self.user}@127.0.0.{i + 1}:{self.port}" for i in range(self.nodes)]

    def kill_node(self, node):
        killed = 0
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                if open(f"/proc/{pid}/comm").read().strip() != "traindeck-train":
                    continue
                env = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
            except OSError:
                continue
            if f"TRAINDECK_BENCH_TAG={self.tag}".encode() in env and f"NODE_RANK={node}".encode() in env:
                os.kill(int(pid), signal.SIGKILL)
                killed += 1
        return killed

    def close(self):
        for sshd in self.sshds:
            sshd.terminate()
            sshd.wait()
        if self.cpu:
            self.cpu.close()


def plan_flags(nodes, port):
    return ["--nodes", str(nodes), "--gpus-per-node", "1", "--preset", "tiny", "--steps", "1000000",
            "--micro-batch", "1", "--grad-accum", "1", "--global-batch", "0", "--master-port", str(port),
            "--comm-timeout", "10", "--job-name", "launch-bench", "--layouts", ""]


def measure(name, cmd, env, n, cluster, timeout=120):
    """Runs a launcher; times every node's first step and, after node 1's death, its end."""
    cpu = cluster.cpu
    cpu0 = cpu.seconds() if cpu else None
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True, preexec_fn=(lambda: cpu.add(os.getpid())) if cpu else None)
    first = {}
    all_seen = threading.Event()

    def read():
        for line in proc.stdout:
            i = line.find('"event":"rank"')
            if i < 0:
                continue
            j = line.find('"node":', i)
            if j < 0:
                continue
            node = int(line[j + 7:line.find(",", j)])
            if node not in first:
                first[node] = time.monotonic() - t0
                if len(first) == n:
                    if cpu:
                        result["cpu_to_all_stepping_s"] = round(cpu.seconds() - cpu0, 2)
                    all_seen.set()

    result = {"launcher": name, "nodes": n}
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if not all_seen.wait(timeout):
        result["error"] = f"only nodes {sorted(first)} stepped in {timeout} s"
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return result
    result["first_step_s"] = {str(k): round(v, 2) for k, v in sorted(first.items())}
    result["start_to_all_stepping_s"] = round(max(first.values()), 2)
    time.sleep(1.0)  # every node well into its loop
    killed = cluster.kill_node(1)
    t1 = time.monotonic()
    try:
        proc.wait(timeout)
        result["death_to_end_s"] = round(time.monotonic() - t1, 2)
        result["exit_status"] = proc.returncode
    except subprocess.TimeoutExpired:
        result["death_to_end_s"] = None
        result["error"] = f"still running {timeout} s after node 1 died"
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    result["killed_processes"] = killed
    # Nothing of this run may outlive it: stray trainers would slow the next.
    for node in range(n):
        cluster.kill_node(node)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--nodes", type=int, nargs="+", default=[2, 8])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--without-bash-loop", action="store_true", help="only traindeck launch and pdsh")
    ap.add_argument("--baseline", metavar="BUILD_DIR",
                    help="also that build's traindeck launch (an earlier commit), in the same rotation")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    traindeck, trainer = f"{build}/app/traindeck", f"{build}/trainer/traindeck-trainer"
    rows = []
    for n in args.nodes:
        with tempfile.TemporaryDirectory(prefix="launch-bench-") as work:
            cluster = Nodes(work, trainer, n)
            try:
                for repeat in range(args.repeat):
                    port = free_port()
                    hosts = cluster.hosts()
                    env = dict(os.environ, PATH=f"{cluster.path('wrap')}:{os.environ['PATH']}")
                    # The generated files for the bash loop and pdsh (the same node scripts ours runs).
                    gen = cluster.path(f"gen-{port}")
                    subprocess.run([traindeck, "generate", "--target", "ssh", "--out", gen, "--hosts", ",".join(hosts)]
                                   + plan_flags(n, port), check=True, capture_output=True)
                    def ours(binary, run):
                        return [binary, "launch", "--hosts", ",".join(hosts), "--identity", cluster.path("user_key"),
                                "--known-hosts", cluster.path("known_hosts"), "--ssh-config", cluster.path("ssh_config"),
                                "--grace", "5", "--run-dir", cluster.path(run)] + plan_flags(n, port)
                    runs = [("traindeck launch", ours(traindeck, f"run-{port}"))]
                    if args.baseline:
                        runs.append(("traindeck launch (baseline)",
                                     ours(f"{os.path.abspath(args.baseline)}/app/traindeck", f"run-baseline-{port}")))
                    if not args.without_bash_loop:
                        runs.append(("generated launch-ssh.sh (bash loop)", ["bash", f"{gen}/launch-ssh.sh"]))
                    if shutil.which("pdsh"):
                        runs.append(("pdsh -R exec", ["pdsh", "-R", "exec", "-f", str(n), "-w",
                                                      ",".join(f"127.0.0.{i + 1}" for i in range(n)),
                                                      "ssh", "-tt", "%h", f"bash {gen}/node-%n.sh"]))
                    # Each repeat starts with the next launcher: none always runs first
                    # (just after the previous repeat's trainers were killed).
                    k = repeat % len(runs)
                    for name, cmd in runs[k:] + runs[:k]:
                        r = measure(name, cmd, env, n, cluster)
                        r["repeat"] = repeat
                        r["loadavg"] = open("/proc/loadavg").read().split()[0]
                        print(json.dumps(r), flush=True)
                        rows.append(r)
                        time.sleep(1)
            finally:
                cluster.close()
    print("\n| nodes | repeat | launcher | start → every node stepping (s) | CPU s to then | node 1 killed → launcher ended (s) | exit | load |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['nodes']} | {r['repeat']} | {r['launcher']} | {r.get('start_to_all_stepping_s', '—')} | "
              f"{r.get('cpu_to_all_stepping_s', '—')} | {r.get('death_to_end_s', '—')} | "
              f"{r.get('exit_status', r.get('error', ''))} | {r['loadavg']} |")
    # Each launcher beside pdsh in each repeat (the same cluster, one after the other).
    print("\n| nodes | launcher | repeats | start → every node stepping, mean (s) | − pdsh, per repeat (s) | "
          "mean − pdsh (s) | CPU s − pdsh, mean | node 1 killed → ended, mean (s) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    mean = lambda v: sum(v) / len(v) if v else float("nan")
    for n in args.nodes:
        names = list(dict.fromkeys(r["launcher"] for r in rows if r["nodes"] == n))
        for name in names:
            mine = [r for r in rows if r["nodes"] == n and r["launcher"] == name and "start_to_all_stepping_s" in r]
            wall, cpu = [], []
            for r in mine:
                pdsh = [q for q in rows if q["nodes"] == n and q["repeat"] == r["repeat"] and q["launcher"] == "pdsh -R exec"
                        and "start_to_all_stepping_s" in q]
                if pdsh:
                    wall.append(r["start_to_all_stepping_s"] - pdsh[0]["start_to_all_stepping_s"])
                    if "cpu_to_all_stepping_s" in r and "cpu_to_all_stepping_s" in pdsh[0]:
                        cpu.append(r["cpu_to_all_stepping_s"] - pdsh[0]["cpu_to_all_stepping_s"])
            deaths = [r["death_to_end_s"] for r in mine if r.get("death_to_end_s") is not None]
            print(f"| {n} | {name} | {len(mine)} | {mean([r['start_to_all_stepping_s'] for r in mine]):.2f} | "
                  f"{', '.join(f'{d:+.2f}' for d in wall)} | {mean(wall):+.2f} | {mean(cpu):+.2f} | {mean(deaths):.2f} |")


if __name__ == "__main__":
    sys.exit(main())
