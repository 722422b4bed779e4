#pragma once
// Text without the blanks around it: spaces and tabs by default (a typed value, an item of
// a list), or the characters given (a line of a command's output: " \t\r\n").

#include <string>
#include <string_view>

namespace traindeck {

inline std::string_view trimmedView(std::string_view s, std::string_view blanks = " \t") {
    const auto first = s.find_first_not_of(blanks);
    if (first == std::string_view::npos)
        return {};
    return s.substr(first, s.find_last_not_of(blanks) - first + 1);
}

inline std::string trimmed(std::string_view s, std::string_view blanks = " \t") {
    return std::string(trimmedView(s, blanks));
}

}  // namespace traindeck
