#include "text/exit_status.h"

namespace traindeck {

Text exitStatusHelp(const Text& commandCases) {
    const Text rule(TD_TEXT("ExitStatus", "Exit status, the same rule for every command: 0 done, nothing needs "
                                          "you; 1 done, but the result needs you (an error finding, a failed "
                                          "run, an alarm); 2 nothing done: bad arguments or input."));
    if (commandCases.empty()) return rule;
    return Text(TD_TEXT("ExitStatus", "%1 Here: %2"), {rule, commandCases});
}

}  // namespace traindeck
