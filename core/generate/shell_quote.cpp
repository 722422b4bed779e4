#include "generate/shell_quote.h"

#include <cstdio>

namespace traindeck::generate {

namespace {

bool isPlainShellChar(unsigned char c) {
    if (c >= 0x80) return false;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    switch (c) {
    case '_': case '.': case '/': case ':': case '=': case '@': case '%': case '+': case ',': case '-':
        return true;
    default:
        return false;
    }
}

}  // namespace

std::string shellQuote(std::string_view value) {
    bool plain = !value.empty();
    for (char ch : value) plain = plain && isPlainShellChar(static_cast<unsigned char>(ch));
    // A leading '=' or '%' is harmless to bash but reads oddly; '~' is never plain.
    if (plain) return std::string(value);
    std::string out = "'";
    for (char ch : value) {
        if (ch == '\'') out += "'\\''";
        else out += ch;
    }
    out += '\'';
    return out;
}

}  // namespace traindeck::generate
