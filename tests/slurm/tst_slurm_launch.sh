#!/usr/bin/env bash
# `traindeck launch --platform slurm` against a real Slurm: the two-node cluster of
# cluster.sh (started by the ctest fixture slurm_cluster), traindeck-trainer on its
# CPU (Gloo) backend as the workload. Each case is a function; `tst_slurm_launch.sh
# BUILD CLUSTER [CASE...]` runs the named ones (all by default).
#
# Cases: a job that completes (watched from the run folder), one whose second node
# fails (the node and task named), Ctrl-C cancelling a running job, a job pending
# on resources (its reason shown; Ctrl-C cancels it at once), re-attach after the
# launcher was killed, and the refusals that submit nothing; Slurm's own faults: a node
# that fails (the job requeued), an output file that begins again, two followers.
set -uo pipefail
build=$(realpath "$1")
cluster=$2
shift 2
traindeck=$build/app/traindeck
trainer=$build/trainer/traindeck-trainer
[[ -f $cluster/slurm.conf ]] || { echo "SKIP: no cluster in $cluster (needs root: see cluster.sh)"; exit 77; }
export SLURM_CONF=$cluster/slurm.conf
work=$(mktemp -d /tmp/traindeck-slurm-launch.XXXXXX)
chmod 755 "$work"
passed=0
failed=0

fail() {
  echo "FAIL: $case: $*" >&2
  for f in "$work/$case".*; do [[ -f $f ]] && { echo "---- $f" >&2; tail -n 30 "$f" >&2; }; done
  return 1
}

# A 2x1 plan (two nodes, one "GPU" each: one trainer process per node) whose
# command is the trainer; `$1`: what the command does before it (on each node).
plan() {
  local before=${2:-}
  "$traindeck" plan --example >"$work/$1.yaml"
  local command="${before}exec $trainer --backend gloo --preset tiny --steps ${STEPS:-4} --log-every 1 --nproc-per-node {nproc_per_node}"
  printf '%s\n' "$command" >"$work/$1.command"
}

# A port for the job's MASTER_PORT, in `port`: the kernel's pick (a random one collided
# with another test's rendezvous beside it, "MASTER_PORT … is already in use"), kept
# bound by a process of this script's own until the script ends, so that no other
# process's bind(0) or connect() is given it before the job's rank 0 binds it (closed at
# once, it was free only then). Bound with SO_REUSEADDR and never listening, as
# tests/trainer/trainer_e2e.py's are: the trainer, binding with SO_REUSEADDR too, can.
holders=()
trap '((${#holders[@]})) && kill "${holders[@]}" 2>/dev/null' EXIT
hold_port() {
  local fd
  # The holder is this shell's child: it also ends when the script does, however it ends.
  exec {fd}< <(exec python3 -c '
import os, socket, sys, time
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("", 0))
print(s.getsockname()[1], flush=True)
while os.getppid() == int(sys.argv[1]):
    time.sleep(1)' "$$")
  holders+=("$!")
  read -r port <&"$fd"
  exec {fd}<&-
}

# The command that launches the plan NAME.yaml with its command into $work/NAME, in
# the array `cmd` (run as it is, in the background too, so that $! is traindeck's).
launch_cmd() {
  local port
  hold_port
  cmd=("$traindeck" launch "$work/$1.yaml" --platform slurm --nodes 2 --gpus-per-node 1 --job-name "td-$1"
    --preset tiny --micro-batch 1 --grad-accum 1 --global-batch 0 --comm-timeout 20
    --command "$(cat "$work/$1.command")" --run-dir "$work/$1" --poll-interval 1
    --master-port "$port")
}
# A launch that hangs fails its own case after this many seconds (exit status 124, its
# files shown), instead of the whole test at ctest's timeout with nothing said (seen once
# under load; not reproduced since). A case's launches take seconds.
limit_s=90
launch() {  # launch NAME [ARGS...], in the foreground
  local name=$1
  shift
  launch_cmd "$name"
  timeout -k 10 "$limit_s" "${cmd[@]}" "$@"
}
# Waits for the background launcher PID as long as a launch may take: its exit status,
# or 124 when it had to be killed.
wait_launcher() {
  local _
  for _ in $(seq $(( limit_s * 10 ))); do
    kill -0 "$1" 2>/dev/null || { wait "$1"; return; }
    sleep 0.1
  done
  kill -9 "$1" 2>/dev/null
  wait "$1" 2>/dev/null
  return 124
}

job_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["job_id"])' "$work/$1/job.json"; }
job_state() { scontrol show job -o "$1" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'; }
# Waits up to $2 s for the text $3 in file $1.
wait_for() {
  for _ in $(seq $(( $2 * 10 ))); do grep -q -- "$3" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
# The trainer's events of one kind in a run folder's node-0.out.
count_events() { grep -c "\"event\":\"$2\"" "$work/$1/node-0.out" || true; }

case_completes() {
  # The job runs 2 s at least: a job done within one poll (4 steps take 0.5 s) went from
  # pending to COMPLETED unseen running, and its "running on" line was never printed.
  STEPS=4 plan completes 'sleep 2; '
  launch completes --follow >"$work/completes.out" 2>"$work/completes.err"
  local rc=$?
  [[ $rc == 0 ]] || fail "exit status $rc, expected 0" || return 1
  local job nodes
  job=$(job_of completes)
  nodes=$(scontrol show job -o "$job" | sed -n 's/.* NodeList=\([^ ]*\).*/\1/p')
  [[ -n $nodes ]] || fail "Slurm names no nodes for job $job" || return 1
  grep -q "job $job: running on $nodes\$" "$work/completes.err" || fail "no 'running on $nodes' line" || return 1
  grep -q "job $job completed\$" "$work/completes.err" || fail "no 'job $job completed' line" || return 1
  # The run folder's hosts: the job's nodes, one a line, as Slurm names them.
  [[ $(cat "$work/completes/hosts") == "$(scontrol show hostnames "$nodes")" ]] ||
    fail "the hosts file is not the job's nodes: $(cat "$work/completes/hosts")" || return 1
  # --follow printed the job's output; the run folder has it whole.
  grep -q '"event":"step"' "$work/completes.out" || fail "--follow printed no step" || return 1
  local steps
  steps=$(grep -c '"event":"step"' "$work/completes/node-0.out")
  [[ $steps -ge 4 ]] || fail "node-0.out has $steps step events, expected 4 or more" || return 1
  # The job's own hint ("watch this job with") names the file the launcher copies.
  grep -q "traindeck watch --follow ssh://.*$work/completes/files/td-completes-$job.out" "$work/completes/node-0.out" ||
    fail "the job's watch hint does not name its output file" || return 1
  grep -q '"event":"submitted"' "$work/completes/launch.jsonl" || fail "launch.jsonl: no submitted" || return 1
  grep -q '"status":"completed"' "$work/completes/launch.jsonl" || fail "launch.jsonl: no completed end" || return 1
  [[ $(job_state "$job") == COMPLETED ]] || fail "Slurm does not say COMPLETED" || return 1
  # Watch reads the run folder as the launcher left it.
  "$traindeck" watch "$work/completes" >"$work/completes.watch" 2>&1 || true
  grep -qE "steps +4 of 4" "$work/completes.watch" || fail "traindeck watch does not show step 4" || return 1
  # The job's own hint line is TrainDeck's, not a line the reader skipped.
  ! grep -q "skipped lines" "$work/completes.watch" || fail "traindeck watch counts skipped lines" || return 1
}

case_second_node_fails() {
  # shellcheck disable=SC2016  # the job's bash expands it, on each node
  plan fails 'if [ "$SLURM_NODEID" = 1 ]; then echo "node 1 gives up" >&2; exit 3; fi; '
  STEPS=200 launch fails >"$work/fails.out" 2>"$work/fails.err"
  local rc=$?
  [[ $rc == 1 ]] || fail "exit status $rc, expected 1" || return 1
  local second
  second=$(scontrol show hostnames "$(scontrol show job -o "$(job_of fails)" | sed -n 's/.* NodeList=\([^ ]*\).*/\1/p')" | sed -n 2p)
  # The cause first, Slurm's word for the end after it.
  grep -q "job $(job_of fails) failed: node $second, task 1: Exited with exit code 3 (Slurm: FAILED" "$work/fails.err" ||
    fail "the failure does not name the second node ($second), task 1, first" || return 1
  grep -q "node 1 gives up" "$work/fails/node-0.err" || fail "node-0.err lacks the node's own line" || return 1
  grep -q '"status":"failed"' "$work/fails/launch.jsonl" || fail "launch.jsonl: no failed end" || return 1
}

case_ctrl_c_cancels() {
  STEPS=100000 plan cancel
  launch_cmd cancel
  "${cmd[@]}" --grace 10 >"$work/cancel.out" 2>"$work/cancel.err" &
  local pid=$!
  wait_for "$work/cancel/node-0.out" 60 '"event":"step"' || { kill -9 $pid; fail "the job did not start its steps"; return 1; }
  local job
  job=$(job_of cancel)
  kill -INT $pid
  wait_launcher $pid
  local rc=$?
  [[ $rc == 130 ]] || fail "exit status $rc, expected 130" || return 1
  grep -q "stopping job $job" "$work/cancel.err" || fail "no 'stopping job' line" || return 1
  # The stop is the news, Slurm's exit code its detail: no "FAILED, exit code 143" line before it.
  grep -q "job $job was stopped (Slurm: " "$work/cancel.err" || fail "no 'was stopped' end line" || return 1
  ! grep -q "job $job: FAILED\|job $job: CANCELLED" "$work/cancel.err" || fail "an exit code line before the stop's" || return 1
  # The launcher left only when Slurm said the job ended.
  local state
  state=$(job_state "$job")
  [[ $state == CANCELLED || $state == FAILED || $state == COMPLETED ]] || fail "job $job is $state after the launcher left" || return 1
  # SIGTERM reached the trainer first: it ended its run itself ("interrupted").
  grep -q '"event":"end"' "$work/cancel/node-0.out" || fail "the trainer wrote no end event (no SIGTERM first?)" || return 1
  grep -q '"status":"interrupted"' "$work/cancel/launch.jsonl" || fail "launch.jsonl: no interrupted end" || return 1
}

case_pending_on_resources() {
  # Both nodes held by another job: ours waits, and says why.
  local blocker
  blocker=$(sbatch --parsable --nodes=2 --exclusive --job-name=blocker --output=/dev/null --wrap 'sleep 120')
  for _ in $(seq 100); do [[ $(job_state "$blocker") == RUNNING ]] && break; sleep 0.1; done
  plan pending
  # A pending limit: the job is cancelled after it, and the launch fails saying why.
  launch pending --run-dir "$work/pending-limit" --pending-timeout 3 >"$work/pending.out" 2>"$work/pending-limit.err"
  local rc=$?
  [[ $rc == 1 ]] || { scancel "$blocker"; fail "--pending-timeout: exit status $rc, expected 1"; return 1; }
  grep -q "waited in the queue longer than the pending limit (--pending-timeout) and was cancelled" "$work/pending-limit.err" ||
    { scancel "$blocker"; fail "--pending-timeout: no end line saying why"; return 1; }
  [[ $(job_state "$(job_of pending-limit)") == CANCELLED ]] || { scancel "$blocker"; fail "--pending-timeout: not cancelled"; return 1; }
  launch_cmd pending
  "${cmd[@]}" >"$work/pending.out" 2>"$work/pending.err" &
  local pid=$!
  wait_for "$work/pending.err" 30 "pending: waiting for free resources" ||
    { kill -9 $pid; scancel "$blocker"; fail "no 'pending: waiting for free resources' line"; return 1; }
  local job
  job=$(job_of pending)
  kill -TERM $pid
  wait_launcher $pid
  rc=$?
  scancel "$blocker"
  [[ $rc == 143 ]] || fail "exit status $rc, expected 143" || return 1
  [[ $(job_state "$job") == CANCELLED ]] || fail "the pending job $job was not cancelled" || return 1
  grep -q '"reason":"Resources"' "$work/pending/launch.jsonl" || fail "launch.jsonl: no Resources reason" || return 1
}

case_reattach() {
  STEPS=20 plan attach
  launch_cmd attach
  "${cmd[@]}" >"$work/attach.out" 2>"$work/attach.err" &
  local pid=$!
  wait_for "$work/attach/node-0.out" 60 '"event":"step"' || { kill -9 $pid; fail "the job did not start its steps"; return 1; }
  kill -9 $pid
  wait $pid 2>/dev/null
  local job
  job=$(job_of attach)
  [[ $(job_state "$job") == RUNNING ]] || fail "job $job is not running after the launcher was killed" || return 1
  timeout -k 10 "$limit_s" "$traindeck" launch --attach "$work/attach" --poll-interval 1 >"$work/attach2.out" 2>"$work/attach2.err"
  local rc=$?
  cat "$work/attach2.err" >>"$work/attach.err"
  [[ $rc == 0 ]] || fail "attach: exit status $rc, expected 0" || return 1
  grep -q "attached to job $job" "$work/attach.err" || fail "no 'attached to job' line" || return 1
  # Every line of the job's output is in node-0.out exactly once.
  cmp -s "$work/attach/node-0.out" "$work/attach/files/td-attach-$job.out" ||
    fail "node-0.out is not the job's output, whole and once" || return 1
}

case_refusals() {
  plan refused
  local before
  before=$(squeue -h | wc -l)
  launch refused --partition nope >"$work/refused.out" 2>"$work/refused.err"
  [[ $? == 2 ]] || fail "a partition that does not exist: not exit 2" || return 1
  grep -q "nothing submitted: partition 'nope' does not exist (the cluster has: main)" "$work/refused.err" ||
    fail "no one-line error for the partition" || return 1
  "$traindeck" launch "$work/refused.yaml" --platform slurm --nodes 1 --gpus-per-node 4 \
    --run-dir "$work/refused-gpus" >"$work/refused.out" 2>"$work/refused.err"
  [[ $? == 2 ]] || fail "4 GPUs per node on 2-GPU nodes: not exit 2" || return 1
  grep -q "the plan asks 4 GPUs per node, but partition 'main''s nodes have at most 2 (sinfo)" "$work/refused.err" ||
    fail "no one-line error for the GPUs" || return 1
  PATH=/nonexistent "$traindeck" launch "$work/refused.yaml" --platform slurm --nodes 1 --gpus-per-node 1 \
    --run-dir "$work/refused-path" >"$work/refused.out" 2>"$work/refused.err"
  [[ $? == 2 ]] || fail "no sbatch on PATH: not exit 2" || return 1
  grep -q "sbatch is not on PATH" "$work/refused.err" || fail "no one-line error for a missing sbatch" || return 1
  # A controller that does not answer: a configuration naming a port nobody listens on.
  sed "s/^SlurmctldPort=.*/SlurmctldPort=1/; s/^MessageTimeout=.*//" "$SLURM_CONF" >"$work/down.conf"
  echo "MessageTimeout=2" >>"$work/down.conf"
  SLURM_CONF=$work/down.conf "$traindeck" launch "$work/refused.yaml" --platform slurm --nodes 1 --gpus-per-node 1 \
    --run-dir "$work/refused-down" >"$work/refused.out" 2>"$work/refused.err"
  [[ $? == 2 ]] || fail "an unreachable controller: not exit 2" || return 1
  grep -q "nothing submitted: the Slurm controller does not answer" "$work/refused.err" ||
    fail "no one-line error for the controller" || return 1
  # SLURM_CONF naming no file: one line at once (Slurm's commands would retry reading it for a minute).
  local t0=$SECONDS
  SLURM_CONF=$work/none.conf "$traindeck" launch "$work/refused.yaml" --platform slurm --nodes 1 --gpus-per-node 1 \
    --run-dir "$work/refused-conf" >"$work/refused.out" 2>"$work/refused.err"
  [[ $? == 2 ]] || fail "a missing slurm.conf: not exit 2" || return 1
  ((SECONDS - t0 < 10)) || fail "a missing slurm.conf took $((SECONDS - t0)) s" || return 1
  grep -q "nothing submitted: SLURM_CONF names $work/none.conf, which does not exist" "$work/refused.err" &&
    [[ $(wc -l <"$work/refused.err") -le 2 ]] || fail "no one line for a missing slurm.conf" || return 1
  [[ $(squeue -h | wc -l) == "$before" ]] || fail "a refused launch submitted a job" || return 1
  # A plan with an error on its own layout (a micro-batch that does not fit the card):
  # refused by the launch itself, as over SSH, before the cluster is asked.
  launch refused --micro-batch 4096 --run-dir "$work/refused-errors" >"$work/refused.out" 2>"$work/refused.err"
  [[ $? == 2 ]] || fail "a plan with errors: not exit 2" || return 1
  grep -q "the plan has errors, nothing was started" "$work/refused.err" || fail "no one line for the plan's errors" || return 1
  [[ ! -e $work/refused-errors && $(squeue -h | wc -l) == "$before" ]] || fail "a plan with errors left a folder or a job" || return 1
  # --dry-run checks and shows, and submits nothing.
  launch refused --dry-run >"$work/refused.out" 2>"$work/refused.err" || fail "--dry-run: not exit 0" || return 1
  grep -qx "cd $work/refused/files" "$work/refused.out" && grep -q "^sbatch --parsable" "$work/refused.out" ||
    fail "--dry-run does not show the sbatch command and where it runs" || return 1
  [[ -f $work/refused/files/job.sbatch && ! -f $work/refused/job.json ]] || fail "--dry-run: files missing or a job recorded" || return 1
  [[ $(squeue -h | wc -l) == "$before" ]] || fail "--dry-run submitted a job" || return 1
}

# The processes of job $1 on node $2 (this machine runs both nodes): its tasks, by their
# environment, and the slurmstepd above each.
job_processes() {
  local f pid parent
  # One grep over every process's environment (a loop of them took minutes on a loaded machine).
  for f in $(grep -lzx "SLURM_JOB_ID=$1" /proc/[0-9]*/environ 2>/dev/null | xargs -r grep -lzx "SLURMD_NODENAME=$2" 2>/dev/null); do
    pid=${f#/proc/}
    pid=${pid%/environ}
    echo "$pid"
    parent=$(awk '{print $4}' "/proc/$pid/stat" 2>/dev/null)
    [[ $(cat "/proc/$parent/comm" 2>/dev/null) == slurmstepd ]] && echo "$parent"
  done | sort -u
}

# A node fails under the job: its slurmd killed and the node set DOWN (what slurmctld does
# when a slurmd stops answering, after SlurmdTimeout). Slurm requeues the job; the launcher
# names the node and the requeue as they happen, marks where the new run's output begins,
# copies both runs whole, and ends with the run Slurm started again.
case_node_fails_requeued() {
  # shellcheck disable=SC2016  # the job's bash expands it: the first run trains on, the second completes
  STEPS='$steps' plan requeue 'steps=4; if [ "${SLURM_RESTART_COUNT:-0}" = 0 ]; then steps=100000; fi; '
  launch_cmd requeue
  "${cmd[@]}" >"$work/requeue.out" 2>"$work/requeue.err" &
  local pid=$!
  wait_for "$work/requeue/node-0.out" 60 '"event":"step"' || { kill -9 $pid; fail "the job did not start its steps"; return 1; }
  local job second
  job=$(job_of requeue)
  second=$(sed -n 2p "$work/requeue/hosts")
  [[ -n $second && -f $cluster/$second/slurmd.pid ]] || { kill -9 $pid; fail "no second node in the hosts file"; return 1; }
  kill "$(cat "$cluster/$second/slurmd.pid")"
  scontrol update NodeName="$second" State=DOWN Reason=traindeck-test-node-failure
  wait_for "$work/requeue.err" 30 "job $job was requeued by Slurm and will start again (restart 1): node $second "
  local named=$?
  # The rest of the node dies too: its slurmstepd and the trainer (a slurmd that came back
  # would find them, of the same job and step ids as the run Slurm starts again).
  local victims
  mapfile -t victims < <(job_processes "$job" "$second")
  ((${#victims[@]})) && kill -9 "${victims[@]}" 2>/dev/null
  # The node back (its slurmd answers: ReturnToService=2; the tests after this one need it),
  # and the job started without Slurm's two minutes' wait before a requeued job may start.
  slurmd -N "$second" -f "$SLURM_CONF"
  for _ in $(seq 100); do [[ $(sinfo -h -N -n "$second" -o %T) == idle ]] && break; sleep 0.2; done
  ((named == 0)) || { kill -9 $pid; fail "the requeue and the node were not named"; return 1; }
  # slurmctld ends the first run's part on the node brought back by a message of its own, sent
  # once the node answers: a run started there before it came was ended by it (the restarted
  # job's task on that node exited 143 within a second; seen under load). Slurm's own two
  # minutes before a requeued job starts cover that; the test's earlier start waits for it.
  sleep 3
  # (Asked again until it runs: while Slurm still releases the first run's nodes the job is
  # COMPLETING, not pending yet; under load the loop began there and ended at once, and the
  # job then waited its two minutes, past the launcher's limit.)
  local state
  for _ in $(seq 120); do
    state=$(job_state "$job")
    [[ $state == PENDING ]] && scontrol update JobId="$job" StartTime=now 2>/dev/null
    [[ $state =~ ^(RUNNING|COMPLETED)$ ]] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  wait_launcher $pid
  local rc=$?
  [[ $rc == 0 ]] || fail "exit status $rc, expected 0 (the restarted job completes)" || return 1
  [[ $(grep -c "^traindeck launch: job $job was requeued by Slurm" "$work/requeue/node-0.out") == 1 ]] ||
    fail "node-0.out has no one marker line where the new run begins" || return 1
  # Nothing lost or torn: node-0.out is the job's whole output (both runs: Slurm appends) and the marker.
  cmp -s <(grep -v "^traindeck launch: " "$work/requeue/node-0.out") "$work/requeue/files/td-requeue-$job.out" ||
    fail "node-0.out is not the job's output of both runs, whole and once" || return 1
  [[ $(grep -c '"event":"start"' "$work/requeue/node-0.out") -ge 2 ]] || fail "not both runs' start events" || return 1
  grep -q '"status":"completed"' "$work/requeue/launch.jsonl" || fail "launch.jsonl: no completed end" || return 1
  [[ $(job_state "$job") == COMPLETED ]] || fail "Slurm does not say COMPLETED" || return 1
}

# The job's output file begins again under the launcher (truncated): the copy says so in a
# marker line and goes on from its start; the stop ends it, its words before Slurm's.
case_truncated_output() {
  STEPS=100000 plan truncated
  launch_cmd truncated
  "${cmd[@]}" --grace 10 >"$work/truncated.out" 2>"$work/truncated.err" &
  local pid=$!
  wait_for "$work/truncated/node-0.out" 60 '"event":"step"' || { kill -9 $pid; fail "the job did not start its steps"; return 1; }
  local job file
  job=$(job_of truncated)
  file=$work/truncated/files/td-truncated-$job.out
  : >"$file"
  wait_for "$work/truncated/node-0.out" 30 "^traindeck launch: job $job: its output file .* began again from its start" ||
    { kill -9 $pid; fail "no marker line for the truncated file"; return 1; }
  # Steps after the marker: the copy goes on from the file's new start.
  for _ in $(seq 300); do
    sed -n '/began again from its start/,$p' "$work/truncated/node-0.out" | grep -q '"event":"step"' && break
    sleep 0.1
  done
  kill -INT $pid
  wait_launcher $pid
  local rc=$?
  [[ $rc == 130 ]] || fail "exit status $rc, expected 130" || return 1
  cmp -s <(sed -n '/began again from its start/,$p' "$work/truncated/node-0.out" | tail -n +2) "$file" ||
    fail "what follows the marker is not the file's new content, whole" || return 1
  grep -q "its output file .* began again" "$work/truncated.err" || fail "the launcher did not say the file began again" || return 1
}

# Two launchers for one job: the first follows it (copies, records); a second --attach
# says who follows and only shows it. The job's output is copied once, its end recorded once.
case_two_followers() {
  STEPS=8 plan followers 'sleep 4; '
  launch_cmd followers
  "${cmd[@]}" >"$work/followers.out" 2>"$work/followers.err" &
  local pid=$!
  wait_for "$work/followers.err" 60 "running on" || { kill -9 $pid; fail "the job did not run"; return 1; }
  local job
  job=$(job_of followers)
  timeout -k 10 "$limit_s" "$traindeck" launch --attach "$work/followers" --poll-interval 1 \
    >"$work/followers2.out" 2>"$work/followers2.err"
  local rc2=$?
  wait_launcher $pid
  local rc=$?
  [[ $rc == 0 && $rc2 == 0 ]] || fail "exit statuses $rc and $rc2, expected 0 and 0" || return 1
  grep -q "job $job is followed by another launcher (pid $pid on " "$work/followers2.err" ||
    fail "the second launcher does not say who follows the job" || return 1
  cmp -s "$work/followers/node-0.out" "$work/followers/files/td-followers-$job.out" ||
    fail "node-0.out is not the job's output, whole and once" || return 1
  [[ $(grep -c '"event":"end"' "$work/followers/launch.jsonl") == 1 ]] || fail "launch.jsonl: not one end" || return 1
}

cases=("$@")
((${#cases[@]})) ||
  cases=(refusals completes second_node_fails ctrl_c_cancels pending_on_resources reattach node_fails_requeued
    truncated_output two_followers)
for case in "${cases[@]}"; do
  started=$(date +%s%N)
  if "case_$case"; then
    echo "PASS: $case ($(( ($(date +%s%N) - started) / 1000000 )) ms)"
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done
echo "slurm launch: $passed passed, $failed failed (files in $work)"
((failed == 0)) && rm -rf "$work"
((failed == 0))
