#include "generate/ml_configs.h"

#include "generate/generate.h"
#include "generate/workload.h"
#include "model/parameters.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"

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

// FSDP 1's sharding strategies, as the plan names them: hybrid shard is the plan's
// "shard within a node, replicate across nodes".
const char* shardingStrategy(Recipe::Fsdp f) {
    switch (f) {
    case Recipe::Fsdp::ShardGradOp: return "SHARD_GRAD_OP";
    case Recipe::Fsdp::HybridShard: return "HYBRID_SHARD";
    case Recipe::Fsdp::FullShard:
    case Recipe::Fsdp::None: break;
    }
    return "FULL_SHARD";
}

// accelerate's fsdp_config for the plan's FSDP mode. The planner's memory assumes one
// block gathered at a time with the next one prefetched (BACKWARD_PRE), fp32 sharded
// states under a 16-bit param_dtype (accelerate's mixed_precision), and full
// checkpointing when the plan has it: fsdp_activation_checkpointing is exactly that.
void emitFsdpConfig(YAML::Emitter& out, const Plan& plan) {
    out << YAML::Key << "fsdp_config" << YAML::Value << YAML::BeginMap;
    // FSDP 1: its sharding strategies hold all three of the plan's modes (FSDP 2 has no hybrid shard here).
    out << YAML::Key << "fsdp_version" << YAML::Value << 1;
    out << YAML::Key << "fsdp_sharding_strategy" << YAML::Value << shardingStrategy(plan.recipe.fsdp);
    model::Architecture arch;
    const bool hasArch = planArchitecture(plan, arch);
    if (hasArch && (arch.isLanguageModel() || arch.family() == model::Family::Vit)) {
        // transformers' models name their block class (_no_split_modules): one unit per block.
        out << YAML::Key << "fsdp_auto_wrap_policy" << YAML::Value << "TRANSFORMER_BASED_WRAP";
    } else {
        // Any other model: units of at least one block's parameters where the plan
        // knows them, accelerate's default (10⁸) where it does not.
        const long long block = hasArch ? model::countParameters(arch).perLayer : 0;
        out << YAML::Key << "fsdp_auto_wrap_policy" << YAML::Value << "SIZE_BASED_WRAP";
        out << YAML::Key << "fsdp_min_num_params" << YAML::Value << (block > 0 ? block : 100000000LL);
    }
    out << YAML::Key << "fsdp_backward_prefetch" << YAML::Value << "BACKWARD_PRE";
    out << YAML::Key << "fsdp_forward_prefetch" << YAML::Value << false;
    out << YAML::Key << "fsdp_offload_params" << YAML::Value << false;
    out << YAML::Key << "fsdp_activation_checkpointing" << YAML::Value
        << (plan.model.checkpointing == ActivationCheckpointing::Full);
    // Each rank saves its own shard: no gathering of the whole model on one GPU.
    out << YAML::Key << "fsdp_state_dict_type" << YAML::Value << "SHARDED_STATE_DICT";
    // Weight decay on some parameters only needs the original parameters.
    out << YAML::Key << "fsdp_use_orig_params" << YAML::Value << true;
    // Rank 0 loads the weights and sends them (accelerate refuses the first without the second).
    out << YAML::Key << "fsdp_cpu_ram_efficient_loading" << YAML::Value << true;
    out << YAML::Key << "fsdp_sync_module_states" << YAML::Value << true;
    out << YAML::EndMap;
}

// What the accelerate config cannot say for the plan, one comment line each.
std::string fsdpComments(const Plan& plan) {
    std::string out = "# FSDP " + findPlanField("recipe.fsdp")->get(plan) +
                      ": no deepspeed.json is written (DeepSpeed runs ZeRO, not FSDP)\n";
    if (plan.model.checkpointing == ActivationCheckpointing::Selective)
        out += "# selective activation checkpointing has no accelerate setting: the training script applies it "
               "(fsdp_activation_checkpointing is full checkpointing)\n";
    return out;
}

}  // namespace

std::string accelerateConfig(const Plan& plan, const LaunchFigures& f, const std::string& comments) {
    const Recipe& r = plan.recipe;
    const bool fsdp = r.fsdp != Recipe::Fsdp::None;
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "compute_environment" << YAML::Value << "LOCAL_MACHINE";
    // ZeRO stage 0 is plain data parallel (the plan's meaning of stage 0):
    // accelerate's MULTI_GPU, which needs no DeepSpeed installed. Otherwise
    // DeepSpeed, configured by deepspeed.json itself.
    const bool deepSpeed = r.zeroStage > 0;
    out << YAML::Key << "distributed_type" << YAML::Value << (deepSpeed ? "DEEPSPEED" : fsdp ? "FSDP" : "MULTI_GPU");
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
    if (fsdp) emitFsdpConfig(out, plan);
    out << YAML::Key << "downcast_bf16" << YAML::Value << YAML::SingleQuoted << "no";
    // Every node overrides these two on its command line
    // (--machine_rank {node_rank} --main_process_ip {master_addr}); the file holds node 0's rank.
    out << YAML::Key << "machine_rank" << YAML::Value << 0;
    out << YAML::Key << "main_process_port" << YAML::Value << plan.launch.masterPort;
    out << YAML::Key << "main_training_function" << YAML::Value << "main";
    // With DeepSpeed the precision is deepspeed.json's (bf16/fp16.enabled); under FSDP
    // it is FSDP's param_dtype over fp32 sharded weights, as the planner assumes.
    if (!deepSpeed)
        out << YAML::Key << "mixed_precision" << YAML::Value << YAML::SingleQuoted << mixedPrecision(r.precision);
    out << YAML::Key << "num_machines" << YAML::Value << f.nodes;
    out << YAML::Key << "num_processes" << YAML::Value << f.worldSize;
    out << YAML::Key << "rdzv_backend" << YAML::Value << "static";
    out << YAML::Key << "same_network" << YAML::Value << true;
    out << YAML::Key << "use_cpu" << YAML::Value << false;
    out << YAML::EndMap;
    return comments + (fsdp ? fsdpComments(plan) : std::string()) + std::string(out.c_str()) + "\n";
}

}  // namespace traindeck::generate
