#pragma once
// One rule for the exit status of every traindeck command, so that a script
// can tell "done", "done, but look" and "refused" apart whatever it ran:
//   0  done, and nothing needs the user;
//   1  done (the command ran to its end), but its result needs the user: a
//      plan's error finding, a failed run, an alarm;
//   2  nothing done: bad arguments or input (one line on stderr says which).
// A command may add codes of its own above 2 (launch: 3 access refused,
// 130/143 stopped by a signal). Each --help states the rule, then its own
// cases; the man page has it from there.

#include <string>

namespace traindeck::cli {

inline constexpr int kExitDone = 0;
inline constexpr int kExitNeedsAttention = 1;
inline constexpr int kExitBadInput = 2;

// The rule in one paragraph, in the interface language (for each --help).
std::string exitStatusRule();

}  // namespace traindeck::cli
