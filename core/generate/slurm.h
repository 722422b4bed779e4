#pragma once
// The Slurm target's rules that the launcher shares (core/launch/scheduled_run.cpp).

#include <string>

namespace traindeck::generate {

// sbatch reads #SBATCH lines itself, with no shell: whether `s` is one word it takes
// literally there (letters, digits, '-', '_', '.', ':'). A job name that is not is left
// out of job.sbatch, and the job is named after the script.
bool isSbatchWord(const std::string& s);

}  // namespace traindeck::generate
