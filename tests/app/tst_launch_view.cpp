// The Launch page's loose ends (issue 37), offscreen and without a trainer: an
// empty host list names the field to fill, nodes whose checks failed do not stay
// "connecting", "Watch this run" is off when nothing was started, the banner
// follows a switch of language, and long log lines wrap.
#include "gui/window/language.h"
#include "gui/launch/launch_page.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "test_support.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
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
        LaunchPage page;
        page.setAnalysis(analyse(twoNodes("")));
        page.setRunDir(work.filePath("empty"));
        QVERIFY(!page.start());
        QVERIFY2(page.banner().contains("node 0 has no host") && !page.banner().contains("host ''"), qPrintable(page.banner()));
    }

    void failedChecksEndEveryNodesRowAndTheBannerFollowsTheLanguage() {
        Language language;
        QVERIFY(language.apply("en"));
        LaunchPage page;
        page.resize(420, 700);  // narrow: a long line of the log wraps
        page.show();
        // Port 1 on this machine: nothing listens, the connection is refused at once.
        page.setAnalysis(analyse(twoNodes("127.0.0.1:1,127.0.0.1:1")));
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
    }
};

QTEST_MAIN(TestLaunchView)
#include "tst_launch_view.moc"
