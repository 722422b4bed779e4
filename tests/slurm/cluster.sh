#!/usr/bin/env bash
# A real two-node Slurm cluster on this machine, for the tests that submit to it:
# munged, slurmctld and two slurmd (each `slurmd -N NAME` with its own port, spool
# and log; 2 GPUs each as a generic resource with stand-in device files). The nodes
# are named after this machine (hostname -s) and `localhost`: names that resolve
# here, as the job's rendezvous (MASTER_ADDR, the allocation's first node) needs.
# Debian's slurm-wlm and munge, as root.
#
#   tests/slurm/cluster.sh start DIR   starts it (DIR/slurm.conf; SLURM_CONF=DIR/slurm.conf
#                                      for the clients) and waits until both nodes are idle
#   tests/slurm/cluster.sh stop DIR    cancels every job, stops the daemons it started
#
# Not root: start says so, starts nothing and exits 0 (a fixture that failed would
# mark its tests failed); the tests that need the cluster find no slurm.conf and skip
# (exit 77). Missing packages are an error:
# packaging/install-deps.sh installs them.
set -euo pipefail
# shellcheck source=tests/slurm/slurm_conf.sh
source "$(dirname "${BASH_SOURCE[0]}")/slurm_conf.sh"
what=${1:?start or stop}
work=${2:?the cluster folder}

stop() {
  [[ -d $work ]] || return 0
  export SLURM_CONF=$work/slurm.conf
  # Only a controller that runs is asked (scancel waits about 20 s for one that does not).
  if [[ -f $SLURM_CONF && -f $work/slurmctld.pid ]] && kill -0 "$(cat "$work/slurmctld.pid")" 2>/dev/null; then
    scancel --full --signal=KILL --user=root >/dev/null 2>&1 || true
  fi
  # The daemons it started (their pid files), all at once: SIGTERM, SIGKILL after 5 s.
  local pids=() f pid
  for f in "$work"/*/slurmd.pid "$work"/slurmctld.pid "$work"/munge/munged.pid; do
    [[ -f $f ]] && pids+=("$(cat "$f")") && rm -f "$f"
  done
  ((${#pids[@]})) || return 0
  kill "${pids[@]}" 2>/dev/null || true
  for _ in $(seq 50); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    ((alive)) || return 0
    sleep 0.1
  done
  kill -9 "${pids[@]}" 2>/dev/null || true
}

if [[ $what == stop ]]; then
  stop
  exit 0
fi

if [[ $(id -u) != 0 ]]; then
  echo "slurm cluster: not started: needs root (it starts munged, slurmctld and slurmd)"
  rm -f "$work/slurm.conf"
  exit 0
fi
for p in munged slurmctld slurmd sbatch squeue scontrol scancel sinfo; do
  command -v $p >/dev/null || { echo "slurm cluster: $p missing (packaging/install-deps.sh installs slurm-wlm and munge)" >&2; exit 1; }
done
stop
rm -rf "$work"
mkdir -p "$work/munge" "$work/munge-key" "$work/state" "$work/dev"
chmod 755 "$work" "$work/munge"
chmod 700 "$work/munge-key"
trap 'stop' ERR

# Ports of this cluster's own, from the folder's name and chance: two clusters on one
# machine do not meet, and a cluster started again in the same folder does not wait
# for its predecessor's ports to be free (slurmctld retries its bind for about 20 s).
base=$(( 20000 + ($(cksum <<<"$work" | cut -d' ' -f1) + RANDOM) % 20000 / 4 * 4 ))
host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 4 ))

dd if=/dev/urandom bs=1 count=1024 of="$work/munge-key/munge.key" 2>/dev/null
chmod 400 "$work/munge-key/munge.key"
munged --force --key-file="$work/munge-key/munge.key" --socket="$work/munge/socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge.log" --seed-file="$work/munge/seed"

# Slurm 22.05 counts a GPU only with a device file: stand-ins (character device 1,3,
# i.e. /dev/null) that nothing opens.
for i in 0 1 2 3; do mknod "$work/dev/gpu$i" c 1 3; done
nodes=("$host" localhost)
[[ $host != localhost ]] || nodes=(localhost "$(hostname -f)")
cat >"$work/gres.conf" <<CONF
AutoDetect=off
NodeName=${nodes[0]} Name=gpu File=$work/dev/gpu[0-1]
NodeName=${nodes[1]} Name=gpu File=$work/dev/gpu[2-3]
CONF
slurm_conf "$work" "$base" "$work/munge/socket" \
  "NodeName=${nodes[0]} NodeHostname=$host NodeAddr=127.0.0.1 Port=$(( base + 1 )) CPUs=$cpus RealMemory=$mem Gres=gpu:2 State=UNKNOWN
NodeName=${nodes[1]} NodeHostname=$host NodeAddr=127.0.0.1 Port=$(( base + 2 )) CPUs=$cpus RealMemory=$mem Gres=gpu:2 State=UNKNOWN"
export SLURM_CONF=$work/slurm.conf
slurmctld -c -f "$SLURM_CONF"
for n in "${nodes[@]}"; do
  mkdir -p "$work/$n/spool"
  slurmd -N "$n" -f "$SLURM_CONF"
done
for _ in $(seq 100); do
  [[ $(sinfo -h -o '%T' 2>/dev/null | sort -u) == idle ]] && [[ $(sinfo -h -N -o '%N' | sort -u | wc -l) == 2 ]] && break
  sleep 0.2
done
if [[ $(sinfo -h -o '%T' 2>/dev/null | sort -u) != idle ]]; then
  echo "slurm cluster: the nodes did not become idle:" >&2
  sinfo -N -o '%N %T %G %E' >&2 || true
  tail -n 20 "$work"/slurmctld.log "$work"/*/slurmd.log >&2 || true
  stop
  exit 1
fi
echo "slurm cluster: up in $work (SLURM_CONF=$SLURM_CONF)"
