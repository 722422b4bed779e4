"""Who this process is in the job, from the variables torchrun, accelerate,
Slurm and TrainDeck's per-GPU mode set, and from torch.distributed once it is
initialised (read only when the script has imported torch)."""

import os
import socket
import sys


def _int_env(*names):
    for name in names:
        value = os.environ.get(name, "").strip()
        if value:
            try:
                return int(value)
            except ValueError:
                continue
    return None


def _dist():
    """torch.distributed when the script imported torch and initialised a process group."""
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    dist = getattr(torch, "distributed", None)
    try:
        if dist is not None and dist.is_available() and dist.is_initialized():
            return dist
    except Exception:  # noqa: BLE001 - a broken torch must not stop the training script
        return None
    return None


class Layout:
    """rank, world size, processes per node and this node's index."""

    def __init__(self):
        dist = _dist()
        self.rank = _int_env("RANK", "SLURM_PROCID")
        self.world_size = _int_env("WORLD_SIZE", "SLURM_NTASKS")
        if dist is not None:
            self.rank = dist.get_rank()
            self.world_size = dist.get_world_size()
        self.rank = self.rank or 0
        self.world_size = max(1, self.world_size or 1)
        self.local_rank = _int_env("LOCAL_RANK", "SLURM_LOCALID") or 0
        local = _int_env("LOCAL_WORLD_SIZE", "SLURM_NTASKS_PER_NODE")
        self.local_world_size = max(1, min(local or self.world_size, self.world_size))
        node = _int_env("GROUP_RANK", "NODE_RANK", "SLURM_NODEID")
        self.node = node if node is not None else self.rank // self.local_world_size
        self.nodes = max(1, self.world_size // self.local_world_size)
        self.host = socket.gethostname()
        self.backend = None
        if dist is not None:
            try:
                self.backend = str(dist.get_backend())
            except Exception:  # noqa: BLE001
                self.backend = None

    @property
    def is_main(self):
        return self.rank == 0
