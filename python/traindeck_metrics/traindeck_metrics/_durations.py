"""What an evaluation or a checkpoint write took, as the protocol's `eval` (`samples`,
`seconds`) and `checkpoint` (`bytes`, `seconds`) events carry it: TrainDeck's
calibration learns the run's evaluation speed and checkpoint write speed from them
(docs/metrics-protocol.md). Standard library only."""

import os
import time as _time


def path_bytes(path):
    """The bytes a checkpoint holds: a file's size, or the sum over a folder's files;
    None when the path is not there."""
    if path is None:
        return None
    path = os.fspath(path)
    try:
        if os.path.isfile(path):
            return os.path.getsize(path)
        if os.path.isdir(path):
            total = 0
            for folder, _, files in os.walk(path):
                for name in files:
                    try:
                        total += os.path.getsize(os.path.join(folder, name))
                    except OSError:
                        pass
            return total
    except OSError:
        pass
    return None


def eval_fields(scalars):
    """The protocol's `seconds` and `samples` of an evaluation out of the names frameworks
    give them: Hugging Face's `runtime` and `samples_per_second` (after its `eval_`
    prefix). The other scalars are left as they are."""
    out = dict(scalars)
    runtime = out.pop("runtime", None)
    per_second = out.pop("samples_per_second", None)
    out.pop("steps_per_second", None)  # the same figure per batch: samples say it
    if out.get("seconds") is None and isinstance(runtime, (int, float)):
        out["seconds"] = float(runtime)
    seconds = out.get("seconds")
    if out.get("samples") is None and isinstance(per_second, (int, float)) and isinstance(seconds, (int, float)):
        out["samples"] = int(round(per_second * seconds))
    return out


# The clock durations are measured on (a test sets its own).
clock = _time.monotonic


class Stopwatch:
    """Seconds since it was started, on `clock`."""

    def __init__(self):
        self._clock = clock
        self._began = None

    def start(self):
        self._began = self._clock()

    def stop(self):
        """The seconds since start, and stopped; None when it was not running."""
        if self._began is None:
            return None
        seconds = self._clock() - self._began
        self._began = None
        return max(0.0, seconds)
