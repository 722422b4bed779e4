#pragma once
// ASCII lower case, for matching names and words whatever their case ("NaN",
// "Loss"); other bytes (UTF-8 included) are kept as they are.

#include <cctype>
#include <string>
#include <string_view>

namespace traindeck {

inline std::string lowerCase(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace traindeck
