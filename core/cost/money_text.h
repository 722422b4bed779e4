#pragma once
// An amount of money as both faces show it: the currency's symbol, thousands
// grouped, cents where they matter ("$1,234.50", "$23,920", "¥8,900", "¥35.20").
// English and Chinese write money the same way (the symbol first, ',' groups, '.'
// decimals), so one form serves both languages.

#include <string>

namespace traindeck {

std::string moneyText(double amount, const std::string& currency);
// An amount known only within ±`error` (relative: 0.13 for ±13%) with no digit finer than
// that error: $27.36 ±13% is "$27", $218.92 ±13% "$220", $1,234.50 ±13% "$1,200". Digits
// below the error would claim a precision the step time does not have.
std::string moneyAbout(double amount, const std::string& currency, double error);
// "$" for USD, "¥" for CNY, "€", "£"; another code followed by a space ("CHF ").
std::string currencySymbol(const std::string& currency);

}  // namespace traindeck
