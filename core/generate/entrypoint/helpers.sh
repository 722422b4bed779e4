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
# file descriptor goes in channel_fd.
open_channel() {
    local fifo
    fifo=$(mktemp -u "${TMPDIR:-/tmp}/traindeck-$1.XXXXXX")
    mkfifo -m 600 "$fifo"
    exec {channel_fd}<>"$fifo"
    rm -f "$fifo"
}
