#!/usr/bin/python3
"""TensorBoard's way of reading an event file, in Python with Debian 12's protobuf,
beside traindeck's reader on the same file in the same call (bench/RESULTS.md, "Watch").

python3-tensorboard is not in Debian 12, so this follows the steps of TensorBoard's
TensorFlow-free reader (tensorboard.compat.tensorflow_stub's PyRecordReader, then
EventAccumulator's scalar handling): TFRecord framing, the masked CRC-32C of each
length and record computed in Python (as that reader does), Event.FromString with
python3-protobuf (its C++ backend here), and every scalar kept. A second pass skips
the CRCs: a lower bound for any Python reader that checks nothing.

Usage: tfevents_reference.py WATCH_BENCH; prints one JSON object. WATCH_BENCH writes
the synthetic file (100k steps x 4 tags, SummaryWriter's layout) and reads it first."""

import json
import os
import struct
import subprocess
import sys
import tempfile
import time

bench = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
proto = os.path.join(here, "..", "..", "core", "metrics", "tfevents.proto")
work = tempfile.mkdtemp(prefix="tfevents_reference.")
subprocess.run(["protoc", "-I", os.path.dirname(proto), "--python_out", work, proto], check=True)
sys.path.insert(0, work)
import tfevents_pb2  # noqa: E402
from google.protobuf.internal import api_implementation  # noqa: E402

path = os.path.join(work, "events.out.tfevents.0.bench")
env = dict(os.environ, WATCH_BENCH_EVENTS=path)
r = subprocess.run([bench, path], capture_output=True, text=True, env=env, timeout=600, check=True)
result = {"watch_bench": json.loads(r.stdout), "protobuf_backend": api_implementation.Type()}

# CRC-32C (Castagnoli), table-driven, as TensorBoard's Python fallback computes it.
TABLE = []
for i in range(256):
    c = i
    for _ in range(8):
        c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
    TABLE.append(c)


def masked_crc32c(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc = TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
    crc ^= 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def read(check):
    scalars = {}
    with open(path, "rb") as f:
        data = f.read()
    at = 0
    while at + 12 <= len(data):
        header = data[at:at + 8]
        (length,) = struct.unpack("<Q", header)
        (lcrc,) = struct.unpack("<I", data[at + 8:at + 12])
        record = data[at + 12:at + 12 + length]
        (dcrc,) = struct.unpack("<I", data[at + 12 + length:at + 16 + length])
        at += 16 + length
        if check and (masked_crc32c(header) != lcrc or masked_crc32c(record) != dcrc):
            raise ValueError("CRC mismatch")
        event = tfevents_pb2.Event.FromString(record)
        for v in event.summary.value:
            scalars.setdefault(v.tag, []).append((event.wall_time, event.step, v.simple_value))
    return sum(len(v) for v in scalars.values())


size = os.path.getsize(path)
result["file_bytes"] = size
for name, check in [("python_crc_protobuf", True), ("python_no_crc_protobuf", False)]:
    t0 = time.perf_counter()
    points = read(check)
    seconds = time.perf_counter() - t0
    result[name] = {"seconds": round(seconds, 3), "mb_per_s": round(size / seconds / 1e6, 2), "points": points}
os.remove(path)
print(json.dumps(result, indent=1))
