#pragma once
// Core's texts in the interface language: its messages about a typed value
// ("must be at least 1, got 0"), the formulas of its figures and its findings. Core writes
// them in English for the command line; the window recognises their few
// templates and says the same in the user's language, numbers kept. A text it
// does not recognise is shown as core wrote it.

#include <QString>

#include <string>

namespace traindeck::gui {

QString fieldErrorText(const QString& coreMessage);
QString formulaText(const std::string& coreFormula);
QString findingMessageText(const std::string& coreMessage);
QString findingFixText(const std::string& coreFix);
// What a generator says is missing ("needs --hosts with 2 host(s), node 0
// first"), in the Generated-files page's words.
QString generatorMessageText(const std::string& coreMessage);

}  // namespace traindeck::gui
