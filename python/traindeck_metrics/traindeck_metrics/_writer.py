"""Where the lines go: one JSON object per line, whole and flushed.

TrainDeck's launcher sets TRAINDECK_METRICS_FILE for each node; without it the
lines go to standard output, which TrainDeck also reads (the launcher keeps each
node's output whole in the run folder). Several processes (the ranks of a node)
may append to one file: each line is one os.write() on a descriptor opened with
O_APPEND, so lines never interleave within a line.
"""

import json
import math
import os
import sys
import threading

PROTOCOL_VERSION = 1
ENV_FILE = "TRAINDECK_METRICS_FILE"


def _clean(value, key, nonfinite):
    """A JSON-safe value; a non-finite number becomes None and its key is listed."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        nonfinite.append(key)
        return None
    if isinstance(value, dict):
        return {str(k): _clean(v, key, nonfinite) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v, key, nonfinite) for v in value]
    # Tensors and numpy scalars: whatever converts to a number.
    item = getattr(value, "item", None)
    if callable(item):
        try:
            return _clean(item(), key, nonfinite)
        except (TypeError, ValueError, RuntimeError):
            pass
    try:
        return _clean(float(value), key, nonfinite)
    except (TypeError, ValueError):
        return str(value)


def encode(event, time, fields):
    """One protocol line (without the newline): v, event and time first, then the fields."""
    nonfinite = []
    obj = {"v": PROTOCOL_VERSION, "event": event, "time": time}
    for key, value in fields.items():
        if key in ("v", "event", "time", "nonfinite"):
            continue
        obj[key] = _clean(value, key, nonfinite)
    if nonfinite:
        obj["nonfinite"] = list(dict.fromkeys(nonfinite))
    return json.dumps(obj, separators=(",", ":"), allow_nan=False, ensure_ascii=False)


class Writer:
    """Writes lines to TRAINDECK_METRICS_FILE (appended) or to standard output."""

    def __init__(self, path=None):
        self._lock = threading.Lock()
        self._path = path if path is not None else os.environ.get(ENV_FILE) or None
        self._fd = None
        if self._path:
            # A missing folder is created: the launcher names a file in the run's folder.
            folder = os.path.dirname(self._path)
            if folder:
                os.makedirs(folder, exist_ok=True)
            self._fd = os.open(self._path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)

    @property
    def path(self):
        return self._path

    def write(self, line):
        data = (line + "\n").encode("utf-8")
        with self._lock:
            if self._fd is not None:
                view = memoryview(data)
                while view:  # a short write only on a full disk or a signal: finish the line
                    written = os.write(self._fd, view)
                    view = view[written:]
                return
            stream = sys.stdout
            if stream is None:
                return
            try:
                stream.write(line + "\n")
                stream.flush()
            except (OSError, ValueError):
                # A closed or broken stdout at exit must not turn a finished run into a crash.
                pass

    def close(self):
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
