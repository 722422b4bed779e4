#include "checkpoint_command.h"

#include "generate/checkpoint_place.h"
#include "launch.h"

#include <string_view>

namespace traindeck::launch {

namespace {

bool has(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// One program and its arguments: words added at the end are that program's.
bool isOneCommand(std::string_view command) { return command.find_first_of("\n;&|`()") == std::string_view::npos; }

}  // namespace

std::string commandWithCheckpoints(const Plan& plan) {
    const std::string& given = plan.launch.command;
    if (plan.launch.checkpointDir.empty() || given.empty()) return given;
    const std::string command = given.substr(0, given.find_last_not_of(" \t\n") + 1);
    if (has(command, "{checkpoint_dir}") || has(command, generate::kCheckpointDirVar)) return command;
    const std::string program = workloadProgram(plan);
    const bool trainer = program.substr(program.rfind('/') + 1) == "traindeck-trainer";
    if (trainer && isOneCommand(command) && !has(command, "--checkpoint-dir")) {
        std::string withFlags = command + " --checkpoint-dir {checkpoint_dir}";
        if (plan.recipe.checkpointEvery > 0 && !has(command, "--checkpoint-every"))
            withFlags += " --checkpoint-every {checkpoint_every}";
        return withFlags;
    }
    throw LaunchError(Text(TD_TEXT("Launch", "%1 is set but %2 never uses it, so a stop would save nothing there: "
                                             "pass it to your program as {checkpoint_dir} (e.g. --output-dir "
                                             "{checkpoint_dir}) or read $TRAINDECK_CHECKPOINT_DIR in the command; "
                                             "nothing was started"),
                           {Text::field("launch.checkpoint_dir", "--checkpoint-dir"),
                            Text::field("launch.command", "--command")}));
}

}  // namespace traindeck::launch
