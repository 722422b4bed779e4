"""An independent, deliberately plain reimplementation of the reference workload
(docs/trainer-workload.md) in double-precision Python, written from the
workload file rather than from the C++: waves clips, tae-mlp, MSE, global-norm clip,
AdamW and the warmup + cosine schedule. It is slow (pure Python) and meant for a
handful of tokens; the e2e test compares the trainer's losses with it.

Only the weight initialisation's random stream is the trainer's own choice (the
workload fixes the distribution, not the generator); it is restated here from
trainer/math/model.h."""

import math

MASK = (1 << 64) - 1


def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def u(seed, s, k):
    return (splitmix64(seed ^ splitmix64((s * 64 + k) & MASK)) >> 11) * 2.0 ** -53


def clip_tokens(seed, s, F, H, W, P=8):
    """One clip as tokens (t, patch row, patch column), each (c, dy, dx)."""
    waves = []
    for c in range(3):
        for j in range(3):
            b = (3 * c + j) * 4
            waves.append((2 * math.pi * (-4 + 8 * u(seed, s, b)), 2 * math.pi * (-4 + 8 * u(seed, s, b + 1)),
                          2 * math.pi * (-1 + 2 * u(seed, s, b + 2)), 2 * math.pi * u(seed, s, b + 3)))

    def pixel(c, t, y, x):
        total = 0.0
        for j in range(3):
            kx, ky, kt, phi = waves[3 * c + j]
            total += math.sin(kx * x / W + ky * y / H + kt * t / F + phi)
        return 0.5 + total / 6

    tokens = []
    for t in range(F):
        for py in range(H // P):
            for px in range(W // P):
                tokens.append([pixel(c, t, py * P + dy, px * P + dx)
                               for c in range(3) for dy in range(P) for dx in range(P)])
    return tokens


def layer_sizes(D, L, token=192, latent=16):
    enc = [token] + [D] * L + [latent]
    dec = [latent] + [D] * L + [token]
    layers = []
    for sizes in (enc, dec):
        for k in range(len(sizes) - 1):
            layers.append((sizes[k], sizes[k + 1], k + 2 < len(sizes)))  # fan_in, fan_out, GELU after
    return layers


def init_params(layers, seed):
    """[(W as fan_in rows of fan_out, b)] with U(-1/sqrt(fan_in), 1/sqrt(fan_in))."""
    stream = splitmix64(seed ^ 0x7061726D73)
    params, j = [], 0
    for fan_in, fan_out, _ in layers:
        bound = 1 / math.sqrt(fan_in)

        def draw():
            nonlocal j
            v = (2 * ((splitmix64(stream ^ j) >> 11) * 2.0 ** -53) - 1) * bound
            j += 1
            return v
        W = [[draw() for _ in range(fan_out)] for _ in range(fan_in)]
        b = [draw() for _ in range(fan_out)]
        params.append((W, b))
    return params


C = math.sqrt(2 / math.pi)


def gelu(x):
    return 0.5 * x * (1 + math.tanh(C * (x + 0.044715 * x ** 3)))


def gelu_grad(x):
    th = math.tanh(C * (x + 0.044715 * x ** 3))
    return 0.5 * (1 + th) + 0.5 * x * (1 - th * th) * C * (1 + 3 * 0.044715 * x * x)


def loss_and_grads(layers, params, tokens):
    """MSE over all elements of the tokens and its gradient."""
    n = len(tokens) * len(tokens[0])
    grads = [([[0.0] * len(W[0]) for _ in W], [0.0] * len(b)) for W, b in params]
    total = 0.0
    for x in tokens:
        inputs, pres, h = [], [], x
        for (W, b), (_, _, act) in zip(params, layers):
            inputs.append(h)
            pre = list(b)
            for i, xi in enumerate(h):
                row = W[i]
                pre = [p + xi * w for p, w in zip(pre, row)]
            pres.append(pre)
            h = [gelu(v) for v in pre] if act else pre
        diff = [r - t for r, t in zip(h, x)]
        total += sum(d * d for d in diff)
        dh = [2 * d / n for d in diff]
        for li in range(len(params) - 1, -1, -1):
            W, _ = params[li]
            if layers[li][2]:
                dh = [g * gelu_grad(p) for g, p in zip(dh, pres[li])]
            dW, db = grads[li]
            for o, g in enumerate(dh):
                db[o] += g
            for i, xi in enumerate(inputs[li]):
                row = dW[i]
                for o, g in enumerate(dh):
                    row[o] += xi * g
            if li:
                dh = [sum(g * w for g, w in zip(dh, W[i])) for i in range(len(W))]
    return total / n, grads


def lr_at(n, peak, warmup, total):
    if n < warmup:
        return peak * (n + 1) / warmup
    span = total - 1 - warmup
    if span <= 0:
        return peak
    progress = min(max((n - warmup) / span, 0.0), 1.0)
    return 0.1 * peak + (peak - 0.1 * peak) * 0.5 * (1 + math.cos(math.pi * progress))


def train(D, L, F, H, W, batch, steps, peak, warmup, seed):
    """One rank, no accumulation: [(loss, grad_norm)] per optimizer step."""
    layers = layer_sizes(D, L)
    params = init_params(layers, seed)
    m = [([[0.0] * len(Wm[0]) for _ in Wm], [0.0] * len(b)) for Wm, b in params]
    v = [([[0.0] * len(Wm[0]) for _ in Wm], [0.0] * len(b)) for Wm, b in params]
    out = []
    for n in range(steps):
        tokens = [tok for i in range(batch) for tok in clip_tokens(seed, n * batch + i, F, H, W)]
        loss, grads = loss_and_grads(layers, params, tokens)
        norm = math.sqrt(sum(g * g for dW, db in grads for row in dW for g in row) + sum(g * g for _, db in grads for g in db))
        scale = 1.0 / norm if norm > 1.0 else 1.0
        lr, t = lr_at(n, peak, warmup, steps), n + 1

        def adam(p, g, mm, vv, decay):
            g *= scale
            mm = 0.9 * mm + 0.1 * g
            vv = 0.95 * vv + 0.05 * g * g
            update = (mm / (1 - 0.9 ** t)) / (math.sqrt(vv / (1 - 0.95 ** t)) + 1e-8)
            return p - lr * update - (lr * 0.01 * p if decay else 0.0), mm, vv

        for li, ((Wp, bp), (dW, db), (mW, mb), (vW, vb)) in enumerate(zip(params, grads, m, v)):
            for i in range(len(Wp)):
                for o in range(len(Wp[i])):
                    Wp[i][o], mW[i][o], vW[i][o] = adam(Wp[i][o], dW[i][o], mW[i][o], vW[i][o], True)
            for o in range(len(bp)):
                bp[o], mb[o], vb[o] = adam(bp[o], db[o], mb[o], vb[o], False)
        out.append((loss, norm))
    return out
