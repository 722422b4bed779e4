# The workload runs in its own process group (job control on while it starts),
# so the SIGTERM a platform sends before killing a pod or a step reaches every
# process it started. Job control goes off again: no job notices in the log.
# The trap is set first: a SIGTERM that comes while the workload is starting is
# held and forwarded once its process group exists, never lost.
# A function a trap runs returns 0 in words: a bare `return` in a trap gives the
# status from before the trap, and under `set -e` a failing one ends the shell.
workload_pid=
term_pending=0
forwarded=0
# shellcheck disable=SC2317  # reached through the trap below
forward_term() {
    forwarded=1
    if [[ -z $workload_pid ]]; then
        term_pending=1
        return 0
    fi
    kill -TERM -- "-$workload_pid" 2>/dev/null || kill -TERM "$workload_pid" 2>/dev/null || true
}
trap forward_term TERM INT HUP
# The workload's status comes back through a channel, written by the job that runs
# it once it has ended: bash's `wait`, interrupted by a trapped signal just as it
# reaps the job, gives 128 + the signal and forgets the job's status (the next
# `wait` gives -1), and the node exited 255 for a workload that had finished.
open_channel status
status_fd=$channel_fd
set -m
{
    # This shell outlives a stop to report the status: the stop runs a trap that
    # does nothing once the workload has ended (a caught signal, not an ignored one,
    # so that the workload's own shell has SIGTERM's default back).
    trap : TERM INT HUP
    code=0
    (run_workload) 2>&"$workload_err" {workload_err}>&- {status_fd}>&- || code=$?
    printf '%s\n' "$code" >&"$status_fd"
    # Its stderr is the workload's; its own holds only bash's notice of a workload
    # ended by a signal ("line 219: 13406 Killed ( run_workload ) ..."):
    # the node's status says so, and the workload's last line is the better detail.
} {workload_err}>&2 2>/dev/null &
workload_pid=$!
set +m
# This shell says nothing of its own from here (the job has the node's stderr): bash's
# notice of a job ended by a signal ("line 230: 4242 Killed ...") is no line of the user's.
exec 2>/dev/null
if ((term_pending)); then
    forward_term
fi
# A trapped signal ends `wait` early (status 128 + its number): wait again, as long
# as signals came, until the job has ended.
status=0
wait "$workload_pid" || status=$?
while ((forwarded)); do
    forwarded=0
    status=0
    wait "$workload_pid" || status=$?
done
# The job's report, where it made one; `wait`'s status where it was killed first.
if read -r -t 0 -u "$status_fd"; then
    read -r -u "$status_fd" status
fi
exit "$status"
