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

// The formulas of core/plan/estimate.cpp, whole; the two with a number in
// them as patterns.
const struct {
    const char* pattern;
    const char* text;
} kFormulas[] = {
    {R"(^micro × world × accumulation$)", QT_TRANSLATE_NOOP("Formulas", "micro × world × accumulation")},
    {R"(^base LR × batch / base batch$)", QT_TRANSLATE_NOOP("Formulas", "base LR × batch / base batch")},
    {R"(^base LR × √\(batch / base batch\)$)", QT_TRANSLATE_NOOP("Formulas", "base LR × √(batch / base batch)")},
    {R"(^base LR \(no scaling rule\)$)", QT_TRANSLATE_NOOP("Formulas", "base LR (no scaling rule)")},
    {R"(^round\(warmup × base batch / batch\)$)", QT_TRANSLATE_NOOP("Formulas", "round(warmup × base batch / batch)")},
    {R"(^warmup \(not scaled\)$)", QT_TRANSLATE_NOOP("Formulas", "warmup (not scaled)")},
    {R"(^⌊dataset / batch⌋ \(drop_last\)$)", QT_TRANSLATE_NOOP("Formulas", "⌊dataset / batch⌋ (drop_last)")},
    {R"(^⌈dataset / batch⌉$)", QT_TRANSLATE_NOOP("Formulas", "⌈dataset / batch⌉")},
    {R"(^⌈epochs × steps per epoch⌉$)", QT_TRANSLATE_NOOP("Formulas", "⌈epochs × steps per epoch⌉")},
    {R"(^steps as planned$)", QT_TRANSLATE_NOOP("Formulas", "steps as planned")},
    {R"(^params \+ grads \+ optimizer \(ZeRO-(\d+)\) \+ activations × micro \+ overhead$)",
     QT_TRANSLATE_NOOP("Formulas", "params + grads + optimizer (ZeRO-%1) + activations × micro + overhead")},
    {R"(^params \+ grads \+ optimizer \(ZeRO-(\d+), offloaded\) \+ activations × micro \+ overhead$)",
     QT_TRANSLATE_NOOP("Formulas", "params + grads + optimizer (ZeRO-%1, offloaded) + activations × micro + overhead")},
    {R"(^FLOPs per sample × micro × accumulation / \(peak × MFU\)$)",
     QT_TRANSLATE_NOOP("Formulas", "FLOPs per sample × micro × accumulation / (peak × MFU)")},
    {R"(^gradient ring all-reduce: 2\(g−1\)/g × bytes / NVLink \+ 2\(n−1\)/n × bytes / network$)",
     QT_TRANSLATE_NOOP("Formulas", "gradient ring all-reduce: 2(g−1)/g × bytes / NVLink + 2(n−1)/n × bytes / network")},
    {R"(^ZeRO-3: reduce-scatter of gradients \+ 2 parameter all-gathers per micro-step$)",
     QT_TRANSLATE_NOOP("Formulas", "ZeRO-3: reduce-scatter of gradients + 2 parameter all-gathers per micro-step")},
    {R"(^max\(0, communication − compute\)$)", QT_TRANSLATE_NOOP("Formulas", "max(0, communication − compute)")},
    {R"(^max\(0, communication − backward of the last micro-step\)$)",
     QT_TRANSLATE_NOOP("Formulas", "max(0, communication − backward of the last micro-step)")},
    {R"(^compute \+ exposed communication$)", QT_TRANSLATE_NOOP("Formulas", "compute + exposed communication")},
    {R"(^1 / step time$)", QT_TRANSLATE_NOOP("Formulas", "1 / step time")},
    {R"(^batch / step time$)", QT_TRANSLATE_NOOP("Formulas", "batch / step time")},
    {R"(^steps × step time / 3600$)", QT_TRANSLATE_NOOP("Formulas", "steps × step time / 3600")},
    {R"(^hours × world$)", QT_TRANSLATE_NOOP("Formulas", "hours × world")},
    {R"(^\(samples/s per GPU\) / \(same on one node of (\S+)\)$)",
     QT_TRANSLATE_NOOP("Formulas", "(samples/s per GPU) / (same on one node of %1)")},
};

template <typename Table>
QString translateByTemplate(const Table& table, const char* context, const QString& text) {
    for (const auto& t : table) {
        // The typed text in a message may hold a newline: '.' matches it too.
        const QRegularExpression re(QString::fromUtf8(t.pattern), QRegularExpression::DotMatchesEverythingOption);
        const QRegularExpressionMatch m = re.match(text);
        if (!m.hasMatch())
            continue;
        QString out = QCoreApplication::translate(context, t.text);
        for (int i = 1; i <= m.lastCapturedIndex(); ++i)
            out = out.arg(m.captured(i));
        return out;
    }
    return text;
}

}  // namespace

QString fieldErrorText(const QString& coreMessage) {
    return translateByTemplate(kTemplates, "CoreMessages", coreMessage);
}

QString formulaText(const std::string& coreFormula) {
    return translateByTemplate(kFormulas, "Formulas", QString::fromStdString(coreFormula));
}

}  // namespace traindeck::gui
