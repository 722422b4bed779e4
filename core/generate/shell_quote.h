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

// The line every generated script carries before its first command. Values are
// single-quoted precisely so that `$(...)` and backticks in them do not expand;
// shellcheck's SC2016 hint ("expressions don't expand in single quotes") is
// therefore the intended behaviour in these files, not a mistake.
inline constexpr const char* kShellcheckDirective =
    "# shellcheck disable=SC2016  # single-quoted values must not expand\n";

}  // namespace traindeck::generate
