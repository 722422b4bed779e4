#pragma once
// A file written whole or not at all: into a temporary file beside it, then
// renamed over it, so that a reader (or a crash, a full disk) never meets half
// a file and an old one is kept until the new one is complete. For what a user
// keeps: a plan, a run folder's records, exported data.

#include "text/text.h"

#include <functional>
#include <iosfwd>
#include <string>

namespace traindeck {

// `write` fills the file. An error text (the file and the system's reason),
// empty on success; on failure the temporary file is gone and `path` untouched
// (an exception from `write` too, which passes on).
// `executable`: the owner may run it (a script).
Text writeWhole(const std::string& path, const std::function<void(std::ostream&)>& write, bool executable = false);
Text writeWhole(const std::string& path, const std::string& content, bool executable = false);

}  // namespace traindeck
