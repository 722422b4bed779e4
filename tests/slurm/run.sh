#!/usr/bin/env bash
# The generated Slurm script against a real Slurm (Debian's slurm-wlm and munge), as
# root on one machine: munged, slurmctld and slurmd run as a one-node cluster whose
# node advertises 8 GPUs as a generic resource (gres.conf: Count only, no device
# files, AutoDetect=off). The job.sbatch that `traindeck generate --target slurm`
# writes for a 1-node plan, whose workload is traindeck-trainer on its CPU (Gloo)
# backend, is submitted and waited for; the trainer's metrics in the job's output
# and the job's exit state are checked. Then the 2- and 8-node scripts go through
# `sbatch --test-only` against a configuration that declares 8 such nodes.
#
# Usage (root; needs slurm-wlm and munge): tests/slurm/run.sh BUILD_DIR
# Not part of ctest: it starts system daemons and needs root (see packaging/README.md).
set -euo pipefail
# shellcheck source=tests/slurm/slurm_conf.sh
source "$(dirname "${BASH_SOURCE[0]}")/slurm_conf.sh"
build=$(realpath "$1")
traindeck=$build/app/traindeck
trainer=$build/trainer/traindeck-trainer
[[ $(id -u) == 0 ]] || { echo "slurm test: needs root (it starts munged, slurmctld and slurmd)" >&2; exit 2; }
for p in munged slurmctld slurmd sbatch; do command -v $p >/dev/null || { echo "slurm test: $p missing (apt-get install slurm-wlm munge)" >&2; exit 2; }; done

work=$(mktemp -d /tmp/traindeck-slurm.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  echo "slurm test: logs kept in $work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; tail -n 20 "$work"/*.log >&2 || true; exit 1; }

host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))

# munge: a fresh key, its own socket and state.
mkdir -p "$work/munge" "$work/munge-key" && chmod 755 "$work/munge" && chmod 700 "$work/munge-key"
dd if=/dev/urandom bs=1 count=1024 of="$work/munge-key/munge.key" 2>/dev/null
chmod 400 "$work/munge-key/munge.key"
munged --force --key-file="$work/munge-key/munge.key" --socket="$work/munge/socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge.log" --seed-file="$work/munge/seed"
pids+=("$(cat "$work/munge/munged.pid")")

write_conf() {  # $1: folder, $2: the NodeName lines, $3: the controller's port
  mkdir -p "$1/state" "$1/$host/spool"
  slurm_conf "$1" "$3" "$work/munge/socket" "$2"
  # Slurm 22.05 counts a GPU only with a device file: stand-ins for /dev/nvidia0-7
  # (character devices 1,3, i.e. /dev/null) that nothing opens.
  mkdir -p "$work/dev"
  for i in 0 1 2 3 4 5 6 7; do [[ -e $work/dev/gpu$i ]] || mknod "$work/dev/gpu$i" c 1 3; done
  printf 'AutoDetect=off\nName=gpu File=%s\n' "$work/dev/gpu[0-7]" >"$1/gres.conf"
}

# ---- a one-node cluster that runs the job --------------------------------------------
one=$work/one
write_conf "$one" "NodeName=$host NodeAddr=127.0.0.1 Port=16818 CPUs=$cpus RealMemory=$mem Gres=gpu:8 State=UNKNOWN" 16817
export SLURM_CONF=$one/slurm.conf
slurmctld -c -f "$SLURM_CONF" -L "$one/slurmctld.log"
sleep 1
pids+=("$(cat "$one/slurmctld.pid")")
slurmd -f "$SLURM_CONF" -L "$one/slurmd.log"
sleep 1
pids+=("$(cat "$one/$host/slurmd.pid")")
for _ in $(seq 30); do
  sinfo -h -o '%T' 2>/dev/null | grep -qE '^idle' && break
  sleep 1
done
sinfo -o '%N %T %G' || fail "sinfo"
sinfo -h -o '%T' | grep -qE '^idle' || fail "the node did not become idle"

# The plan: one node, 2 of its GPUs (2 processes: this machine's CPUs), whose
# workload is the trainer on its CPU backend.
jobdir=$work/job
"$traindeck" plan --example >"$work/plan.yaml"
"$traindeck" generate "$work/plan.yaml" --nodes 1 --gpus-per-node 2 \
  --command "$trainer --backend gloo --preset tiny --steps 5 --log-every 1 --nproc-per-node {nproc_per_node}" \
  --target slurm --out "$jobdir" || fail "traindeck generate --target slurm"
ls -l "$jobdir"
cd "$jobdir"
job=$(sbatch --parsable job.sbatch) || fail "sbatch"
echo "slurm test: submitted job $job"
for _ in $(seq 120); do
  state=$(scontrol show job "$job" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  [[ $state == COMPLETED || $state == FAILED || $state == CANCELLED || $state == TIMEOUT || $state == NODE_FAIL ]] && break
  sleep 1
done
scontrol show job "$job" | grep -E 'JobState|ExitCode|TRES' || true
out=$(ls "$jobdir"/*-"$job".out)
echo "---- $out"; cat "$out"; echo "----"
[[ $state == COMPLETED ]] || fail "job $job ended $state"
scontrol show job "$job" | grep -q 'ExitCode=0:0' || fail "job $job exit code is not 0:0"
python3 - "$out" <<'PY' || fail "the trainer's metrics are not in the job's output"
import json, sys
events = []
for line in open(sys.argv[1]):
    i = line.find("{")
    if i < 0:
        continue
    try:
        events.append(json.loads(line[i:]))
    except ValueError:
        pass
steps = [e for e in events if e.get("event") == "step"]
ends = [e for e in events if e.get("event") == "end"]
starts = [e for e in events if e.get("event") == "start"]
assert starts and starts[0]["backend"] == "gloo", starts
assert len(steps) == 5, [e.get("step") for e in steps]
assert ends and ends[-1]["status"] == "completed", ends
print(f"slurm test: job metrics: world size {starts[0]['world_size']}, {len(steps)} steps, last loss {steps[-1]['loss']:.4g}")
PY
cd "$work"
kill "$(cat "$one/$host/slurmd.pid")" "$(cat "$one/slurmctld.pid")" 2>/dev/null || true
sleep 2

# ---- 2 and 8 nodes: sbatch --test-only against a cluster declaring 8 nodes --------------
eight=$work/eight
nodes=""
# No slurmd answers for these nodes: declared IDLE, the controller schedules on them
# (until SlurmdTimeout); declared UNKNOWN, it refuses every request
# ("Requested node configuration is not available").
for i in $(seq 0 7); do nodes+="NodeName=gpu$i NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem Gres=gpu:8 State=IDLE"$'\n'; done
write_conf "$eight" "$nodes" 16827
export SLURM_CONF=$eight/slurm.conf
slurmctld -c -f "$SLURM_CONF" -L "$eight/slurmctld.log"
sleep 2
pids+=("$(cat "$eight/slurmctld.pid")")
for n in 2 8; do
  dir=$work/job$n
  "$traindeck" generate "$work/plan.yaml" --nodes $n --gpus-per-node 8 --target slurm --out "$dir" >/dev/null ||
    fail "generate $n nodes"
  (cd "$dir" && sbatch --test-only job.sbatch) >"$work/test-only-$n.log" 2>&1 || { cat "$work/test-only-$n.log"; fail "sbatch --test-only for $n nodes"; }
  echo "slurm test: $n nodes: $(cat "$work/test-only-$n.log")"
  grep -q "to start at" "$work/test-only-$n.log" || fail "sbatch --test-only for $n nodes: no start time"
done
echo "PASS"
