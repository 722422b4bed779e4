"""Reads the logs of bench/run_device.sh and prints the side-by-side table.

    python3 bench/summarize.py LOGDIR
"""
import glob
import os
import re
import sys

# Matrix FLOPs of one sample's forward+backward: 2·(in·out) per token and layer in the
# forward, twice that in the backward, minus the first layer's unneeded data gradient.
PRESETS = {"large": (4096, 4, 8, 256, 256), "small": (1024, 3, 4, 128, 128)}


def flops_per_sample(width, layers, frames, height, widthpx):
    half = lambda a, b: [a] + [width] * layers + [b]
    dims = []
    for s in (half(192, 16), half(16, 192)):
        dims += [(s[k], s[k + 1]) for k in range(len(s) - 1)]
    tokens = frames * (height // 8) * (widthpx // 8)
    per_token = sum(6 * i * o for i, o in dims) - 2 * dims[0][0] * dims[0][1]
    return per_token * tokens


def parse(path):
    out = {}
    for line in open(path, errors="replace"):
        if line.startswith("RESULT"):
            f = line.split()
            out = {f[i]: f[i + 1] for i in range(1, len(f) - 1, 2)}
    return out


def main(logdir):
    peak = None
    for line in open(os.path.join(logdir, "matmul.log"), errors="replace") if os.path.exists(os.path.join(logdir, "matmul.log")) else []:
        m = re.search(r"tflops ([\d.]+)", line)
        if m:
            peak = float(m.group(1))
    rows = []
    for work in ("large", "small"):
        w, l, fr, h, wp = PRESETS[work]
        fps = flops_per_sample(w, l, fr, h, wp)
        base1 = {}
        for gpus in (1, 2, 4):
            res = {}
            for impl in ("traindeck", "eager", "compile"):
                p = os.path.join(logdir, f"{work}_{impl}_{gpus}.log")
                if os.path.exists(p):
                    res[impl] = parse(p)
            if not res:
                continue
            ours = float(res.get("traindeck", {}).get("samples_per_s", "nan"))
            best_torch = max([float(res[k]["samples_per_s"]) for k in ("eager", "compile") if k in res and "samples_per_s" in res[k]] or [float("nan")])
            if gpus == 1:
                base1 = {k: float(v.get("samples_per_s", "nan")) for k, v in res.items()}
            eff = ours / (gpus * base1.get("traindeck", float("nan")))
            tflops = ours * fps / gpus / 1e12
            rows.append((work, gpus, ours, res.get("eager", {}).get("samples_per_s", "-"),
                         res.get("compile", {}).get("samples_per_s", "-"), ours / best_torch,
                         res.get("traindeck", {}).get("step_ms", "-"), tflops,
                         f"{100 * tflops / peak:.0f}%" if peak else "-", f"{100 * eff:.1f}%",
                         res.get("traindeck", {}).get("psnr_last", "-"),
                         "/".join(res.get(k, {}).get("psnr_last", "-") for k in ("eager", "compile"))))
    hdr = ("workload", "gpus", "traindeck samples/s", "torch eager", "torch compile", "ratio vs best",
           "step ms", "TFLOP/s per GPU", "of peak", "scaling eff", "PSNR@120 ours", "PSNR@120 torch e/c")
    print("| " + " | ".join(hdr) + " |")
    print("|" + "---|" * len(hdr))
    for r in rows:
        print("| " + " | ".join(f"{x:.2f}" if isinstance(x, float) else str(x) for x in r) + " |")
    if peak:
        print(f"\nmeasured bf16 matmul peak: {peak} TFLOP/s")
    for p in sorted(glob.glob(os.path.join(logdir, "allreduce_*.log"))):
        for line in open(p, errors="replace"):
            if line.startswith("ALLREDUCE"):
                print(line.strip())


if __name__ == "__main__":
    main(sys.argv[1])
