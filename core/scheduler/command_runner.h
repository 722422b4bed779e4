#pragma once
// How a scheduler's commands (sbatch, squeue, scontrol, sacct, scancel, sinfo; later
// kubectl or dlc) are run: one argv in, its exit status and output out. The
// scheduler's logic sees only this interface, so its tests give it a cluster's
// recorded answers; ProcessRunner runs the real programs.

#include <string>
#include <vector>

namespace traindeck::scheduler {

struct CommandResult {
    bool started = true;  // false: the program could not be run (not on PATH)
    int status = 0;       // the exit status; 128+N when signal N ended it; -1 when it timed out
    std::string out, err;
    bool ok() const { return started && status == 0; }
};

class CommandRunner {
public:
    virtual ~CommandRunner() = default;
    // Runs argv[0] (looked up on PATH) with the rest as its arguments, no shell, in
    // `workDir` (empty: this process's); gives up (status -1) after `timeoutS` seconds.
    virtual CommandResult run(const std::vector<std::string>& argv, const std::string& workDir, double timeoutS) = 0;
};

// fork/exec with stdin from /dev/null and both outputs read whole; the child is
// killed (SIGKILL, its process group) when it outlives the timeout.
class ProcessRunner : public CommandRunner {
public:
    CommandResult run(const std::vector<std::string>& argv, const std::string& workDir, double timeoutS) override;
};

// The command as a shell would take it (each argument quoted where it needs it), for
// --dry-run and messages.
std::string commandLine(const std::vector<std::string>& argv);

}  // namespace traindeck::scheduler
