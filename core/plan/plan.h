#pragma once
// The plan: everything a user decides about a training run. Pure data; the
// figures derived from it live in estimate.h, the checks in findings.h.
//
// Every field has a stable key ("recipe.micro_batch") through which it is saved
// to YAML, overridden from the command line and edited by one-click fixes:
// see plan_fields.h, the single table of fields.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace traindeck {

inline constexpr int kPlanVersion = 1;

enum class LrRule { Linear, Sqrt, None };
enum class Precision { Bf16, Fp16, Fp32 };

// Where the job runs; decides which variables carry ranks and counts.
enum class Platform { Kubernetes, PyTorchJob, PaiDlc, Slurm, Ssh, Torchrun };

// One arrangement of GPUs: `nodes` machines with `gpusPerNode` GPUs each.
struct Layout {
    int nodes = 1;
    int gpusPerNode = 8;
    int worldSize() const { return nodes * gpusPerNode; }
    friend bool operator==(const Layout&, const Layout&) = default;
};

struct Cluster {
    int nodes = 2;
    int gpusPerNode = 8;
    std::string gpu = "h100";        // key into gpuCatalogue()
    std::string network = "ib-8x400";  // key into networkCatalogue()
    // What the GPUs cost (core/cost): a cloud and region of the price catalogue, its
    // spot or on-demand price, or the user's own price per GPU-hour, which wins.
    std::string cloud;                 // "aws", "gcp", ...; empty: not priced unless pricePerGpuHour is set
    std::string region;                // empty: the cloud's cheapest region for the GPU
    bool spot = false;
    double pricePerGpuHour = 0;        // >0: the user's own price
    std::string currency;              // of pricePerGpuHour; empty: the cloud's, else USD
    int maxNodes = 8;                  // the most nodes a deadline or budget may take
    Layout layout() const { return {nodes, gpusPerNode}; }
    friend bool operator==(const Cluster&, const Cluster&) = default;
};

enum class ActivationCheckpointing { None, Selective, Full };

struct ModelSpec {
    std::string name = "tae-mlp-large";
    std::string preset;                  // "tiny"/"base"/"large": the trainer's model; empty: custom
    double params = 102.4e6;             // trainable parameters
    double tokensPerSample = 8192;       // tokens one sample feeds through the model
    double flopsPerSample = 0;           // 0: from the architecture, else 6·params·tokens (forward + backward)
    double activationGbPerSample = 0.5;  // activation memory one sample holds at peak (without an architecture)
    // The architecture in its one-line text form (core/model/architecture.h); empty: the
    // model is known only by the numbers above. With it, parameters, FLOPs and
    // activation memory follow from the architecture.
    std::string architecture;
    ActivationCheckpointing checkpointing = ActivationCheckpointing::None;
    bool flashAttention = true;          // as PyTorch's SDPA picks it: no s² score memory
    // A video sample: frames × height × width. The trainer's workload reads them
    // (--frames, --height, --width); for its tae-mlp a token is an 8×8 patch of a frame.
    int clipFrames = 8;
    int clipHeight = 256;
    int clipWidth = 256;
    friend bool operator==(const ModelSpec&, const ModelSpec&) = default;
};

struct Recipe {
    int microBatch = 16;         // samples per GPU per micro-step
    int gradAccum = 1;           // micro-steps per optimizer step (when globalBatch is 0)
    long globalBatch = 0;        // >0: solve the accumulation that reaches this effective batch
    double baseLr = 1e-3;        // learning rate known to work at baseBatch
    long baseBatch = 256;        // the effective batch baseLr belongs to
    LrRule lrRule = LrRule::Linear;
    bool scaleWarmup = false;    // keep warmup samples constant as the batch grows
    long warmupSteps = 20;
    long totalSteps = 1000;      // used when epochs is 0
    double epochs = 0;           // >0: total steps = epochs × steps per epoch
    long datasetSize = 1'000'000;
    bool dropLast = true;
    int zeroStage = 0;           // DeepSpeed ZeRO stage 0–3 (0: plain data parallel)
    bool offloadOptimizer = false;
    Precision precision = Precision::Bf16;
    // PyTorch FSDP instead of DeepSpeed ZeRO (zeroStage then 0): how the states are sharded.
    enum class Fsdp { None, FullShard, ShardGradOp, HybridShard } fsdp = Fsdp::None;
    double mfu = 0.50;           // model FLOPs utilisation the compute time assumes
    // The communication model's two constants. Not plan fields: a calibration with
    // points on several layouts fits them (calibration_fit.h). Negative: not fitted, the
    // network catalogue's constants apply (hardware.h; see communicationConstants()).
    double overlap = -1;               // share of the hideable communication that is hidden, [0, 1]
    double collectiveLatencyS = -1;    // fixed cost per collective phase of a step on more than one GPU
    // The host's pace issuing eager PyTorch's operators against the host their costs were
    // measured on (model/training_cost.h). Not a plan field: a calibration on points the host
    // bounds fits it (calibration_fit.h). Not positive: not fitted, 1.
    double hostPace = -1;
    double memoryOverheadGb = 3.0;  // CUDA context, NCCL buffers, allocator slack
    int checkpointEvery = 0;     // steps between checkpoints (0: none)
    int evalEvery = 0;           // steps between validations (0: none)
    long evalSamples = 10000;    // held-out samples one validation reads (forward only)
    double checkpointWriteGBps = 2.0;  // how fast a checkpoint reaches storage (the job's whole state)
    friend bool operator==(const Recipe&, const Recipe&) = default;
};

// How and where the job is launched; read by the generators.
// Who starts the training processes on a node: the command once (it starts one
// per GPU itself: torchrun, accelerate launch, traindeck-trainer), or TrainDeck's
// entrypoint once per GPU with torchrun's variables (RANK, LOCAL_RANK, ...).
enum class Processes { Single, PerGpu };

struct LaunchSettings {
    Platform platform = Platform::Kubernetes;
    std::string jobName = "traindeck-demo";
    std::string image = "nvcr.io/nvidia/pytorch:25.01-py3";
    std::string nameSpace = "default";
    std::string command;          // user's workload template; empty: traindeck-trainer
    Processes processes = Processes::Single;
    int masterPort = 29500;
    int commTimeoutS = 1800;      // collective timeout, set where the framework reads it
    int numProcesses = 0;         // accelerate num_processes as the user wrote it; 0: derived
    std::map<std::string, std::string> env;  // extra environment for every node
    // Where the nodes run, node 0 (the master) first: [user@]host[:port] or an ssh alias;
    // the ssh target's hostfile and what `traindeck launch` and the Launch page start.
    std::vector<std::string> hosts;
    // Where the job's checkpoints go, an absolute path on the nodes; empty: the platform's
    // default place that outlives a pod or node (core/generate/checkpoint_place.h).
    std::string checkpointDir;
    // The GPUs each SSH node uses (CUDA_VISIBLE_DEVICES), as many as gpusPerNode; empty:
    // all of the node's GPUs, which must then be gpusPerNode. A 4-GPU plan on 8-GPU boxes.
    std::vector<int> visibleGpus;
    // Where a Slurm job queues (`traindeck launch --platform slurm`, the generated job.sbatch);
    // empty: the cluster's default. `slurmOptions`: more #SBATCH lines ("--constraint=h100").
    std::string slurmPartition, slurmAccount, slurmQos, slurmTimeLimit;
    std::vector<std::string> slurmOptions;
    friend bool operator==(const LaunchSettings&, const LaunchSettings&) = default;
};

// The workload a speed was measured at, and the host's issue time the run measured
// beside it. What it does not say (0, -1, empty) is taken as the plan has it: a bare
// LAYOUT=SPEED means "at the plan as it stands".
struct MeasuredWorkload {
    int microBatch = 0;
    int gradAccum = 0;
    double tokensPerSample = 0;
    std::optional<ActivationCheckpointing> checkpointing;
    std::optional<Precision> precision;
    int zeroStage = -1;
    std::optional<Recipe::Fsdp> fsdp;
    std::string gpu;       // a GPU catalogue key, "cpu", or a device's name the catalogue does not know
    double params = 0;     // the model's parameters
    std::string model;     // its Hugging Face model_type or the trainer's preset
    double hostS = 0;      // the host's issue time per optimizer step (metrics-protocol.md host_s), s
    // Not shapes either: what the run's own evaluations and checkpoints took (run_durations.h),
    // which the time to finish uses in place of its assumptions. 0: not measured.
    double checkpointGBps = 0;   // checkpoint write speed: bytes / seconds of its `checkpoint` events, GB/s
    double evalSpeedRatio = 0;   // evaluation samples/s over training samples/s on the same layout
    bool said() const { return *this != MeasuredWorkload{}; }
    friend bool operator==(const MeasuredWorkload&, const MeasuredWorkload&) = default;
};

// A measured speed on one layout at its workload, to refit the model (see calibrate.h
// and calibration_fit.h): the fit adjusts the model's constants at the point's own
// workload, and every plan of that model is predicted from them.
struct Calibration {
    enum class Unit { StepsPerSecond, SamplesPerSecond, SecondsPerStep };
    Layout layout;
    double value = 0;
    Unit unit = Unit::StepsPerSecond;
    MeasuredWorkload workload;
    friend bool operator==(const Calibration&, const Calibration&) = default;
};

// What the run must meet (core/cost/cost_solver.h): a deadline, a budget, or neither.
struct Goal {
    std::string deadline;      // "36h", "2d", or an ISO date and time; empty: none
    double budget = 0;         // >0: the most the run may cost, in the plan's currency
    bool acrossGpus = false;   // also try the catalogue's other GPU types and clouds
    friend bool operator==(const Goal&, const Goal&) = default;
};

struct Plan {
    int version = kPlanVersion;
    std::string name = "demo";
    Cluster cluster;
    ModelSpec model;
    Recipe recipe;
    LaunchSettings launch;
    Goal goal;
    std::vector<Layout> compare = {{1, 8}, {2, 8}, {8, 8}};  // layouts shown side by side
    std::vector<Calibration> calibrations;  // measured points; empty: the assumed MFU
    friend bool operator==(const Plan&, const Plan&) = default;
};

// The built-in demo plan: the trainer's bench-large workload on two 8-GPU H100 nodes.
Plan demoPlan();

}  // namespace traindeck
