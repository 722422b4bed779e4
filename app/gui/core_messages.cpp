#include "gui/core_messages.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <vector>

namespace traindeck::gui {

namespace {

// A text of core as a pattern, and the same text with %1, %2 … for its
// captures: the English source for Qt Linguist.
struct Template {
    const char* pattern;
    const char* text;
};

// The templates of core/plan/plan_fields.cpp. The English text is core's own,
// so the English interface reads exactly as the command line does.
const Template kTemplates[] = {
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
const Template kFormulas[] = {
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

// The findings of core/plan/findings.cpp: what is wrong, and the fix in words.
const Template kFindingMessages[] = {
    {R"(^(\S+): (\d+) GPUs per node, but (.+) nodes have (\d+): local ranks (\d+)–(\d+) would ask for CUDA devices that do not exist \('invalid device ordinal'\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: %2 GPUs per node, but %3 nodes have %4: local ranks %5–%6 would ask for CUDA devices that do not exist ('invalid device ordinal')")},
    {R"(^(\S+): the global batch (\d+) is not a multiple of micro × world = (\d+); the run would use (\d+)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the global batch %2 is not a multiple of micro × world = %3; the run would use %4")},
    {R"(^(\S+): the global batch (\d+) is not a multiple of micro × world = (\d+); the run would use (\d+), and DeepSpeed refuses to start unless train_batch_size = micro × accumulation × world$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the global batch %2 is not a multiple of micro × world = %3; the run would use %4, and DeepSpeed refuses to start unless train_batch_size = micro × accumulation × world")},
    {R"(^(\S+): needs (\S+) GB per GPU, more than the (\S+) GB of a (.+)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: needs %2 GB per GPU, more than the %3 GB of a %4")},
    {R"(^(\S+): needs (\S+) GB of the card's (\S+) GB: little room for fragmentation or longer samples$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: needs %2 GB of the card's %3 GB: little room for fragmentation or longer samples")},
    {R"(^(\S+): the effective batch is (\d+) but the LR (\S+) was tuned at batch (\d+) and is not rescaled$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the effective batch is %2 but the LR %3 was tuned at batch %4 and is not rescaled")},
    {R"(^(\S+): the dataset of (\d+) samples is smaller than one batch of (\d+)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the dataset of %2 samples is smaller than one batch of %3")},
    {R"(^(\S+): the dataset of (\d+) samples is smaller than one batch of (\d+), and drop_last drops it: no step would run$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the dataset of %2 samples is smaller than one batch of %3, and drop_last drops it: no step would run")},
    {R"(^(\S+): warmup \((\S+) steps\) lasts the whole run \((\S+) steps\): the LR never reaches its peak$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: warmup (%2 steps) lasts the whole run (%3 steps): the LR never reaches its peak")},
    {R"(^(\S+): scaling efficiency (\S+)%: the gradient all-reduce \((\S+) s\) is not hidden behind backward$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: scaling efficiency %2%: the gradient all-reduce (%3 s) is not hidden behind backward")},
    {R"(^optimizer offload is a ZeRO feature: DeepSpeed ignores offload_optimizer at stage 0$)",
     QT_TRANSLATE_NOOP("FindingTexts", "optimizer offload is a ZeRO feature: DeepSpeed ignores offload_optimizer at stage 0")},
    {R"(^accelerate's num_processes is (\d+) but the job has (\d+) × (\d+) = (\d+) processes$)",
     QT_TRANSLATE_NOOP("FindingTexts", "accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes")},
    {R"(^accelerate's num_processes is (\d+) but the job has (\d+) × (\d+) = (\d+) processes: num_processes counts the whole job's processes, not one node's$)",
     QT_TRANSLATE_NOOP("FindingTexts", "accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes: num_processes counts the whole job's processes, not one node's")},
    {R"(^(.+) has no effect: NCCL reads no NCCL_TIMEOUT; the collective timeout belongs to the framework$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1 has no effect: NCCL reads no NCCL_TIMEOUT; the collective timeout belongs to the framework")},
    {R"(^(.+) has no effect: PyTorch renamed it (\S+) \(2\.2\); the old name is ignored$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1 has no effect: PyTorch renamed it %2 (2.2); the old name is ignored")},
    {R"(^(.+) has no effect: PyTorch reads no such variable$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1 has no effect: PyTorch reads no such variable")},
    {R"(^DeepSpeed requires train_batch_size = micro × accumulation × world: (\d+) = (\d+) × (\d+) × (\d+); the generated configs set all three together$)",
     QT_TRANSLATE_NOOP("FindingTexts", "DeepSpeed requires train_batch_size = micro × accumulation × world: %1 = %2 × %3 × %4; the generated configs set all three together")},
};

const Template kFindingFixes[] = {
    {R"(^use at most (\d+) GPUs per node$)", QT_TRANSLATE_NOOP("FindingTexts", "use at most %1 GPUs per node")},
    {R"(^use (\d+) nodes × (\d+) GPUs \(the same (\d+) GPUs\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "use %1 nodes × %2 GPUs (the same %3 GPUs)")},
    {R"(^set the global batch to (\d+) \(accumulation (\d+)\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "set the global batch to %1 (accumulation %2)")},
    {R"(^use micro-batch (\d+) with accumulation (\d+) to keep batch (\d+), or set the global batch to (\d+) \(accumulation (\d+)\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "use micro-batch %1 with accumulation %2 to keep batch %3, or set the global batch to %4 (accumulation %5)")},
    {R"(^no micro-batch or ZeRO stage fits: use more GPUs, activation checkpointing or a smaller model$)",
     QT_TRANSLATE_NOOP("FindingTexts", "no micro-batch or ZeRO stage fits: use more GPUs, activation checkpointing or a smaller model")},
    {R"(^lower the micro-batch and raise accumulation, or use a higher ZeRO stage$)",
     QT_TRANSLATE_NOOP("FindingTexts", "lower the micro-batch and raise accumulation, or use a higher ZeRO stage")},
    {R"(^use the linear rule \(LR (\S+)\) or the square-root rule \(LR (\S+)\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "use the linear rule (LR %1) or the square-root rule (LR %2)")},
    {R"(^use a smaller batch or fewer GPUs$)", QT_TRANSLATE_NOOP("FindingTexts", "use a smaller batch or fewer GPUs")},
    {R"(^shorten the warmup to a few percent of the run$)",
     QT_TRANSLATE_NOOP("FindingTexts", "shorten the warmup to a few percent of the run")},
    {R"(^raise the micro-batch or accumulation so each step computes longer, or use a faster network$)",
     QT_TRANSLATE_NOOP("FindingTexts", "raise the micro-batch or accumulation so each step computes longer, or use a faster network")},
    {R"(^use ZeRO stage 2 with offload, or turn offload off$)",
     QT_TRANSLATE_NOOP("FindingTexts", "use ZeRO stage 2 with offload, or turn offload off")},
    {R"(^set num_processes to (\d+) \(num_machines (\d+)\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "set num_processes to %1 (num_machines %2)")},
    {R"(^remove it and set launch\.comm_timeout_s, which TrainDeck passes to the framework \(torch\.distributed\.init_process_group\(timeout=\.\.\.\), DeepSpeed's timeout\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "remove it and set launch.comm_timeout_s, which TrainDeck passes to the framework (torch.distributed.init_process_group(timeout=...), DeepSpeed's timeout)")},
    {R"(^rename it to (\S+)$)", QT_TRANSLATE_NOOP("FindingTexts", "rename it to %1")},
    {R"(^set launch\.comm_timeout_s instead$)", QT_TRANSLATE_NOOP("FindingTexts", "set launch.comm_timeout_s instead")},
};

// The memory fix lists up to three micro-batch/accumulation pairs and a ZeRO
// stage: its pieces, each translated, in core's order.
const Template kMemoryFixParts[] = {
    {R"(^use micro-batch (\d+) × accumulation (\d+))", QT_TRANSLATE_NOOP("FindingTexts", "use micro-batch %1 × accumulation %2")},
    {R"(^, or micro-batch (\d+) × accumulation (\d+))", QT_TRANSLATE_NOOP("FindingTexts", ", or micro-batch %1 × accumulation %2")},
    {R"(^ \(keeps batch (\d+)\))", QT_TRANSLATE_NOOP("FindingTexts", " (keeps batch %1)")},
    {R"(^; or use ZeRO stage (\d))", QT_TRANSLATE_NOOP("FindingTexts", "; or use ZeRO stage %1")},
    {R"(^use ZeRO stage (\d))", QT_TRANSLATE_NOOP("FindingTexts", "use ZeRO stage %1")},
};

// What core/generate says a target still needs (generate.cpp, missingOptions).
const Template kGeneratorMessages[] = {
    {R"(^needs --ecs-spec \(the ECS instance type of a node\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "needs the PAI-DLC instance type (the ECS instance type of a node)")},
    {R"(^needs --workspace-id \(the PAI workspace of the job\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "needs the PAI-DLC workspace ID")},
    {R"(^needs --hosts with (\d+) host\(s\), node 0 first$)",
     QT_TRANSLATE_NOOP("FindingTexts", "needs one SSH host per node (%1), node 0 first")},
};

// "%1 … %2" with `args` put in, in one pass: a typed value that itself holds
// "%2" is shown as typed, not substituted again (QString::arg chained would).
QString fill(const QString& text, const QStringList& args) {
    QString out;
    out.reserve(text.size() + 32);
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('%') && i + 1 < text.size() && text[i + 1].isDigit()) {
            const int n = text[i + 1].digitValue();
            if (n >= 1 && n <= args.size()) {
                out += args[n - 1];
                ++i;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

// A table of templates with its patterns compiled once: the plan view asks
// for a dozen formulas per layout on every keystroke.
class Templates {
public:
    template <size_t N>
    Templates(const Template (&table)[N], const char* context) : m_context(context) {
        for (const Template& t : table)
            // The typed text in a message may hold a newline: '.' matches it too.
            m_entries.push_back({QRegularExpression(QString::fromUtf8(t.pattern),
                                                    QRegularExpression::DotMatchesEverythingOption),
                                 t.text});
    }

    // The translation of the first template matching all of `text`, or `text` itself.
    QString translate(const QString& text) const {
        qsizetype length = 0;
        const QString out = translatePrefix(text, &length);
        return length == text.size() && !out.isNull() ? out : text;
    }

    // The translation of the first template matching the start of `text`;
    // `length` is how much of `text` it matched. Null when none matches.
    QString translatePrefix(const QString& text, qsizetype* length) const {
        for (const Entry& e : m_entries) {
            const QRegularExpressionMatch m = e.pattern.match(text);
            if (!m.hasMatch())
                continue;
            QStringList args;
            for (int i = 1; i <= m.lastCapturedIndex(); ++i)
                args << m.captured(i);
            *length = m.capturedLength(0);
            return fill(QCoreApplication::translate(m_context, e.text), args);
        }
        return {};
    }

private:
    struct Entry {
        QRegularExpression pattern;
        const char* text;
    };
    const char* m_context;
    std::vector<Entry> m_entries;
};

}  // namespace

QString fieldErrorText(const QString& coreMessage) {
    static const Templates templates(kTemplates, "CoreMessages");
    return templates.translate(coreMessage);
}

QString findingMessageText(const std::string& coreMessage) {
    static const Templates templates(kFindingMessages, "FindingTexts");
    return templates.translate(QString::fromStdString(coreMessage));
}

QString findingFixText(const std::string& coreFix) {
    static const Templates whole(kFindingFixes, "FindingTexts");
    static const Templates parts(kMemoryFixParts, "FindingTexts");
    const QString fix = QString::fromStdString(coreFix);
    const QString translated = whole.translate(fix);
    if (translated != fix)
        return translated;
    // Piece by piece from the start; any piece not recognised leaves the
    // whole fix as core wrote it rather than half translated.
    QString rest = fix, out;
    while (!rest.isEmpty()) {
        qsizetype length = 0;
        const QString piece = parts.translatePrefix(rest, &length);
        if (piece.isNull() || length == 0)
            return fix;
        out += piece;
        rest = rest.mid(length);
    }
    return out;
}

QString generatorMessageText(const std::string& coreMessage) {
    static const Templates templates(kGeneratorMessages, "FindingTexts");
    return templates.translate(QString::fromStdString(coreMessage));
}

QString formulaText(const std::string& coreFormula) {
    static const Templates templates(kFormulas, "Formulas");
    return templates.translate(QString::fromStdString(coreFormula));
}

}  // namespace traindeck::gui
