#pragma once
// The system's reason a file could not be opened or written (errno), as a Text:
// the common reasons as templates (context "SystemErrors"), so the window and the
// command line say them in the user's language; any other the C library's words.

#include "text/text.h"

#include <system_error>

namespace traindeck {

Text systemErrorText(int code);
Text systemErrorText(const std::error_code& ec);

}  // namespace traindeck
