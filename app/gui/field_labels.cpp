#include "gui/field_labels.h"

#include "plan/hardware.h"
#include "plan/plan_fields.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>

namespace traindeck::gui {

namespace {

struct Named {
    const char* key;
    const char* label;
    const char* help;  // empty: core's help text
};

// Context "FieldLabels" in the .ts files.
const Named kNamed[] = {
    {"name", QT_TRANSLATE_NOOP("FieldLabels", "Plan name"), QT_TRANSLATE_NOOP("FieldLabels", "A name for this plan; the file name is chosen when saving.")},
    {"cluster.nodes", QT_TRANSLATE_NOOP("FieldLabels", "Nodes"),
     QT_TRANSLATE_NOOP("FieldLabels", "Machines in the job.")},
    {"cluster.gpus_per_node", QT_TRANSLATE_NOOP("FieldLabels", "GPUs per node"),
     QT_TRANSLATE_NOOP("FieldLabels", "GPUs the job uses on each machine; at most what the node type has.")},
    {"cluster.gpu", QT_TRANSLATE_NOOP("FieldLabels", "GPU model"),
     QT_TRANSLATE_NOOP("FieldLabels", "Sets the memory, peak speed and NVLink bandwidth the estimate uses.")},
    {"cluster.network", QT_TRANSLATE_NOOP("FieldLabels", "Network between nodes"),
     QT_TRANSLATE_NOOP("FieldLabels", "The bandwidth each node has to the others; the gradient all-reduce across nodes runs over it.")},
    {"model.name", QT_TRANSLATE_NOOP("FieldLabels", "Model name"), QT_TRANSLATE_NOOP("FieldLabels", "For your reference; the estimate does not use it.")},
    {"model.preset", QT_TRANSLATE_NOOP("FieldLabels", "Trainer preset"),
     QT_TRANSLATE_NOOP("FieldLabels", "A model of traindeck-trainer, or Custom to enter your own model's size.")},
    {"model.params", QT_TRANSLATE_NOOP("FieldLabels", "Parameters"),
     QT_TRANSLATE_NOOP("FieldLabels", "Trainable parameters, e.g. 7e9 for a 7B model.")},
    {"model.tokens_per_sample", QT_TRANSLATE_NOOP("FieldLabels", "Tokens per sample"),
     QT_TRANSLATE_NOOP("FieldLabels", "Tokens one sample feeds through the model (sequence length).")},
    {"model.flops_per_sample", QT_TRANSLATE_NOOP("FieldLabels", "FLOPs per sample"),
     QT_TRANSLATE_NOOP("FieldLabels", "0 uses 6 × parameters × tokens (forward and backward).")},
    {"model.activation_gb_per_sample", QT_TRANSLATE_NOOP("FieldLabels", "Activation memory per sample (GB)"),
     QT_TRANSLATE_NOOP("FieldLabels", "Memory the activations of one sample hold at the peak of backward.")},
    {"recipe.dataset_size", QT_TRANSLATE_NOOP("FieldLabels", "Dataset size (samples)"),
     QT_TRANSLATE_NOOP("FieldLabels", "Samples in one epoch; gives the steps per epoch.")},
    {"recipe.drop_last", QT_TRANSLATE_NOOP("FieldLabels", "Drop the last partial batch"),
     QT_TRANSLATE_NOOP("FieldLabels", "As the data loader's drop_last: steps per epoch round down instead of up.")},
    {"recipe.micro_batch", QT_TRANSLATE_NOOP("FieldLabels", "Micro-batch per GPU"),
     QT_TRANSLATE_NOOP("FieldLabels", "Samples each GPU processes per forward and backward pass.")},
    {"recipe.grad_accum", QT_TRANSLATE_NOOP("FieldLabels", "Gradient accumulation"),
     QT_TRANSLATE_NOOP("FieldLabels", "Micro-steps per optimizer step; used when the target batch is 0.")},
    {"recipe.global_batch", QT_TRANSLATE_NOOP("FieldLabels", "Target global batch"),
     QT_TRANSLATE_NOOP("FieldLabels", "Above 0: the accumulation is solved to reach this effective batch.")},
    {"recipe.base_lr", QT_TRANSLATE_NOOP("FieldLabels", "Base learning rate"),
     QT_TRANSLATE_NOOP("FieldLabels", "The learning rate known to work at the reference batch.")},
    {"recipe.base_batch", QT_TRANSLATE_NOOP("FieldLabels", "Reference batch"),
     QT_TRANSLATE_NOOP("FieldLabels", "The effective batch the base learning rate was tuned at.")},
    {"recipe.lr_rule", QT_TRANSLATE_NOOP("FieldLabels", "LR scaling rule"),
     QT_TRANSLATE_NOOP("FieldLabels", "How the learning rate follows the effective batch: in proportion, with its square root, or not at all.")},
    {"recipe.scale_warmup", QT_TRANSLATE_NOOP("FieldLabels", "Scale warmup with the batch"),
     QT_TRANSLATE_NOOP("FieldLabels", "Keep the warmup's samples constant: fewer warmup steps as the batch grows.")},
    {"recipe.warmup_steps", QT_TRANSLATE_NOOP("FieldLabels", "Warmup steps"),
     QT_TRANSLATE_NOOP("FieldLabels", "Steps of linear warmup at the reference batch, before the cosine decay.")},
    {"recipe.total_steps", QT_TRANSLATE_NOOP("FieldLabels", "Total steps"),
     QT_TRANSLATE_NOOP("FieldLabels", "Used when epochs is 0.")},
    {"recipe.epochs", QT_TRANSLATE_NOOP("FieldLabels", "Epochs"),
     QT_TRANSLATE_NOOP("FieldLabels", "Above 0: total steps = epochs × steps per epoch.")},
    {"recipe.zero_stage", QT_TRANSLATE_NOOP("FieldLabels", "ZeRO stage"),
     QT_TRANSLATE_NOOP("FieldLabels", "DeepSpeed ZeRO: what is sharded across GPUs to save memory.")},
    {"recipe.offload_optimizer", QT_TRANSLATE_NOOP("FieldLabels", "Offload optimizer to CPU"),
     QT_TRANSLATE_NOOP("FieldLabels", "Keep the optimizer state in CPU memory (needs ZeRO).")},
    {"recipe.precision", QT_TRANSLATE_NOOP("FieldLabels", "Precision"),
     QT_TRANSLATE_NOOP("FieldLabels", "The number format of training; sets the bytes per parameter and gradient.")},
    {"recipe.mfu", QT_TRANSLATE_NOOP("FieldLabels", "Model FLOPs utilisation"),
     QT_TRANSLATE_NOOP("FieldLabels", "The share of the GPU's peak the compute time assumes (0–1).")},
    {"recipe.memory_overhead_gb", QT_TRANSLATE_NOOP("FieldLabels", "Memory overhead per GPU (GB)"),
     QT_TRANSLATE_NOOP("FieldLabels", "CUDA context, NCCL buffers and allocator slack, beyond model states and activations.")},
    {"recipe.checkpoint_every", QT_TRANSLATE_NOOP("FieldLabels", "Checkpoint every (steps)"),
     QT_TRANSLATE_NOOP("FieldLabels", "0: no checkpoints.")},
    {"recipe.eval_every", QT_TRANSLATE_NOOP("FieldLabels", "Validate every (steps)"),
     QT_TRANSLATE_NOOP("FieldLabels", "0: no validation.")},
    {"launch.platform", QT_TRANSLATE_NOOP("FieldLabels", "Target platform"),
     QT_TRANSLATE_NOOP("FieldLabels", "Where the job is launched; decides which variables carry the ranks.")},
    {"launch.job_name", QT_TRANSLATE_NOOP("FieldLabels", "Job name"),
     QT_TRANSLATE_NOOP("FieldLabels", "The job's name on the platform; Kubernetes allows lower-case letters, digits and '-'.")},
    {"launch.image", QT_TRANSLATE_NOOP("FieldLabels", "Container image"),
     QT_TRANSLATE_NOOP("FieldLabels", "The image every node runs (Kubernetes, PyTorchJob, PAI-DLC).")},
    {"launch.namespace", QT_TRANSLATE_NOOP("FieldLabels", "Namespace"), QT_TRANSLATE_NOOP("FieldLabels", "The Kubernetes namespace of the job.")},
    {"launch.command", QT_TRANSLATE_NOOP("FieldLabels", "Workload command"),
     QT_TRANSLATE_NOOP("FieldLabels", "Your training command; empty runs traindeck-trainer.")},
    {"launch.master_port", QT_TRANSLATE_NOOP("FieldLabels", "Rendezvous port"),
     QT_TRANSLATE_NOOP("FieldLabels", "The port on node 0 where the nodes meet (MASTER_PORT).")},
    {"launch.comm_timeout_s", QT_TRANSLATE_NOOP("FieldLabels", "Collective timeout (s)"),
     QT_TRANSLATE_NOOP("FieldLabels", "Set where the framework reads it (e.g. torch init_process_group timeout).")},
    {"launch.num_processes", QT_TRANSLATE_NOOP("FieldLabels", "accelerate num_processes"),
     QT_TRANSLATE_NOOP("FieldLabels", "The whole job's process count as written in your accelerate config; 0 derives it.")},
    {"launch.hosts", QT_TRANSLATE_NOOP("FieldLabels", "Hosts"),
     QT_TRANSLATE_NOOP("FieldLabels", "Where the Launch page and the ssh files start the nodes: one per node, node 0 first, "
                                      "[user@]host[:port] or an ssh alias, separated by commas.")},
};

const Named* named(const std::string& key) {
    for (const Named& n : kNamed)
        if (key == n.key)
            return &n;
    return nullptr;
}

QString translated(const char* text) { return QCoreApplication::translate("FieldLabels", text); }

const std::vector<std::string>& listedKeys(Section section) {
    static const std::vector<std::string> cluster = {"cluster.nodes", "cluster.gpus_per_node", "cluster.gpu",
                                                     "cluster.network"};
    static const std::vector<std::string> model = {"name", "model.name", "model.preset", "model.params",
                                                   "model.tokens_per_sample", "model.activation_gb_per_sample",
                                                   "recipe.dataset_size", "recipe.drop_last"};
    static const std::vector<std::string> recipe = {
        "recipe.micro_batch", "recipe.grad_accum",   "recipe.global_batch", "recipe.base_lr",
        "recipe.base_batch",  "recipe.lr_rule",      "recipe.scale_warmup", "recipe.warmup_steps",
        "recipe.total_steps", "recipe.epochs",       "recipe.zero_stage",   "recipe.offload_optimizer",
        "recipe.precision"};
    static const std::vector<std::string> launch = {
        "launch.platform",    "launch.job_name",       "launch.image",           "launch.namespace",
        "launch.command",     "launch.master_port",    "launch.comm_timeout_s",  "recipe.checkpoint_every",
        "recipe.eval_every",  "launch.hosts"};
    static const std::vector<std::string> none;
    switch (section) {
    case Section::Cluster: return cluster;
    case Section::ModelData: return model;
    case Section::Recipe: return recipe;
    case Section::Launch: return launch;
    case Section::Advanced: return none;
    }
    return none;
}

// Probes whether core accepts `value` for `key`, on a copy.
bool accepts(const Plan& probe, const std::string& key, const std::string& value) {
    Plan copy = probe;
    return setPlanField(copy, key, value).empty();
}

}  // namespace

const std::vector<Section>& allSections() {
    static const std::vector<Section> sections = {Section::Cluster, Section::ModelData, Section::Recipe,
                                                  Section::Launch, Section::Advanced};
    return sections;
}

QString sectionTitle(Section section) {
    switch (section) {
    case Section::Cluster: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Cluster"));
    case Section::ModelData: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Model and data"));
    case Section::Recipe: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Recipe"));
    case Section::Launch: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Platform and workload"));
    case Section::Advanced: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Advanced"));
    }
    return {};
}

QString sectionSubtitle(Section section) {
    switch (section) {
    case Section::Cluster:
        return translated(QT_TRANSLATE_NOOP("FieldLabels", "How many machines, how many GPUs in each, and what connects them."));
    case Section::ModelData:
        return translated(QT_TRANSLATE_NOOP("FieldLabels", "The model's size and the data it trains on."));
    case Section::Recipe:
        return translated(QT_TRANSLATE_NOOP("FieldLabels",
                                    "Batch, learning rate and schedule. The learning rate is rescaled for the effective batch."));
    case Section::Launch:
        return translated(QT_TRANSLATE_NOOP("FieldLabels", "Where the job runs and what it runs."));
    case Section::Advanced:
        return translated(QT_TRANSLATE_NOOP("FieldLabels", "Assumptions of the estimate."));
    }
    return {};
}

std::vector<std::string> sectionKeys(Section section) {
    std::vector<std::string> keys;
    if (section == Section::Advanced) {
        std::set<std::string> shown;
        for (Section s : allSections())
            for (const std::string& k : listedKeys(s))
                shown.insert(k);
        // The compared layouts and the calibration have their own controls
        // (plan view, calibration panel), better than their text forms.
        shown.insert("compare");
        shown.insert("calibration");
        for (const PlanField& f : planFields())
            if (!shown.count(f.key))
                keys.push_back(f.key);
        return keys;
    }
    for (const std::string& k : listedKeys(section))
        if (findPlanField(k))
            keys.push_back(k);
    return keys;
}

std::vector<std::string> unknownKeys() {
    std::vector<std::string> unknown;
    for (Section s : allSections())
        for (const std::string& k : listedKeys(s))
            if (!findPlanField(k))
                unknown.push_back(k);
    for (const Named& n : kNamed)
        if (!findPlanField(n.key))
            unknown.push_back(n.key);
    return unknown;
}

bool hasOwnLabel(const std::string& key) { return named(key) != nullptr; }

QString fieldLabel(const std::string& key) {
    if (const Named* n = named(key))
        return translated(n->label);
    return QString::fromStdString(key);
}

QString fieldToolTip(const std::string& key) {
    if (const Named* n = named(key); n && *n->help)
        return translated(n->help);
    // Core's help is English: shown only for a field this file has not named.
    if (const PlanField* f = findPlanField(key))
        return QString::fromStdString(f->help);
    return {};
}

bool hasOwnHelp(const std::string& key) {
    const Named* n = named(key);
    return n && *n->help;
}

std::vector<Choice> fieldChoices(const std::string& key, const Plan& probe) {
    std::vector<Choice> candidates;
    if (key == "cluster.gpu") {
        for (const GpuModel& g : gpuCatalogue())
            candidates.push_back({g.key, QString::fromStdString(g.name)});
    } else if (key == "cluster.network") {
        for (const NetworkModel& n : networkCatalogue())
            candidates.push_back({n.key, QString::fromStdString(n.name)});
    } else if (key == "recipe.lr_rule") {
        candidates = {{"linear", translated(QT_TRANSLATE_NOOP("FieldLabels", "Linear (LR grows with the batch)"))},
                      {"sqrt", translated(QT_TRANSLATE_NOOP("FieldLabels", "Square root"))},
                      {"none", translated(QT_TRANSLATE_NOOP("FieldLabels", "None (keep the base LR)"))}};
    } else if (key == "recipe.precision") {
        candidates = {{"bf16", QStringLiteral("bf16")}, {"fp16", QStringLiteral("fp16")}, {"fp32", QStringLiteral("fp32")}};
    } else if (key == "recipe.zero_stage") {
        candidates = {{"0", translated(QT_TRANSLATE_NOOP("FieldLabels", "0: plain data parallel"))},
                      {"1", translated(QT_TRANSLATE_NOOP("FieldLabels", "1: shard optimizer state"))},
                      {"2", translated(QT_TRANSLATE_NOOP("FieldLabels", "2: shard optimizer state and gradients"))},
                      {"3", translated(QT_TRANSLATE_NOOP("FieldLabels", "3: shard everything, parameters too"))}};
    } else if (key == "model.preset") {
        candidates = {{"", translated(QT_TRANSLATE_NOOP("FieldLabels", "Custom"))},
                      {"tiny", QStringLiteral("tiny")},
                      {"base", QStringLiteral("base")},
                      {"large", QStringLiteral("large")}};
    } else if (key == "launch.platform") {
        candidates = {{"k8s", QStringLiteral("Kubernetes (Indexed Job)")},
                      {"pytorchjob", QStringLiteral("Kubeflow PyTorchJob")},
                      {"pai", QStringLiteral("PAI-DLC")},
                      {"slurm", QStringLiteral("SLURM")},
                      {"ssh", translated(QT_TRANSLATE_NOOP("FieldLabels", "Plain SSH"))},
                      {"torchrun", QStringLiteral("torchrun")}};
    } else {
        return {};
    }
    std::vector<Choice> accepted;
    for (Choice& c : candidates)
        if (accepts(probe, key, c.value))
            accepted.push_back(std::move(c));
    return accepted;
}

bool isBooleanField(const std::string& key) {
    const PlanField* f = findPlanField(key);
    return f && f->boolean;
}

}  // namespace traindeck::gui
