#include "generate/checkpoint_place.h"

#include "generate/shell_quote.h"

namespace traindeck::generate {

namespace {

bool isUnderFolder(const std::string& path, const std::string& folder) {
    return path == folder || (path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
                              (folder.back() == '/' || path[folder.size()] == '/'));
}

// The first read-write claim the user mounted, or one that holds `path`; null: none.
const VolumeMount* writableClaim(const GenerateOptions& options, const std::string& path = {}) {
    for (const VolumeMount& m : options.mounts)
        if (!m.readOnly && (path.empty() || isUnderFolder(path, m.mountPath))) return &m;
    return nullptr;
}

bool runsTheWorkload(Target target) {
    return target == Target::Kubernetes || target == Target::PyTorchJob || target == Target::PaiDlc ||
           target == Target::Slurm || target == Target::Ssh || target == Target::SkyPilot;
}

CheckpointPlace checkpointsAt(std::string path, Text where) {
    return {shellQuote(path), path, std::move(where)};
}

CheckpointPlace noCheckpoints(Text why) { return {{}, {}, std::move(why)}; }

Text checkpointInterval(const Context& ctx) { return Text::value(std::to_string(ctx.plan.recipe.checkpointEvery)); }

Text checkpointsOnClaim(const Context& ctx, const std::string& path, const VolumeMount& m) {
    return Text(TD_TEXT("GenerateNotes", "checkpoints every %1 steps go to %2, on volume claim %3"),
                {checkpointInterval(ctx), Text::value(path), Text::value(m.claim)});
}

}  // namespace

CheckpointPlace checkpointPlace(const Context& ctx, Target target) {
    if (!runsTheWorkload(target)) return {};
    const Plan& plan = ctx.plan;
    const std::string& chosen = plan.launch.checkpointDir;
    const bool kubernetes = target == Target::Kubernetes || target == Target::PyTorchJob;
    if (!chosen.empty()) {
        if (kubernetes) {
            if (const VolumeMount* m = writableClaim(ctx.options, chosen))
                return checkpointsAt(chosen, checkpointsOnClaim(ctx, chosen, *m));
            return checkpointsAt(chosen, Text(TD_TEXT("GenerateNotes", "checkpoints go to %1, which is on no mounted volume "
                                                            "claim: they are lost with the pod (mount one with %2)"),
                                   {Text::value(chosen), Text::field("generate.mount", "--mount")}));
        }
        return checkpointsAt(chosen, Text(TD_TEXT("GenerateNotes", "checkpoints every %1 steps go to %2"),
                               {checkpointInterval(ctx), Text::value(chosen)}));
    }
    const std::string sub = "/checkpoints/" + plan.launch.jobName;
    switch (target) {
    case Target::Kubernetes:
    case Target::PyTorchJob: {
        const VolumeMount* m = writableClaim(ctx.options);
        if (!m)
            return noCheckpoints(Text(TD_TEXT("GenerateNotes", "this job writes no checkpoints: no volume claim is mounted "
                                                      "(%1 CLAIM:/PATH) and a pod's own disk goes with the pod; "
                                                      "mount one, or set %2"),
                             {Text::field("generate.mount", "--mount"),
                              Text::field("launch.checkpoint_dir", "--checkpoint-dir")}));
        const std::string& folder = m->mountPath;
        const std::string path = (folder.back() == '/' ? folder.substr(0, folder.size() - 1) : folder) + sub;
        return checkpointsAt(path, checkpointsOnClaim(ctx, path, *m));
    }
    case Target::Slurm:
        // sbatch's submit folder is the one every node reads the generated files from.
        return {"\"${SLURM_SUBMIT_DIR}\"" + shellQuote(sub), "$SLURM_SUBMIT_DIR" + sub,
                Text(TD_TEXT("GenerateNotes", "checkpoints every %1 steps go to %2, in the folder the job was "
                                              "submitted from, which every node shares"),
                     {checkpointInterval(ctx), Text::value("$SLURM_SUBMIT_DIR" + sub)})};
    case Target::PaiDlc:
        return noCheckpoints(Text(TD_TEXT("GenerateNotes", "this job writes no checkpoints: a PAI-DLC node's disk goes with "
                                                  "the job; mount OSS or NAS into the job and set %1 to a path on it"),
                         {Text::field("launch.checkpoint_dir", "--checkpoint-dir")}));
    case Target::Ssh:
        return noCheckpoints(Text(TD_TEXT("GenerateNotes", "this job writes no checkpoints: set %1 to a folder on the nodes "
                                                  "(shared by them, to resume after a node is replaced)"),
                         {Text::field("launch.checkpoint_dir", "--checkpoint-dir")}));
    case Target::SkyPilot:
        return noCheckpoints(Text(TD_TEXT("GenerateNotes", "this job writes no checkpoints: a SkyPilot node's disk goes "
                                                  "with the cluster; mount a bucket (file_mounts) and set %1 to a path on it"),
                         {Text::field("launch.checkpoint_dir", "--checkpoint-dir")}));
    default:
        return {};
    }
}

void checkCheckpointPlaceholder(const Context& ctx, Target target) {
    if (ctx.plan.launch.command.find("{checkpoint_dir}") == std::string::npos) return;
    const CheckpointPlace place = checkpointPlace(ctx, target);
    if (place.shellValue.empty() && runsTheWorkload(target))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "the command names {checkpoint_dir}, but %1"), {place.where}));
}

}  // namespace traindeck::generate
