#include "generate/k8s_names.h"

#include "generate/generate.h"
#include "generate/shell_quote.h"

namespace traindeck::generate {

namespace {

constexpr std::size_t kMaxLabel = 63;
constexpr std::size_t kMaxSubdomain = 253;

bool lowerAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
bool anyAlnum(char c) { return lowerAlnum(c) || (c >= 'A' && c <= 'Z'); }

}  // namespace

bool isDns1123Label(std::string_view s) {
    if (s.empty() || s.size() > kMaxLabel) return false;
    if (!lowerAlnum(s.front()) || !lowerAlnum(s.back())) return false;
    for (char c : s)
        if (!lowerAlnum(c) && c != '-') return false;
    return true;
}

bool isDns1123Subdomain(std::string_view s) {
    if (s.empty() || s.size() > kMaxSubdomain) return false;
    std::size_t start = 0;
    while (true) {
        std::size_t dot = s.find('.', start);
        std::string_view label = s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (!isDns1123Label(label)) return false;
        if (dot == std::string_view::npos) return true;
        start = dot + 1;
    }
}

bool isDns1035Label(std::string_view s) {
    return isDns1123Label(s) && s.front() >= 'a' && s.front() <= 'z';
}

bool isLabelValue(std::string_view s) {
    if (s.empty()) return true;
    if (s.size() > kMaxLabel || !anyAlnum(s.front()) || !anyAlnum(s.back())) return false;
    for (char c : s)
        if (!anyAlnum(c) && c != '-' && c != '_' && c != '.') return false;
    return true;
}

void checkKubernetesJobName(std::string_view name, std::string_view longestSuffix) {
    const std::size_t room = kMaxLabel - longestSuffix.size();
    if (!isDns1035Label(name))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "job name '%1' is not a valid Kubernetes name: use lowercase "
                                                           "letters, digits and '-', starting with a letter and ending "
                                                           "with a letter or digit (DNS-1035 label)"),
                                 {Text::value(printable(name, kWholeValue))}));
    if (name.size() > room)
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "job name '%1' is too long for Kubernetes: pod hostnames add "
                                                           "'%2' and must fit 63 characters, so at most %3 characters"),
                                 {Text::value(printable(name, kWholeValue)), Text::value(std::string(longestSuffix)),
                                  Text::value(std::to_string(room))}));
}

void checkDns1123Label(const Text& what, std::string_view name) {
    if (!isDns1123Label(name))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "%1 '%2' is not a valid Kubernetes name: at most 63 lowercase "
                                                           "letters, digits and '-', starting and ending with a letter "
                                                           "or digit (DNS-1123 label)"),
                                 {what, Text::value(printable(name, kWholeValue))}));
}

void checkDns1123Subdomain(const Text& what, std::string_view name) {
    if (!isDns1123Subdomain(name))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "%1 '%2' is not a valid Kubernetes name: lowercase letters, "
                                                           "digits, '-' and '.', at most 253 characters (DNS-1123 subdomain)"),
                                 {what, Text::value(printable(name, kWholeValue))}));
}

}  // namespace traindeck::generate
