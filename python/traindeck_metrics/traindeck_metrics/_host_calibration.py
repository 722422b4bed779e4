"""The training step HostMeter's calibration times: a tiny GPT of its own.

What the profiler adds to the host depends on the work a CUDA call stands for, not
only on the call: a training step's calls come with autograd, autocast's casts, cuBLAS
products, attention, the optimizer's multi-tensor launches and the runtime's small
calls, each traced by CUPTI. One-element launches cost the profiler ~6 us a call on
2xH200 where GPT-2's step cost it ~14 (bench/RESULTS.md). So the calibration times a
step with a step's op mix: embedding, layer norms, products with bias, causal softmax
attention, composed GELU, dropout, residuals and a tied output layer with cross-entropy,
forward and backward under torch.autocast (bf16, as users' AMP runs) and an AdamW step
(fused where the device allows) -- at shapes so small that the host bounds it.

It leaves the user's run as it was: its tensors are its own (made without drawing
random numbers) and dropped on exit; the RNG of the CPU and of the device, which dropout
draws from, is forked and restored; gradients are enabled and autocast entered only
inside it. Its few hundred KiB stay in PyTorch's caching allocator as free blocks
(emptying the cache would give the user's own blocks back too).

Nothing here imports torch: the meter hands it the module the script imported."""

import math

BATCH, TOKENS, WIDTH, HEADS, BLOCKS, VOCAB = 2, 32, 64, 4, 2, 256
DROPOUT = 0.1


class TrainingStep:
    """A context manager: entering builds the model and optimizer on `device` (a torch
    device string) and gives a callable, one training step; leaving frees them and
    restores the random number generators."""

    def __init__(self, torch, device="cuda"):
        self.torch, self.device = torch, torch.device(device)
        self._rng = None
        self.params = self.optimizer = self.model = self.ids = self.positions = None

    def __enter__(self):
        torch = self.torch
        cuda = self.device.type == "cuda"
        devices = [self.device.index if self.device.index is not None else torch.cuda.current_device()] if cuda else []
        self._rng = torch.random.fork_rng(devices=devices)
        self._rng.__enter__()
        try:
            self._build()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self.step

    def __exit__(self, *exc):
        self.params = self.optimizer = self.model = self.ids = self.positions = None
        rng, self._rng = self._rng, None
        if rng is not None:
            rng.__exit__(None, None, None)
        return False

    def _tensor(self, *shape, scale=0.02, value=None):
        """A parameter without the RNG: a fixed ramp over [-scale, scale] (or a constant)."""
        torch = self.torch
        count = math.prod(shape)
        if value is None:
            data = torch.linspace(-scale, scale, count, device=self.device).reshape(shape)
        else:
            data = torch.full(shape, float(value), device=self.device)
        return data.requires_grad_()

    def _build(self):
        torch, t = self.torch, self._tensor
        blocks = []
        for _ in range(BLOCKS):
            blocks.append({
                "ln1": (t(WIDTH, value=1), t(WIDTH, value=0)),
                "qkv": (t(WIDTH, 3 * WIDTH), t(3 * WIDTH, value=0)),
                "proj": (t(WIDTH, WIDTH), t(WIDTH, value=0)),
                "ln2": (t(WIDTH, value=1), t(WIDTH, value=0)),
                "fc": (t(WIDTH, 4 * WIDTH), t(4 * WIDTH, value=0)),
                "fc2": (t(4 * WIDTH, WIDTH), t(WIDTH, value=0)),
            })
        self.model = {"wte": t(VOCAB, WIDTH), "wpe": t(TOKENS, WIDTH), "blocks": blocks,
                      "ln_f": (t(WIDTH, value=1), t(WIDTH, value=0))}
        self.params = [self.model["wte"], self.model["wpe"], *self.model["ln_f"]]
        for block in blocks:
            for pair in block.values():
                self.params.extend(pair)
        self.ids = torch.arange(BATCH * TOKENS, device=self.device).remainder(VOCAB).reshape(BATCH, TOKENS)
        self.positions = torch.arange(TOKENS, device=self.device)
        self.optimizer = None
        if self.device.type == "cuda":
            try:
                self.optimizer = torch.optim.AdamW(self.params, lr=1e-4, fused=True)
            except (RuntimeError, TypeError, ValueError):  # an older torch without fused AdamW
                self.optimizer = None
        if self.optimizer is None:
            self.optimizer = torch.optim.AdamW(self.params, lr=1e-4)

    def _attention(self, q, k, v):
        F = self.torch.nn.functional
        if hasattr(F, "scaled_dot_product_attention"):
            return F.scaled_dot_product_attention(q, k, v, dropout_p=DROPOUT, is_causal=True)
        torch = self.torch  # torch 1.x: the same, written out
        scores = q.matmul(k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
        mask = torch.ones(TOKENS, TOKENS, dtype=torch.bool, device=self.device).triu(1)
        return F.dropout(scores.masked_fill(mask, float("-inf")).softmax(-1), DROPOUT).matmul(v)

    def _loss(self):
        torch, F, m = self.torch, self.torch.nn.functional, self.model

        def linear(x, pair):
            weight, bias = pair
            return torch.addmm(bias, x.reshape(-1, x.shape[-1]), weight).reshape(*x.shape[:-1], weight.shape[1])

        def gelu(x):  # GPT-2's gelu_new, composed of elementwise kernels as transformers runs it
            return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))

        h = F.dropout(F.embedding(self.ids, m["wte"]) + F.embedding(self.positions, m["wpe"]), DROPOUT)
        for block in m["blocks"]:
            a = F.layer_norm(h, (WIDTH,), *block["ln1"])
            q, k, v = linear(a, block["qkv"]).split(WIDTH, dim=2)
            q, k, v = (x.view(BATCH, TOKENS, HEADS, WIDTH // HEADS).transpose(1, 2) for x in (q, k, v))
            a = self._attention(q, k, v).transpose(1, 2).reshape(BATCH, TOKENS, WIDTH)
            h = h + F.dropout(linear(a, block["proj"]), DROPOUT)
            a = gelu(linear(F.layer_norm(h, (WIDTH,), *block["ln2"]), block["fc"]))
            h = h + F.dropout(linear(a, block["fc2"]), DROPOUT)
        h = F.layer_norm(h, (WIDTH,), *m["ln_f"])
        logits = F.linear(h, m["wte"])  # tied to the embedding, as GPT-2's head
        return F.cross_entropy(logits.float().reshape(-1, VOCAB), self.ids.reshape(-1))

    def step(self):
        """One training step: zero_grad, forward and backward under autocast, AdamW."""
        torch = self.torch
        self.optimizer.zero_grad(set_to_none=True)
        with torch.enable_grad(), torch.autocast(self.device.type, dtype=torch.bfloat16):
            loss = self._loss()
        loss.backward()
        self.optimizer.step()
        return loss
