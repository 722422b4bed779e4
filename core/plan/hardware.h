#pragma once
// The catalogues of GPUs and inter-node networks the planner knows.

#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

struct GpuModel {
    std::string key;          // command-line name: "h100"
    std::string name;         // "NVIDIA H100 SXM 80GB"
    double memoryGb;          // device memory in GiB (2^30 bytes), the total nvidia-smi shows, rounded
    double bf16Tflops;        // dense bf16 peak, TFLOP/s
    double nvlinkGBps;        // NVLink bandwidth per GPU, one direction, GB/s
    int gpusPerNode;          // GPUs per node of the usual server
    double memoryGBps;        // device memory bandwidth, GB/s (the optimizer and elementwise kernels' bound)
    double fp32Tflops;        // fp32 without tensor cores, TFLOP/s (matrices autocast leaves in fp32)
};

struct NetworkModel {
    std::string key;          // "ib-8x400"
    std::string name;         // "InfiniBand 8×400 Gb/s"
    double gbitPerNode;       // total bandwidth one node sends across nodes, Gb/s
    // The communication model's constants before a calibration fits them
    // (calibration_fit.h): the share of hideable communication really hidden behind
    // compute (NCCL's kernels take SMs and memory bandwidth from the compute they
    // overlap), and the fixed cost of one collective phase across nodes.
    double overlap = 0.8;
    double collectiveLatencyS = 50e-6;
    double GBpsPerNode() const { return gbitPerNode / 8.0; }
};

const std::vector<GpuModel>& gpuCatalogue();
const std::vector<NetworkModel>& networkCatalogue();
const GpuModel* findGpu(std::string_view key);          // nullptr when unknown
const NetworkModel* findNetwork(std::string_view key);  // nullptr when unknown
// The GPU a device name names, as nvidia-smi and torch.cuda.get_device_name()
// write it ("NVIDIA H200", "NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB"): the
// catalogue's key as a word of it, case aside. nullptr when none is ("cpu").
const GpuModel* findGpuByDeviceName(std::string_view device);

}  // namespace traindeck
