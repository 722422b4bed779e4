"""The workload a run trains, as the start event says it (metrics-protocol.md):
tokens_per_sample, activation_checkpointing (none / selective / full), zero_stage,
fsdp (none / full_shard / shard_grad_op / hybrid_shard), params and model_type.
TrainDeck keeps them with the run's measured speed, so that `traindeck plan
--calibrate-from` fits its model at the shape the run really had.

The frameworks say these things in their own words (a bool, an enum, a list of
options, a DeepSpeed config); the functions here read them from plain attributes,
so they import no framework and are tested without one.
"""

CHECKPOINTING = ("none", "selective", "full")
FSDP = ("none", "full_shard", "shard_grad_op", "hybrid_shard")

# Sharding strategies by the names torch, transformers and accelerate give them.
_FSDP_NAMES = {
    "full_shard": "full_shard", "shard_grad_op": "shard_grad_op", "hybrid_shard": "hybrid_shard",
    "_hybrid_shard_zero2": "hybrid_shard", "hybrid_shard_zero2": "hybrid_shard", "no_shard": "none", "none": "none",
}
# accelerate's fsdp_sharding_strategy as a number (FSDP's ShardingStrategy values).
_FSDP_NUMBERS = {1: "full_shard", 2: "shard_grad_op", 3: "none", 4: "hybrid_shard", 5: "hybrid_shard"}


def checkpointing(value):
    """none / selective / full from a bool (True: every block recomputed), a name, or None (not said)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "full" if value else "none"
    text = str(value).strip().lower()
    if text in CHECKPOINTING:
        return text
    raise ValueError(f"activation_checkpointing: expected one of {', '.join(CHECKPOINTING)}, got {value!r}")


def fsdp(value):
    """none / full_shard / shard_grad_op / hybrid_shard from what a framework holds: a name
    ("full_shard auto_wrap", "FULL_SHARD"), an enum (ShardingStrategy.FULL_SHARD, FSDPOption),
    a list of options, accelerate's number; None (not said) for nothing or an empty list."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "full_shard" if value else "none"
    if isinstance(value, int):
        return _FSDP_NUMBERS.get(value)
    if isinstance(value, (list, tuple)):
        for item in value:
            found = fsdp(item)
            if found:
                return found
        return None
    name = getattr(value, "name", None) if not isinstance(value, str) else None
    text = str(name if name is not None else getattr(value, "value", value)).strip().lower()
    for word in text.replace(",", " ").split():
        word = word.split(".")[-1]
        if word in _FSDP_NAMES:
            return _FSDP_NAMES[word]
        if word.isdigit():
            return _FSDP_NUMBERS.get(int(word))
    return None


def zero_stage(config):
    """The ZeRO stage of a DeepSpeed config (a dict), or None."""
    try:
        stage = (config or {}).get("zero_optimization", {}).get("stage")
        return int(stage) if stage is not None and str(stage).lstrip("-").isdigit() else None
    except AttributeError:
        return None


def sequence_length(sample):
    """Tokens in one sample: its input_ids' length (a dict from a dataset or a batch's first row)."""
    if isinstance(sample, dict):
        sample = sample.get("input_ids", sample.get("pixel_values"))
        if sample is None:
            return None
    shape = getattr(sample, "shape", None)
    try:
        if shape is not None:
            return int(shape[-1]) if len(shape) else None
        return len(sample) if isinstance(sample, (list, tuple)) else None
    except (TypeError, ValueError):
        return None


def model_fields(model):
    """params (every parameter's elements) and the Hugging Face model_type where the model has a config."""
    out = {}
    if model is None:
        return out
    try:
        out["params"] = int(sum(p.numel() for p in model.parameters()))
    except Exception:  # noqa: BLE001 - a detail not worth stopping training for
        pass
    model_type = getattr(getattr(model, "config", None), "model_type", None)
    if isinstance(model_type, str) and model_type:
        out["model_type"] = model_type
    return out


def first_sample_length(loader):
    """The sequence length of a data loader's first sample, read from its dataset (map-style)
    without drawing a batch; None where the dataset cannot be indexed."""
    dataset = getattr(loader, "dataset", None)
    try:
        return sequence_length(dataset[0]) if dataset is not None and len(dataset) > 0 else None
    except Exception:  # noqa: BLE001 - iterable datasets, lazy loaders
        return None


def hf_fields(args, model=None, train_dataloader=None):
    """The workload of a transformers Trainer: TrainingArguments' gradient_checkpointing,
    fsdp and DeepSpeed config, the model, the first training sample's length."""
    out = model_fields(model)
    out["activation_checkpointing"] = checkpointing(bool(getattr(args, "gradient_checkpointing", False)))
    out["fsdp"] = fsdp(getattr(args, "fsdp", None)) or "none"
    ds = getattr(getattr(args, "hf_deepspeed_config", None), "config", None)
    if ds is None and isinstance(getattr(args, "deepspeed", None), dict):
        ds = args.deepspeed
    out["zero_stage"] = zero_stage(ds) if ds is not None else 0
    tokens = first_sample_length(train_dataloader)
    if tokens:
        out["tokens_per_sample"] = tokens
    return {k: v for k, v in out.items() if v is not None}


def accelerate_fields(state):
    """The workload of accelerate's AcceleratorState: its FSDP plugin's sharding, its DeepSpeed plugin's stage."""
    out = {}
    plugin = getattr(state, "fsdp_plugin", None)
    out["fsdp"] = fsdp(getattr(plugin, "sharding_strategy", None)) if plugin is not None else "none"
    ds = getattr(state, "deepspeed_plugin", None)
    out["zero_stage"] = int(getattr(ds, "zero_stage", 0) or 0) if ds is not None else 0
    if plugin is not None and getattr(plugin, "activation_checkpointing", None) is not None:
        out["activation_checkpointing"] = checkpointing(bool(plugin.activation_checkpointing))
    return {k: v for k, v in out.items() if v is not None}


def lightning_fields(strategy, module=None):
    """The workload of a Lightning Trainer's strategy (FSDPStrategy's sharding_strategy,
    DeepSpeedStrategy's config) and module (params; an inner Hugging Face model's
    gradient checkpointing and model_type)."""
    out = model_fields(module)
    inner = getattr(module, "model", None)
    if "model_type" not in out:
        out.update({k: v for k, v in model_fields(inner).items() if k == "model_type"})
    if inner is not None and getattr(inner, "is_gradient_checkpointing", None) is not None:
        out["activation_checkpointing"] = checkpointing(bool(inner.is_gradient_checkpointing))
    name = type(strategy).__name__ if strategy is not None else ""
    out["fsdp"] = (fsdp(getattr(strategy, "sharding_strategy", None)) or "full_shard") if "FSDP" in name else "none"
    config = getattr(strategy, "config", None) if "DeepSpeed" in name else None
    out["zero_stage"] = zero_stage(config) if isinstance(config, dict) else 0
    return {k: v for k, v in out.items() if v is not None}


def normalise(fields):
    """The start event's workload keys checked and in the protocol's words (in place)."""
    if fields.get("activation_checkpointing") is not None:
        fields["activation_checkpointing"] = checkpointing(fields["activation_checkpointing"])
    if fields.get("fsdp") is not None:
        value = fsdp(fields["fsdp"])
        if value is None:
            raise ValueError(f"fsdp: expected one of {', '.join(FSDP)}, got {fields['fsdp']!r}")
        fields["fsdp"] = value
    if fields.get("zero_stage") is not None:
        stage = int(fields["zero_stage"])
        if stage not in (0, 1, 2, 3):
            raise ValueError(f"zero_stage: expected 0 to 3, got {fields['zero_stage']!r}")
        fields["zero_stage"] = stage
    for key in ("tokens_per_sample", "params"):
        if fields.get(key) is not None:
            value = float(fields[key])
            if not value > 0:
                raise ValueError(f"{key}: expected a positive number, got {fields[key]!r}")
            fields[key] = int(value) if value == int(value) else value
    return fields
