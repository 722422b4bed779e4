// The Chinese translation covers every string of the window. Fails when the
// zh_CN .ts has an unfinished, empty or obsolete entry, or when the sources
// hold a string the .ts does not have yet (lupdate is run on them afresh).
// Also: the compiled-in translation is the one the window loads.

#include "gui/core_messages.h"
#include "gui/field_labels.h"
#include "gui/finding_view.h"
#include "gui/generator_source.h"
#include "gui/language.h"
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/plan_fields.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

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
                      {"-silent", "-locations", "none", "-target-language", "zh_CN", "-I", kSource + "/app", "-I",
                       kSource + "/core", kSource + "/app/gui", "-ts", fresh});
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

    void compiledTranslationIsLoaded() {
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        const QString file = QCoreApplication::translate("traindeck::gui::MainWindow", "&File");
        QVERIFY2(file != QStringLiteral("&File"), qPrintable(file));
        // Every field label the window shows is translated.
        for (Section s : allSections())
            for (const std::string& key : sectionKeys(s)) {
                QVERIFY2(hasOwnLabel(key), key.c_str());
                QVERIFY2(hasOwnHelp(key), key.c_str());  // else the tooltip would be core's English
                QVERIFY2(fieldLabel(key) != QString::fromStdString(key), key.c_str());
            }
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("traindeck::gui::MainWindow", "&File"), QStringLiteral("&File"));
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
        for (const std::string& key : shown)
            for (const char* bad : {"abc", "-1", "0", "1e30", "2.5", "two\nlines", "nonsense'value"}) {
                Plan plan = demoPlan();
                const QString error = QString::fromStdString(setPlanField(plan, key, bad));
                if (!error.isEmpty() && fieldErrorText(error) == error)
                    untranslated << QString::fromStdString(key) + ": " + error;
            }
        // What the user typed is shown as typed, even when it looks like a placeholder.
        Plan typed = demoPlan();
        const QString odd = QString::fromStdString(setPlanField(typed, "cluster.nodes", "%2%1"));
        QVERIFY2(fieldErrorText(odd).contains(QStringLiteral("%2%1")), qPrintable(fieldErrorText(odd)));
        QVERIFY(language.apply(QStringLiteral("en")));
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join('\n')));
        // In English the window reads as core wrote it.
        Plan plan = demoPlan();
        const QString error = QString::fromStdString(setPlanField(plan, "cluster.nodes", "0"));
        QCOMPARE(fieldErrorText(error), error);
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
            QVERIFY2(validatePlan(plan).empty(), validatePlan(plan).c_str());
            for (const Layout& layout : layoutsOf(plan)) {
                const Estimate e = estimate(plan, layout);
                for (const Figure* f : {&e.effectiveBatch, &e.lr, &e.warmupSteps, &e.stepsPerEpoch, &e.totalSteps,
                                        &e.memoryPerGpuGb, &e.computeTimeS, &e.commTimeS, &e.exposedCommTimeS,
                                        &e.stepTimeS, &e.stepsPerS, &e.samplesPerS, &e.hoursToFinish, &e.gpuHours,
                                        &e.scalingEfficiency})
                    if (!f->formula.empty() && formulaText(f->formula) == QString::fromStdString(f->formula))
                        untranslated.insert(QString::fromStdString(f->formula));
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
                const std::string error = setPlanField(p, key, value);
                if (!error.empty())
                    qFatal("%s=%s: %s", key, value, error.c_str());
            }
            return p;
        };
        std::vector<Plan> plans = {
            demoPlan(),
            with({{"cluster.nodes", "1"}, {"cluster.gpus_per_node", "16"}}),
            with({{"cluster.nodes", "1"}, {"cluster.gpus_per_node", "12"}}),
            with({{"recipe.zero_stage", "2"}}),
            with({{"model.preset", ""}, {"model.params", "7e9"}}),
            with({{"model.preset", ""}, {"model.params", "1e12"}}),
            with({{"model.activation_gb_per_sample", "4.4"}}),
            with({{"recipe.lr_rule", "none"}}),
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
            QVERIFY2(validatePlan(plan).empty(), validatePlan(plan).c_str());
            for (const Finding& f : findings(plan)) {
                codes.insert(QString::fromStdString(f.code));
                if (FindingView::title(f).isEmpty())
                    untranslated << QString::fromStdString("title of " + f.code);
                if (findingMessageText(f.message) == QString::fromStdString(f.message))
                    untranslated << QString::fromStdString(f.message);
                if (!f.fix.empty() && findingFixText(f.fix) == QString::fromStdString(f.fix))
                    untranslated << QString::fromStdString(f.fix);
            }
        }
        // What a generator still needs, for each target with nothing given.
        if (const std::unique_ptr<GeneratorSource> source = coreGenerators())
            for (const TargetChoice& t : source->targets()) {
                const QString missing = source->missing(demoPlan(), t.key, TargetOptions{});
                if (!missing.isEmpty() && missing.contains(QLatin1String("needs")))
                    untranslated << t.key + ": " + missing;
            }
        QVERIFY(language.apply(QStringLiteral("en")));
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join('\n')));
        // The plans above do raise every finding there is.
        for (const char* code : {"gpus_per_node_exceeds_node", "batch_not_reachable", "memory_over_card",
                                 "memory_near_card", "lr_not_rescaled", "epoch_shorter_than_batch",
                                 "warmup_longer_than_run", "poor_scaling", "offload_needs_zero",
                                 "num_processes_mismatch", "unread_environment_variable", "deepspeed_batch_rule"})
            QVERIFY2(codes.contains(code), code);
        // In English, the window says what core says.
        for (const Finding& f : findings(plans[1])) {
            QCOMPARE(findingMessageText(f.message), QString::fromStdString(f.message));
            QCOMPARE(findingFixText(f.fix), QString::fromStdString(f.fix));
        }
    }

    void windowNamesOnlyFieldsCoreKnows() {
        const std::vector<std::string> unknown = unknownKeys();
        QVERIFY2(unknown.empty(), unknown.empty() ? "" : unknown.front().c_str());
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
