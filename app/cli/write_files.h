#pragma once
// Writes generated files into a directory: all or nothing about overwriting
// (every path is checked before the first is written), each file atomically
// (a temporary file in the same directory, then rename).

#include "generate/generate.h"

#include <string>
#include <vector>

namespace traindeck::cli {

// Returns one line describing the first problem, empty on success.
std::string writeFiles(const std::string& dir, const std::vector<generate::GeneratedFile>& files, bool force);

}  // namespace traindeck::cli
