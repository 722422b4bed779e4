#include "plan/hardware.h"

#include <algorithm>
#include <cctype>

namespace traindeck {

// Vendor datasheet figures: dense (not sparse) bf16 peak; NVLink per GPU, one
// direction (NVIDIA quotes the bidirectional sum: 900 GB/s for H100 SXM); HBM
// bandwidth; fp32 peak without tensor cores. Memory in GiB as the driver shows it,
// rounded down (nvidia-smi's total: 81559 MiB on an H100 80GB and 143771 MiB on an
// H200, both seen on the lent machines, bench/RESULTS.md; 81920 MiB on the A100 and
// A800 80GB; 46068 MiB on an L40S with ECC), not the marketing GB of the name.
// What the lent H200s reach of these (bench/RESULTS.md, 2026-11-27): an 8192³ bf16 product at
// 792–804 of 989 TFLOP/s, a device copy at 4.25–4.28 TB/s (read + write) of 4.8, NCCL's
// all-reduce at 327 (2 GPUs) and 354 GB/s (4) of NVLink's 450; the estimate's efficiencies
// (MFU, estimate.cpp's bandwidth and NVLink shares) stand between the datasheet and the step.
const std::vector<GpuModel>& gpuCatalogue() {
    static const std::vector<GpuModel> gpus = {
        {"h100", "NVIDIA H100 SXM 80GB", 79.6, 989, 450, 8, 3350, 67},  // 80 GB nominal, 79.6 GiB shown
        {"h200", "NVIDIA H200 141GB", 140, 989, 450, 8, 4800, 67},  // 141 GB nominal, 140 GiB shown
        {"a800", "NVIDIA A800 SXM 80GB", 80, 312, 200, 8, 2039, 19.5},
        {"a100", "NVIDIA A100 SXM 80GB", 80, 312, 300, 8, 2039, 19.5},
        {"l40s", "NVIDIA L40S 48GB", 45, 362, 32, 8, 864, 91.6},  // no NVLink: PCIe Gen4 x16; 45 GiB shown with ECC
        // Priced by the clouds' catalogues (resources/prices.yaml); datasheet figures, none measured here.
        {"a100-40gb", "NVIDIA A100 SXM 40GB", 40, 312, 300, 8, 1555, 19.5},
        {"b200", "NVIDIA B200 180GB", 179, 2250, 900, 8, 8000, 75},  // HGX B200: 8 TB/s HBM3e, NVLink 5 (1.8 TB/s both ways)
        {"gh200", "NVIDIA GH200 96GB", 95, 989, 450, 1, 4000, 67},   // one Hopper GPU per Grace superchip and node
        {"mi300x", "AMD Instinct MI300X 192GB", 191, 1307, 448, 8, 5300, 163.4},  // Infinity Fabric: 7 × 64 GB/s
    };
    return gpus;
}

const std::vector<NetworkModel>& networkCatalogue() {
    static const std::vector<NetworkModel> networks = {
        // Overlap and latency per collective phase: RDMA fabrics keep the CPU out of the
        // path (tens of µs per phase across nodes); TCP adds the kernel's stack and
        // copies, which also take more from the compute they overlap.
        {"ib-8x400", "InfiniBand 8×400 Gb/s", 3200, 0.8, 50e-6},
        {"ib-4x400", "InfiniBand 4×400 Gb/s", 1600, 0.8, 50e-6},
        {"ib-8x200", "InfiniBand 8×200 Gb/s", 1600, 0.8, 50e-6},
        {"roce-8x400", "RoCE 8×400 Gb/s", 3200, 0.75, 70e-6},
        {"roce-2x200", "RoCE 2×200 Gb/s", 400, 0.75, 70e-6},
        {"eth-100", "Ethernet 100 Gb/s", 100, 0.6, 200e-6},
        {"eth-25", "Ethernet 25 Gb/s", 25, 0.6, 200e-6},
    };
    return networks;
}

const GpuModel* findGpu(std::string_view key) {
    const auto& c = gpuCatalogue();
    auto it = std::find_if(c.begin(), c.end(), [&](const GpuModel& g) { return g.key == key; });
    return it == c.end() ? nullptr : &*it;
}

const GpuModel* findGpuByDeviceName(std::string_view device) {
    std::string words;  // the name in lower case, every other character a word break
    for (char ch : device)
        words += std::isalnum(static_cast<unsigned char>(ch)) ? char(std::tolower(static_cast<unsigned char>(ch))) : ' ';
    words = ' ' + words + ' ';
    for (const GpuModel& g : gpuCatalogue())
        if (words.find(' ' + g.key + ' ') != std::string::npos)
            return &g;
    return nullptr;
}

const NetworkModel* findNetwork(std::string_view key) {
    const auto& c = networkCatalogue();
    auto it = std::find_if(c.begin(), c.end(), [&](const NetworkModel& n) { return n.key == key; });
    return it == c.end() ? nullptr : &*it;
}

}  // namespace traindeck
