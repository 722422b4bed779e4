"""Runs small scripts in a child Python with the package importable and reads
the metrics lines they wrote."""

import json
import os
import subprocess
import sys
import tempfile

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def child_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("TRAINDECK_METRICS_FILE", "RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE", "LOCAL_RANK",
                        "GROUP_RANK", "NODE_RANK", "SLURM_PROCID", "SLURM_NTASKS", "SLURM_NODEID",
                        "SLURM_LOCALID", "SLURM_NTASKS_PER_NODE")}
    env["PYTHONPATH"] = PACKAGE_ROOT + os.pathsep + env.get("PYTHONPATH", "")
    env.update({k: str(v) for k, v in extra.items()})
    return env


def run_script(source, timeout=60, **env):
    """(returncode, stdout, stderr) of `python -c source`."""
    proc = subprocess.run([sys.executable, "-c", source], env=child_env(**env), capture_output=True, text=True,
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def events(text):
    """The protocol objects among the lines (other lines skipped, as readers do)."""
    out = []
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict) and obj.get("v") == 1:
            out.append(obj)
    return out


def strict_events(text):
    """Every line must be a protocol object; JSON's NaN/Infinity tokens are refused."""
    def refuse(token):
        raise AssertionError(f"non-standard JSON token {token}")
    out = []
    for line in text.splitlines():
        obj = json.loads(line, parse_constant=refuse)
        assert isinstance(obj, dict) and obj["v"] == 1 and "event" in obj and "time" in obj, line
        out.append(obj)
    return out


class TempDir:
    def __enter__(self):
        self._dir = tempfile.TemporaryDirectory(prefix="traindeck-metrics-test-")
        return self._dir.name

    def __exit__(self, *exc):
        self._dir.cleanup()
