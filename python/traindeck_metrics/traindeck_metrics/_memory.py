"""This process's device and its peak memory, read from torch only when the
script has imported it (the package itself never imports torch)."""

import sys

try:
    import resource
except ImportError:  # not on every platform
    resource = None

_GIB = float(1 << 30)


def _cuda():
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    try:
        cuda = torch.cuda
        if cuda.is_available() and cuda.is_initialized():
            return cuda
    except Exception:  # noqa: BLE001 - a broken CUDA must not stop the script
        return None
    return None


def device_name():
    """The GPU's name when this process uses CUDA, else "cpu"."""
    cuda = _cuda()
    if cuda is None:
        return "cpu"
    try:
        return str(cuda.get_device_name(cuda.current_device()))
    except Exception:  # noqa: BLE001
        return "cuda"


def peak_gb():
    """Peak memory in GiB (2^30 bytes, the protocol's unit of gpu_mem_gb):
    torch.cuda.max_memory_allocated() of the current device when the process
    uses CUDA (what PyTorch itself reports; no device synchronisation), else the
    process's peak resident memory, as TrainDeck's own trainer reports it on CPUs."""
    cuda = _cuda()
    if cuda is not None:
        try:
            return cuda.max_memory_allocated() / _GIB
        except Exception:  # noqa: BLE001
            return None
    if resource is None:
        return None
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / _GIB  # ru_maxrss: KiB on Linux
