// The window as issue 37 found it, offscreen: the wheel over the form scrolls it
// and changes no setting, the window fits a 1366×768 screen and its form can be
// hidden, an unsaved plan is titled by its name, the Help menu has the user's
// guide (offline), the keyboard shortcuts and What's this on the plan fields,
// the memory legend says why the weights weigh what they do, Chinese leaves no
// English in a fix or the legend, and the numbers of a fix text and of the
// figures beside it follow core's one rule.
#include "gui/parts/figure_format.h"
#include "gui/window/language.h"
#include "gui/window/main_window.h"
#include "gui/layouts/memory_bar.h"
#include "gui/plan/plan_document.h"
#include "gui/window/user_guide.h"
#include "gui/watch/watch_page.h"
#include "gui/wizard/plan_wizard.h"
#include "localized.h"
#include "plan/model_source.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "test_support.h"
#include "text/number_text.h"

#include <QComboBox>
#include <QMenuBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QAbstractSpinBox>
#include <QLineEdit>
#include <QWheelEvent>
#include <QTemporaryDir>
#include <QtTest>
#include <QtTest/qtestspontaneevent.h>

#include <memory>

using namespace traindeck;
using namespace traindeck::gui;

namespace {

struct DemoWindow {
    Language language;
    std::unique_ptr<MainWindow> window;
    explicit DemoWindow(const QString& code = QStringLiteral("en")) {
        language.apply(code);
        window = std::make_unique<MainWindow>(&language);
        window->openDemo();
    }
};

QAction* menuAction(MainWindow& w, const QString& text) {
    for (QAction* menu : w.menuBar()->actions())
        for (QAction* a : menu->menu()->actions())
            if (QString(a->text()).remove('&') == text)
                return a;
    return nullptr;
}

// A wheel turn over `w`; true when `w` took it. One it ignores, Qt hands on to
// its parents (a mouse's: the scroll area under the form scrolls).
bool wheel(QWidget* w, int steps) {
    const QPointF at(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, 120 * steps), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
    return e.isAccepted();
}

// A wheel turn as the window system delivers one: a spontaneous event through
// QApplication::notify, which gives a Qt::WheelFocus widget the focus before any
// event filter sees the event (sendEvent above skips that step). Aimed at the
// child under the middle of `w`, as a real pointer would be.
void systemWheel(QWidget* w, int steps) {
    const QPoint middle(w->width() / 2, w->height() / 2);
    QWidget* target = w->childAt(middle) ? w->childAt(middle) : w;
    const QPointF at = target->mapFrom(w, middle);
    QWheelEvent e(at, target->mapToGlobal(at), QPoint(), QPoint(0, 120 * steps), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&e);
    qApp->notify(target, &e);
}

// A plan of core's catalogue model on the demo's cluster.
Plan llamaPlan() {
    Plan plan = demoPlan();
    std::vector<FieldEdit> llama;
    if (!catalogueModelEdits("llama-3.1-8b", llama).empty())
        qFatal("no llama-3.1-8b in the catalogue");
    for (const FieldEdit& e : llama)
        if (!setPlanField(plan, e.key, e.value).empty())
            qFatal("%s", e.key.c_str());
    return plan;
}

}  // namespace

class TestWindowHelp : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

private slots:
    void initTestCase() { test::isolateSettings(m_settings); }

    void theWheelScrollsTheFormAndChangesNoSetting() {
        DemoWindow d;
        MainWindow& w = *d.window;
        w.resize(1366, 740);
        QVERIFY(test::showActive(w));
        auto* platform = w.findChild<QComboBox*>("field:launch.platform");
        QVERIFY(platform);
        const QString before = platform->currentText();
        w.setFocus();
        QVERIFY(!wheel(platform, -3));  // handed on to the form's scroll area
        QCOMPARE(platform->currentText(), before);  // no setting changed
        QVERIFY(!platform->hasFocus());             // nor taken the focus (a combo box's wheel focus)
        // Focused (a click or Tab), it takes the wheel as a combo box does.
        platform->setFocus();
        QTRY_VERIFY(platform->hasFocus());
        QVERIFY(wheel(platform, -1));
        QVERIFY(platform->currentText() != before);
    }

    // With a text field focused, the wheel over the GPU model and the network on its way
    // down the form changes neither and leaves the focus where it was.
    void aSystemWheelOverTheFormChangesNothingAndKeepsTheFocus() {
        DemoWindow d;
        MainWindow& w = *d.window;
        w.resize(1366, 740);
        QVERIFY(test::showActive(w));
        auto* name = w.findChild<QLineEdit*>("field:name");
        QVERIFY(name);
        name->setFocus();
        QTRY_VERIFY(name->hasFocus());
        auto* gpu = w.findChild<QComboBox*>("field:cluster.gpu");
        auto* network = w.findChild<QComboBox*>("field:cluster.network");
        QVERIFY(gpu && network);
        const QString gpuBefore = gpu->currentText(), networkBefore = network->currentText();
        for (QComboBox* box : {gpu, network})
            for (int turn : {-1, -2, 1, -3})
                systemWheel(box, turn);
        QCOMPARE(gpu->currentText(), gpuBefore);
        QCOMPARE(network->currentText(), networkBefore);
        QVERIFY2(name->hasFocus(), QApplication::focusWidget() ? qPrintable(QApplication::focusWidget()->objectName()) : "no focus");
        // Given the focus (Tab, a click), a box takes the wheel again.
        gpu->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(gpu->hasFocus());
        systemWheel(gpu, -1);
        QVERIFY(gpu->currentText() != gpuBefore);
        // A spin box elsewhere in the window (Watch's smoothing) keeps to the same rule.
        w.tabs()->setCurrentWidget(w.watchPage());
        auto* smoothing = w.findChild<QAbstractSpinBox*>("smoothing");
        QVERIFY(smoothing);
        QTRY_VERIFY(smoothing->isVisible());
        QCOMPARE(smoothing->focusPolicy(), Qt::StrongFocus);
    }

    // With a run on Watch (ten cards, a summary of twenty rows: restarts, own scalars), in
    // both languages, the window still fits a 1366×768 screen: the summary and the cards
    // scroll. The wizard fits it too, Next and Cancel on the screen.
    void aRunOnWatchAndTheWizardFitA1366x768Screen_data() { test::languageRows(); }
    void aRunOnWatchAndTheWizardFitA1366x768Screen() {
        QFETCH(QString, language);
        DemoWindow d(language);
        MainWindow& w = *d.window;
        QTemporaryDir dir;
        QByteArray lines;
        for (int attempt = 0; attempt < 3; ++attempt) {
            lines += R"({"v":1,"event":"start","time":)" + QByteArray::number(1 + attempt * 100) +
                     R"(,"nodes":1,"gpus_per_node":2,"world_size":2,"micro_batch":4,"total_steps":100})" "\n";
            for (int step = attempt * 30; step < attempt * 30 + 30; ++step)
                lines += R"({"v":1,"event":"step","time":)" + QByteArray::number(2 + attempt * 100 + step) + R"(,"step":)" +
                         QByteArray::number(step) +
                         R"(,"loss":0.5,"lr":0.001,"grad_norm":1.2,"samples_per_s":100,"comm_time_s":0.01,"gpu_mem_gb":20,)"
                         R"("data_time_s":0.02,"tokens_per_s":5000,"eval_psnr_db":20,"queue_ms":3,"host_s":0.004})" "\n";
            lines += R"({"v":1,"event":"end","time":)" + QByteArray::number(90 + attempt * 100) + R"(,"step":)" +
                     QByteArray::number(attempt * 30 + 29) + R"(,"status":"failed","seconds":80})" "\n";
        }
        QFile file(dir.filePath("long.jsonl"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(lines);
        file.close();
        QVERIFY(w.watchPage()->addSource(file.fileName()));
        w.watchPage()->replotNow();
        QVERIFY2(w.watchPage()->cards().size() >= 8, qPrintable(QString::number(w.watchPage()->cards().size())));
        w.tabs()->setCurrentWidget(w.watchPage());
        const QSize least = w.minimumSizeHint();
        QVERIFY2(least.width() <= 1366 && least.height() <= 700, qPrintable(QString("%1×%2").arg(least.width()).arg(least.height())));
        PlanWizard wizard(demoPlan());
        QVERIFY2(wizard.minimumSizeHint().height() <= 768 - 40 - 30,
                 qPrintable(QString::number(wizard.minimumSizeHint().height())));
        QVERIFY(wizard.size().height() <= std::max(wizard.minimumSizeHint().height(),
                                                   wizard.screen()->availableGeometry().height() - 40));
        d.language.apply("en");
    }

    // A message about the plan as it was goes with the next edit.
    void theStatusBarsMessageGoesWithTheNextEdit() {
        DemoWindow d;
        MainWindow& w = *d.window;
        w.statusBar()->showMessage("Plan created", 30000);
        QVERIFY(w.document()->setField("recipe.micro_batch", "8").empty());
        QVERIFY2(w.statusBar()->currentMessage().isEmpty(), qPrintable(w.statusBar()->currentMessage()));
    }

    void anUnsavedPlanIsTitledByItsName() {
        DemoWindow d;
        QVERIFY2(d.window->windowTitle().startsWith("demo"), qPrintable(d.window->windowTitle()));
        QVERIFY(!d.window->windowTitle().contains("Untitled"));
    }

    void helpHasTheGuideTheShortcutsAndWhatsThis() {
        DemoWindow d;
        MainWindow& w = *d.window;
        for (const char* item : {"User's Guide", "Keyboard Shortcuts", "What's This?", "About TrainDeck"})
            QVERIFY2(menuAction(w, item), item);
        QVERIFY(!menuAction(w, "User's Guide")->shortcut().isEmpty());
        // The guide: the README's sections and the docs/ pages, read from inside the program.
        const auto topics = UserGuide::topics();
        QStringList titles;
        for (const auto& t : topics)
            titles << t.title;
        for (const char* expected : {"The command line", "Launching a run"})
            QVERIFY2(titles.contains(expected), qPrintable(titles.join(" | ")));
        QVERIFY2(topics.size() >= 8, qPrintable(titles.join(" | ")));  // README's sections and the five docs/ pages
        // It opens on the user's guide (what the window does), not on how to build it; the
        // cost has its topic; every picture of every topic loads.
        QCOMPARE(titles.first(), QString("User's guide"));
        QVERIFY2(titles.contains("Cost, deadlines and budgets") && titles.contains("Layouts") && titles.contains("Watch"),
                 qPrintable(titles.join(" | ")));
        UserGuide guide;
        QVERIFY2(guide.shownText().contains("TrainDeck plans a data-parallel training run"), qPrintable(guide.shownText().left(200)));
        int pictures = 0;
        for (int t = 0; t < int(topics.size()); ++t) {
            guide.showTopic(t);
            QVERIFY2(guide.missingPictures().isEmpty(), qPrintable(titles[t] + ": " + guide.missingPictures().join(", ")));
            pictures += int(topics[std::size_t(t)].markdown.count("!["));
        }
        QVERIFY(pictures >= 4);  // the guide's four screenshots
        guide.showTopic(int(titles.indexOf("The command line")));
        QVERIFY(guide.shownText().contains("traindeck plan"));
        // In the Chinese window, the guide is Chinese.
        {
            Language chinese;
            QVERIFY(chinese.apply("zh_CN"));
            const auto zh = UserGuide::topics();
            QCOMPARE(zh.front().title, QString::fromUtf8("用户指南"));
            QVERIFY(zh[1].markdown.contains(QString::fromUtf8("新建计划")));
            QVERIFY(chinese.apply("en"));
        }
        if (const QString dir = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR"); !dir.isEmpty()) {  // for a person to look at
            guide.show();
            QVERIFY(QTest::qWaitForWindowExposed(&guide));
            QVERIFY(guide.grab().save(QDir(dir).filePath("en_user_guide.png")));
        }
        // The shortcuts: every key of the menus.
        ShortcutList keys(w.menuBar()->actions());
        QVERIFY2(keys.rows() >= 12, qPrintable(QString::number(keys.rows())));
        // What's this: every field of the form explains itself.
        auto* platform = w.findChild<QComboBox*>("field:launch.platform");
        QVERIFY(!platform->whatsThis().isEmpty());
        QCOMPARE(platform->whatsThis(), platform->toolTip());
    }

    void theWeightsSayWhyTheyWeighWhatTheyDo() {
        Plan plan = demoPlan();
        plan.recipe.zeroStage = 0;
        MemoryBar bar;
        bar.setEstimate(*analyse(plan).estimateFor(plan.cluster.layout()));
        QVERIFY2(bar.toolTip().contains("Weights") && !bar.toolTip().contains("Parameters"), qPrintable(bar.toolTip()));
        QVERIFY2(bar.toolTip().contains("PyTorch AMP keeps the weights in fp32"), qPrintable(bar.toolTip()));
        plan.recipe.zeroStage = 1;
        bar.setEstimate(*analyse(plan).estimateFor(plan.cluster.layout()));
        QVERIFY2(bar.toolTip().contains("fp32 master copy in the optimizer state"), qPrintable(bar.toolTip()));
    }

    void chineseLeavesNoEnglishInFixesAndLegend() {
        Language language;
        QVERIFY(language.apply("zh_CN"));
        // A fix that turns checkpointing on: its level in Chinese words, not "full".
        Plan plan = llamaPlan();
        bool checked = false;
        for (int micro = 1; micro <= 64 && !checked; micro *= 2) {
            plan.recipe.microBatch = micro;
            for (const Finding& f : analyse(plan).findings)
                if (f.fix.english().find("activation checkpointing") != std::string::npos) {
                    const QString fix = app::qLocalized(f.fix);
                    QVERIFY2(!fix.contains("full") && !fix.contains("selective") && fix.contains(QString::fromUtf8("激活检查点")),
                             qPrintable(fix));
                    checked = true;
                }
        }
        QVERIFY(checked);
        MemoryBar bar;
        bar.setEstimate(*analyse(llamaPlan()).estimateFor(demoPlan().cluster.layout()));
        QVERIFY2(!bar.toolTip().contains("Logits") && bar.toolTip().contains(QString::fromUtf8("输出分数")), qPrintable(bar.toolTip()));
        QVERIFY(language.apply("en"));
    }

    void numbersFollowCoresOneRule() {
        // The figures beside a fix text are written as the fix text writes them.
        for (double v : {1306.4, 66.5123, 8.2149, 22.0, 0.01234, 3e-5})
            QCOMPARE(localeNumber(v), QString::fromStdString(estimateText(v)));
        QCOMPARE(localeNumber(1306.4), QString("1306"));  // no "1,306" beside a "1306 GiB"
        QCOMPARE(localeNumber(1540438), QString("1,540,438"));  // from five digits up, grouped
        // A time under a second in milliseconds, not "0.000486 s".
        QCOMPARE(formatFigure(Figure{0.000486, "s"}), QString("0.486 ms"));
        QCOMPARE(formatFigure(Figure{1.04e-5, "s"}), QString("0.0104 ms"));
        QCOMPARE(formatFigure(Figure{2.5, "s"}), QString("2.5 s"));
        QCOMPARE(localeNumber(66.5123), QString("66.5"));
        QCOMPARE(localeNumber(8.2149), QString("8.21"));
        QCOMPARE(QString::fromStdString(estimateText(3e-5)), QString("3e-05"));
        // Core's fix texts say the memory as the bar beside them does.
        Plan plan = llamaPlan();
        const Finding* over = nullptr;
        PlanAnalysis analysis;
        for (int micro = 1; micro <= 64 && !over; micro *= 2) {
            plan.recipe.microBatch = micro;
            analysis = analyse(plan);
            for (const Finding& f : analysis.findings)
                if (f.code == "memory_over_card" && (!f.layout || *f.layout == plan.cluster.layout()))
                    over = &f;
        }
        QVERIFY(over);
        const Estimate* e = analysis.estimateFor(plan.cluster.layout());
        QVERIFY(e);
        const std::string needs = estimateText(e->memoryPerGpuGb.value) + " GiB";
        QVERIFY2(over->message.english().find(needs) != std::string::npos, (over->message.english() + " / " + needs).c_str());
    }
};

QTEST_MAIN(TestWindowHelp)
#include "tst_window_help.moc"
