"""`pip install` from a checkout gives an importable traindeck_metrics."""

import importlib.util
import os
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _support import PACKAGE_ROOT, TempDir, strict_events  # noqa: E402


@unittest.skipUnless(all(importlib.util.find_spec(m) for m in ("pip", "setuptools", "wheel")),
                     "pip, setuptools or wheel is missing (Debian: python3-pip python3-setuptools python3-wheel)")
class PipInstallTest(unittest.TestCase):
    def test_install_from_checkout(self):
        with TempDir() as d:
            # A copy: pip builds in the source folder, and the checkout stays clean.
            source = os.path.join(d, "src")
            shutil.copytree(PACKAGE_ROOT, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
            target = os.path.join(d, "site")
            proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation",
                                   "--no-deps", "--no-index", "--target", target, source],
                                  capture_output=True, text=True, timeout=300)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            dist = [n for n in os.listdir(target) if n.endswith(".dist-info")]
            self.assertEqual(dist, ["traindeck_metrics-0.1.0.dist-info"])
            env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": target,
                   "TRAINDECK_METRICS_FILE": os.path.join(d, "m.jsonl")}
            proc = subprocess.run([sys.executable, "-c", "import traindeck_metrics as td; print(td.__file__);"
                                   "td.log(0, loss=1.0)"], env=env, capture_output=True, text=True, cwd=d)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertTrue(proc.stdout.strip().startswith(target), proc.stdout)
            with open(os.path.join(d, "m.jsonl")) as f:
                self.assertEqual([e["event"] for e in strict_events(f.read())], ["start", "step", "end"])


if __name__ == "__main__":
    unittest.main()
