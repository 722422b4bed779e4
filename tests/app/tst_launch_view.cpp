// The Launch page's loose ends (issue 37), offscreen and without a trainer: an
// empty host list names the field to fill, nodes whose checks failed do not stay
// "connecting", "Watch this run" is off when nothing was started, the banner
// follows a switch of language, and long log lines wrap.
#include "gui/plan/field_sections.h"
#include "gui/window/language.h"
#include "gui/window/main_window.h"
#include "gui/plan/plan_document.h"
#include "gui/launch/launch_control.h"
#include "gui/launch/launch_page.h"
#include "gui/launch/scheduled_job_control.h"
#include "gui/launch/scheduled_job_panel.h"
#include "plan/model_source.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "test_support.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTextBlock>
#include <QTextLayout>
#include <QtTest>

using namespace traindeck;
using namespace traindeck::gui;

namespace {

Plan twoNodes(const char* hosts) {
    Plan plan = demoPlan();
    for (const auto& [key, value] : std::vector<std::pair<const char*, const char*>>{
             {"cluster.nodes", "2"}, {"cluster.gpus_per_node", "1"}, {"launch.hosts", hosts}}) {
        const std::string error = setPlanField(plan, key, value).english();
        if (!error.empty())
            qFatal("%s: %s", key, error.c_str());
    }
    return plan;
}

// What a user sees after a run: node 1 killed mid-run, node 0 stopped, their lines in the log.
void showAFailedRun(LaunchPage& page) {
    using launch::NodeState;
    auto* control = page.findChild<LaunchControl*>();
    std::vector<launch::Event> events = {launch::stateEvent(0, NodeState::Running), launch::stateEvent(1, NodeState::Running)};
    for (int node = 0; node < 2; ++node) {
        launch::Event line;
        line.kind = launch::Event::Kind::Output;
        line.node = node;
        line.line = "traindeck-trainer: rank " + std::to_string(node) + ": step 40 of 1000, loss 2.31, 812 samples/s";
        events.push_back(line);
    }
    const Text why(TD_TEXT("Launch", "node %1 (%2): %3"), {Text::value("1"), Text::value("gpu-node-b.example.com:2222"),
                                                         launch::exitText(137)});
    events.push_back(launch::stateEvent(1, NodeState::Exited, 137));
    events.push_back(launch::stateEvent(0, NodeState::Stopping));
    events.push_back(launch::stateEvent(0, NodeState::Exited, 143));
    launch::Event end;
    end.kind = launch::Event::Kind::End;
    end.end = {launch::EndStatus::Failed, launch::FailureKind::Node, 1, why};
    events.push_back(end);
    for (const launch::Event& e : events)
        emit control->event(e);
}

// A Slurm job running on two nodes, some of its output shown.
void showARunningJob(ScheduledJobPanel& panel) {
    auto* control = panel.findChild<ScheduledJobControl*>();
    launch::JobEvent e;
    e.jobId = "4217";
    e.kind = launch::JobEvent::Kind::Submitted;
    emit control->event(e);
    e.kind = launch::JobEvent::Kind::Status;
    e.status = {scheduler::JobState::Running, "RUNNING", "", "gpu-[01-02]", 0, 0};
    emit control->event(e);
    e.kind = launch::JobEvent::Kind::Output;
    for (int step = 0; step < 3; ++step) {
        e.line = R"({"v":1,"event":"step","step":)" + std::to_string(step) + R"(,"loss":2.3})";
        emit control->event(e);
    }
}

QPushButton* button(LaunchPage& page, const QString& text) {
    for (QPushButton* b : page.findChildren<QPushButton*>())
        if (b->text() == text)
            return b;
    return nullptr;
}

}  // namespace

class TestLaunchView : public QObject {
    Q_OBJECT
    QTemporaryDir settings;
    QTemporaryDir work;

private slots:
    void initTestCase() { test::isolateSettings(settings); }

    void anEmptyHostListNamesTheField() {
        PlanDocument document;
        LaunchPage page(document);
        document.reset(twoNodes(""), {}, false);
        page.setRunDir(work.filePath("empty"));
        QVERIFY(!page.start());
        QVERIFY2(page.banner().contains("node 0 has no host") && !page.banner().contains("host ''"), qPrintable(page.banner()));
    }

    // Core's refusal of a plan it cannot launch (a model the trainer cannot train, no
    // command) reaches the banner as core's text, in the window's language, naming the
    // field by the form's label, not by the command line's flag.
    void aRefusedPlanIsSaidInTheWindowsWords() {
        Language language;
        QVERIFY(language.apply("zh_CN"));
        PlanDocument document;
        LaunchPage page(document);
        Plan plan = twoNodes("127.0.0.1:1,127.0.0.1:1");
        std::vector<FieldEdit> gpt2;  // a model the trainer has no preset for (small: it fits), and no command
        QVERIFY(catalogueModelEdits("gpt2", gpt2).empty());
        for (const FieldEdit& e : gpt2)
            QVERIFY(setPlanField(plan, e.key, e.value).empty());
        document.reset(plan, {}, false);
        page.setRunDir(work.filePath("refused-plan"));
        QVERIFY(!page.start());
        const QString label = fieldLabel("launch.command");
        QVERIFY2(page.banner().contains(label) && !page.banner().contains("--command") && !page.banner().contains("set "),
                 qPrintable(page.banner() + " / " + label));
        QVERIFY(language.apply("en"));
    }

    void failedChecksEndEveryNodesRowAndTheBannerFollowsTheLanguage() {
        Language language;
        QVERIFY(language.apply("en"));
        PlanDocument document;
        LaunchPage page(document);
        page.resize(420, 700);  // narrow: a long line of the log wraps
        page.show();
        // Port 1 on this machine: nothing listens, the connection is refused at once.
        document.reset(twoNodes("127.0.0.1:1,127.0.0.1:1"), {}, false);
        page.setRunDir(work.filePath("refused"));
        page.setSshFiles({}, work.filePath("known_hosts"), work.filePath("ssh_config"));
        QSignalSpy ended(&page, &LaunchPage::runEnded);
        QVERIFY(page.start());
        QVERIFY(ended.wait(30000));
        QVERIFY2(page.banner().startsWith("Nothing was started"), qPrintable(page.banner()));
        for (int node = 0; node < 2; ++node)
            QVERIFY2(page.nodeStateText(node) != "connecting" && page.nodeStateText(node) != "checking",
                     qPrintable(page.nodeStateText(node) + " / " + page.banner()));
        QVERIFY(!button(page, "Watch this run")->isEnabled());
        // The log's long lines wrap at the page's width instead of running off it.
        auto* output = page.findChild<QPlainTextEdit*>("output");
        int wrapped = 0;
        for (QTextBlock b = output->document()->begin(); b.isValid(); b = b.next())
            wrapped += b.layout() && b.layout()->lineCount() > 1;
        QVERIFY(wrapped > 0);
        // A switch of language while the banner shows: it says it again in the new one.
        const QString english = page.banner();
        QVERIFY(language.apply("zh_CN"));
        QTRY_VERIFY2(page.banner() != english && page.banner().contains(QString::fromUtf8("节点")), qPrintable(page.banner()));
        QVERIFY(language.apply("en"));
        QTRY_COMPARE(page.banner(), english);
        // Another plan opened: the failure was the plan before's; its banner, rows and log go.
        document.reset(twoNodes("gpu-a,gpu-b"), {}, false);
        QVERIFY(page.banner().isEmpty());
        QVERIFY(output->toPlainText().isEmpty());
        for (int node = 0; node < 2; ++node)
            QVERIFY(page.nodeStateText(node).isEmpty());
    }

    // The Launch tab of the window at a laptop's and a desktop's size, in both languages,
    // over SSH and through Slurm: every button shows its whole text and no wrapped label
    // is cut short (saved as PNG when TRAINDECK_SCREENSHOT_DIR is set, to look at under Xvfb).
    void theLaunchTabFitsTheScreen_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("slurm");
        for (const char* language : {"en", "zh_CN"})
            for (const QSize size : {QSize(1920, 1080), QSize(1366, 768)})
                for (const bool slurm : {false, true})
                    QTest::newRow(qPrintable(QStringLiteral("%1 %2x%3 %4").arg(language).arg(size.width()).arg(size.height())
                                                 .arg(slurm ? "slurm" : "ssh")))
                        << QString(language) << size << slurm;
    }
    void theLaunchTabFitsTheScreen() {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        QFETCH(bool, slurm);
        Language lang;
        QVERIFY(lang.apply(language));
        MainWindow w(&lang);
        Plan plan = twoNodes("alice@gpu-node-a.example.com,gpu-node-b.example.com:2222");
        if (slurm)
            plan.launch.platform = Platform::Slurm;
        w.document()->reset(plan, QString(), false);
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.findChild<QTabWidget*>(QStringLiteral("tabs"))->setCurrentWidget(w.launchPage());
        QWidget* part = slurm ? static_cast<QWidget*>(w.launchPage()->scheduledPanel()) : w.launchPage();
        QTRY_VERIFY(part->isVisible());
        if (slurm)
            showARunningJob(*w.launchPage()->scheduledPanel());
        else
            showAFailedRun(*w.launchPage());
        QCoreApplication::processEvents();
        for (QPushButton* b : part->findChildren<QPushButton*>())
            if (b->isVisible())
                QVERIFY2(b->width() >= b->sizeHint().width(), qPrintable(b->text()));
        for (QLabel* l : part->findChildren<QLabel*>())
            if (l->isVisible() && l->wordWrap() && !l->text().isEmpty())
                QVERIFY2(l->height() >= l->heightForWidth(l->width()), qPrintable(l->text()));
        if (const QString shots = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(w.grab().save(QDir(shots).filePath(QStringLiteral("%1_launch_%2_%3x%4.png")
                                                             .arg(language, slurm ? "slurm" : "ssh")
                                                             .arg(size.width())
                                                             .arg(size.height()))));
    }
};

QTEST_MAIN(TestLaunchView)
#include "tst_launch_view.moc"
