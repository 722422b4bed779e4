#include "cli/terminal_text.h"

#include <algorithm>
#include <clocale>
#include <cstdio>
#include <cwchar>
#include <locale.h>

namespace traindeck::cli {
namespace {

// One code point from `s` at `i` (advanced past it); U+FFFD for a broken sequence.
char32_t decode(std::string_view s, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    const int length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || i + length > s.size()) {
        ++i;
        return 0xFFFD;
    }
    char32_t cp = length == 1 ? c : c & (0xFF >> (length + 1));
    for (int k = 1; k < length; ++k)
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    i += length;
    return cp;
}

int width(char32_t cp) {
    // wcwidth answers for the calling thread's LC_CTYPE: give it UTF-8 for the call.
    static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t(nullptr));
    const locale_t previous = utf8 ? uselocale(utf8) : locale_t(nullptr);
    const int w = wcwidth(static_cast<wchar_t>(cp));
    if (utf8)
        uselocale(previous);
    return w < 0 ? 1 : w;  // a control character: shown as something, one column
}

bool isClosingMark(char32_t cp) {
    static constexpr std::u32string_view marks = U"，。、；：！？）】」』》〉’”%,.;:!?)]";
    return marks.find(cp) != std::u32string_view::npos;
}

}  // namespace

int displayWidth(std::string_view utf8) {
    int columns = 0;
    for (std::size_t i = 0; i < utf8.size();)
        columns += width(decode(utf8, i));
    return columns;
}

std::string padded(std::string_view text, int columns) {
    std::string out(text);
    out.append(std::size_t(std::max(0, columns - displayWidth(text))), ' ');
    return out;
}

std::vector<std::string> wrapped(std::string_view first, std::string_view text, int indent, int lineWidth) {
    // Pieces that may not be split: a run of non-space narrow characters (a word,
    // a number with its unit), or one wide character with the closing marks after it.
    struct Piece {
        std::string text;
        int columns = 0;
        bool spaceBefore = false;
    };
    std::vector<Piece> pieces;
    bool space = false, lastWide = false;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t start = i;
        const char32_t cp = decode(text, i);
        if (cp == U' ') {
            space = true;
            continue;
        }
        const int w = width(cp);
        const bool startsPiece = pieces.empty() || space || (w == 2 && !isClosingMark(cp)) || (lastWide && !isClosingMark(cp));
        if (startsPiece)
            pieces.push_back({{}, 0, space});
        pieces.back().text.append(text.substr(start, i - start));
        pieces.back().columns += w;
        space = false;
        lastWide = w == 2;
    }
    // `first` and the text are one space apart, unless `first` ends in a space or a
    // wide character ("警告：" needs none).
    bool firstGap = false;
    for (std::size_t i = 0; i < first.size();) {
        const char32_t cp = decode(first, i);
        firstGap = cp != U' ' && width(cp) < 2;
    }
    if (indent < 0)  // hanging: under the text's first character
        indent = displayWidth(first) + int(firstGap);
    std::vector<std::string> lines;
    std::string line(first);
    int columns = displayWidth(first);
    bool lineHasText = false;
    for (const Piece& p : pieces) {
        const int gap = lineHasText ? int(p.spaceBefore) : int(lines.empty() && firstGap);
        if (lineHasText && columns + gap + p.columns > lineWidth) {
            lines.push_back(line);
            line.assign(std::size_t(indent), ' ');
            columns = indent;
            lineHasText = false;
        } else if (gap) {
            line += ' ';
            columns += 1;
        }
        line += p.text;
        columns += p.columns;
        lineHasText = true;
    }
    lines.push_back(line);
    return lines;
}

void printWrapped(std::string_view first, std::string_view text, int indent) {
    for (const std::string& line : wrapped(first, text, indent))
        std::puts(line.c_str());
}

void printHelpOpening(std::string_view usage, std::initializer_list<std::string> paragraphs) {
    std::printf("%.*s\n\n", int(usage.size()), usage.data());
    for (const std::string& p : paragraphs) printWrapped("", p, 0);
}

}  // namespace traindeck::cli
