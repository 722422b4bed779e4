#include "generate/ml_configs.h"

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

std::string accelerateConfig(const Plan& plan, const LaunchFigures& f) {
    const Recipe& r = plan.recipe;
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "compute_environment" << YAML::Value << "LOCAL_MACHINE";
    // DeepSpeed even at ZeRO stage 0: the deepspeed_config block then carries the
    // accumulation and clipping, the same numbers as deepspeed.json.
    // ZeRO stage 0 is plain data parallel (the plan's meaning of stage 0):
    // accelerate's MULTI_GPU, which needs no DeepSpeed installed. Otherwise
    // DeepSpeed, with the same numbers as deepspeed.json.
    const bool deepSpeed = r.zeroStage > 0;
    out << YAML::Key << "distributed_type" << YAML::Value << (deepSpeed ? "DEEPSPEED" : "MULTI_GPU");
    if (deepSpeed) {
        out << YAML::Key << "deepspeed_config" << YAML::Value << YAML::BeginMap;
        // accelerate's own multi-node launch: it runs torchrun-style on each node
        // with --machine_rank/--main_process_ip, so no pdsh or hostfile is needed.
        out << YAML::Key << "deepspeed_multinode_launcher" << YAML::Value << "standard";
        out << YAML::Key << "gradient_accumulation_steps" << YAML::Value << f.gradAccum;
        out << YAML::Key << "gradient_clipping" << YAML::Value << 1.0;
        out << YAML::Key << "offload_optimizer_device" << YAML::Value << (r.offloadOptimizer ? "cpu" : "none");
        out << YAML::Key << "offload_param_device" << YAML::Value << "none";
        out << YAML::Key << "zero3_init_flag" << YAML::Value << (r.zeroStage == 3);
        if (r.zeroStage == 3) out << YAML::Key << "zero3_save_16bit_model" << YAML::Value << true;
        out << YAML::Key << "zero_stage" << YAML::Value << r.zeroStage;
        out << YAML::EndMap;
    }
    out << YAML::Key << "downcast_bf16" << YAML::Value << YAML::SingleQuoted << "no";
    // Every node overrides these two on its command line
    // (--machine_rank {node_rank} --main_process_ip {master_addr}); the file holds node 0's rank.
    out << YAML::Key << "machine_rank" << YAML::Value << 0;
    out << YAML::Key << "main_process_port" << YAML::Value << plan.launch.masterPort;
    out << YAML::Key << "main_training_function" << YAML::Value << "main";
    out << YAML::Key << "mixed_precision" << YAML::Value << YAML::SingleQuoted << mixedPrecision(r.precision);
    out << YAML::Key << "num_machines" << YAML::Value << f.nodes;
    out << YAML::Key << "num_processes" << YAML::Value << f.worldSize;
    out << YAML::Key << "rdzv_backend" << YAML::Value << "static";
    out << YAML::Key << "same_network" << YAML::Value << true;
    out << YAML::Key << "use_cpu" << YAML::Value << false;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

}  // namespace traindeck::generate
