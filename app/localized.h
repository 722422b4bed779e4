#pragma once
// Core's texts (core/text) in the interface language, for both faces: the
// window and the command line render every Text through this, so a template is
// translated once, by Qt's translator, and never taken apart again.

#include "text/text.h"

#include <QString>

#include <string>
#include <vector>

namespace traindeck::app {

// Through QCoreApplication::translate: the installed translators' language,
// English (the template as core wrote it) where none is installed or none has it.
// The command line's form: a plan field a text names keeps its plain name (its
// flag or key, which is what a command-line user types).
std::string localized(const Text& text);
// The same for a template of the command line's own: localized(Text(t, args)).
std::string localized(TextTemplate t, std::vector<Text> args = {});
// The window's form: a plan field is named by its label, as the window shows it;
// `ownNames`, where given, is asked first (a page's names for its own fields).
QString qLocalized(const Text& text, const Text::FieldNamer& ownNames = {});

}  // namespace traindeck::app
