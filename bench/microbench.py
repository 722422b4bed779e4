"""The two ceilings the benchmark figures are read against, measured on the same card:

  python3 bench/microbench.py matmul
      bf16 8192^3 matrix product on random data (median of 20, CUDA events): TFLOP/s.
  torchrun --standalone --nproc_per_node N bench/microbench.py allreduce --elements E [E ...]
      torch.distributed (NCCL) fp32 all-reduce of E elements, median of 20 after 5
      warm-ups, reported as nccl-tests does: algbw = bytes/time, busbw = algbw*2(n-1)/n.
"""
import argparse
import os

import torch


def matmul():
    n = 8192
    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    for _ in range(3):
        a @ b
    times = []
    for _ in range(20):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        a @ b
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e) / 1e3)
    t = sorted(times)[len(times) // 2]
    print(f"MATMUL bf16 {n}^3 median_ms {t * 1e3:.3f} tflops {2 * n**3 / t / 1e12:.1f} "
          f"device {torch.cuda.get_device_name()}", flush=True)


def allreduce(elements):
    import torch.distributed as dist
    dist.init_process_group("nccl")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", rank)))
    for e in elements:
        buf = torch.zeros(e, device="cuda", dtype=torch.float32)
        times = []
        for i in range(25):
            s, t = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            dist.all_reduce(buf)
            t.record()
            t.synchronize()
            if i >= 5:
                times.append(s.elapsed_time(t) / 1e3)
        sec = sorted(times)[len(times) // 2]
        algbw = e * 4 / sec / 1e9
        if rank == 0:
            print(f"ALLREDUCE impl torch gpus {world} bytes {e * 4} time_us {sec * 1e6:.1f} "
                  f"algbw_GBps {algbw:.1f} busbw_GBps {algbw * 2 * (world - 1) / world:.1f}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["matmul", "allreduce"])
    ap.add_argument("--elements", type=int, nargs="*", default=[])
    a = ap.parse_args()
    matmul() if a.what == "matmul" else allreduce(a.elements)
