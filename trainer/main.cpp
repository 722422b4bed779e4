// traindeck-trainer: see --help (options.cpp) and ../shared/design/trainer-workload.md.
// main only decides who this process is: the node's launcher or one worker.

#include "launcher.h"
#include "options.h"
#include "training_loop.h"

#include <cstdio>
#include <cstdlib>
#include <exception>

using namespace traindeck::trainer;

int main(int argc, char** argv) {
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
