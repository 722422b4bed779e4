#include "scheduler.h"

#include "slurm.h"

namespace traindeck::scheduler {

std::unique_ptr<Scheduler> makeScheduler(const std::string& name, CommandRunner& runner) {
    if (name == "slurm") return std::make_unique<SlurmScheduler>(runner);
    return nullptr;
}

const char* schedulerOf(Platform platform) {
    return platform == Platform::Slurm ? "slurm" : nullptr;
}

}  // namespace traindeck::scheduler
