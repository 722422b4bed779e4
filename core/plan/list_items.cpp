#include "plan/list_items.h"

namespace traindeck {

namespace {

std::string_view trimmedView(std::string_view s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

}  // namespace

std::vector<std::string> listItems(std::string_view text) {
    const bool options = trimmedView(text).starts_with("--");
    std::vector<std::string> items;
    while (!text.empty()) {
        auto comma = text.find(',');
        while (options && comma != std::string_view::npos && !trimmedView(text.substr(comma + 1)).starts_with("--"))
            comma = text.find(',', comma + 1);
        if (const std::string_view item = trimmedView(text.substr(0, comma)); !item.empty())
            items.emplace_back(item);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    }
    return items;
}

}  // namespace traindeck
