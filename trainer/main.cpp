// traindeck-trainer: see --help (options.cpp) and docs/trainer-workload.md.
// main only decides who this process is: the node's launcher or one worker.

#include "backend_module.h"
#include "launcher.h"
#include "options.h"
#include "training_loop.h"

#include <traindeck_build_info.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

using namespace traindeck::trainer;

namespace {

// The version and this build's features: the CUDA backend or not, and against which CUDA/NCCL.
void printVersion() {
    std::printf("traindeck-trainer %s\n", TRAINDECK_BUILD_VERSION);
    if (!TRAINDECK_BUILD_CUDA) {
        std::puts("CUDA: no (backends: gloo)");
        return;
    }
    std::printf("CUDA: yes (CUDA %s, NCCL %s; backends: nccl, gloo)\n", TRAINDECK_BUILD_CUDA_VERSION,
                TRAINDECK_BUILD_NCCL_VERSION);
    std::printf("the nccl backend needs: %s\n", TRAINDECK_BUILD_CUDA_LIBRARIES);
    // Whether it loads on this machine: the question a user asks on a fresh node.
    std::string why;
    if (const NcclModule* module = loadNcclModule(&why))
        std::printf("the nccl backend loads here: %s\n", module->path.c_str());
    else
        std::printf("the nccl backend does not load here: %s\n", why.c_str());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--version") == 0) {
        printVersion();
        return 0;
    }
    try {
        const Options options = parseOptions(argc, argv);
        if (options.help) {
            std::fputs(helpText().c_str(), stdout);
            return 0;
        }
        const char* worker = std::getenv("TRAINDECK_WORKER");
        if (options.nprocPerNode > 0 && !(worker && *worker)) return runLauncher(options, argv);
        return runWorker(options);
    } catch (const UsageError& e) {
        std::fprintf(stderr, "traindeck-trainer: error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "traindeck-trainer: error: %s\n", e.what());
        return 1;
    }
}
