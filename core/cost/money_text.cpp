#include "cost/money_text.h"

#include <cmath>
#include <cstdio>

namespace traindeck {

std::string currencySymbol(const std::string& currency) {
    if (currency == "USD") return "$";
    if (currency == "CNY" || currency == "JPY") return "¥";
    if (currency == "EUR") return "€";
    if (currency == "GBP") return "£";
    return currency + " ";
}

std::string moneyText(double amount, const std::string& currency) {
    // Yuan and yen amounts are read whole above 100; dollars and euros keep their
    // cents up to 10,000. Smaller prices (per GPU-hour) keep two decimals everywhere.
    const bool wholeUnits = currency == "CNY" || currency == "JPY" ? std::fabs(amount) >= 100 : std::fabs(amount) >= 10000;
    char digits[64];
    std::snprintf(digits, sizeof digits, wholeUnits ? "%.0f" : "%.2f", std::fabs(amount));
    const std::string s = digits;
    const size_t point = s.find('.');
    const size_t intEnd = point == std::string::npos ? s.size() : point;
    std::string out = amount < 0 ? "-" : "";
    out += currencySymbol(currency);
    for (size_t i = 0; i < intEnd; ++i) {
        if (i > 0 && (intEnd - i) % 3 == 0) out += ',';
        out += s[i];
    }
    out.append(s, intEnd, std::string::npos);
    return out;
}

}  // namespace traindeck
