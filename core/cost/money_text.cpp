#include "cost/money_text.h"

#include <cmath>
#include <cstdio>

namespace traindeck {
namespace {

// `amount` with `decimals` decimals, the symbol first and thousands grouped by ','.
std::string written(double amount, const std::string& currency, int decimals) {
    char digits[64];
    std::snprintf(digits, sizeof digits, "%.*f", decimals, std::fabs(amount));
    const std::string s = digits;
    const size_t point = s.find('.');
    const size_t intEnd = point == std::string::npos ? s.size() : point;
    std::string out = amount < 0 && s.find_first_not_of("0.") != std::string::npos ? "-" : "";
    out += currencySymbol(currency);
    for (size_t i = 0; i < intEnd; ++i) {
        if (i > 0 && (intEnd - i) % 3 == 0) out += ',';
        out += s[i];
    }
    out.append(s, intEnd, std::string::npos);
    return out;
}

}  // namespace

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
    return written(amount, currency, wholeUnits ? 0 : 2);
}

std::string moneyAbout(double amount, const std::string& currency, double error) {
    const double spread = std::fabs(amount) * error;
    if (!std::isfinite(spread) || spread <= 0.01) return moneyText(amount, currency);
    // The rounding step: the power of ten at or below the error's width.
    const double step = std::pow(10.0, std::floor(std::log10(spread)));
    const double rounded = std::round(amount / step) * step;
    return written(rounded, currency, step >= 1 ? 0 : 2);
}

}  // namespace traindeck
