#!/usr/bin/env python3
"""check_unity_names.py finds what a unity build of .cu files would trip over, and only
that: the fixtures in unity_names/ define kThreads, an overloaded kernel and a macro in
both files (collisions), and a struct, a string and an #undef'd macro that are not."""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
checker = sys.argv[1]
fixtures = [os.path.join(here, "unity_names", f) for f in ("first.cu", "second.cu")]
run = subprocess.run([sys.executable, checker, *fixtures], capture_output=True, text=True)
out = run.stdout
failures = []
if run.returncode != 1:
    failures.append(f"exit status {run.returncode}, expected 1")
for expected in ("name 'kThreads' is defined in 2 files", "name 'finishKernel' is defined in 2 files",
                 "macro 'TD_FIXTURE_LEAK' is defined in 2 files", "first.cu:5", "second.cu:4"):
    if expected not in out:
        failures.append(f"missing: {expected}")
for innocent in ("OnlyHere", "notAName", "TD_FIXTURE_LOCAL", "firstBlocks", "text'"):
    if innocent in out:
        failures.append(f"reported though it collides with nothing: {innocent}")
one = subprocess.run([sys.executable, checker, fixtures[0]], capture_output=True, text=True)
if one.returncode != 0:
    failures.append(f"one file alone reported a collision: {one.stdout}")
print(out)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
