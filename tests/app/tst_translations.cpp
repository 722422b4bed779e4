// The Chinese translation covers every string of the window. Fails when the
// zh_CN .ts has an unfinished, empty or obsolete entry, or when the sources
// hold a string the .ts does not have yet (lupdate is run on them afresh).
// Also: the compiled-in translation is the one the window loads, and every
// text core can return (field errors, formulas, findings, plan-file errors,
// validatePlan's errors, the generators' refusals), driven out of core with
// bad input, is made of templates that have their Chinese.

#include "cost/pricing.h"
#include "localized.h"
#include "gui/plan/field_sections.h"
#include "gui/plan/finding_view.h"
#include "gui/files/generator_source.h"
#include "gui/window/language.h"
#include "plan/calibrate.h"
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"
#include "test_files.h"
#include "test_support.h"

#if __has_include("generate/generate.h")
#include "generate/generate.h"
#define TRAINDECK_TEST_GENERATE 1
#endif

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>
#include <cstring>
#include <functional>

using namespace traindeck;
using namespace traindeck::gui;

namespace {

struct Entry {
    QString context, source;
    QString translation;   // all forms joined; empty when none
    QString type;          // "unfinished", "obsolete", "vanished" or empty
};

QList<Entry> readTs(const QString& path, QString* error) {
    QList<Entry> entries;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(path);
        return entries;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Entry entry;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("context"))
                context.clear();
            else if (name == QLatin1String("name") && context.isEmpty())
                context = xml.readElementText();
            else if (name == QLatin1String("message"))
                entry = Entry{context, {}, {}, {}};
            else if (name == QLatin1String("source"))
                entry.source = xml.readElementText();
            else if (name == QLatin1String("translation")) {
                entry.type = xml.attributes().value(QLatin1String("type")).toString();
                // Plural forms sit in <numerusform> children; all must be filled.
                QString text;
                bool emptyForm = false;
                while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                    xml.readNext();
                    if (xml.isCharacters())
                        text += xml.text();
                    if (xml.isStartElement() && xml.name() == QLatin1String("numerusform")) {
                        const QString form = xml.readElementText();
                        emptyForm |= form.trimmed().isEmpty();
                        text += form;
                    }
                }
                entry.translation = emptyForm ? QString() : text.trimmed();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            entries << entry;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1: %2").arg(path, xml.errorString());
    return entries;
}

const QString kSource = QStringLiteral(TRAINDECK_SOURCE_DIR);

// A value as a YAML double-quoted scalar: any text, newlines included, reaches core as typed.
std::string yamlQuoted(const std::string& value) {
    std::string out = "\"";
    for (char c : value) {
        if (c == '\\' || c == '"')
            out += '\\';
        if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out + "\"";
}

// One field of a plan file, set to `value`: "recipe:\n  micro_batch: \"0\"".
std::string planFileWith(const std::string& key, const std::string& value) {
    const auto dot = key.find('.');
    if (dot == std::string::npos)
        return key + ": " + yamlQuoted(value) + "\n";
    return key.substr(0, dot) + ":\n  " + key.substr(dot + 1) + ": " + yamlQuoted(value) + "\n";
}

// The templates of `text` (its arguments' too) that have no finished Chinese in
// the committed .ts: what would show in English in the Chinese interface.
QStringList untranslatedParts(const Text& text) {
    static const QSet<QString> finished = [] {
        QString error;
        QSet<QString> done;
        for (const Entry& e : readTs(kSource + "/translations/traindeck_zh_CN.ts", &error))
            if (e.type.isEmpty() && !e.translation.isEmpty())
                done.insert(e.context + '\x1f' + e.source);
        return done;
    }();
    QStringList out;
    if (text.isValue())
        return out;
    if (*text.context() != '\0') {  // Text::concat's glue has nothing to translate
        const QString context = QString::fromUtf8(text.context()), source = QString::fromUtf8(text.source());
        if (!finished.contains(context + '\x1f' + source))
            out << context + QStringLiteral(" / ") + source;
    }
    for (const Text& a : text.args())
        out << untranslatedParts(a);
    return out;
}

// Chinese text: at least one CJK character.
bool readsChinese(const QString& text) {
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return text.contains(han);
}

}  // namespace

class TestTranslations : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

private slots:
    void initTestCase() { test::isolateSettings(m_settings); }

    void chineseHasNoUnfinishedString() {
        QString error;
        const QList<Entry> entries = readTs(kSource + "/translations/traindeck_zh_CN.ts", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(entries.size() > 100);
        QStringList bad;
        for (const Entry& e : entries)
            if (!e.type.isEmpty() || e.translation.isEmpty())
                bad << QStringLiteral("%1 / \"%2\" (%3)").arg(e.context, e.source, e.type.isEmpty() ? "empty" : e.type);
        QVERIFY2(bad.isEmpty(), qPrintable("untranslated:\n" + bad.join('\n')));
    }

    void sourcesHaveNoStringMissingFromChinese() {
        // lupdate over today's sources, into a scratch .ts: every string it
        // finds must be in the committed Chinese file.
        QTemporaryDir scratch;
        const QString fresh = scratch.filePath("fresh.ts");
        QProcess lupdate;
        lupdate.start(QStringLiteral(TRAINDECK_LUPDATE),
                      {"-silent", "-locations", "none", "-target-language", "zh_CN", "-tr-function-alias",
                       "QT_TRANSLATE_NOOP+=TD_TEXT", "-I", kSource + "/app", "-I", kSource + "/core",
                       kSource + "/app", kSource + "/core", "-ts", fresh});
        QVERIFY(lupdate.waitForFinished(120000));
        QCOMPARE(lupdate.exitCode(), 0);
        QString error;
        const QList<Entry> extracted = readTs(fresh, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(extracted.size() > 100);
        const QList<Entry> committed = readTs(kSource + "/translations/traindeck_zh_CN.ts", &error);
        QSet<QString> done;
        for (const Entry& e : committed)
            if (e.type.isEmpty() && !e.translation.isEmpty())
                done.insert(e.context + '\x1f' + e.source);
        QStringList missing;
        for (const Entry& e : extracted)
            if (!done.contains(e.context + '\x1f' + e.source))
                missing << QStringLiteral("%1 / \"%2\"").arg(e.context, e.source);
        QVERIFY2(missing.isEmpty(), qPrintable("not in traindeck_zh_CN.ts:\n" + missing.join('\n')));
    }

    void coreTemplatesAreExtracted() {
        // core's templates (TD_TEXT) reach the .ts: the field table's labels, for one.
        QString error;
        const QList<Entry> committed = readTs(kSource + "/translations/traindeck_zh_CN.ts", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QSet<QString> contexts;
        for (const Entry& e : committed)
            contexts.insert(e.context);
        for (const char* context : {"FieldLabels", "Launch", "Calibration", "Findings"})
            QVERIFY2(contexts.contains(QString::fromLatin1(context)), context);
    }

    void translationsKeepTheSourcesArguments() {
        // %1 … %n of a source must all be in its translation, and no other:
        // a lost or invented argument shows a wrong or a missing value.
        QString error;
        const QList<Entry> entries = readTs(kSource + "/translations/traindeck_zh_CN.ts", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        static const QRegularExpression arg(QStringLiteral("%(\\d+)"));
        const auto args = [](const QString& text) {
            QSet<QString> found;
            for (auto it = arg.globalMatch(text); it.hasNext();)
                found.insert(it.next().captured(1));
            return found;
        };
        QStringList bad;
        for (const Entry& e : entries)
            if (!e.translation.isEmpty() && args(e.source) != args(e.translation))
                bad << QStringLiteral("%1 / \"%2\" -> \"%3\"").arg(e.context, e.source, e.translation);
        QVERIFY2(bad.isEmpty(), qPrintable("arguments differ:\n" + bad.join('\n')));
    }

    void compiledTranslationIsLoaded() {
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        const QString file = QCoreApplication::translate("traindeck::gui::WindowMenus", "&File");  // the window's File menu
        QVERIFY2(file != QStringLiteral("&File"), qPrintable(file));
        // Every field label the window shows is translated.
        for (Section s : allSections())
            for (const std::string& key : sectionKeys(s)) {
                QVERIFY2(hasOwnLabel(key), key.c_str());
                QVERIFY2(hasOwnHelp(key), key.c_str());  // else the tooltip would be core's English
                QVERIFY2(fieldLabel(key) != QString::fromStdString(key), key.c_str());
            }
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("traindeck::gui::WindowMenus", "&File"), QStringLiteral("&File"));
    }

    void coreFieldErrorsAreTranslated() {
        // Whatever core says about a bad value of any field, the Chinese
        // window says it in Chinese: a new template in core fails here.
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QStringList untranslated;
        std::vector<std::string> shown;  // the fields the window has editors for
        for (Section section : allSections())
            for (const std::string& key : sectionKeys(section))
                shown.push_back(key);
        int errors = 0;
        for (const std::string& key : shown)
            for (const char* bad : {"abc", "-1", "0", "1e30", "2.5", "two\nlines", "nonsense'value"}) {
                Plan plan = demoPlan();
                const Text error = setPlanField(plan, key, bad);
                errors += !error.empty();
                for (const QString& part : untranslatedParts(error))
                    untranslated << QString::fromStdString(key) + ": " + part;
            }
        QVERIFY(errors > 50);
        // What the user typed is shown as typed, even when it looks like a placeholder.
        Plan typed = demoPlan();
        const QString odd = app::qLocalized(setPlanField(typed, "cluster.nodes", "%2%1"));
        QVERIFY2(odd.contains(QStringLiteral("%2%1")) && readsChinese(odd), qPrintable(odd));
        QVERIFY(language.apply(QStringLiteral("en")));
        untranslated.removeDuplicates();
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join('\n')));
        // In English the window reads as core wrote it.
        Plan plan = demoPlan();
        const Text error = setPlanField(plan, "cluster.nodes", "0");
        QCOMPARE(app::qLocalized(error), QString::fromStdString(error.english()));
    }

    void coreFormulasAreTranslated() {
        // Every formula a tooltip shows, over plans that take each branch of
        // core's estimate: LR rules, scaled warmup, epochs, drop_last, ZeRO 0–3, offload.
        std::vector<Plan> plans;
        for (const char* rule : {"linear", "sqrt", "none"})
            for (const char* zero : {"0", "2", "3"})
                for (const char* epochs : {"0", "2"}) {
                    Plan p = demoPlan();
                    setPlanField(p, "recipe.lr_rule", rule);
                    setPlanField(p, "recipe.zero_stage", zero);
                    setPlanField(p, "recipe.epochs", epochs);
                    setPlanField(p, "recipe.scale_warmup", epochs[0] == '2' ? "true" : "false");
                    setPlanField(p, "recipe.drop_last", zero[0] == '2' ? "false" : "true");
                    setPlanField(p, "recipe.offload_optimizer", zero[0] == '3' ? "true" : "false");
                    plans.push_back(p);
                }
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QSet<QString> untranslated;
        for (const Plan& plan : plans) {
            QVERIFY2(validatePlan(plan).empty(), validatePlan(plan).english().c_str());
            for (const Layout& layout : layoutsOf(plan)) {
                const Estimate e = estimate(plan, layout);
                for (const Figure* f : {&e.effectiveBatch, &e.lr, &e.warmupSteps, &e.stepsPerEpoch, &e.totalSteps,
                                        &e.memoryPerGpuGb, &e.computeTimeS, &e.commTimeS, &e.exposedCommTimeS,
                                        &e.stepTimeS, &e.stepsPerS, &e.samplesPerS, &e.hoursToFinish, &e.gpuHours,
                                        &e.scalingEfficiency})
                    for (const QString& part : untranslatedParts(f->formula))
                        untranslated.insert(part);
            }
        }
        QVERIFY(language.apply(QStringLiteral("en")));
        QVERIFY2(untranslated.isEmpty(), qPrintable(QStringList(untranslated.begin(), untranslated.end()).join('\n')));
    }

    void coreFindingsAreTranslated() {
        // Plans that raise every finding core has; each one's headline,
        // message and fix must read in Chinese.
        const auto with = [](std::vector<std::pair<const char*, const char*>> edits) {
            Plan p = demoPlan();
            for (const auto& [key, value] : edits) {
                const Text error = setPlanField(p, key, value);
                if (!error.empty())
                    qFatal("%s=%s: %s", key, value, error.english().c_str());
            }
            return p;
        };
        std::vector<Plan> plans = {
            demoPlan(),
            with({{"cluster.nodes", "1"}, {"cluster.gpus_per_node", "16"}}),
            with({{"cluster.nodes", "1"}, {"cluster.gpus_per_node", "12"}}),
            with({{"recipe.zero_stage", "2"}, {"recipe.global_batch", "80"}}),  // no split of 80 on 8x8
            // Priced: a layout that costs more to finish, and one cheaper and sooner than the plan's.
            with({{"cluster.cloud", "aws"}, {"cluster.network", "eth-25"}, {"compare", "1x8,8x8"}}),
            with({{"cluster.cloud", "aws"}, {"cluster.nodes", "1"}, {"cluster.gpus_per_node", "4"}, {"compare", "1x8"}}),
            with({{"model.preset", ""}, {"model.params", "7e9"}}),
            with({{"model.preset", ""}, {"model.params", "1e12"}}),
            with({{"model.clip_frames", "30"}}),  // the trainer's activations for 16 clips of 30 frames: over nine tenths of the card
            with({{"recipe.lr_rule", "none"}, {"recipe.base_batch", "128"}}),
            with({{"recipe.epochs", "1"}, {"recipe.dataset_size", "100"}}),
            with({{"recipe.epochs", "1"}, {"recipe.dataset_size", "100"}, {"recipe.drop_last", "false"}}),
            with({{"recipe.warmup_steps", "6000"}}),
            with({{"cluster.network", "eth-25"}}),
            with({{"recipe.offload_optimizer", "true"}}),
            with({{"launch.num_processes", "8"}}),
            with({{"launch.num_processes", "5"}}),
        };
        Plan env = demoPlan();
        env.launch.env = {{"NCCL_TIMEOUT", "1800"}, {"NCCL_BLOCKING_WAIT", "1"}, {"TORCH_DISTRIBUTED_TIMEOUT", "60"}};
        plans.push_back(env);

        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QSet<QString> codes;
        QStringList untranslated;
        for (const Plan& plan : plans) {
            QVERIFY2(validatePlan(plan).empty(), validatePlan(plan).english().c_str());
            for (const Finding& f : analysePriced(plan).findings) {
                codes.insert(QString::fromStdString(f.code));
                if (f.title.empty() || FindingView::title(f).isEmpty())
                    untranslated << QString::fromStdString("title of " + f.code);
                untranslated << untranslatedParts(f.title);
                untranslated << untranslatedParts(f.message) << untranslatedParts(f.fix);
                if (!readsChinese(app::qLocalized(f.message)))
                    untranslated << app::qLocalized(f.message);
            }
        }
        // What a generator still needs, for each target with nothing given.
        if (const std::unique_ptr<GeneratorSource> source = coreGenerators())
            for (const TargetChoice& t : source->targets()) {
                const Text missing = source->missing(demoPlan(), t.key, TargetOptions{});
                untranslated << untranslatedParts(missing);
            }
        QVERIFY(language.apply(QStringLiteral("en")));
        untranslated.removeDuplicates();
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join('\n')));
        // The plans above do raise every finding there is.
        for (const char* code : {"gpus_per_node_exceeds_node", "batch_not_reachable", "memory_over_card",
                                 "memory_near_card", "lr_not_rescaled", "epoch_shorter_than_batch",
                                 "warmup_longer_than_run", "poor_scaling", "offload_needs_zero",
                                 "num_processes_mismatch", "unread_environment_variable", "deepspeed_batch_rule",
                                 "costs_more_to_finish", "cheaper_and_sooner", "comm_timeout_below_checkpoint_write"})
            QVERIFY2(codes.contains(code), code);
        // In English, the window says what core says.
        for (const Finding& f : findings(plans[1])) {
            QCOMPARE(app::qLocalized(f.message), QString::fromStdString(f.message.english()));
            QCOMPARE(app::qLocalized(f.fix), QString::fromStdString(f.fix.english()));
        }
    }

    // Every code core raises, wherever in core/ a finding is made (Severity, then the
    // code), has a headline in core's one table (findingTitle), and a Chinese one.
    void everyFindingCodeHasAHeadline() {
        const QRegularExpression raised(QStringLiteral(R"re(Severity::\w+\s*,\s*"([a-z0-9_]+)")re"));
        QStringList codes;
        QDirIterator files(QStringLiteral(TRAINDECK_SOURCE_DIR "/core"), {QStringLiteral("*.cpp")}, QDir::Files,
                           QDirIterator::Subdirectories);
        while (files.hasNext()) {
            QFile file(files.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            for (const QRegularExpressionMatch& m : raised.globalMatch(QString::fromUtf8(file.readAll())))
                codes << m.captured(1);
        }
        codes.removeDuplicates();
        QVERIFY2(codes.size() >= 19, qPrintable(codes.join(' ')));  // the 19 of this writing, at least
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        for (const QString& code : codes) {
            const Text title = findingTitle(code.toStdString());
            QVERIFY2(!title.empty(), qPrintable(code));
            QVERIFY2(readsChinese(app::qLocalized(title)), qPrintable(code + ": " + app::qLocalized(title)));
        }
        QVERIFY(language.apply(QStringLiteral("en")));
        QVERIFY(findingTitle("no_such_finding").empty());
    }

    void planFileErrorsAreTranslated() {
        // Whatever core says about a plan file it cannot read or write, the
        // Chinese window says in Chinese, the file, line and key as written:
        // broken YAML, each field with bad values, a wrong shape, a missing file.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::vector<std::string> texts = {
            "recipe: {micro_batch: 1\n",
            "recipe:\n  micro_batch: [1, 2\n",
            "recipe:\n  micro_batch: 1\n grad_accum: 2\n",
            "name: \"unterminated\n",
            "name: 'unterminated\n",
            "name: x: y\n",
            "name: *nowhere\n",
            "name: \"\\q\"\n",
            "name: \"\\xZZ\"\n",
            "cluster:\n\tnodes: 2\n",
            "- a\nb: c\n",
            "name: [a, b}\n",
            "name: {a: b]\n",
            "name: &a &b x\n",
            "%YAML 9.0\n---\nname: x\n",
            "name: |0\n  x\n",
            "name: ` x\n",
            "name: x\n---\n- a\n  b: c\n",
            // The shape of a plan file.
            "- 1\n- 2\n",
            "just text\n",
            "",
            "version: abc\n",
            "version: 99\n",
            "version: 0\n",
            "recipe: [1, 2]\n",
            "recipe: 3\n",
            "recipe:\n  micro_batch: [1]\n",
            "recipe:\n  micro_batch: {a: 1}\n",
            "recipe:\n  nonsense: 1\n",
            "recipe:\n  \"odd': key\": 1\n",
            "nonsense: 1\n",
            "launch:\n  env: [a]\n",
            "launch:\n  env:\n    A: [1]\n",
            "compare: [1x8, {a: 1}]\n",
            "compare: 9x99\n",
            "calibration: fast\n",
            "calibration: 2x8=-1steps/s\n",
            "calibration: 2x8=1furlongs\n",
        };
        for (const PlanField& f : planFields())
            for (const char* bad : {"abc", "-1", "0", "1e30", "2.5", "two\nlines", "nonsense'value", "%2%1"})
                texts.push_back(planFileWith(f.key, bad));
        QStringList paths;
        std::vector<Text> errors;
        for (size_t i = 0; i < texts.size(); ++i) {
            const QString path = dir.filePath(QStringLiteral("bad: %1.yaml").arg(i));  // ": " in the name too
            test_files::writeFile(path, QByteArray::fromStdString(texts[i]));
            Plan plan = demoPlan();
            const LoadResult r = loadPlanFile(path.toStdString(), plan);
            if (!r.ok) {
                paths << path;
                errors.push_back(r.error);
            }
        }
        QVERIFY2(errors.size() > texts.size() / 2, "the bad files above should mostly be refused");
        // A file that is not there, a folder; saving into a missing folder and onto a folder.
        Plan plan = demoPlan();
        for (const QString& path : {dir.filePath("missing.yaml"), dir.path()}) {
            const LoadResult r = loadPlanFile(path.toStdString(), plan);
            QVERIFY2(!r.ok, qPrintable(path));
            paths << path;
            errors.push_back(r.error);
        }
        QVERIFY(QDir(dir.path()).mkpath("folder/inside"));
        for (const QString& path : {dir.filePath("no/such/folder/plan.yaml"), dir.filePath("folder")}) {
            const Text error = savePlanFile(path.toStdString(), plan);
            QVERIFY2(!error.empty(), qPrintable(path));
            paths << path;
            errors.push_back(error);
        }

        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QStringList untranslated;
        for (size_t i = 0; i < errors.size(); ++i) {
            const QString text = app::qLocalized(errors[i]);
            const QStringList parts = untranslatedParts(errors[i]);
            if (!parts.isEmpty() || !readsChinese(text) || !text.contains(paths[int(i)]))
                untranslated << QString::fromStdString(errors[i].english()) + QStringLiteral("\n    → ") + text +
                                    QStringLiteral("\n    ") + parts.join(QStringLiteral("; "));
        }
        // The line and the key are kept.
        {
            Plan p = demoPlan();
            const QString path = dir.filePath("line.yaml");
            test_files::writeFile(path, "name: x\nrecipe:\n  micro_batch: 0\n");
            const LoadResult r = loadPlanFile(path.toStdString(), p);
            const QString text = app::qLocalized(r.error);
            QVERIFY2(text.contains(QStringLiteral(" 3 ")) && text.contains(QStringLiteral("recipe.micro_batch")) &&
                         text.contains(QStringLiteral("不能小于 1")),
                     qPrintable(text));
        }
        QVERIFY(language.apply(QStringLiteral("en")));
        QVERIFY2(untranslated.isEmpty(), qPrintable("no Chinese template:\n" + untranslated.join('\n')));
        // In English the window says what core says; a plan field a cross-field check names
        // (launch.visible_gpus against the GPUs per node) is called by its label there.
        const std::function<bool(const Text&)> namesAField = [&](const Text& t) {
            return !t.fieldKey().empty() || std::any_of(t.args().begin(), t.args().end(), namesAField);
        };
        int byLabel = 0;
        for (const Text& error : errors) {
            if (!namesAField(error)) {
                QCOMPARE(app::qLocalized(error), QString::fromStdString(error.english()));
                continue;
            }
            ++byLabel;
            QVERIFY2(app::qLocalized(error).contains(QStringLiteral("GPUs to use on each host: names")),
                     qPrintable(app::qLocalized(error)));
        }
        QVERIFY(byLabel > 0);
    }

    void planErrorsAreTranslated() {
        // validatePlan's cross-field errors, for plans built in code with
        // values no field would take.
        std::vector<Plan> plans;
        const auto with = [&](auto change) {
            Plan p = demoPlan();
            change(p);
            plans.push_back(p);
        };
        with([](Plan& p) { p.recipe.microBatch = 0; });
        with([](Plan& p) { p.cluster.nodes = 0; });
        with([](Plan& p) { p.cluster.gpu = "nope"; });
        with([](Plan& p) { p.cluster.network = "carrier-pigeon"; });
        with([](Plan& p) { p.model.preset = "huge"; });
        with([](Plan& p) { p.model.params = -1; });
        with([](Plan& p) { p.recipe.mfu = 2; });
        with([](Plan& p) { p.recipe.zeroStage = 7; });
        with([](Plan& p) { p.name = "two\nlines"; });
        with([](Plan& p) { p.launch.jobName = "two\nlines"; });
        with([](Plan& p) { p.version = 99; });
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QStringList untranslated;
        for (const Plan& plan : plans) {
            const Text error = validatePlan(plan);
            QVERIFY2(!error.empty(), "each plan above is invalid");
            const QString text = app::qLocalized(error);
            if (!untranslatedParts(error).isEmpty() || !readsChinese(text))
                untranslated << QString::fromStdString(error.english()) + QStringLiteral(" → ") + text;
        }
        // The field is named as the window names it; the command line names its key.
        const QString named = app::qLocalized(validatePlan(plans[0]));
        QVERIFY2(QString::fromStdString(app::localized(validatePlan(plans[0]))).startsWith(QStringLiteral("recipe.micro_batch")),
                 app::localized(validatePlan(plans[0])).c_str());
        QVERIFY2(named.startsWith(fieldLabel("recipe.micro_batch")), qPrintable(named));
        QVERIFY(language.apply(QStringLiteral("en")));
        QVERIFY2(untranslated.isEmpty(), qPrintable("no Chinese template:\n" + untranslated.join('\n')));
    }

    void generatorRefusalsAreTranslated() {
#ifdef TRAINDECK_TEST_GENERATE
        // Every target, fed hostile input the window can pass it (a job name,
        // an image, a namespace, a command, the environment, the cluster
        // details) and the command line's other options: each refusal reads in Chinese.
        namespace gen = traindeck::generate;
        Plan base = demoPlan();
        gen::GenerateOptions good;
        good.ecsSpec = "ecs.gn8v.48xlarge";
        good.workspaceId = "12345";
        for (int i = 0; i < base.cluster.nodes; ++i)
            good.hosts.push_back("node" + std::to_string(i));
        struct Case {
            Plan plan;
            gen::GenerateOptions options;
        };
        std::vector<Case> cases;
        for (const std::string& name : {std::string("My Job"), std::string("job; rm -rf /"), std::string("-lead"),
                                        std::string("trail-"), std::string("UPPER"), std::string("9lives"),
                                        std::string("ünïcode"), std::string(80, 'a'), std::string(),
                                        std::string("tab\tname"), std::string("$(reboot)"), std::string("it's"),
                                        std::string("%2%1"), std::string("a.b"), std::string("nul\0byte", 8)}) {
            Plan p = base;
            p.launch.jobName = name;
            cases.push_back({p, good});
        }
        const auto plan = [&](auto change) {
            Plan p = base;
            change(p);
            cases.push_back({p, good});
        };
        plan([](Plan& p) { p.launch.image = "my image"; });
        plan([](Plan& p) { p.launch.image = ""; });
        plan([](Plan& p) { p.launch.nameSpace = "Team_A"; });
        plan([](Plan& p) { p.launch.command = "python train.py --lr {learning_rat}"; });
        plan([](Plan& p) { p.launch.env = {{"1BAD", "x"}}; });
        plan([](Plan& p) { p.launch.env = {{"NODE_RANK", "3"}}; });
        plan([](Plan& p) { p.launch.env = {{"HF_TOKEN", "hf_secret"}}; });
        plan([](Plan& p) { p.launch.env = {{"A", std::string("x\0y", 3)}}; });
        plan([](Plan& p) {
            p.recipe.offloadOptimizer = true;
            p.recipe.zeroStage = 0;
        });
        plan([](Plan& p) { p.recipe.microBatch = 0; });
        const auto option = [&](auto change) {
            gen::GenerateOptions o = good;
            change(o);
            cases.push_back({base, o});
        };
        option([](gen::GenerateOptions& o) { o.queue = "my queue!"; });
        option([](gen::GenerateOptions& o) { o.qos = "q o s"; });
        option([](gen::GenerateOptions& o) { o.timeLimit = "2 days"; });
        option([](gen::GenerateOptions& o) { o.priorityClass = "High_Priority"; });
        option([](gen::GenerateOptions& o) { o.shmSize = "lots"; });
        option([](gen::GenerateOptions& o) { o.mounts = {{"Data_Claim", "/data", false}}; });
        option([](gen::GenerateOptions& o) { o.mounts = {{"data", "relative/path", false}}; });
        option([](gen::GenerateOptions& o) { o.mounts = {{"data", "/dev/shm", false}}; });
        option([](gen::GenerateOptions& o) { o.secrets = {{"1BAD", "sec", "key"}}; });
        option([](gen::GenerateOptions& o) { o.secrets = {{"NODE_RANK", "sec", "key"}}; });
        option([](gen::GenerateOptions& o) { o.secrets = {{"HF_TOKEN", "Bad_Secret", "key"}}; });
        option([](gen::GenerateOptions& o) { o.secrets = {{"HF_TOKEN", "sec", "bad key!"}}; });
        {  // a variable given both as a secret and as a plain value
            Plan p = base;
            p.launch.env = {{"HF_HOME", "/x"}};
            gen::GenerateOptions o = good;
            o.secrets = {{"HF_HOME", "sec", "key"}};
            cases.push_back({p, o});
        }
        option([](gen::GenerateOptions& o) { o.hosts = {"node0"}; });
        option([](gen::GenerateOptions& o) { o.hosts = {"node0", "bad host;"}; });
        option([](gen::GenerateOptions& o) { o.ecsSpec = "ecs gn8v"; });
        option([](gen::GenerateOptions& o) { o.workspaceId = "12 345"; });
        option([](gen::GenerateOptions& o) { o.paiPriority = 12; });
        option([](gen::GenerateOptions& o) { o.paiResourceId = "quota 1"; });
        option([](gen::GenerateOptions& o) { o.retries = -1; });

        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QStringList untranslated;
        QSet<QString> refusingTargets;
        for (const gen::TargetInfo& t : gen::targets())
            for (const Case& c : cases) {
                try {
                    gen::generate(c.plan, t.target, c.options);
                } catch (const gen::GenerateError& e) {
                    refusingTargets.insert(QString::fromStdString(t.key));
                    const QString text = app::qLocalized(e.text());
                    if (!untranslatedParts(e.text()).isEmpty() || !readsChinese(text))
                        untranslated << QString::fromStdString(t.key + ": " + e.what()) + QStringLiteral(" → ") + text;
                }
            }
        // What the window shows for a job name Kubernetes refuses.
        Text refusal;
        Plan hostile = base;
        hostile.launch.jobName = "My Job";
        if (const std::unique_ptr<GeneratorSource> source = coreGenerators())
            source->generate(analyse(hostile), {QStringLiteral("k8s")}, TargetOptions{}, &refusal);
        const QString shown = app::qLocalized(refusal);
        QVERIFY(language.apply(QStringLiteral("en")));
        untranslated.removeDuplicates();
        QVERIFY2(untranslated.isEmpty(), qPrintable("no Chinese template:\n" + untranslated.join('\n')));
        for (const char* key : {"k8s", "pytorchjob", "pai", "slurm", "ssh"})
            QVERIFY2(refusingTargets.contains(QLatin1String(key)), key);
        QVERIFY2(shown.contains(QStringLiteral("“My Job”")) && readsChinese(shown), qPrintable(shown));
#else
        QSKIP("this build has no generators");
#endif
    }

    void calibrationNotesAreTranslated() {
        // A measured speed no efficiency reproduces, too fast and too slow.
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QStringList untranslated;
        for (double stepsPerSecond : {1e6, 1e-9}) {
            const CalibrationFit fit = fitCalibration(
                demoPlan(), Calibration{{2, 8}, stepsPerSecond, Calibration::Unit::StepsPerSecond});
            QVERIFY2(!fit.exact && !fit.note.empty(), "the measurement lies outside what any MFU gives");
            const QString text = app::qLocalized(fit.note);
            if (!untranslatedParts(fit.note).isEmpty() || !readsChinese(text))
                untranslated << QString::fromStdString(fit.note.english());
        }
        QVERIFY(language.apply(QStringLiteral("en")));
        QVERIFY2(untranslated.isEmpty(), qPrintable("no Chinese template:\n" + untranslated.join('\n')));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
