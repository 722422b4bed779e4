"""Per-layer gradient and update norms of two runs, step by step: where two implementations
of the workload start to drift apart.

    python3 bench/compare_layers.py OURS.log TORCH.log

Both logs hold the LAYERS lines that `traindeck-cuda-train --layer-norms-until K` and
`bench/ddp_reference.py --layer-norms-until K` print: per step, each layer's weight and
bias gradient norm (before clipping), then each one's update norm. Prints, per step, the
global gradient norm of each run and the layer whose norm differs most between them
(as the ratio first/second), for gradients and for updates.
"""
import math
import sys


def read(path):
    out = {}
    for line in open(path):
        if not line.startswith("LAYERS step "):
            continue
        words = line.split()
        step = int(words[2])
        cut = words.index("update")
        out[step] = ([float(v) for v in words[4:cut]], [float(v) for v in words[cut + 1:]])
    return out


def names(count):
    # weight, bias of each linear: e0 e1 ... encoder then d0 d1 ... decoder
    half = count // 4
    layers = [f"e{i}" for i in range(half)] + [f"d{i}" for i in range(half)]
    return [f"{l}.{k}" for l in layers for k in ("w", "b")]


def worst(a, b, labels):
    best = (0.0, "", 1.0)
    for x, y, label in zip(a, b, labels):
        if x > 0 and y > 0:
            r = x / y
            if abs(math.log(r)) > abs(math.log(best[2])):
                best = (abs(math.log(r)), label, r)
    return best[1], best[2]


def main():
    first, second = read(sys.argv[1]), read(sys.argv[2])
    steps = sorted(set(first) & set(second))
    if not steps:
        print("no common LAYERS steps")
        return 1
    labels = names(len(first[steps[0]][0]))
    print("| step | grad norm, first / second | layer differing most (ratio) | update norm, first / second "
          "| layer differing most (ratio) |")
    print("|---|---|---|---|---|")
    for n in steps:
        (ga, ua), (gb, ub) = first[n], second[n]
        total = lambda v: math.sqrt(sum(x * x for x in v))
        gl, gr = worst(ga, gb, labels)
        ul, ur = worst(ua, ub, labels)
        print(f"| {n} | {total(ga):.4g} / {total(gb):.4g} | {gl} ({gr:.3f}) | {total(ua):.4g} / {total(ub):.4g} "
              f"| {ul} ({ur:.3f}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
