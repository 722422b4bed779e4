#include "gui/core_messages.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace traindeck::gui {

namespace {

// The templates of core/plan/plan_fields.cpp. The English text is core's own,
// so the English interface reads exactly as the command line does.
const struct {
    const char* pattern;
    const char* text;
} kTemplates[] = {
    {R"(^expected a whole number, got '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "expected a whole number, got '%1'")},
    {R"(^expected a number, got '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "expected a number, got '%1'")},
    {R"(^must be at least (\S+), got (.*)$)", QT_TRANSLATE_NOOP("CoreMessages", "must be at least %1, got %2")},
    {R"(^must be at most (\S+), got (.*)$)", QT_TRANSLATE_NOOP("CoreMessages", "must be at most %1, got %2")},
    {R"(^must be greater than (\S+), got (.*)$)", QT_TRANSLATE_NOOP("CoreMessages", "must be greater than %1, got %2")},
    {R"(^expected true or false, got '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "expected true or false, got '%1'")},
    {R"(^expected one of (.*), got '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "expected one of %1, got '%2'")},
    {R"(^expected tiny, base, large or nothing, got '(.*)'$)",
     QT_TRANSLATE_NOOP("CoreMessages", "expected tiny, base, large or nothing, got '%1'")},
    {R"(^expected layouts like 1x8,2x8, got '(.*)'$)",
     QT_TRANSLATE_NOOP("CoreMessages", "expected layouts like 1x8,2x8, got '%1'")},
    {R"(^must be a single line$)", QT_TRANSLATE_NOOP("CoreMessages", "must be a single line")},
    {R"(^unknown (.+) '(.*)' \(known: (.*)\)$)", QT_TRANSLATE_NOOP("CoreMessages", "unknown %1 '%2' (known: %3)")},
};

}  // namespace

QString fieldErrorText(const QString& coreMessage) {
    for (const auto& t : kTemplates) {
        static thread_local QRegularExpression re;
        re.setPattern(QString::fromLatin1(t.pattern));
        re.setPatternOptions(QRegularExpression::DotMatchesEverythingOption);  // the typed text may hold a newline
        const QRegularExpressionMatch m = re.match(coreMessage);
        if (!m.hasMatch())
            continue;
        QString text = QCoreApplication::translate("CoreMessages", t.text);
        for (int i = 1; i <= m.lastCapturedIndex(); ++i)
            text = text.arg(m.captured(i));
        return text;
    }
    return coreMessage;
}

}  // namespace traindeck::gui
