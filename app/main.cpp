// traindeck: with a subcommand, a command-line tool (no window opens);
// without one, the desktop application.

#include "cli/commands.h"
#include "gui/gui.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <vector>

namespace {

struct Command {
    const char* name;
    int (*run)(int, char**);
    const char* summary;
};

constexpr Command kCommands[] = {
    {"plan", traindeck::cli::runPlan, "print a plan's derived figures and findings"},
    {"generate", traindeck::cli::runGenerate, "write the launch files of a plan"},
    {"launch", traindeck::cli::runLaunch, "start a plan's nodes over SSH or here, and stop them together"},
};

bool isPlanFile(const char* arg) {
    const std::string_view a(arg);
    return a.ends_with(".yaml") || a.ends_with(".yml") || std::filesystem::is_regular_file(a);
}

void printUsage(std::FILE* out) {
    std::fputs("Usage: traindeck [COMMAND] [OPTIONS]\n\n"
               "Without a command, opens the TrainDeck window: on the built-in demo plan\n"
               "(--demo), or on a plan file (traindeck PLAN.yaml, or --open PLAN.yaml).\n\n"
               "Commands:\n", out);
    for (const Command& c : kCommands)
        std::fprintf(out, "  %-10s %s\n", c.name, c.summary);
    std::fputs("\nRun 'traindeck COMMAND --help' for a command's options.\n", out);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && argv[1][0] != '-') {
        for (const Command& c : kCommands)
            if (std::strcmp(argv[1], c.name) == 0)
                return c.run(argc - 2, argv + 2);
        // `traindeck my-plan.yaml` (a file manager, a shell habit) opens the plan in the window.
        if (isPlanFile(argv[1])) {
            std::vector<char*> args{argv[0], const_cast<char*>("--open")};
            args.insert(args.end(), argv + 1, argv + argc);
            args.push_back(nullptr);
            return traindeck::gui::run(int(args.size()) - 1, args.data());
        }
        std::fprintf(stderr, "traindeck: unknown command '%s' (commands: plan, generate, launch; or a plan .yaml file)\n",
                     argv[1]);
        return 2;
    }
    if (argc >= 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
        printUsage(stdout);
        return 0;
    }
    return traindeck::gui::run(argc, argv);
}
