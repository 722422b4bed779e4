// Every target for the demo plan at 1×8, 2×8 and 8×8: the files parse back to
// the plan's values (ranks, counts, GPUs, batch, LR), the Kubernetes objects
// pass a structural check, and the accelerate and DeepSpeed configs agree with
// each other and with the planner's estimate.
#include "generate/entrypoint.h"
#include "k8s_schema.h"
#include "plan/estimate.h"
#include "plan/model_source.h"
#include "plan/plan_fields.h"
#include "support.h"

#include <QtTest>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <map>
#include <set>

using namespace traindeck;
using generate::GeneratedFile;
using generate::GenerateOptions;
using generate::Target;
using gentest::fileAt;

namespace {

std::vector<YAML::Node> docs(const GeneratedFile& f) { return YAML::LoadAll(f.content); }

YAML::Node envNamed(const YAML::Node& container, const std::string& name) {
    for (const auto& e : container["env"])
        if (e["name"].as<std::string>() == name) return e;
    return {};
}

QString problems(const YAML::Node& object) {
    QStringList out;
    for (const std::string& p : gentest::kubernetesProblems(object)) out << QString::fromStdString(p);
    return out.join("; ");
}

void addLayouts() {
    QTest::addColumn<int>("nodes");
    QTest::newRow("1x8") << 1;
    QTest::newRow("2x8") << 2;
    QTest::newRow("8x8") << 8;
}

// The ConfigMap both Kubernetes targets ship: the same entrypoint and configs
// as the files beside them, byte for byte.
void checkConfigMap(const YAML::Node& cm, const std::vector<GeneratedFile>& files) {
    QCOMPARE(cm["kind"].as<std::string>(), std::string("ConfigMap"));
    for (const char* name : {"entrypoint.sh", "accelerate.yaml", "deepspeed.json"})
        QCOMPARE(cm["data"][name].as<std::string>(), fileAt(files, name).content);
}

// What accelerate 1.15 reads from a config file (huggingface/accelerate at 16cb6eb8):
// ClusterConfig's fields (config_args.py refuses any other top-level key), the
// --fsdp_* arguments an fsdp_config key becomes (commands/launch.py), and the
// values FullyShardedDataParallelPlugin accepts (utils/constants.py).
const std::set<std::string> kAccelerateKeys = {
    "compute_environment", "distributed_type", "mixed_precision", "use_cpu", "debug", "num_processes",
    "machine_rank", "num_machines", "gpu_ids", "main_process_ip", "main_process_port", "rdzv_backend",
    "same_network", "main_training_function", "enable_cpu_affinity", "fp8_config", "deepspeed_config",
    "fsdp_config", "parallelism_config", "megatron_lm_config", "mpirun_config", "downcast_bf16", "tpu_name",
    "tpu_zone", "tpu_use_cluster", "tpu_use_sudo", "command_file", "commands", "tpu_vm", "tpu_env", "dynamo_config"};
const std::set<std::string> kFsdpKeys = {
    "fsdp_version", "fsdp_offload_params", "fsdp_min_num_params", "fsdp_sharding_strategy",
    "fsdp_reshard_after_forward", "fsdp_auto_wrap_policy", "fsdp_transformer_layer_cls_to_wrap",
    "fsdp_backward_prefetch", "fsdp_state_dict_type", "fsdp_forward_prefetch", "fsdp_use_orig_params",
    "fsdp_cpu_ram_efficient_loading", "fsdp_sync_module_states", "fsdp_activation_checkpointing"};
const std::map<std::string, std::set<std::string>> kFsdpValues = {
    {"fsdp_sharding_strategy", {"FULL_SHARD", "SHARD_GRAD_OP", "NO_SHARD", "HYBRID_SHARD", "HYBRID_SHARD_ZERO2"}},
    {"fsdp_auto_wrap_policy", {"TRANSFORMER_BASED_WRAP", "SIZE_BASED_WRAP", "NO_WRAP"}},
    {"fsdp_backward_prefetch", {"BACKWARD_PRE", "BACKWARD_POST", "NO_PREFETCH"}},
    {"fsdp_state_dict_type", {"FULL_STATE_DICT", "LOCAL_STATE_DICT", "SHARDED_STATE_DICT"}}};

// The GenerateError's message of `f`; empty when it does not throw.
template <typename F>
std::string refusal(F f) {
    try {
        f();
    } catch (const generate::GenerateError& e) {
        return e.text().english();
    }
    return {};
}

std::string base64Decode(const std::string& text) {
    return QByteArray::fromBase64(QByteArray::fromStdString(text)).toStdString();
}

}  // namespace

class TestTargets : public QObject {
    Q_OBJECT
private slots:
    void kubernetesIndexedJob_data() { addLayouts(); }
    void kubernetesIndexedJob() {
        QFETCH(int, nodes);
        const Plan plan = gentest::planAt(nodes);
        const auto files = generate::generate(plan, gentest::allTargets(), gentest::optionsFor(nodes));
        const auto objects = docs(fileAt(files, "kubernetes.yaml"));
        QCOMPARE(objects.size(), std::size_t(3));
        for (const auto& o : objects) QVERIFY2(problems(o).isEmpty(), qPrintable(problems(o)));
        checkConfigMap(objects[0], files);
        const YAML::Node svc = objects[1], job = objects[2];
        QCOMPARE(svc["spec"]["clusterIP"].as<std::string>(), std::string("None"));
        QCOMPARE(job["spec"]["completionMode"].as<std::string>(), std::string("Indexed"));
        QCOMPARE(job["spec"]["completions"].as<int>(), nodes);
        QCOMPARE(job["spec"]["parallelism"].as<int>(), nodes);
        const YAML::Node pod = job["spec"]["template"];
        // The Service selects the Job's pods, and the pods' subdomain is the
        // Service: pod 0 resolves as <job>-0.<service>, which is MASTER_ADDR.
        for (const auto& kv : svc["spec"]["selector"])
            QCOMPARE(pod["metadata"]["labels"][kv.first.Scalar()].as<std::string>(), kv.second.as<std::string>());
        const std::string service = svc["metadata"]["name"].as<std::string>();
        QCOMPARE(pod["spec"]["subdomain"].as<std::string>(), service);
        const YAML::Node c = pod["spec"]["containers"][0];
        QCOMPARE(envNamed(c, "MASTER_ADDR")["value"].as<std::string>(),
                 job["metadata"]["name"].as<std::string>() + "-0." + service);
        QCOMPARE(envNamed(c, "TRAINDECK_PLATFORM")["value"].as<std::string>(), std::string("k8s"));
        QCOMPARE(c["resources"]["limits"]["nvidia.com/gpu"].as<int>(), 8);
        QCOMPARE(c["ports"][0]["containerPort"].as<int>(), plan.launch.masterPort);
        // /dev/shm is a memory emptyDir; the entrypoint comes from the ConfigMap.
        bool shm = false, config = false;
        for (const auto& v : pod["spec"]["volumes"]) {
            if (v["emptyDir"] && v["emptyDir"]["medium"].as<std::string>() == "Memory")
                for (const auto& m : c["volumeMounts"])
                    shm |= m["name"].as<std::string>() == v["name"].as<std::string>() &&
                           m["mountPath"].as<std::string>() == "/dev/shm";
            if (v["configMap"]) config = v["configMap"]["name"].as<std::string>() == objects[0]["metadata"]["name"].as<std::string>();
        }
        QVERIFY(shm);
        QVERIFY(config);
        // A refusal fails the Job at once; disruptions do not count as failures.
        const YAML::Node rules = job["spec"]["podFailurePolicy"]["rules"];
        QCOMPARE(rules[0]["action"].as<std::string>(), std::string("FailJob"));
        QCOMPARE(rules[0]["onExitCodes"]["values"][0].as<int>(), generate::kRefuseExitStatus);
        QCOMPARE(rules[0]["onExitCodes"]["containerName"].as<std::string>(), c["name"].as<std::string>());
        QCOMPARE(rules[1]["onPodConditions"][0]["type"].as<std::string>(), std::string("DisruptionTarget"));
        // Required by the official batch/v1 schema (Kubernetes 1.30), and a string.
        QCOMPARE(rules[1]["onPodConditions"][0]["status"].Tag(), std::string("!"));
        QCOMPARE(rules[1]["onPodConditions"][0]["status"].as<std::string>(), std::string("True"));
    }

    // What the official schemas rejected, the structural checker rejects too.
    void structuralCheckMatchesTheOfficialSchema_data() {
        QTest::addColumn<QString>("condition");
        QTest::addColumn<QString>("problem");
        QTest::newRow("pod condition without status")
            << "{type: DisruptionTarget}" << ".spec.podFailurePolicy.rules[1].onPodConditions[0].status: missing";
        QTest::newRow("pod condition status as a YAML boolean")
            << "{type: DisruptionTarget, status: True}" << ".spec.podFailurePolicy.rules[1].onPodConditions[0].status: wrong type";
        QTest::newRow("unknown field in a pod condition")
            << "{type: DisruptionTarget, status: \"True\", reason: x}"
            << "spec.podFailurePolicy.rules[].onPodConditions[].reason: unknown field";
    }
    void structuralCheckMatchesTheOfficialSchema() {
        QFETCH(QString, condition);
        QFETCH(QString, problem);
        const auto files = generate::generate(gentest::planAt(2), {Target::Kubernetes}, gentest::optionsFor(2));
        YAML::Node job = docs(fileAt(files, "kubernetes.yaml"))[2];
        QVERIFY2(problems(job).isEmpty(), qPrintable(problems(job)));
        job["spec"]["podFailurePolicy"]["rules"][1]["onPodConditions"][0] = YAML::Load(condition.toStdString());
        QVERIFY2(problems(job).contains(problem), qPrintable(problems(job)));
    }

    void kubeflowPyTorchJob_data() { addLayouts(); }
    void kubeflowPyTorchJob() {
        QFETCH(int, nodes);
        const auto files = generate::generate(gentest::planAt(nodes), gentest::allTargets(), gentest::optionsFor(nodes));
        const auto objects = docs(fileAt(files, "pytorchjob.yaml"));
        QCOMPARE(objects.size(), std::size_t(2));
        for (const auto& o : objects) QVERIFY2(problems(o).isEmpty(), qPrintable(problems(o)));
        checkConfigMap(objects[0], files);
        const YAML::Node spec = objects[1]["spec"];
        QCOMPARE(spec["nprocPerNode"].Tag(), std::string("!"));  // a string, as the CRD declares it
        QCOMPARE(spec["nprocPerNode"].as<std::string>(), std::string("8"));
        const YAML::Node replicas = spec["pytorchReplicaSpecs"];
        QCOMPARE(replicas["Master"]["replicas"].as<int>(), 1);
        if (nodes == 1) QVERIFY(!replicas["Worker"]);
        else QCOMPARE(replicas["Worker"]["replicas"].as<int>(), nodes - 1);
        for (const auto& kv : replicas) {
            const YAML::Node c = kv.second["template"]["spec"]["containers"][0];
            QCOMPARE(c["name"].as<std::string>(), std::string("pytorch"));
            QCOMPARE(c["ports"][0]["name"].as<std::string>(), std::string("pytorchjob-port"));
            QCOMPARE(c["resources"]["limits"]["nvidia.com/gpu"].as<int>(), 8);
            QCOMPARE(envNamed(c, "TRAINDECK_PLATFORM")["value"].as<std::string>(), std::string("pytorchjob"));
        }
    }

    void paiDlc_data() { addLayouts(); }
    void paiDlc() {
        QFETCH(int, nodes);
        const auto files = generate::generate(gentest::planAt(nodes), gentest::allTargets(), gentest::optionsFor(nodes));
        const auto job = nlohmann::json::parse(fileAt(files, "pai-create-job.json").content);
        QCOMPARE(job["JobType"].get<std::string>(), std::string("PyTorchJob"));
        QCOMPARE(job["WorkspaceId"].get<std::string>(), std::string("12345"));
        int pods = 0;
        for (const auto& spec : job["JobSpecs"]) {
            pods += spec["PodCount"].get<int>();
            QCOMPARE(spec["EcsSpec"].get<std::string>(), std::string("ecs.gn7e-c16g1.32xlarge"));
            QCOMPARE(spec["Image"].get<std::string>(), gentest::planAt(nodes).launch.image);
        }
        QCOMPARE(pods, nodes);
        QCOMPARE(job["JobSpecs"][0]["Type"].get<std::string>(), std::string("Master"));
        QCOMPARE(job["Envs"]["TRAINDECK_PLATFORM"].get<std::string>(), std::string("pai"));
        // The self-contained command carries the same entrypoint and configs, base64-encoded.
        const std::string cmd = job["UserCommand"].get<std::string>();
        for (const char* name : {"entrypoint.sh", "accelerate.yaml", "deepspeed.json"}) {
            const std::string tail = std::string(" | base64 -d > /tmp/traindeck/") + name;
            const auto end = cmd.find(tail);
            QVERIFY(end != std::string::npos);
            const auto start = cmd.rfind("echo ", end) + 5;
            QCOMPARE(base64Decode(cmd.substr(start, end - start)), fileAt(files, name).content);
        }
        QVERIFY(cmd.ends_with("exec bash /tmp/traindeck/entrypoint.sh"));
    }

    void slurm_data() { addLayouts(); }
    void slurm() {
        QFETCH(int, nodes);
        const auto files = generate::generate(gentest::planAt(nodes), gentest::allTargets(), gentest::optionsFor(nodes));
        const std::string s = fileAt(files, "job.sbatch").content;
        QVERIFY(s.find("#SBATCH --nodes=" + std::to_string(nodes) + "\n") != std::string::npos);
        QVERIFY(s.find("#SBATCH --ntasks-per-node=1\n") != std::string::npos);
        QVERIFY(s.find("#SBATCH --gpus-per-node=8\n") != std::string::npos);
        QVERIFY(s.find("srun --nodes=" + std::to_string(nodes) + " --ntasks-per-node=1") != std::string::npos);
        QVERIFY(s.find("scontrol show hostnames \"$SLURM_JOB_NODELIST\"") != std::string::npos);
        // SLURM_NODEID is read in the step (by the entrypoint), never expanded in the batch script.
        QVERIFY(s.find("$SLURM_NODEID") == std::string::npos);
        QVERIFY(s.find("${SLURM_NODEID") == std::string::npos);
        QVERIFY(fileAt(files, "job.sbatch").executable);
    }

    void ssh_data() { addLayouts(); }
    void ssh() {
        QFETCH(int, nodes);
        const auto options = gentest::optionsFor(nodes);
        const auto files = generate::generate(gentest::planAt(nodes), gentest::allTargets(), options);
        std::string hostfile, ds;
        for (const auto& h : options.hosts) {
            hostfile += h + "\n";
            ds += h + " slots=8\n";
        }
        QCOMPARE(fileAt(files, "hostfile").content, hostfile);
        QCOMPARE(fileAt(files, "ds_hostfile").content, ds);
        for (int i = 0; i < nodes; ++i) {
            const std::string s = fileAt(files, "node-" + std::to_string(i) + ".sh").content;
            QVERIFY(s.find("export NODE_RANK=" + std::to_string(i) + "\n") != std::string::npos);
            QVERIFY(s.find("export NNODES=" + std::to_string(nodes) + "\n") != std::string::npos);
            QVERIFY(s.find("export MASTER_ADDR=" + options.hosts[0] + "\n") != std::string::npos);
        }
        QVERIFY(!gentest::hasFile(files, "node-" + std::to_string(nodes) + ".sh"));
        // Host-key checking stays on: no option that turns it off.
        QVERIFY(fileAt(files, "launch-ssh.sh").content.find("StrictHostKeyChecking") == std::string::npos);
        QVERIFY(fileAt(files, "launch-ssh.sh").content.find("UserKnownHostsFile") == std::string::npos);
    }

    void accelerateAndDeepSpeedAgreeWithThePlan_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("zero");
        QTest::addColumn<bool>("offload");
        QTest::newRow("1x8 zero0") << 1 << 0 << false;
        QTest::newRow("2x8 zero2") << 2 << 2 << false;
        QTest::newRow("2x8 zero1 offload") << 2 << 1 << true;
        QTest::newRow("8x8 zero3 offload") << 8 << 3 << true;
    }
    void accelerateAndDeepSpeedAgreeWithThePlan() {
        QFETCH(int, nodes);
        QFETCH(int, zero);
        QFETCH(bool, offload);
        Plan plan = gentest::planAt(nodes);
        plan.recipe.zeroStage = zero;
        plan.recipe.offloadOptimizer = offload;
        const Estimate e = estimate(plan, plan.cluster.layout());
        const auto files = generate::generate(plan, {Target::Accelerate, Target::DeepSpeed}, {});
        QCOMPARE(files.size(), std::size_t(2));
        const YAML::Node acc = YAML::Load(fileAt(files, "accelerate.yaml").content);
        const auto ds = nlohmann::json::parse(fileAt(files, "deepspeed.json").content);
        // accelerate's num_processes is the whole job's.
        QCOMPARE(acc["num_processes"].as<int>(), nodes * 8);
        QCOMPARE(acc["num_machines"].as<int>(), nodes);
        QCOMPARE(acc["main_process_port"].as<int>(), plan.launch.masterPort);
        QCOMPARE(ds["zero_optimization"]["stage"].get<int>(), zero);
        QCOMPARE(ds["zero_optimization"].contains("offload_optimizer"), offload);
        if (zero == 0 && !offload) {
            // Plain data parallel: accelerate's own DDP, no DeepSpeed needed.
            QCOMPARE(acc["distributed_type"].as<std::string>(), std::string("MULTI_GPU"));
            QVERIFY(!acc["deepspeed_config"]);
            QCOMPARE(acc["mixed_precision"].as<std::string>(), std::string("bf16"));
        } else {
            QCOMPARE(acc["distributed_type"].as<std::string>(), std::string("DEEPSPEED"));
            const YAML::Node block = acc["deepspeed_config"];
            // Under `accelerate launch` deepspeed.json is the configuration, whole:
            // its optimizer, scheduler and overlap_comm are applied only through
            // deepspeed_config_file.
            QCOMPARE(block["deepspeed_config_file"].as<std::string>(), std::string("deepspeed.json"));
            QCOMPARE(block["zero3_init_flag"].as<bool>(), zero == 3);
            // accelerate (DeepSpeedPlugin._deepspeed_config_checks) refuses to start when
            // the accelerate config repeats a setting of the config file.
            for (const char* key : {"gradient_accumulation_steps", "gradient_clipping", "zero_stage",
                                    "offload_optimizer_device", "offload_param_device", "offload_param_nvme_path",
                                    "offload_optimizer_nvme_path", "zero3_save_16bit_model", "mixed_precision"})
                QVERIFY2(!block[key], key);
            QVERIFY(!acc["mixed_precision"]);
        }
        QCOMPARE(ds["bf16"]["enabled"].get<bool>(), true);
        // DeepSpeed's rule and the planner's figures.
        const long micro = ds["train_micro_batch_size_per_gpu"].get<long>();
        const long accum = ds["gradient_accumulation_steps"].get<long>();
        QCOMPARE(micro, long(e.microBatch));
        QCOMPARE(accum, long(e.gradAccum));
        QCOMPARE(ds["train_batch_size"].get<long>(), micro * accum * nodes * 8);
        QCOMPARE(double(ds["train_batch_size"].get<long>()), e.effectiveBatch.value);
        QCOMPARE(ds["optimizer"]["params"]["lr"].get<double>(), e.lr.value);
        QCOMPARE(ds["scheduler"]["params"]["warmup_num_steps"].get<double>(), e.warmupSteps.value);
        QCOMPARE(ds["scheduler"]["params"]["total_num_steps"].get<double>(), e.totalSteps.value);
    }

    void accelerateFsdpFollowsThePlan_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QString>("checkpointing");
        QTest::addColumn<bool>("llama");
        QTest::newRow("full_shard llama full") << "full_shard" << "FULL_SHARD" << "full" << true;
        QTest::newRow("shard_grad_op llama none") << "shard_grad_op" << "SHARD_GRAD_OP" << "none" << true;
        QTest::newRow("hybrid_shard tae selective") << "hybrid_shard" << "HYBRID_SHARD" << "selective" << false;
    }
    void accelerateFsdpFollowsThePlan() {
        QFETCH(QString, mode);
        QFETCH(QString, strategy);
        QFETCH(QString, checkpointing);
        QFETCH(bool, llama);
        Plan plan = gentest::planAt(2);
        std::vector<FieldEdit> edits;
        if (llama) QVERIFY(catalogueModelEdits("llama-3.1-8b", edits).empty());
        edits.push_back({"recipe.fsdp", mode.toStdString()});
        edits.push_back({"model.activation_checkpointing", checkpointing.toStdString()});
        for (const FieldEdit& e : edits) QCOMPARE(setPlanField(plan, e.key, e.value).english(), std::string());
        const auto files = generate::generate(plan, {Target::Accelerate}, {});
        const std::string text = fileAt(files, "accelerate.yaml").content;
        const YAML::Node acc = YAML::Load(text);
        for (const auto& kv : acc) QVERIFY2(kAccelerateKeys.count(kv.first.as<std::string>()), kv.first.as<std::string>().c_str());
        QCOMPARE(acc["distributed_type"].as<std::string>(), std::string("FSDP"));
        QVERIFY(!acc["deepspeed_config"]);
        // FSDP's param_dtype over the fp32 sharded states the planner counts.
        QCOMPARE(acc["mixed_precision"].as<std::string>(), std::string("bf16"));
        QCOMPARE(acc["num_processes"].as<int>(), 16);
        const YAML::Node fsdp = acc["fsdp_config"];
        QVERIFY(fsdp.IsMap());
        for (const auto& kv : fsdp) {
            const std::string key = kv.first.as<std::string>();
            QVERIFY2(kFsdpKeys.count(key), key.c_str());
            if (auto values = kFsdpValues.find(key); values != kFsdpValues.end())
                QVERIFY2(values->second.count(kv.second.as<std::string>()), key.c_str());
        }
        QCOMPARE(fsdp["fsdp_version"].as<int>(), 1);
        QCOMPARE(QString::fromStdString(fsdp["fsdp_sharding_strategy"].as<std::string>()), strategy);
        QCOMPARE(fsdp["fsdp_activation_checkpointing"].as<bool>(), checkpointing == "full");
        QCOMPARE(fsdp["fsdp_offload_params"].as<bool>(), false);
        // accelerate refuses cpu_ram_efficient_loading without sync_module_states.
        QVERIFY(!fsdp["fsdp_cpu_ram_efficient_loading"].as<bool>() || fsdp["fsdp_sync_module_states"].as<bool>());
        // A transformers model wraps by its block class; the trainer's MLP by size.
        QCOMPARE(fsdp["fsdp_auto_wrap_policy"].as<std::string>(),
                 std::string(llama ? "TRANSFORMER_BASED_WRAP" : "SIZE_BASED_WRAP"));
        QCOMPARE(bool(fsdp["fsdp_min_num_params"]), !llama);
        if (!llama) QVERIFY(fsdp["fsdp_min_num_params"].as<long long>() > 0);
        // What the file cannot set is said in one comment line.
        QVERIFY(text.find("# FSDP " + mode.toStdString() + ": no deepspeed.json") != std::string::npos);
        QCOMPARE(text.find("# selective activation checkpointing") != std::string::npos, checkpointing == "selective");
    }

    void fsdpHasNoDeepSpeedConfig() {
        Plan plan = gentest::planAt(2);
        QVERIFY(setPlanField(plan, "recipe.fsdp", "full_shard").empty());
        // The DeepSpeed target is refused in one line naming the field; the others ship no deepspeed.json.
        const std::string refused = refusal([&] { generate::generate(plan, Target::DeepSpeed, {}); });
        QVERIFY2(refused.find("--fsdp full_shard") != std::string::npos, refused.c_str());
        QVERIFY(refused.find('\n') == std::string::npos);
        const auto files = generate::generate(plan, {Target::Kubernetes, Target::Slurm}, gentest::optionsFor(2));
        QVERIFY(!gentest::hasFile(files, "deepspeed.json"));
        QVERIFY(gentest::hasFile(files, "accelerate.yaml"));
        const YAML::Node cm = docs(fileAt(files, "kubernetes.yaml")).front();
        QVERIFY(!cm["data"]["deepspeed.json"]);
        QCOMPARE(cm["data"]["accelerate.yaml"].as<std::string>(), fileAt(files, "accelerate.yaml").content);
        // A command that names the DeepSpeed config cannot run under FSDP.
        plan.launch.command = "deepspeed train.py --deepspeed_config {deepspeed_config}";
        QVERIFY(refusal([&] { generate::generate(plan, Target::Slurm, {}); }).find("DeepSpeed does not run") !=
                std::string::npos);
        // FSDP and a ZeRO stage at once: every target refuses, naming both fields.
        plan.launch.command.clear();
        QVERIFY(setPlanField(plan, "recipe.zero_stage", "2").empty());
        for (Target t : {Target::Accelerate, Target::DeepSpeed, Target::Kubernetes}) {
            const std::string both = refusal([&] { generate::generate(plan, t, gentest::optionsFor(2)); });
            QVERIFY2(both.find("--fsdp") != std::string::npos && both.find("--zero-stage") != std::string::npos,
                     both.c_str());
        }
    }

    void offloadNeedsZero() {
        Plan plan = gentest::planAt(2);
        plan.recipe.offloadOptimizer = true;
        plan.recipe.zeroStage = 0;
        QVERIFY_THROWS_EXCEPTION(generate::GenerateError, generate::generate(plan, Target::DeepSpeed, {}));
    }

    void theDemoPlanKeepsItsGlobalBatchAcrossLayouts() {
        // The demo plan targets a global batch of 256: accumulation 2 on one
        // node, 1 on two; both reach 256, and the files say so.
        for (int nodes : {1, 2}) {
            const auto files = generate::generate(gentest::planAt(nodes), {Target::DeepSpeed}, {});
            const auto ds = nlohmann::json::parse(fileAt(files, "deepspeed.json").content);
            QCOMPARE(ds["train_batch_size"].get<long>(), 256L);
            QCOMPARE(ds["gradient_accumulation_steps"].get<int>(), nodes == 1 ? 2 : 1);
        }
    }

    void sharedFilesAreWrittenOnce() {
        const auto files = generate::generate(gentest::planAt(2), gentest::allTargets(), gentest::optionsFor(2));
        std::set<std::string> paths;
        for (const auto& f : files) QVERIFY2(paths.insert(f.path).second, f.path.c_str());
        QVERIFY(fileAt(files, "entrypoint.sh").executable);
    }

    void everyTargetHasADisplayName() {
        QCOMPARE(generate::targets().size(), gentest::allTargets().size());
        for (const auto& t : generate::targets()) {
            QVERIFY(!t.displayName.empty() && !t.displayName.isValue());  // a template both faces translate
            QVERIFY(!t.summary.empty() && !t.summary.isValue());
            QCOMPARE(generate::findTarget(t.key).value(), t.target);
        }
        QVERIFY(!generate::findTarget("nomad"));
    }

    void missingOptionsAreNamed() {
        const Plan plan = gentest::planAt(2);
        QVERIFY(generate::missingOptions(plan, Target::PaiDlc, {}).english().find("--ecs-spec") != std::string::npos);
        generate::GenerateOptions spec;
        spec.ecsSpec = "ecs.gn7e-c16g1.32xlarge";
        QVERIFY(generate::missingOptions(plan, Target::PaiDlc, spec).english().find("--workspace-id") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(generate::GenerateError, generate::generate(plan, Target::PaiDlc, spec));
        QVERIFY(generate::missingOptions(plan, Target::Ssh, {}).english().find("--hosts") != std::string::npos);
        QVERIFY(generate::missingOptions(plan, Target::Kubernetes, {}).empty());
        QVERIFY_THROWS_EXCEPTION(generate::GenerateError, generate::generate(plan, Target::PaiDlc, {}));
        generate::GenerateOptions oneHost;
        oneHost.hosts = {"a"};
        QVERIFY_THROWS_EXCEPTION(generate::GenerateError, generate::generate(plan, Target::Ssh, oneHost));
    }

    void optionsReachPaiAndSlurm() {
        generate::GenerateOptions o = gentest::optionsFor(2);
        o.queue = "gpu-h100";
        o.qos = "high";
        o.timeLimit = "2-00:00:00";
        o.paiResourceId = "quota12345";
        o.ecsSpec.clear();  // a quota's node has no ECS type
        o.paiPriority = 7;
        const auto files = generate::generate(gentest::planAt(2), {Target::PaiDlc, Target::Slurm}, o);
        const auto job = nlohmann::json::parse(fileAt(files, "pai-create-job.json").content);
        QCOMPARE(job["ResourceId"].get<std::string>(), std::string("quota12345"));
        QCOMPARE(job["Priority"].get<int>(), 7);
        const std::string s = fileAt(files, "job.sbatch").content;
        QVERIFY(s.find("#SBATCH --partition=gpu-h100\n") != std::string::npos);
        QVERIFY(s.find("#SBATCH --qos=high\n") != std::string::npos);
        QVERIFY(s.find("#SBATCH --time=2-00:00:00\n") != std::string::npos);
        o.paiPriority = 10;
        QVERIFY_THROWS_EXCEPTION(generate::GenerateError, generate::generate(gentest::planAt(2), Target::PaiDlc, o));
    }

    void thePlansSlurmFieldsReachTheSbatchScript() {
        Plan plan = gentest::planAt(2);
        plan.launch.slurmPartition = "gpu-h100";
        plan.launch.slurmAccount = "vision";
        plan.launch.slurmQos = "normal";
        plan.launch.slurmTimeLimit = "90";
        plan.launch.slurmOptions = {"--constraint=h100|h200", "--mail-type=END"};
        std::string s = fileAt(generate::generate(plan, Target::Slurm, gentest::optionsFor(2)), "job.sbatch").content;
        for (const char* line : {"#SBATCH --partition=gpu-h100\n", "#SBATCH --account=vision\n", "#SBATCH --qos=normal\n",
                                 "#SBATCH --time=90\n", "#SBATCH --constraint=h100|h200\n", "#SBATCH --mail-type=END\n"})
            QVERIFY2(s.find(line) != std::string::npos, line);
        // sbatch stops reading #SBATCH lines at the first command: every one comes before `set -euo`.
        QVERIFY(s.find("#SBATCH --mail-type=END") < s.find("set -euo pipefail"));
        // generate's own options win over the plan's.
        generate::GenerateOptions o = gentest::optionsFor(2);
        o.queue = "debug";
        s = fileAt(generate::generate(plan, Target::Slurm, o), "job.sbatch").content;
        QVERIFY(s.find("#SBATCH --partition=debug\n") != std::string::npos);
        QVERIFY(s.find("gpu-h100") == std::string::npos);
    }

    void optionsReachTheKubernetesObjects() {
        generate::GenerateOptions o = gentest::optionsFor(2);
        o.queue = "team-a";
        o.priorityClass = "training-high";
        o.mounts = {{"datasets", "/data", true}};
        o.secrets = {{"HF_TOKEN", "hf-credentials", "token"}};
        o.shmSize = "64Gi";
        const auto files = generate::generate(gentest::planAt(2), {Target::Kubernetes, Target::PyTorchJob}, o);
        for (const char* name : {"kubernetes.yaml", "pytorchjob.yaml"}) {
            const auto objects = docs(fileAt(files, name));
            for (const auto& obj : objects) QVERIFY2(problems(obj).isEmpty(), qPrintable(problems(obj)));
            const YAML::Node job = objects.back();
            QCOMPARE(job["metadata"]["labels"]["kueue.x-k8s.io/queue-name"].as<std::string>(), std::string("team-a"));
            const YAML::Node pod = job["kind"].as<std::string>() == "Job"
                                       ? job["spec"]["template"]
                                       : job["spec"]["pytorchReplicaSpecs"]["Master"]["template"];
            QCOMPARE(pod["spec"]["priorityClassName"].as<std::string>(), std::string("training-high"));
            const YAML::Node c = pod["spec"]["containers"][0];
            const YAML::Node secret = envNamed(c, "HF_TOKEN");
            QVERIFY(!secret["value"]);  // by reference only
            QCOMPARE(secret["valueFrom"]["secretKeyRef"]["name"].as<std::string>(), std::string("hf-credentials"));
            QCOMPARE(secret["valueFrom"]["secretKeyRef"]["key"].as<std::string>(), std::string("token"));
            bool data = false;
            for (const auto& m : c["volumeMounts"])
                data |= m["mountPath"].as<std::string>() == "/data" && m["readOnly"].as<bool>();
            QVERIFY(data);
        }
    }

    // A plan that checkpoints every 500 steps: every target that starts the workload gets a
    // place that outlives its pod or node, or generate says in one line why it has none.
    // Before launch.checkpoint_dir, no generated job passed --checkpoint-dir at all.
    void everyTargetHasACheckpointPlaceOrSaysWhyNot() {
        const Plan plan = gentest::planAt(2);
        QCOMPARE(plan.recipe.checkpointEvery, 500);
        const auto noteWith = [&](Target t, const GenerateOptions& o, const Plan& p) {
            std::string all;
            for (const Text& n : generate::notes(analyse(p), t, o)) all += n.english() + "\n";
            return all;
        };
        // Kubernetes and PyTorchJob: the first read-write claim, a folder per job on it.
        GenerateOptions o = gentest::optionsFor(2);
        o.mounts = {{"datasets", "/data", true}, {"team-ckpt", "/ckpt", false}};
        for (Target t : {Target::Kubernetes, Target::PyTorchJob}) {
            const auto files = generate::generate(plan, t, o);
            const auto objects = docs(fileAt(files, t == Target::Kubernetes ? "kubernetes.yaml" : "pytorchjob.yaml"));
            for (const auto& obj : objects) QVERIFY2(problems(obj).isEmpty(), qPrintable(problems(obj)));
            const YAML::Node job = objects.back();
            const YAML::Node pod = job["kind"].as<std::string>() == "Job"
                                       ? job["spec"]["template"]
                                       : job["spec"]["pytorchReplicaSpecs"]["Master"]["template"];
            QCOMPARE(envNamed(pod["spec"]["containers"][0], "TRAINDECK_CHECKPOINT_DIR")["value"].as<std::string>(),
                     std::string("/ckpt/checkpoints/traindeck-demo"));
            QVERIFY2(noteWith(t, o, plan).find("checkpoints every 500 steps go to /ckpt/checkpoints/traindeck-demo, on "
                                               "volume claim team-ckpt") != std::string::npos,
                     noteWith(t, o, plan).c_str());
        }
        // Without a claim the pod's disk is all there is: no checkpoints, said once.
        o.mounts = {{"datasets", "/data", true}};
        const YAML::Node job = docs(fileAt(generate::generate(plan, Target::Kubernetes, o), "kubernetes.yaml")).back();
        QVERIFY(envNamed(job["spec"]["template"]["spec"]["containers"][0], "TRAINDECK_CHECKPOINT_DIR").IsNull());
        QVERIFY(noteWith(Target::Kubernetes, o, plan).find("this job writes no checkpoints: no volume claim is mounted") !=
                std::string::npos);
        // SLURM: the submit folder every node shares.
        const std::string sbatch = fileAt(generate::generate(plan, Target::Slurm, o), "job.sbatch").content;
        QVERIFY2(sbatch.find("export TRAINDECK_CHECKPOINT_DIR=\"${SLURM_SUBMIT_DIR}\"/checkpoints/traindeck-demo\n") !=
                     std::string::npos,
                 sbatch.c_str());
        QVERIFY(noteWith(Target::Slurm, o, plan).find("in the folder the job was submitted from") != std::string::npos);
        // PAI-DLC and SSH: a path of the user's, or none and why.
        QVERIFY(noteWith(Target::PaiDlc, o, plan).find("this job writes no checkpoints: a PAI-DLC node's disk") !=
                std::string::npos);
        QVERIFY(noteWith(Target::Ssh, o, plan).find("this job writes no checkpoints: set --checkpoint-dir") !=
                std::string::npos);
        Plan chosen = plan;
        QVERIFY(setPlanField(chosen, "launch.checkpoint_dir", "/mnt/oss/run 1").empty());
        const auto pai = generate::generate(chosen, Target::PaiDlc, o);
        const auto body = nlohmann::json::parse(fileAt(pai, "pai-create-job.json").content);
        QCOMPARE(body["Envs"]["TRAINDECK_CHECKPOINT_DIR"].get<std::string>(), std::string("/mnt/oss/run 1"));
        QVERIFY(fileAt(pai, "pai-submit.sh").content.find("'--envs=TRAINDECK_PLATFORM=pai,TRAINDECK_CHECKPOINT_DIR=/mnt/oss/run 1'") !=
                std::string::npos);
        const auto ssh = generate::generate(chosen, Target::Ssh, o);
        QVERIFY(fileAt(ssh, "node-1.sh").content.find("export TRAINDECK_CHECKPOINT_DIR='/mnt/oss/run 1'\n") !=
                std::string::npos);
        // The one entrypoint passes the platform's folder and the interval to the trainer.
        QVERIFY(fileAt(ssh, "entrypoint.sh").content.find("${TRAINDECK_CHECKPOINT_DIR:+--checkpoint-every 500}") !=
                std::string::npos);
        // A folder on no claim is the pod's own: said so.
        QVERIFY(noteWith(Target::Kubernetes, o, chosen).find("which is on no mounted volume claim") != std::string::npos);
        // A relative folder would differ per node: refused by the field.
        QVERIFY(!setPlanField(chosen, "launch.checkpoint_dir", "ckpt").empty());
        // A user's command that names {checkpoint_dir} where the target has none is refused.
        Plan command = plan;
        command.launch.command = "python train.py --output {checkpoint_dir} --save-steps {checkpoint_every}";
        QVERIFY_THROWS_EXCEPTION(generate::GenerateError, generate::generate(command, Target::Kubernetes, o));
        const std::string ep = fileAt(generate::generate(command, Target::Slurm, o), "entrypoint.sh").content;
        QVERIFY2(ep.find("python train.py --output \"${TRAINDECK_CHECKPOINT_DIR}\" --save-steps 500") != std::string::npos,
                 ep.c_str());
    }

    // launch.visible_gpus: a 4-GPU plan on 8-GPU machines, as CUDA_VISIBLE_DEVICES in each
    // SSH node's script; as many GPUs as the plan runs per node, none twice.
    void visibleGpusReachTheSshNodeScripts() {
        Plan plan = gentest::planAt(2, 4);
        QVERIFY(setPlanField(plan, "launch.visible_gpus", "4,5,6,7").empty());
        QVERIFY(validatePlan(plan).empty());
        const auto files = generate::generate(plan, Target::Ssh, gentest::optionsFor(2));
        for (const char* node : {"node-0.sh", "node-1.sh"})
            QVERIFY2(fileAt(files, node).content.find("\nexport CUDA_VISIBLE_DEVICES=4,5,6,7\n") != std::string::npos,
                     fileAt(files, node).content.c_str());
        QVERIFY(fileAt(generate::generate(gentest::planAt(2, 4), Target::Ssh, gentest::optionsFor(2)), "node-0.sh")
                    .content.find("CUDA_VISIBLE_DEVICES") == std::string::npos);  // no choice: the entrypoint counts
        QVERIFY(setPlanField(plan, "launch.visible_gpus", "0,1").empty());
        QVERIFY2(validatePlan(plan).english().find("names 2 GPUs but the plan runs 4 per node") != std::string::npos,
                 validatePlan(plan).english().c_str());
        QVERIFY(setPlanField(plan, "launch.visible_gpus", "0,1,1,2").empty());
        QVERIFY(validatePlan(plan).english().find("names a GPU twice") != std::string::npos);
        QVERIFY(!setPlanField(plan, "launch.visible_gpus", "0,x").empty());
    }
};

QTEST_GUILESS_MAIN(TestTargets)
#include "tst_targets.moc"
