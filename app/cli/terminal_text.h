#pragma once
// Text laid out for a terminal by display width, not bytes or characters: a
// Chinese character takes two columns, "×" one, a combining mark none. Widths
// come from the C library's wcwidth under a UTF-8 locale, whatever the user's
// LC_CTYPE is, so the columns line up in Chinese as in English.

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck::cli {

constexpr int kTerminalWidth = 80;

int displayWidth(std::string_view utf8);

// `text` padded with spaces to `width` columns (as it is when already wider).
std::string padded(std::string_view text, int width);

// `text` broken into lines of at most `width` columns: at spaces, and between
// two wide (CJK) characters where a Chinese sentence has none, never before a
// closing mark (，。）). The first line starts with `first`; the others with
// `indent` spaces (kHanging: as many as put the text under its first line's).
// A word longer than a line stays whole.
constexpr int kHanging = -1;
std::vector<std::string> wrapped(std::string_view first, std::string_view text, int indent,
                                 int width = kTerminalWidth);

// Prints wrapped(...) to stdout, a line each.
void printWrapped(std::string_view first, std::string_view text, int indent);

// A command's --help opening: the usage line, a blank line, then each paragraph
// wrapped to the terminal's width.
void printHelpOpening(std::string_view usage, std::initializer_list<std::string> paragraphs);

}  // namespace traindeck::cli
