#pragma once
// The interface language of both faces: English ("en") or Simplified Chinese
// ("zh_CN"), the only two TrainDeck ships.

#include <QString>

namespace traindeck::app {

// The language the environment asks for, as gettext reads it: LANGUAGE (when the
// locale is not C), else LC_ALL, LC_MESSAGES, LANG. Any Chinese gets zh_CN;
// anything else English.
QString environmentLanguage();

// "en" or "zh_CN" from what a user typed ("zh", "zh_CN.UTF-8", "en_US"); empty
// when it names neither.
QString languageCode(const QString& typed);

// The command line's translators for `code` (empty: environmentLanguage()),
// installed for the rest of the process. Needs a QCoreApplication. False when the
// translation is missing (the texts stay English).
bool useLanguage(const QString& code);

}  // namespace traindeck::app
