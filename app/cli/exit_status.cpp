#include "cli/exit_status.h"

#include "localized.h"

namespace traindeck::cli {

std::string exitStatusRule() {
    return app::localized(TD_TEXT("ExitStatus", "Exit status, the same rule for every command: 0 done, nothing needs "
                                                "you; 1 done, but the result needs you (an error finding, a failed "
                                                "run, an alarm); 2 nothing done: bad arguments or input."));
}

}  // namespace traindeck::cli
