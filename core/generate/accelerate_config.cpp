#include "generate/ml_configs.h"
#include "generate/workload.h"

#include <yaml-cpp/yaml.h>

namespace traindeck::generate {

namespace {

const char* mixedPrecision(Precision p) {
    switch (p) {
    case Precision::Bf16: return "bf16";
    case Precision::Fp16: return "fp16";
    case Precision::Fp32: return "no";
    }
    return "no";
}

}  // namespace

std::string accelerateConfig(const Plan& plan, const LaunchFigures& f, const std::string& comments) {
    const Recipe& r = plan.recipe;
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "compute_environment" << YAML::Value << "LOCAL_MACHINE";
    // ZeRO stage 0 is plain data parallel (the plan's meaning of stage 0):
    // accelerate's MULTI_GPU, which needs no DeepSpeed installed. Otherwise
    // DeepSpeed, configured by deepspeed.json itself.
    const bool deepSpeed = r.zeroStage > 0;
    out << YAML::Key << "distributed_type" << YAML::Value << (deepSpeed ? "DEEPSPEED" : "MULTI_GPU");
    if (deepSpeed) {
        out << YAML::Key << "deepspeed_config" << YAML::Value << YAML::BeginMap;
        // The DeepSpeed settings (optimizer, scheduler, overlap_comm, precision,
        // accumulation, clipping) live in deepspeed.json alone: accelerate applies
        // a config file whole, and refuses to start when the accelerate config
        // repeats one of its keys (gradient_accumulation_steps, gradient_clipping,
        // zero_stage, offload_*_device, zero3_save_16bit_model, mixed_precision).
        // The path is relative to where accelerate runs; the generated launch
        // ({accelerate_args}) passes the absolute one with --deepspeed_config_file.
        out << YAML::Key << "deepspeed_config_file" << YAML::Value << kDeepSpeedFile;
        // accelerate's own multi-node launch: it runs torchrun-style on each node
        // with --machine_rank/--main_process_ip, so no pdsh or hostfile is needed.
        out << YAML::Key << "deepspeed_multinode_launcher" << YAML::Value << "standard";
        out << YAML::Key << "zero3_init_flag" << YAML::Value << (r.zeroStage == 3);
        out << YAML::EndMap;
    }
    out << YAML::Key << "downcast_bf16" << YAML::Value << YAML::SingleQuoted << "no";
    // Every node overrides these two on its command line
    // (--machine_rank {node_rank} --main_process_ip {master_addr}); the file holds node 0's rank.
    out << YAML::Key << "machine_rank" << YAML::Value << 0;
    out << YAML::Key << "main_process_port" << YAML::Value << plan.launch.masterPort;
    out << YAML::Key << "main_training_function" << YAML::Value << "main";
    // With DeepSpeed the precision is deepspeed.json's (bf16/fp16.enabled).
    if (!deepSpeed)
        out << YAML::Key << "mixed_precision" << YAML::Value << YAML::SingleQuoted << mixedPrecision(r.precision);
    out << YAML::Key << "num_machines" << YAML::Value << f.nodes;
    out << YAML::Key << "num_processes" << YAML::Value << f.worldSize;
    out << YAML::Key << "rdzv_backend" << YAML::Value << "static";
    out << YAML::Key << "same_network" << YAML::Value << true;
    out << YAML::Key << "use_cpu" << YAML::Value << false;
    out << YAML::EndMap;
    return comments + std::string(out.c_str()) + "\n";
}

}  // namespace traindeck::generate
