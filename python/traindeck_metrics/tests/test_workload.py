"""The start event's workload (metrics-protocol.md): what start() writes, and what the
adapters read from their framework, with stand-ins shaped as the frameworks' objects
(the frameworks themselves are not installed in CI)."""

import enum
import os
import sys
import types
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from traindeck_metrics import _workload  # noqa: E402

from _support import events, run_script  # noqa: E402
from test_protocol import reporter  # noqa: E402

NS = types.SimpleNamespace


class Tensor:
    """What the helpers read of a tensor: numel() and shape."""

    def __init__(self, *shape):
        self.shape = shape

    def numel(self):
        n = 1
        for d in self.shape:
            n *= d
        return n


class Model:
    def __init__(self, model_type=None, checkpointing=None):
        self.config = NS(model_type=model_type) if model_type else None
        self.is_gradient_checkpointing = checkpointing

    def parameters(self):
        return [Tensor(64, 32), Tensor(32)]


class ShardingStrategy(enum.Enum):  # as torch.distributed.fsdp's
    FULL_SHARD = 1
    SHARD_GRAD_OP = 2
    NO_SHARD = 3
    HYBRID_SHARD = 4


class StartEventTest(unittest.TestCase):
    def test_start_writes_the_workload_in_the_protocols_words(self):
        rep, writer, _ = reporter()
        rep.start(micro_batch=8, tokens_per_sample=1024.0, activation_checkpointing=True, zero_stage="3",
                  fsdp="FULL_SHARD", params=124439808, model_type="gpt2")
        start = writer.events()[0]
        self.assertEqual(start["tokens_per_sample"], 1024)
        self.assertEqual(start["activation_checkpointing"], "full")
        self.assertEqual(start["zero_stage"], 3)
        self.assertEqual(start["fsdp"], "full_shard")
        self.assertEqual(start["params"], 124439808)
        self.assertEqual(start["model_type"], "gpt2")

    def test_unsaid_workload_is_left_out(self):
        rep, writer, _ = reporter()
        rep.start(micro_batch=8)
        start = writer.events()[0]
        for key in ("tokens_per_sample", "activation_checkpointing", "zero_stage", "fsdp", "params"):
            self.assertNotIn(key, start)

    def test_a_wrong_value_is_refused_by_name(self):
        for fields, key in (({"activation_checkpointing": "some"}, "activation_checkpointing"),
                            ({"fsdp": "half"}, "fsdp"), ({"zero_stage": 4}, "zero_stage"),
                            ({"tokens_per_sample": 0}, "tokens_per_sample")):
            rep, _, _ = reporter()
            with self.assertRaisesRegex(ValueError, key):
                rep.start(**fields)

    def test_module_start_takes_the_keywords(self):
        code, out, err = run_script(
            "import traindeck_metrics as td\n"
            "td.start(micro_batch=4, tokens_per_sample=256, activation_checkpointing='selective', fsdp='none',"
            " zero_stage=0, params=1000, model_type='llama')\n")
        self.assertEqual(code, 0, err)
        start = events(out)[0]
        self.assertEqual((start["tokens_per_sample"], start["activation_checkpointing"], start["fsdp"],
                          start["zero_stage"], start["params"], start["model_type"]),
                         (256, "selective", "none", 0, 1000, "llama"))


class FrameworkFieldsTest(unittest.TestCase):
    def test_fsdp_in_each_frameworks_words(self):
        self.assertEqual(_workload.fsdp("full_shard auto_wrap"), "full_shard")
        self.assertEqual(_workload.fsdp([NS(name="SHARD_GRAD_OP", value="shard_grad_op")]), "shard_grad_op")
        self.assertEqual(_workload.fsdp(ShardingStrategy.HYBRID_SHARD), "hybrid_shard")
        self.assertEqual(_workload.fsdp(ShardingStrategy.NO_SHARD), "none")
        self.assertEqual(_workload.fsdp(2), "shard_grad_op")  # accelerate's fsdp_sharding_strategy: 2
        self.assertIsNone(_workload.fsdp([]))
        self.assertIsNone(_workload.fsdp(""))

    def test_transformers_trainer(self):
        args = NS(gradient_checkpointing=True, fsdp="full_shard auto_wrap", hf_deepspeed_config=None, deepspeed=None)
        loader = NS(dataset=[{"input_ids": Tensor(512), "labels": Tensor(512)}])
        fields = _workload.hf_fields(args, Model("llama"), loader)
        self.assertEqual(fields, {"params": 64 * 32 + 32, "model_type": "llama", "activation_checkpointing": "full",
                                  "fsdp": "full_shard", "zero_stage": 0, "tokens_per_sample": 512})
        deepspeed = NS(gradient_checkpointing=False, fsdp=[], hf_deepspeed_config=NS(config={"zero_optimization": {"stage": 2}}))
        fields = _workload.hf_fields(deepspeed, Model(), None)
        self.assertEqual((fields["zero_stage"], fields["fsdp"], fields["activation_checkpointing"]), (2, "none", "none"))
        self.assertNotIn("tokens_per_sample", fields)  # no dataset to read a sample from: not said
        self.assertNotIn("model_type", fields)

    def test_accelerate_state(self):
        state = NS(fsdp_plugin=NS(sharding_strategy=ShardingStrategy.SHARD_GRAD_OP, activation_checkpointing=True),
                   deepspeed_plugin=None)
        self.assertEqual(_workload.accelerate_fields(state),
                         {"fsdp": "shard_grad_op", "zero_stage": 0, "activation_checkpointing": "full"})
        state = NS(fsdp_plugin=None, deepspeed_plugin=NS(zero_stage=3))
        self.assertEqual(_workload.accelerate_fields(state), {"fsdp": "none", "zero_stage": 3})

    def test_lightning_strategy(self):
        FSDPStrategy = type("FSDPStrategy", (), {})
        strategy = FSDPStrategy()
        strategy.sharding_strategy = ShardingStrategy.FULL_SHARD
        module = NS(parameters=Model().parameters, model=Model("gpt2", checkpointing=True))
        fields = _workload.lightning_fields(strategy, module)
        self.assertEqual(fields, {"params": 64 * 32 + 32, "model_type": "gpt2", "activation_checkpointing": "full",
                                  "fsdp": "full_shard", "zero_stage": 0})
        DeepSpeedStrategy = type("DeepSpeedStrategy", (), {})
        ds = DeepSpeedStrategy()
        ds.config = {"zero_optimization": {"stage": 3}}
        self.assertEqual(_workload.lightning_fields(ds, None), {"fsdp": "none", "zero_stage": 3})


if __name__ == "__main__":
    unittest.main()
