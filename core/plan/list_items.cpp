#include "plan/list_items.h"

#include "text/trimmed.h"

namespace traindeck {

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
