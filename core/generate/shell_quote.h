#pragma once
// The one quoting helper for every generated shell script: like bash's
// `printf %q`, it turns any value into a word the shell reads back as exactly
// that value, so a job named `$(reboot)` stays a string.

#include <string>
#include <string_view>

namespace traindeck::generate {

// A shell word that expands to `value` literally. Plain words ([A-Za-z0-9_./:=@%+,-])
// are left bare for readability; anything else is single-quoted, with each
// embedded single quote written as '\''. Inside single quotes bash interprets
// nothing (no $, `, \, newline or non-ASCII handling), which is why this is safe
// for every byte but NUL, which no shell value can hold and is rejected earlier.
std::string shellQuote(std::string_view value);

// `value` made printable for a one-line message: control characters as \n, \t,
// \xHH; everything else as is. For error messages only, never for scripts.
std::string printable(std::string_view value);

}  // namespace traindeck::generate
