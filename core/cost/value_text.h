#pragma once
// A value in a core/cost message (a layout, an amount, a path): shown as it is in
// every language. One definition for the folder's files (they are unity-built together).

#include "text/text.h"

#include <string>

namespace traindeck::cost_text {

inline Text val(std::string v) { return Text::value(std::move(v)); }

}  // namespace traindeck::cost_text
