#pragma once
// Core's texts (core/text) in the interface language, for both faces: the
// window and the command line render every Text through this, so a template is
// translated once, by Qt's translator, and never taken apart again.

#include "text/text.h"

#include <QString>

#include <string>

namespace traindeck::app {

// Through QCoreApplication::translate: the installed translators' language,
// English (the template as core wrote it) where none is installed or none has it.
std::string localized(const Text& text);
QString qLocalized(const Text& text);

}  // namespace traindeck::app
