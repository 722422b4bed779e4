"""`end` on every way a script stops, without taking SIGTERM from its framework."""

import os
import signal
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _support import TempDir, child_env, events, run_script  # noqa: E402


def ends(text):
    return [e for e in events(text) if e["event"] == "end"]


class LifecycleTest(unittest.TestCase):
    def test_normal_exit_is_completed(self):
        code, out, err = run_script("import traindeck_metrics as td; td.start(); td.log(3, loss=1)")
        self.assertEqual(code, 0, err)
        self.assertEqual([(e["status"], e["step"]) for e in ends(out)], [("completed", 3)])

    def test_explicit_end_is_not_repeated_at_exit(self):
        code, out, err = run_script("import traindeck_metrics as td; td.log(1, loss=1); td.end('interrupted')")
        self.assertEqual([e["status"] for e in ends(out)], ["interrupted"], err)

    def test_uncaught_exception_is_failed_and_still_reported_by_python(self):
        code, out, err = run_script("import traindeck_metrics as td; td.log(2, loss=1); raise ValueError('bad data')")
        self.assertEqual(code, 1)
        self.assertIn("ValueError: bad data", err)  # the previous excepthook still prints the traceback
        evs = events(out)
        error = [e for e in evs if e["event"] == "error"]
        self.assertEqual([(e["kind"], e["message"], e["rank"]) for e in error], [("exception", "ValueError: bad data", 0)])
        self.assertEqual([e["status"] for e in ends(out)], ["failed"])

    def test_other_rank_failing_writes_its_error_only(self):
        code, out, err = run_script("import traindeck_metrics as td; td.log(2, loss=1); raise RuntimeError('x')",
                                    RANK=1, WORLD_SIZE=2)
        self.assertEqual(code, 1)
        self.assertEqual([e["event"] for e in events(out)], ["rank", "error"])

    def _sigterm(self, source):
        """Runs source until it prints 'ready', sends SIGTERM, returns (returncode, stdout)."""
        proc = subprocess.Popen([sys.executable, "-u", "-c", source], env=child_env(), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if line.strip() == "ready":
                break
        proc.send_signal(signal.SIGTERM)
        rest, err = proc.communicate(timeout=30)
        return proc.returncode, "".join(lines) + rest, err

    def test_sigterm_is_interrupted_then_the_usual_death(self):
        code, out, err = self._sigterm("import time, traindeck_metrics as td\n"
                                       "td.log(5, loss=1); print('ready', flush=True)\n"
                                       "time.sleep(30)\n")
        self.assertEqual(code, -signal.SIGTERM, err)  # died of the signal, as without us
        self.assertEqual([(e["status"], e["step"]) for e in ends(out)], [("interrupted", 5)])

    def test_sigterm_handler_installed_before_is_called_after_ours(self):
        code, out, err = self._sigterm(
            "import signal, sys, time\n"
            "def mine(signum, frame):\n"
            "    print('framework handler', flush=True); sys.exit(7)\n"
            "signal.signal(signal.SIGTERM, mine)\n"
            "import traindeck_metrics as td\n"
            "td.log(1, loss=1); print('ready', flush=True)\n"
            "time.sleep(30)\n")
        self.assertEqual(code, 7, err)
        self.assertIn("framework handler", out)
        self.assertEqual([e["status"] for e in ends(out)], ["interrupted"])
        self.assertLess(out.index('"status":"interrupted"'), out.index("framework handler"))

    def test_sigterm_handler_installed_after_is_left_in_place(self):
        code, out, err = self._sigterm(
            "import signal, sys, time, traindeck_metrics as td\n"
            "td.log(1, loss=1)\n"
            "def mine(signum, frame):\n"
            "    print('framework handler', flush=True); sys.exit(0)\n"
            "signal.signal(signal.SIGTERM, mine)\n"
            "print('ready', flush=True)\n"
            "time.sleep(30)\n")
        self.assertEqual(code, 0, err)
        self.assertIn("framework handler", out)
        self.assertEqual([e["status"] for e in ends(out)], ["completed"])  # its own clean exit

    def test_ignored_sigterm_stays_ignored(self):
        proc = subprocess.Popen([sys.executable, "-u", "-c",
                                 "import signal, time, traindeck_metrics as td\n"
                                 "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                                 "td.log(1, loss=1); print('ready', flush=True)\n"
                                 "time.sleep(1.5)\n"],
                                env=child_env(), stdout=subprocess.PIPE, text=True)
        self.assertEqual(proc.stdout.readline().strip()[:1], "{")
        while proc.stdout.readline().strip() != "ready":
            pass
        proc.send_signal(signal.SIGTERM)
        time.sleep(0.2)
        out, _ = proc.communicate(timeout=30)
        self.assertEqual(proc.returncode, 0)
        self.assertEqual([e["status"] for e in ends(out)], ["completed"])

    def test_end_reaches_the_file(self):
        with TempDir() as d:
            path = os.path.join(d, "m.jsonl")
            code, _, err = run_script("import traindeck_metrics as td; td.log(0, loss=1); raise SystemExit(0)",
                                      TRAINDECK_METRICS_FILE=path)
            self.assertEqual(code, 0, err)
            with open(path) as f:
                self.assertEqual([e["status"] for e in ends(f.read())], ["completed"])


if __name__ == "__main__":
    unittest.main()
