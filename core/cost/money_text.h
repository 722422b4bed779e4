#pragma once
// An amount of money as both faces show it: the currency's symbol, thousands
// grouped, cents where they matter ("$1,234.50", "$23,920", "¥8,900", "¥35.20").
// English and Chinese write money the same way (the symbol first, ',' groups, '.'
// decimals), so one form serves both languages.

#include <string>

namespace traindeck {

std::string moneyText(double amount, const std::string& currency);
// "$" for USD, "¥" for CNY, "€", "£"; another code followed by a space ("CHF ").
std::string currencySymbol(const std::string& currency);

}  // namespace traindeck
