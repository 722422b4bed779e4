#pragma once
// One rule for the exit status of every traindeck command, so that a script
// can tell "done", "done, but look" and "refused" apart whatever it ran:
//   0  done, and nothing needs the user;
//   1  done (the command ran to its end), but its result needs the user: a
//      plan's error finding, a failed run, an alarm;
//   2  nothing done: bad arguments or input (one line on stderr says which).
// A command may add codes of its own above 2 (launch: 3 access refused,
// 130/143 stopped by a signal). Each --help states the rule once, in this one
// text, followed by that command's own cases; the man page has it from there.

#include "text/text.h"

namespace traindeck {

inline constexpr int kExitDone = 0;
inline constexpr int kExitNeedsAttention = 1;
inline constexpr int kExitBadInput = 2;

// The rule as one paragraph; with `commandCases` (what 0/1/2 mean for one command,
// and its own codes above 2), the rule followed by "Here: " and those cases.
Text exitStatusHelp(const Text& commandCases = {});

}  // namespace traindeck
