refuse() {
    printf 'traindeck entrypoint (%s): %s\n' "$job_name" "$1" >&2
    exit "$refuse_status"
}

# Prints the value of the first named variable that is set and not empty.
first_set() {
    local name
    for name in "$@"; do
        if [[ -n ${!name:-} ]]; then
            printf '%s\n' "${!name}"
            return 0
        fi
    done
    return 1
}

is_count() { [[ $1 =~ ^(0|[1-9][0-9]*)$ ]]; }

# A channel back to this shell from the processes it starts: a FIFO opened
# read-write (so that neither side blocks on open) and unlinked at once. Its
# file descriptor goes in channel_fd. It is made in $TMPDIR, else (a pod with a
# read-only root, a TMPDIR that does not exist) the first of /dev/shm, /tmp and
# this script's folder that takes it.
open_channel() {
    local fifo dir
    for dir in "${TMPDIR:-/tmp}" /dev/shm /tmp "$TRAINDECK_CONFIG_DIR"; do
        fifo=$dir/traindeck-$1.$$.$RANDOM$RANDOM
        if mkfifo -m 600 "$fifo" 2>/dev/null; then
            exec {channel_fd}<>"$fifo"
            rm -f "$fifo"
            return 0
        fi
    done
    refuse "no folder takes this node's status channel (a FIFO): neither TMPDIR (${TMPDIR:-/tmp}), /dev/shm, /tmp nor $TRAINDECK_CONFIG_DIR is writable; set TMPDIR to a writable folder"
}
