// traindeck: with a subcommand, a command-line tool (no window opens);
// without one, the desktop application.

#include "cli/commands.h"
#include "text/exit_status.h"
#include "cli/terminal_text.h"
#include "generate/shell_quote.h"
#include "gui/gui.h"
#include "interface_language.h"
#include "localized.h"
#include "window_display.h"

#include <traindeck_build_info.h>

#include <QCoreApplication>
#include <QtGlobal>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace {

using traindeck::Text;
using traindeck::TextTemplate;
using traindeck::app::localized;

struct Command {
    const char* name;
    int (*run)(int, char**);
    TextTemplate summary;
};

const Command kCommands[] = {
    {"plan", traindeck::cli::runPlan, TD_TEXT("Usage", "print a plan's derived figures and findings")},
    {"generate", traindeck::cli::runGenerate, TD_TEXT("Usage", "write the launch files of a plan")},
    {"watch", traindeck::cli::runWatch,
     TD_TEXT("Usage", "summarise or follow training runs (metrics, logs, TensorBoard files)")},
    {"launch", traindeck::cli::runLaunch, TD_TEXT("Usage", "start a plan's nodes over SSH or here, and stop them together")},
    {"prices", traindeck::cli::runPrices, TD_TEXT("Usage", "list the GPU prices a plan's cost comes from")},
};

bool isPlanFile(const char* arg) {
    const std::string_view a(arg);
    return a.ends_with(".yaml") || a.ends_with(".yml") || std::filesystem::is_regular_file(a);
}

// In the shape every TrainDeck --help has (packaging/cli_reference.py reads it).
void printUsage() {
    using traindeck::cli::padded;
    using traindeck::cli::printWrapped;
    std::printf("%s\n\n", localized(TD_TEXT("Usage", "Usage: traindeck [COMMAND] [OPTIONS]")).c_str());
    printWrapped("", localized(TD_TEXT("Usage", "Without a command, opens the TrainDeck window: on the built-in demo "
                                                "plan (--demo), or on a plan file (traindeck PLAN.yaml, or --open "
                                                "PLAN.yaml).")),
                 0);
    std::printf("\n%s\n", localized(TD_TEXT("Usage", "Commands:")).c_str());
    for (const Command& c : kCommands)
        printWrapped(padded(std::string("  ") + c.name, 13), localized(c.summary), 13);
    std::printf("\n%s\n", localized(TD_TEXT("Usage", "Options:")).c_str());
    const struct {
        const char* flag;
        TextTemplate help;
    } options[] = {
        {"--demo", TD_TEXT("Usage", "open the window on the built-in demo plan")},
        {"--open FILE", TD_TEXT("Usage", "open the window on a plan file")},
        {"--watch SOURCE", TD_TEXT("Usage", "open the window on its Watch page with a run (metrics file, run folder, "
                                            "TensorBoard logdir, log)")},
        {"--version", TD_TEXT("Usage", "print the version and the build's features")},
        {"--lang en|zh_CN", TD_TEXT("Usage", "the language of the window or a command (default: the locale's, from "
                                             "LANGUAGE, LC_ALL, LC_MESSAGES or LANG; the window's settings win over "
                                             "the locale)")},
        {"--help", TD_TEXT("Usage", "show this help")},
    };
    for (const auto& o : options)
        printWrapped(padded(std::string("  ") + o.flag, 24), localized(o.help), 24);
    std::printf("\n%s\n", localized(TD_TEXT("Usage", "Run 'traindeck COMMAND --help' for a command's options.")).c_str());
    std::putchar('\n');
    printWrapped("", localized(traindeck::exitStatusHelp()), 0);
}

// The version and what this build has: the Qt it runs on, and whether the
// traindeck-trainer built beside it has the CUDA backend (and against which CUDA/NCCL).
void printVersion() {
    std::printf("traindeck %s\n", TRAINDECK_BUILD_VERSION);
    std::printf("Qt %s (built with %s)\n", qVersion(), QT_VERSION_STR);
    if (TRAINDECK_BUILD_CUDA)
        std::printf("CUDA: yes (CUDA %s, NCCL %s)\n", TRAINDECK_BUILD_CUDA_VERSION, TRAINDECK_BUILD_NCCL_VERSION);
    else
        std::puts("CUDA: no");
}


// A command's `--lang CODE` (or --lang=CODE), taken out of its arguments: the
// language its texts are printed in, before the environment's. Empty when not given.
std::string takeLanguage(std::vector<char*>& args) {
    std::string code;
    for (std::size_t i = 0; i < args.size();) {
        const std::string_view a(args[i]);
        if (a == "--lang" && i + 1 < args.size()) {
            code = args[i + 1];
            args.erase(args.begin() + long(i), args.begin() + long(i) + 2);
        } else if (a.starts_with("--lang=")) {
            code = a.substr(7);
            args.erase(args.begin() + long(i));
        } else {
            ++i;
        }
    }
    return code;
}

// Runs a command in the language asked for: its texts come through Qt's translator,
// which needs an application object (no window, no display).
int runCommand(const Command& c, int argc, char** argv) {
    std::vector<char*> args(argv, argv + argc);
    const std::string lang = takeLanguage(args);
    int appArgc = 1;
    QCoreApplication app(appArgc, argv);
    QString code;
    if (!lang.empty()) {
        code = traindeck::app::languageCode(QString::fromStdString(lang));
        if (code.isEmpty()) {
            std::fprintf(stderr, "traindeck %s: --lang takes en or zh_CN, got '%s'\n", c.name, lang.c_str());
            return 2;
        }
    }
    traindeck::app::useLanguage(code);
    return c.run(int(args.size()) - 2, args.data() + 2);
}

// What the window would have shown, on the command line: the same plan's
// figures (`traindeck plan`), the same runs followed (`traindeck watch`).
std::string commandLineEquivalent(const std::vector<std::string>& args) {
    using traindeck::generate::shellQuote;
    std::string watch, plan;
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == "--watch") watch += " " + shellQuote(args[i + 1]);
        if (args[i] == "--open") plan = " " + shellQuote(args[i + 1]);
    }
    if (!watch.empty()) return "traindeck watch" + watch;
    return "traindeck plan" + plan;
}

// The window's one line when there is no display, in the language asked for.
std::string noDisplayLine(int argc, char** argv, const std::vector<std::string>& args) {
    std::vector<char*> copy(argv, argv + argc);
    const std::string lang = takeLanguage(copy);
    int appArgc = 1;
    QCoreApplication app(appArgc, argv);
    traindeck::app::useLanguage(traindeck::app::languageCode(QString::fromStdString(lang)));
    return localized(TD_TEXT("Usage", "traindeck: no display to open the window on (neither DISPLAY nor "
                                      "WAYLAND_DISPLAY names one that answers); on the command line: %1"),
                     {Text::value(commandLineEquivalent(args))});
}

std::string gNoDisplay;  // for the message handler below
QtMessageHandler gQtMessages = nullptr;
// The platform plugin's messages while the application starts: held back, since
// when no plugin starts they only lead up to the one line; printed otherwise.
struct HeldMessage {
    QtMsgType type;
    const char* file;  // the context's strings are Qt's static ones: safe to keep
    int line;
    const char* function;
    const char* category;
    QString text;
};
std::vector<HeldMessage> gStartupMessages;

void forward(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (gQtMessages)
        gQtMessages(type, context, message);
    else  // Qt's own handler was in place: print as it does
        std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

// Qt ends the process with a fatal message when no platform plugin starts (a
// display that vanished between the check and the window, or that is no X
// server): the same one line instead.
void windowMessages(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type == QtFatalMsg && message.contains(QLatin1String("platform plugin"))) {
        std::fprintf(stderr, "%s\n", gNoDisplay.c_str());
        std::_Exit(traindeck::kExitBadInput);
    }
    if (QCoreApplication::startingUp() && context.category && std::string_view(context.category).starts_with("qt.qpa")) {
        gStartupMessages.push_back({type, context.file, context.line, context.function, context.category, message});
        return;
    }
    for (const HeldMessage& m : gStartupMessages)
        forward(m.type, QMessageLogContext(m.file, m.line, m.function, m.category), m.text);
    gStartupMessages.clear();
    forward(type, context, message);
}

// The window: `traindeck`, `traindeck PLAN.yaml`, --demo, --open, --watch.
int runWindow(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    gNoDisplay = noDisplayLine(argc, argv, args);
    if (!traindeck::app::windowCanOpen(args)) {
        std::fprintf(stderr, "%s\n", gNoDisplay.c_str());
        return traindeck::kExitBadInput;
    }
    gQtMessages = qInstallMessageHandler(windowMessages);
    return traindeck::gui::run(argc, argv);
}

}  // namespace

int main(int argc, char** argv) {
    // `traindeck --lang zh_CN plan …` as well as `traindeck plan --lang zh_CN …`: a
    // leading --lang goes behind the command (the window takes --lang too).
    std::vector<char*> reordered(argv, argv + argc);
    if (argc >= 3 && std::string_view(argv[1]) == "--lang")
        std::rotate(reordered.begin() + 1, reordered.begin() + 3, reordered.end());
    else if (argc >= 2 && std::string_view(argv[1]).starts_with("--lang="))
        std::rotate(reordered.begin() + 1, reordered.begin() + 2, reordered.end());
    reordered.push_back(nullptr);
    argv = reordered.data();
    if (argc >= 2 && argv[1][0] != '-') {
        for (const Command& c : kCommands)
            if (std::strcmp(argv[1], c.name) == 0)
                return runCommand(c, argc, argv);
        // `traindeck my-plan.yaml` (a file manager, a shell habit) opens the plan in the window.
        if (isPlanFile(argv[1])) {
            std::vector<char*> args{argv[0], const_cast<char*>("--open")};
            args.insert(args.end(), argv + 1, argv + argc);
            args.push_back(nullptr);
            return runWindow(int(args.size()) - 1, args.data());
        }
        std::string names;
        for (const Command& c : kCommands)
            names += (names.empty() ? "" : ", ") + std::string(c.name);
        std::fprintf(stderr, "traindeck: unknown command '%s' (commands: %s; or a plan .yaml file)\n", argv[1],
                     names.c_str());
        return 2;
    }
    if (argc >= 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
        std::vector<char*> args(argv, argv + argc);
        const std::string lang = takeLanguage(args);
        int appArgc = 1;
        QCoreApplication app(appArgc, argv);
        traindeck::app::useLanguage(traindeck::app::languageCode(QString::fromStdString(lang)));
        printUsage();
        return 0;
    }
    if (argc >= 2 && std::strcmp(argv[1], "--version") == 0) {
        printVersion();
        return 0;
    }
    return runWindow(argc, argv);
}
