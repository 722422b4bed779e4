#pragma once
// Core's messages about a typed value ("must be at least 1, got 0") in the
// interface language. Core writes them in English for the command line; the
// window recognises their few templates and says the same in the user's
// language, numbers kept. A message it does not recognise is shown as core wrote it.

#include <QString>

namespace traindeck::gui {

QString fieldErrorText(const QString& coreMessage);

}  // namespace traindeck::gui
